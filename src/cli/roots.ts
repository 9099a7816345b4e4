/**
 * What every command that reads roots says of the roots named on its
 * command line (each DIR, each `--root`), and whether that fails it: one
 * verdict, {@linkcode rootVerdict}, so that `list`, `catalog`, `show`,
 * `path`, `why`, `lock` and `verify` fail on the same roots as `check`
 * does, with the same words. A root that does not exist, is no directory,
 * cannot be read, is a skill directory or a `SKILL.md` (a host given it as
 * a root serves nothing: list its parent), holds no skill, or holds skills
 * deeper than it is read fails the command; never an empty success.
 *
 * @module
 */

import { dirname } from "node:path";
import {
  resolveConfig,
  type SkillConfig,
  type SkillRoot,
} from "../config/config.ts";
import type { AgentSkillsOptions } from "../options.ts";
import type { SkillInfo } from "../skill.ts";
import { reason } from "../fs/_status.ts";
import type { Entry } from "../fs/_types.ts";
import {
  holdsSkillBelow,
  PROBE_DIRECTORIES,
  reachOf,
  type SkillBelow,
  unreadSkills,
} from "../discovery/_skills_below.ts";
import { deeperLayout } from "../discovery/layout.ts";
import type { SkillWarning } from "../warn.ts";
import type { AgentSkills } from "../agent_skills.ts";
import { dirArgument, namedRoots } from "./args.ts";
import type { Output } from "./output.ts";
import { fail, plural } from "./terminal.ts";
import { display } from "./terminal.ts";
import { PROBLEMS, type Values } from "./types.ts";

/** What is said of one root named on the command line that fails the command. */
export interface RootHint {
  /** What is wrong, as `check` names it (`skill_directory` is the command's own). */
  readonly code:
    | "path_not_found"
    | "unrepresentable_name"
    | "unreadable"
    | "root_not_directory"
    | "skill_directory"
    | "no_skills"
    | "unread_skills"
    | "search_limit";
  /** The sentence, without the program's name. */
  readonly text: string;
  /** Whether discovery's warning about the path says it already. */
  readonly warned: boolean;
}

/** What the roots named on the command line hold that was not read. */
export interface RootVerdict {
  /** One per root named that fails the command, in the order named. */
  readonly hints: readonly RootHint[];
}

/**
 * The verdict on the roots named on the command line: for each (a root
 * named twice once), whether it is a folder of skills, and (`held`, for the
 * commands over every skill: `list`, `catalog`, `lock`, `verify`) whether
 * what it holds was read: each DIR must hold a skill (with no DIR, the
 * `--root`s together), and none deeper than it is read. The commands about
 * one name (`show`, `path`, `why`) leave what a root holds to `why`'s near
 * misses.
 */
export function rootVerdict(
  { config, loaded, values, dirs, warnings, held = true }: Loaded & {
    values: Values;
    dirs: readonly string[];
    warnings: readonly SkillWarning[];
    held?: boolean;
  },
  io: Output,
): RootVerdict {
  const named = namedRoots(values, dirs, io);
  const given = new Set(named.filter((root) => root.dir).map((r) => r.path));
  const hints = [...new Set(named.map((root) => root.path))].flatMap((path) => {
    const hint = rootHint(configured(config, path), {
      loaded,
      mustHold: given.size > 0 ? given.has(path) : loaded.length === 0,
      warned: warnings.some((warning) => warning.path === path),
      held,
    }, io);
    return hint === undefined ? [] : [hint];
  });
  return { hints };
}

/** What the roots were read as, and the skills read from them. */
export interface Loaded {
  /** The config the roots were read under. */
  readonly config: SkillConfig;
  /** The directory of each skill read, served or shadowed. */
  readonly loaded: readonly LoadedSkill[];
}

/** A skill read from a root: where its directory is. */
export type LoadedSkill = Pick<SkillInfo, "dir">;

/** What an instance read: its config, its served and shadowed skills. */
export function loadedBy(
  skills: Pick<AgentSkills, "config" | "listSkills" | "listOverridden">,
): Loaded {
  return {
    config: skills.config,
    loaded: [...skills.listSkills(), ...skills.listOverridden()],
  };
}

/** The root as configured at `path` (its last place), or the path alone. */
function configured(
  config: SkillConfig,
  path: string,
): Pick<SkillRoot, "path" | "depth" | "hidden" | "kind"> {
  return [...config.roots].reverse().find((root) => root.path === path) ??
    { path };
}

/** The hints to print (or to put in `"hints"`): those no warning said. */
export function hintTexts(verdict: RootVerdict): string[] {
  return verdict.hints.filter((hint) => !hint.warned).map((hint) => hint.text);
}

/**
 * Prints the hints no warning said (each hint, for a command that prints
 * no warning), each on its line of stderr.
 */
export function printHints(
  io: Output,
  verdict: RootVerdict,
  { warningsShown = true }: { warningsShown?: boolean } = {},
): void {
  for (const hint of verdict.hints) {
    if (!hint.warned || !warningsShown) io.err(`agent-skills: ${hint.text}`);
  }
}

/** The verdict as one error: the first hint's code, every hint's sentence. */
export function verdictError(
  verdict: RootVerdict,
): { code: string; message: string } | undefined {
  const [first] = verdict.hints;
  if (first === undefined) return undefined;
  return {
    code: first.code,
    message: verdict.hints.map((hint) => hint.text).join("; "),
  };
}

/**
 * For `lock` and `verify`, which write or compare nothing then: the
 * failure (printed) when a root named is not read as it was named. `loaded`:
 * the directories of the skills they read, under `options`.
 */
export function refuseUnread(
  { options, loaded, values, dirs, warnings }: {
    options: AgentSkillsOptions;
    loaded: readonly LoadedSkill[];
    values: Values;
    dirs: readonly string[];
    warnings: SkillWarning[];
  },
  io: Output,
): number | undefined {
  const config = resolveConfig(options);
  const error = verdictError(
    rootVerdict({ config, loaded, values, dirs, warnings }, io),
  );
  if (error === undefined) return undefined;
  return fail(io, values, { status: PROBLEMS, error, warnings });
}

/** What {@linkcode rootVerdict} says of one root, if it fails the command. */
function rootHint(
  root: Pick<SkillRoot, "path" | "depth" | "hidden" | "kind">,
  { loaded, mustHold, warned, held }: {
    loaded: readonly LoadedSkill[];
    mustHold: boolean;
    warned: boolean;
    held: boolean;
  },
  io: Output,
): RootHint | undefined {
  const { path } = root;
  const shown = display(path, io);
  const said = (code: RootHint["code"], text: string): RootHint => ({
    code,
    text,
    warned: warned && code !== "skill_directory",
  });
  const argument = dirArgument(path);
  switch (argument.kind) {
    case "missing":
      return argument.unrepresentable === undefined
        ? said("path_not_found", `${shown} does not exist`)
        : said(
          "unrepresentable_name",
          `cannot read ${shown}: ${argument.unrepresentable}, so no path given as text can name it; rename it`,
        );
    case "unreadable":
      return said(
        "unreadable",
        `cannot read ${shown}: ${reason(argument.error)}`,
      );
    case "not_a_directory":
      return argument.manifest
        ? said(
          "skill_directory",
          `${shown} is a skill's manifest, not a root of skills: list the folder that holds its skill, --root ${
            display(dirname(dirname(path)), io)
          }`,
        )
        : said(
          "root_not_directory",
          `${shown} is not a directory: give a folder that holds skill directories`,
        );
    case "skill_directory":
      return said(
        "skill_directory",
        `${shown} is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${
          display(dirname(path), io)
        }`,
      );
  }
  if (!held) return undefined;
  // A skill read from it is below it (a plugin's, in its plugin's folder).
  const below = path.endsWith("/") ? path : `${path}/`;
  const from = loaded.filter((skill) => skill.dir.startsWith(below));
  if (root.kind === "plugins") {
    return from.length === 0 && mustHold
      ? noPluginSkills(root, argument.entries, io)
      : undefined;
  }
  const { unread, reached, stopped } = unreadSkills(
    root,
    new Set(from.map((skill) => skill.dir)),
    argument.entries,
  );
  const links = argument.entries.filter((e) => e.kind === "symlink");
  const hint = unreadOrEmpty(
    root,
    { from, unread, reached, links, mustHold },
    io,
  );
  if (!stopped) return hint;
  // What lies past the search's bound is unknown: said, and it fails.
  const bound =
    `stopped searching below ${shown} for skills deeper than it was read after listing ${PROBE_DIRECTORIES} folders: skills past them may be unread; pass the folders that hold skills as --root, or --depth N`;
  return said(
    "search_limit",
    hint === undefined ? bound : `${hint.text}; ${bound}`,
  );
}

/**
 * A root of plugins that served no skill: what its plugins lack, and when
 * it holds skill directories of its own, that it is a root of skills.
 */
function noPluginSkills(
  root: Pick<SkillRoot, "path">,
  entries: readonly Entry[],
  io: Output,
): RootHint {
  const shown = display(root.path, io);
  const plain = holdsSkillBelow(root.path, entries);
  return {
    code: "no_skills",
    text:
      `no plugin skills in ${shown}: no plugin of it has a skills folder with a SKILL.md one level below (plugins/<plugin>/skills/<skill>/SKILL.md, listed in .claude-plugin/marketplace.json, or skills/<skill>/SKILL.md in a single plugin)${
        plain
          ? `; it holds skill directories of its own, so read it as a root of skills: kind=skills,path=${shown} (or without --plugins)`
          : ""
      }`,
    warned: false,
  };
}

/**
 * What {@linkcode rootHint} says of the skills the search below a root
 * found: those its depth and kind did not read, or that it holds none.
 */
function unreadOrEmpty(
  root: Pick<SkillRoot, "path" | "depth" | "hidden">,
  { from, unread, reached, links, mustHold }: {
    from: readonly LoadedSkill[];
    unread: readonly SkillBelow[];
    reached: boolean;
    /** The root's symlinks, which the search does not follow. */
    links: readonly Entry[];
    mustHold: boolean;
  },
  io: Output,
): RootHint | undefined {
  if (unread.length > 0) {
    return {
      code: from.length === 0 ? "no_skills" : "unread_skills",
      text: unreadHint(root, unread, from.length, io),
      warned: false,
    };
  }
  // A skill that did not load was warned about; a linked one is not searched.
  const empty = from.length === 0 && !reached &&
    !holdsSkillBelow(root.path, links);
  if (!empty || !mustHold) return undefined;
  return {
    code: "no_skills",
    text: `no skills in ${
      display(root.path, io)
    }: no SKILL.md in it or in any directory ${reachOf(root.depth ?? 1)}`,
    warned: false,
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
