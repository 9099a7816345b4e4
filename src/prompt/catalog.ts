/**
 * `renderCatalog`: the text a host puts in its model's prompt so that the
 * model knows which skills exist (tier 1), and a report of what it did:
 * which skills a filter or the budget left out, and which descriptions it
 * shortened. Pure: it reads no file, keeps no state and sends nothing.
 *
 * @module
 */

import {
  type CatalogEntry,
  characters,
  cutTo,
  fit,
  type Shape,
} from "./_fit.ts";
import { readCatalogOptions } from "./_catalog_options.ts";
import { measureOf, rendererOf } from "./_render.ts";
import { byImportance, filter } from "./_select.ts";
import type { Catalog, CatalogOptions, CatalogReport } from "./prompt.ts";
import type { SkillInfo } from "../skill.ts";
import { isAbsolute, relative, sep } from "node:path";

/**
 * The catalog of `skills` for a model's prompt, and a report of what it
 * did. Every name, description and path is escaped for the format, so that
 * nothing in a skill can end its entry, open another or forge the
 * instructions; control, bidirectional and zero-width characters are
 * written as escapes. The same skills and options always give the same
 * text, byte for byte.
 *
 * With a `budget`, the text is made to fit in this order: descriptions are
 * cut evenly (each to the same greatest length that fits, the shorter ones
 * kept whole), never below `budget.floor`; then the least important skills
 * show their name and location only (their description removed); then the
 * least important are left out. The report names each skill shortened,
 * shown without its description, or left out. With no skill to show, the
 * text is the format's empty block (`<available_skills>` with no entry), so
 * that the model is told there is none.
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
  const measure = measureOf(given.budget, renderer);
  const limit = given.budget?.limit;
  const shape = limit === undefined
    ? { cut: Infinity, bare: 0, out: 0 }
    : fit(entries, {
      fits: (candidate) => measure(candidate) <= limit,
      floor: given.budget?.floor ?? 60,
    });
  const size = measure(shape);
  // Only an empty block can be over the limit: the budget leaves it out too.
  const over = limit !== undefined && size > limit;
  return {
    text: over ? "" : renderer.render(shape),
    report: reportOf(ordered, { entries, shape, filtered }, {
      size: over ? 0 : size,
      limit,
      order: renderer.order,
    }),
  };
}

/**
 * The manifest's path relative to its root, with `/` between its parts
 * (`pdf/SKILL.md`); the absolute path when it is not below the root.
 */
function relativeLocation(info: SkillInfo): string {
  const path = relative(info.root, info.path);
  return path === "" || path === ".." || path.startsWith(`..${sep}`) ||
      isAbsolute(path)
    ? info.path
    : path.split(sep).join("/");
}

/** What was shown in full, shortened, left out, or filtered. */
function reportOf(
  ordered: readonly SkillInfo[],
  { entries, shape, filtered }: {
    entries: readonly CatalogEntry[];
    shape: Shape;
    filtered: CatalogReport["filtered"];
  },
  { size, limit, order }: {
    size: number;
    limit: number | undefined;
    /** The entries' indices in the text's order. */
    order: readonly number[];
  },
): CatalogReport {
  const kept = entries.length - shape.out;
  const shown: string[] = [];
  const shortened: { name: string; from: number; to: number }[] = [];
  const withoutDescription: { name: string; from: number }[] = [];
  for (const index of order) {
    if (index >= kept) continue;
    const entry = entries[index] as CatalogEntry;
    const from = characters(ordered[index]?.description ?? "");
    if (index >= kept - shape.bare && from > 0) {
      withoutDescription.push({ name: entry.name, from });
      continue;
    }
    const to = characters(cutTo(entry.description, shape.cut));
    if (to === from) shown.push(entry.name);
    else shortened.push({ name: entry.name, from, to });
  }
  const leftOut = entries.slice(kept).map((entry) => entry.name).reverse();
  return {
    size,
    ...(limit === undefined ? {} : { limit }),
    shown,
    shortened,
    withoutDescription,
    leftOut,
    filtered,
  };
}
