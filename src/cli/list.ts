/**
 * `agent-skills list`: the catalog as a table fitted to the terminal, and
 * why a root that was named gave no skills.
 *
 * @module
 */

import type { SkillInfo } from "../skill.ts";
import { oneLineSafe } from "../_text.ts";
import type { AgentSkills } from "../agent_skills.ts";
import type { SkillWarning } from "../warn.ts";
import { json, safeJson } from "./json.ts";
import { open } from "./args.ts";
import { colors, type Line, type Output } from "./output.ts";
import { hintTexts, loadedBy, printHints, rootVerdict } from "./roots.ts";
import {
  cut,
  DEFAULT_COLUMNS,
  display,
  oneLine,
  printWarnings,
} from "./terminal.ts";
import { type KeptIndex, OK, PROBLEMS } from "./types.ts";
import { usageError } from "./usage.ts";
import type { WatchValues } from "./list_watch.ts";

/**
 * Runs `list`: the listing, then with `--watch`, each change set until a
 * signal (`list_watch.ts`, loaded only when `--watch` or `--debounce` is
 * given: a listing does not pay for the watch's code).
 */
export async function list(
  values: WatchValues,
  dirs: string[],
  io: Output,
  index?: KeptIndex,
): Promise<number> {
  const watch = values.watch === true || values.debounce !== undefined
    ? await import("./list_watch.ts")
    : undefined;
  const problem = watch?.watchProblem(values);
  if (problem !== undefined) {
    return usageError(io, problem, {
      command: "list",
      asJson: values.json === true,
    });
  }
  const { skills, warnings } = open(values, io, dirs, index);
  const status = listing({ skills, values, warnings }, dirs, io);
  return watch !== undefined && values.watch === true
    ? watch.watchList({ skills, warnings, values, status }, io)
    : status;
}

/** The listing: the table or the JSON document, and the hints. */
function listing(
  { skills, values, warnings }: {
    skills: AgentSkills;
    values: WatchValues;
    warnings: readonly SkillWarning[];
  },
  dirs: readonly string[],
  io: Output,
): number {
  const catalog = skills.listSkills();
  const overridden = skills.listOverridden();
  const verdict = rootVerdict(
    { ...loadedBy(skills), values, dirs, warnings },
    io,
  );
  const hints = hintTexts(verdict);
  // What a named root holds that was not read fails the command, as `check`.
  const status = verdict.hints.length > 0 ? PROBLEMS : OK;
  if (values.json) {
    const document = {
      skills: catalog.map((skill) => ({
        ...skill,
        overrides: overridden.filter((other) => other.name === skill.name),
      })),
      warnings,
      hints,
    };
    // Watching, the listing is the first line of JSON Lines.
    if (values.watch === true) io.outText(safeJson(document));
    else json(io, document);
    return status;
  }
  printWarnings(io, warnings);
  printHints(io, verdict);
  if (catalog.length === 0) {
    io.out(
      `No skills in ${
        skills.config.roots.map((root) => display(root.path, io)).join(", ")
      }`,
    );
    return status;
  }
  printTable({ catalog, overridden }, io, { wide: values.wide === true });
  return status;
}

/** Prints the catalog table, and how many skills it shows. */
export function printTable(
  skills: { catalog: readonly SkillInfo[]; overridden: readonly SkillInfo[] },
  io: Output,
  { wide }: { wide: boolean },
): void {
  const c = colors();
  catalogTable(skills, io, { wide }).forEach((line, index) => {
    io.out(index === 0 ? c.dim(line.text) : paint(line, c));
  });
  const count = skills.catalog.length;
  io.out(c.dim(`${count} skill${count === 1 ? "" : "s"}`));
}

/** One line of the catalog table, and how it is painted. */
interface TableLine {
  text: string;
  /** How many of its first characters are bold (a skill's name). */
  bold?: number;
  /** Whether the whole line is dim (what a skill overrides). */
  dim?: boolean;
}

function paint(line: TableLine, c: ReturnType<typeof colors>): Line {
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
): TableLine[] {
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
  const lines: TableLine[] = [{
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
