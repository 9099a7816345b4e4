/**
 * `renderCatalog`: the text a host puts in its model's prompt so that the
 * model knows which skills exist (tier 1), and a report of what it did.
 * Pure: it reads no file, keeps no state and sends nothing.
 *
 * @module
 */

import {
  type CatalogEntry,
  characters,
  cutTo,
  fit,
  rendererOf,
} from "./_fit.ts";
import { readCatalogOptions } from "./_options.ts";
import { byImportance, filter } from "./_select.ts";
import type { Catalog, CatalogOptions } from "./prompt.ts";
import type { SkillInfo } from "../skill.ts";
import { isAbsolute, relative, sep } from "node:path";

/**
 * The catalog of `skills` for a model's prompt, and a report of what it
 * did: every field escaped for the format, so that nothing in a skill can
 * end its entry or forge the instructions, the same text for the same
 * input, byte for byte, and with a `budget`, descriptions cut evenly, then
 * removed, then skills left out, the least important first. See
 * docs/prompt.md#the-catalog.
 *
 * @param skills The skills to list, usually `registry.listSkills()`.
 * @param options The format, filters and budget.
 * @returns The text, and the report.
 * @throws {StartupError} `invalid_option` for an option of the wrong type.
 *
 * @example A catalog that fits 2,000 characters
 * ```ts
 * import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const { text, report } = renderCatalog(skills.listSkills(), {
 *   instructions: "read",
 *   budget: { limit: 2000 },
 * });
 * console.log(text);
 * console.log(report.shortened, report.leftOut);
 * ```
 */
export function renderCatalog(
  skills: readonly SkillInfo[],
  options: CatalogOptions = {},
): Catalog {
  const given = readCatalogOptions(options);
  const { kept, filtered } = filter(skills, given);
  const ordered = byImportance(kept, given);
  const cap = given.descriptionCap ?? Infinity;
  const entries: CatalogEntry[] = ordered.map((info) => ({
    name: info.name,
    description: cutTo(info.description, cap),
    location: given.location === "relative"
      ? relativeLocation(info)
      : info.path,
  }));
  const renderer = rendererOf(entries, given);
  const limit = given.budget?.limit;
  const shape = limit === undefined
    ? { cut: Infinity, bare: 0, out: 0 }
    : fit(entries, {
      fits: (candidate) => renderer.measure(candidate) <= limit,
      floor: given.budget?.floor ?? 60,
    });
  const size = renderer.measure(shape);
  // Only an empty block can be over the limit: the budget leaves it out too.
  const over = limit !== undefined && size > limit;
  const shownCount = entries.length - shape.out;
  const shown: string[] = [];
  const shortened: { name: string; from: number; to: number }[] = [];
  const withoutDescription: { name: string; from: number }[] = [];
  for (const index of renderer.order) {
    if (index >= shownCount) continue;
    const entry = entries[index] as CatalogEntry;
    const from = characters(ordered[index]?.description ?? "");
    if (index >= shownCount - shape.bare && from > 0) {
      withoutDescription.push({ name: entry.name, from });
      continue;
    }
    const to = characters(cutTo(entry.description, shape.cut));
    if (to === from) shown.push(entry.name);
    else shortened.push({ name: entry.name, from, to });
  }
  return {
    text: over ? "" : renderer.render(shape),
    report: {
      size: over ? 0 : size,
      ...(limit === undefined ? {} : { limit }),
      shown,
      shortened,
      withoutDescription,
      leftOut: entries.slice(shownCount).map((entry) => entry.name).reverse(),
      filtered,
    },
  };
}

/** The manifest's path below its root, `/`-separated; else its absolute path. */
function relativeLocation(info: SkillInfo): string {
  const path = relative(info.root, info.path);
  return path === "" || path === ".." || path.startsWith(`..${sep}`) ||
      isAbsolute(path)
    ? info.path
    : path.split(sep).join("/");
}
