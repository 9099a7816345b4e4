/**
 * `agent-skills list`: the catalog as a table fitted to the terminal, and
 * why a root that was named gave no skills.
 *
 * @module
 */

import { dirname } from "node:path";
import type { SkillInfo } from "../skill.ts";
import { emptyRootLayout } from "../check.ts";
import { oneLineSafe } from "../_text.ts";
import { json } from "./json.ts";
import { givenRoots, open } from "./options.ts";
import { colors, type Line as Pieces, type Output } from "./output.ts";
import {
  cut,
  DEFAULT_COLUMNS,
  display,
  oneLine,
  printWarnings,
} from "./terminal.ts";
import { OK, PROBLEMS, type Values } from "./types.ts";

export function list(values: Values, dirs: string[], io: Output): number {
  const { skills, warnings } = open(values, io, dirs);
  const catalog = skills.listSkills();
  const overridden = skills.listOverridden();
  const { hints, missing } = emptyRootHints(
    givenRoots(values, dirs, io),
    [...catalog, ...overridden],
    io,
  );
  // A root the user named that is not there is a mistake, as in `check`.
  const status = missing ? PROBLEMS : OK;
  if (values.json) {
    json(io, {
      skills: catalog.map((skill) => ({
        ...skill,
        overrides: overridden.filter((other) => other.name === skill.name),
      })),
      warnings,
      hints,
    });
    return status;
  }
  printWarnings(io, warnings);
  for (const hint of hints) io.err(`agent-skills: ${hint}`);
  if (catalog.length === 0) {
    io.out(
      `No skills in ${
        skills.config.roots.map((root) => display(root.path, io)).join(", ")
      }`,
    );
    return status;
  }
  const c = colors();
  const table = catalogTable({ catalog, overridden }, io, {
    wide: values.wide === true,
  });
  table.forEach((line, index) => {
    io.out(index === 0 ? c.dim(line.text) : paint(line, c));
  });
  io.out(c.dim(`${catalog.length} skill${catalog.length === 1 ? "" : "s"}`));
  return status;
}

/** One line of the catalog table, and how it is painted. */
interface Line {
  text: string;
  /** How many of its first characters are bold (a skill's name). */
  bold?: number;
  /** Whether the whole line is dim (what a skill overrides). */
  dim?: boolean;
}

function paint(line: Line, c: ReturnType<typeof colors>): Pieces {
  if (line.dim) return [c.dim(line.text)];
  const cut = line.bold ?? 0;
  return [c.bold(line.text.slice(0, cut)), line.text.slice(cut)];
}

/**
 * The catalog as lines: NAME, SCOPE/SOURCE (left out when every skill comes
 * from a custom root, where it says nothing) and DESCRIPTION, then under a
 * skill what it overrides. Descriptions and overrides are cut to the width
 * unless `wide`; where the description column would be narrower than 40,
 * each description goes on its own line below its name, with the whole
 * width.
 */
function catalogTable(
  { catalog, overridden }: {
    catalog: readonly SkillInfo[];
    overridden: readonly SkillInfo[];
  },
  io: Output,
  { wide }: { wide: boolean },
): Line[] {
  const width = io.columns > 0 ? io.columns : DEFAULT_COLUMNS;
  const fit = (text: string, room: number): string =>
    wide ? text : cut(text, room);
  const origin = (skill: SkillInfo): string =>
    oneLineSafe(`${skill.scope}/${skill.source}`);
  const name = (skill: SkillInfo): string => oneLineSafe(skill.name);
  const showOrigin = [...catalog, ...overridden].some((skill) =>
    origin(skill) !== "custom/custom"
  );
  const nameWidth = Math.max(4, ...catalog.map((skill) => name(skill).length));
  const originWidth = Math.max(
    12,
    ...catalog.map((skill) => origin(skill).length),
  );
  const descriptionAt = nameWidth + 2 + (showOrigin ? originWidth + 2 : 0);
  const stacked = !wide && width - descriptionAt < 40;
  const head = (first: string, second: string): string =>
    `${first.padEnd(nameWidth)}  ${
      showOrigin ? `${second.padEnd(originWidth)}  ` : ""
    }`;
  const lines: Line[] = [{
    text: stacked
      ? head("NAME", "SCOPE/SOURCE").trimEnd()
      : `${head("NAME", "SCOPE/SOURCE")}DESCRIPTION`,
  }];
  if (stacked) lines.push({ text: "  DESCRIPTION" });
  for (const skill of catalog) {
    const description = oneLine(skill.description);
    const start = head(name(skill), origin(skill));
    if (stacked) {
      lines.push({ text: start.trimEnd(), bold: name(skill).length });
      lines.push({ text: `  ${fit(description, width - 2)}` });
    } else {
      lines.push({
        text: `${start}${fit(description, width - descriptionAt)}`,
        bold: name(skill).length,
      });
    }
    const indent = stacked ? 2 : nameWidth + 2;
    for (const other of overridden.filter((o) => o.name === skill.name)) {
      const note = `overrides ${origin(other)}: ${display(other.path, io)}`;
      lines.push({
        text: `${" ".repeat(indent)}${fit(note, width - indent)}`,
        dim: true,
      });
    }
  }
  return lines;
}

/**
 * For each root the user named that no skill came from, why, where
 * discovery did not warn: it does not exist (then `missing`: the command
 * fails), it is a skill directory and not a root, or its skills are nested
 * a level too deep (and which roots to pass instead).
 */
function emptyRootHints(
  given: readonly string[],
  loaded: readonly SkillInfo[],
  io: Output,
): { hints: string[]; missing: boolean } {
  // A root of plugins serves from its plugins' folders below it.
  const used = (root: string): boolean =>
    loaded.some((skill) =>
      skill.root === root || skill.root.startsWith(`${root}/`)
    );
  let missing = false;
  const hints = given.filter((root) => !used(root)).flatMap((root) => {
    const layout = emptyRootLayout(root);
    const shown = display(root, io);
    switch (layout.kind) {
      case "missing":
        missing = true;
        return [`${shown} does not exist`];
      case "skill_directory":
        return [
          `${shown} is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${
            display(dirname(root), io)
          }`,
        ];
      case "nested":
        return [
          `no skills one level below ${shown}; found ${
            layout.nested.map((n) => n.example).join(", ")
          }: skills are one level below a root, so pass ${
            layout.nested.map((n) => `--root ${display(n.dir, io)}`).join(" ")
          }`,
        ];
      case "plugins":
        return [
          `no skills one level below ${shown}; found ${
            layout.examples.slice(0, 3).join(", ")
          }: it is a plugin marketplace, so pass --plugins`,
        ];
      case "deeper":
        return [
          `no skills one level below ${shown}; found ${
            layout.examples.slice(0, 3).join(", ")
          }: they are in category folders, so pass --depth ${layout.depth}`,
        ];
      case "other":
        return [];
    }
  });
  return { hints, missing };
}
