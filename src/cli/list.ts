/**
 * `agent-skills list`: the catalog as a table fitted to the terminal, and
 * why a root that was named gave no skills.
 *
 * @module
 */

import { dirname, resolve } from "node:path";
import type { SkillConfig, SkillRoot } from "../config/config.ts";
import type { SkillInfo } from "../skill.ts";
import { isManifestName } from "../discovery/_manifest.ts";
import {
  tryList,
  unrepresentableIn,
  unrepresentedName,
} from "../fs/_listing.ts";
import type { Entry } from "../fs/_types.ts";
import { errorCode, tryStatus } from "../fs/_status.ts";
import {
  holdsSkillBelow,
  PROBE_DIRECTORIES,
  reachOf,
  type SkillBelow,
  unreadSkills,
} from "../discovery/_skills_below.ts";
import { deeperLayout } from "../discovery/layout.ts";
import { oneLineSafe, safeJson } from "../_text.ts";
import type { AgentSkills } from "../agent_skills.ts";
import type { SkillWarning } from "../warn.ts";
import { json } from "./json.ts";
import { givenRoots, open } from "./args.ts";
import { colors, type Line, type Output } from "./output.ts";
import {
  cut,
  DEFAULT_COLUMNS,
  display,
  oneLine,
  plural,
  printWarnings,
} from "./terminal.ts";
import { OK, PROBLEMS } from "./types.ts";
import { usageError } from "./usage.ts";
import { watchList, watchProblem, type WatchValues } from "./list_watch.ts";

/**
 * Runs `list`: the listing, then with `--watch`, each change set until a
 * signal (`list_watch.ts`).
 */
export function list(values: WatchValues, dirs: string[], io: Output): number {
  const problem = watchProblem(values);
  if (problem !== undefined) {
    return usageError(io, problem, {
      command: "list",
      asJson: values.json === true,
    });
  }
  const { skills, warnings } = open(values, io, dirs);
  const status = listing({ skills, values, warnings }, dirs, io);
  return values.watch === true
    ? watchList({ skills, warnings, values, status }, io)
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
  const { hints, failed } = rootHints({
    config: skills.config,
    loaded: [...catalog, ...overridden],
    given: givenRoots(values, dirs, io),
    dirs: dirs.map((dir) => resolve(io.cwd, dir)),
  }, io);
  // What a named root holds that was not read fails the command, as `check`.
  const status = failed ? PROBLEMS : OK;
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
  for (const hint of hints) io.err(`agent-skills: ${hint}`);
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

/**
 * For each root named on the command line, what `list` did not read from it
 * where discovery did not warn, and whether that fails the command as it
 * fails `check`: a root that does not exist, or that is not a directory or
 * cannot be read (discovery warned); skills below it that its depth and kind
 * do not read (in category folders, under dot-directories, in a
 * marketplace's plugins), even when others loaded, with the flag or the
 * roots that read them; no skill at all in a DIR (with no DIR, in the roots
 * together). A skill directory named as a root is said, and does not fail:
 * `check` reads it as a skill.
 */
function rootHints(
  { config, loaded, given, dirs }: {
    config: SkillConfig;
    loaded: readonly SkillInfo[];
    /** The roots named, absolute: each --root, then each DIR. */
    given: readonly string[];
    dirs: readonly string[];
  },
  io: Output,
): { hints: string[]; failed: boolean } {
  let failed = false;
  const hints = [...new Set(given)].flatMap((path) => {
    const root = [...config.roots].reverse().find((r) => r.path === path) ??
      { path };
    const hint = rootHint(root, {
      loaded,
      // Each DIR must hold a skill; with no DIR, the roots together.
      mustHold: dirs.length > 0 ? dirs.includes(path) : loaded.length === 0,
    }, io);
    failed ||= hint.failed;
    return hint.text === undefined ? [] : [hint.text];
  });
  return { hints, failed };
}

/** What {@linkcode rootHints} says of one root, and whether it fails `list`. */
function rootHint(
  root: Pick<SkillRoot, "path" | "depth" | "hidden" | "kind">,
  { loaded, mustHold }: { loaded: readonly SkillInfo[]; mustHold: boolean },
  io: Output,
): { text?: string; failed: boolean } {
  const { path } = root;
  const shown = display(path, io);
  // A root of plugins serves from its plugins' folders below it.
  const from = loaded.filter((skill) =>
    skill.root === path || skill.root.startsWith(`${path}/`)
  );
  let entries: readonly Entry[] = [];
  if (from.length === 0) {
    // Nothing loaded from it: is it there, a directory, a skill directory?
    const status = tryStatus(path, { follow: true });
    if (!status.ok) {
      // Discovery said why it could not be read.
      if (errorCode(status.error) !== "ENOENT") return { failed: true };
      const unnamed = unrepresentableIn(path);
      return {
        text: unnamed === undefined
          ? `${shown} does not exist`
          : `cannot read ${shown}: ${
            unrepresentedName(unnamed)
          }, so no path given as text can name it; rename it`,
        failed: true,
      };
    }
    const listing = status.value.kind === "directory"
      ? tryList(path)
      : undefined;
    // Not a directory, or not readable: discovery said so.
    if (listing === undefined || !listing.ok) return { failed: true };
    entries = listing.value.entries;
    if (entries.some((e) => isManifestName(e.name))) {
      return {
        text:
          `${shown} is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${
            display(dirname(path), io)
          }`,
        failed: false,
      };
    }
  }
  if (root.kind === "plugins") return { failed: from.length === 0 && mustHold };
  const { unread, reached, stopped } = unreadSkills(
    root,
    new Set(from.map((skill) => skill.dir)),
  );
  const links = entries.filter((e) => e.kind === "symlink");
  const hint = unreadOrEmpty(
    root,
    { from, unread, reached, links, mustHold },
    io,
  );
  if (!stopped) return hint;
  // What lies past the search's bound is unknown: said, and it fails.
  const bound =
    `stopped searching below ${shown} for skills deeper than it was read after listing ${PROBE_DIRECTORIES} folders: skills past them may be unread; pass the folders that hold skills as --root, or --depth N`;
  return {
    text: hint.text === undefined ? bound : `${hint.text}; ${bound}`,
    failed: true,
  };
}

/**
 * What {@linkcode rootHint} says of the skills the search below a root
 * found: those its depth and kind did not read, or that it holds none.
 */
function unreadOrEmpty(
  root: Pick<SkillRoot, "path" | "depth" | "hidden">,
  { from, unread, reached, links, mustHold }: {
    from: readonly SkillInfo[];
    unread: readonly SkillBelow[];
    reached: boolean;
    /** The root's symlinks, which the search does not follow. */
    links: readonly Entry[];
    mustHold: boolean;
  },
  io: Output,
): { text?: string; failed: boolean } {
  if (unread.length > 0) {
    return { text: unreadHint(root, unread, from.length, io), failed: true };
  }
  // A skill that did not load was warned about; a linked one is not searched.
  const empty = from.length === 0 && !reached &&
    !holdsSkillBelow(root.path, links);
  if (!empty || !mustHold) return { failed: false };
  return {
    text: `no skills in ${
      display(root.path, io)
    }: no SKILL.md in it or in any directory ${reachOf(root.depth ?? 1)}`,
    failed: true,
  };
}

/**
 * The skills below a root that it was not read deep enough, or as plugins,
 * to find, and the flag or the roots that read them.
 */
function unreadHint(
  root: Pick<SkillRoot, "path" | "depth" | "hidden">,
  unread: readonly SkillBelow[],
  read: number,
  io: Output,
): string {
  const shown = display(root.path, io);
  const skipped = (root.depth ?? 1) > 1 && root.hidden !== "read"
    ? " (dot-directories skipped)"
    : "";
  const head = read === 0
    ? `no skills ${reachOf(root.depth ?? 1)} ${shown}${skipped}`
    : `read ${plural(read, "skill")} ${
      reachOf(root.depth ?? 1)
    } ${shown}${skipped}, not the ${
      unread.length === 1
        ? "skill directory"
        : `${unread.length} skill directories`
    } further in`;
  const layout = deeperLayout(root.path, unread);
  // Beside skills it read, a root is read deeper rather than replaced by
  // the folders that hold the rest (unless they are dot-directories).
  const how = read > 0 && layout?.kind === "nested" &&
      !unread.some(({ rel }) => rel.split("/").some((p) => p.startsWith(".")))
    ? {
      kind: "deeper" as const,
      depth: Math.max(...unread.map((skill) => skill.level)),
      examples: layout.nested.map((n) => n.example),
    }
    : layout;
  switch (how?.kind) {
    case "plugins":
      return `${head}; found ${
        how.examples.slice(0, 3).join(", ")
      }: it is a plugin marketplace, so pass --plugins`;
    case "nested":
      return `${head}; found ${
        how.nested.map((n) => n.example).join(", ")
      }: skills are one level below a root, so pass ${
        how.nested.map((n) => `--root ${display(n.dir, io)}`).join(" ")
      }`;
    case "deeper":
      return `${head}; found ${
        how.examples.slice(0, 3).join(", ")
      }: they are in category folders, so pass --depth ${how.depth}`;
    case undefined:
      return head;
  }
}
