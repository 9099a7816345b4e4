/**
 * `checkSkills`: every problem of every skill under some roots or skill
 * directories, for authors and CI. It runs the same discovery as
 * {@linkcode createAgentSkills}, collecting what that would warn about or
 * skip, and adds advice on the Agent Skills spec. It never changes what
 * `createAgentSkills` accepts.
 *
 * @module
 */

import { basename, dirname } from "node:path";
import { resolveOptions, type SkillRoot } from "../config/config.ts";
import type { AgentSkillsOptions, SkillRootOptions } from "../options.ts";
import { StartupError } from "../errors.ts";
import { checkedOption, objectOptions, oneOf } from "../_option_check.ts";
import { listResources } from "../registry/_resources.ts";
import {
  pathDiagnostic,
  problemDiagnostics,
  resourceDiagnostic,
  ruleDiagnostics,
  shadowedDiagnostic,
} from "./_diagnostics.ts";
import { isManifestName } from "../discovery/_manifest.ts";
import { discoverRoot, readSkill } from "../discovery/_root.ts";
import type {
  DiscoveredSkill,
  Problem,
  RootScan,
} from "../discovery/_types.ts";
import {
  tryList,
  unrepresentableIn,
  unrepresentedName,
} from "../fs/_listing.ts";
import { readBuffer } from "../fs/_read.ts";
import { errorCode, reason, tryRealpath, tryStatus } from "../fs/_status.ts";
import {
  holdsSkillBelow,
  PROBE_DIRECTORIES,
  reachOf,
  type SkillBelow,
  unreadSkills,
} from "../discovery/_skills_below.ts";
import { deeperLayout } from "../discovery/layout.ts";
import { discoverPlugins } from "../discovery/_plugin_skills.ts";
import { RULES } from "./_rules.ts";
import { scanOrder } from "../registry/_snapshot.ts";
import type {
  CheckRule,
  DiagnosticSeverity,
  SkillDiagnostic,
} from "./diagnostic.ts";
import type { SkillInfo } from "../skill.ts";

/** The options of {@linkcode checkSkills}. */
export interface CheckSkillsOptions
  extends Omit<AgentSkillsOptions, "roots" | "strict" | "onWarning"> {
  /**
   * Skill roots, single skill directories (a directory that holds a
   * `SKILL.md` itself) or manifests (a `SKILL.md` file: its directory is
   * checked), resolved like `roots`. Must not be empty. Each must exist and
   * hold a skill: else an error (`path_not_found`, `root_not_directory`,
   * `no_skills`), so that a mistyped path never passes as clean.
   */
  paths: ReadonlyArray<string | SkillRootOptions>;
  /**
   * Whether each path must hold a skill (`"each"`: one that holds none is
   * `no_skills`), or the paths together (`"any"`: `no_skills` only when no
   * path gave a skill; what a host's preset roots need, since most users
   * fill only some of them). A path that does not exist is an error either
   * way.
   *
   * @default {"each"}
   */
  requireSkills?: "each" | "any";
}

/** What {@linkcode checkSkills} found. */
export interface CheckReport {
  /** Every problem, sorted by path, then line, then column. */
  readonly diagnostics: readonly SkillDiagnostic[];
  /** Every skill that would load, in the order checked. */
  readonly skills: readonly SkillInfo[];
  /** How many diagnostics there are of each severity. */
  readonly counts: { readonly [severity in DiagnosticSeverity]: number };
}

/**
 * Checks every skill under the given roots or skill directories and returns
 * every problem, each at its file and line: what discovery would skip or warn
 * about, each schema problem of an invalid manifest on its own, escaping or
 * dangling resource symlinks, and advice on the Agent Skills spec.
 *
 * @param options The paths to check, and the discovery options to use.
 * @returns The diagnostics, the skills that would load, and counts.
 * @throws {StartupError} When the options cannot work (see
 * {@linkcode resolveConfig}), `paths` missing, empty or not an array of paths
 * among them.
 *
 * @example Fail a CI job on errors
 * ```ts
 * import { checkSkills } from "@clarvis/agent-skills";
 *
 * const report = checkSkills({ paths: ["fixtures/demo/user-store"], home: "/home/ada" });
 * for (const d of report.diagnostics) {
 *   console.log(`${d.path}:${d.line ?? 1}: ${d.severity} ${d.code}: ${d.message}`);
 * }
 * if (report.counts.error > 0) throw new Error("broken skills");
 * ```
 */
export function checkSkills(options: CheckSkillsOptions): CheckReport {
  const { discovery, requireSkills } = checkOptions(options);
  const { config } = resolveOptions(discovery, {
    owner: "checkSkills",
    rootsName: "paths",
  });
  const diagnostics: SkillDiagnostic[] = [];
  // Said once every path was checked, when `requireSkills` asks for it.
  const empty: SkillDiagnostic[] = [];
  const report = (problem: Problem): void => {
    diagnostics.push(...problemDiagnostics(problem));
  };
  const fail = (diagnostic: SkillDiagnostic): void => {
    (diagnostic.code === "no_skills" ? empty : diagnostics).push(diagnostic);
  };
  const skills: SkillInfo[] = [];
  const scanned = {
    config,
    report,
    buffer: readBuffer(),
    startedMs: Date.now(),
    // Every skill directory is listed, so case variants side by side are seen.
    listEachSkill: true,
  };
  for (const root of scanOrder(config.roots)) {
    const scan = { ...scanned, root };
    for (const skill of checkPath(scan, fail)) {
      skills.push(skill.info);
      diagnostics.push(...ruleDiagnostics(skill));
      listResources(skill, config, (warning) => {
        diagnostics.push(resourceDiagnostic(warning, skill.info));
      });
    }
  }
  if (requireSkills === "each" || skills.length === 0) {
    diagnostics.push(...empty);
  }
  diagnostics.push(...shadowed(skills));
  diagnostics.sort(byPosition);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return { diagnostics, skills, counts };
}

/**
 * The options of a check as discovery takes them (`paths`, required, as the
 * roots, never strict), and what the paths must hold. Each option is read
 * once.
 */
function checkOptions(
  options: unknown,
): { discovery: AgentSkillsOptions; requireSkills: "each" | "any" } {
  const { paths, requireSkills, ...rest } = objectOptions(
    options as CheckSkillsOptions,
    "checkSkills",
    CHECK_OPTION_KEYS,
    { hints: CHECK_HINTS },
  );
  if (paths === undefined) {
    throw new StartupError(
      "invalid_option",
      'Option "paths" is required: give the skill roots, skill directories or SKILL.md files to check',
    );
  }
  return {
    discovery: { ...rest, roots: paths, strict: false },
    requireSkills:
      checkedOption(requireSkills, "requireSkills", oneOf("each", "any")) ??
        "each",
  };
}

/**
 * Every option {@linkcode checkSkills} takes. An option added to
 * CheckSkillsOptions but not here, which would be refused, does not
 * type-check (the record misses a key), nor does a key that is no option.
 */
const CHECK_OPTION_KEYS = Object.keys(
  {
    paths: true,
    requireSkills: true,
    home: true,
    cwd: true,
    workspace: true,
    followSymlinks: true,
    maxManifestBytes: true,
    maxResourceEntries: true,
    maxResourceDepth: true,
    maxResourceBytes: true,
  } satisfies Record<keyof CheckSkillsOptions, true>,
);

/** The options of createAgentSkills that checkSkills takes otherwise, or not. */
const CHECK_HINTS: Readonly<Record<string, string>> = { roots: "paths" };

/**
 * What one path given to check holds: a root (every skill one level below
 * it), a skill directory (it holds a manifest), or a manifest itself (its
 * directory is checked). Anything else is an error, never "0 errors".
 */
function checkPath(
  scan: RootScan,
  fail: (diagnostic: SkillDiagnostic) => void,
): DiscoveredSkill[] {
  const { root } = scan;
  const stat = tryStatus(root.path, { follow: true });
  if (!stat.ok) {
    fail(pathFailure(root.path, stat.error));
    return [];
  }
  if (stat.value.kind !== "directory") {
    if (isManifestName(basename(root.path))) {
      return checkSkillDir(scan, dirname(root.path));
    }
    fail(pathDiagnostic(
      "root_not_directory",
      `Not a directory: ${root.path} (give a skill root, a skill directory or a SKILL.md)`,
      root.path,
    ));
    return [];
  }
  const listing = tryList(root.path);
  if (!listing.ok) {
    // Discovery only warns about an unreadable root; here it checks nothing.
    fail(pathFailure(root.path, listing.error));
    return [];
  }
  const { entries } = listing.value;
  if (root.kind === "plugins") return checkPlugins(scan, fail);
  if (entries.some((e) => isManifestName(e.name))) {
    return checkSkillDir(scan, root.path);
  }
  const skills = discoverRoot(scan);
  const { unread, reached, stopped } = unreadSkills(
    root,
    new Set(skills.map((skill) => skill.info.dir)),
  );
  // What lies past the search's bound is unknown, never clean.
  if (stopped) fail(searchStopped(root.path));
  // skillsBelow does not follow symlinks: a linked skill directory that
  // did not load still holds a skill.
  const links = entries.filter((entry) => entry.kind === "symlink");
  if (skills.length === 0 && !reached && !holdsSkillBelow(root.path, links)) {
    fail(noSkills(root.path, unread, root.depth ?? 1));
  } else if (unread.length > 0) {
    fail(pathDiagnostic(
      "unread_skills",
      `${unread.length} ${
        unread.length === 1 ? "skill directory sits" : "skill directories sit"
      } below ${root.path} deeper than this check looks, unchecked${
        whereTo(root.path, unread)
      }`,
      root.path,
    ));
  }
  return skills;
}

/**
 * A root of plugins: each plugin's skills, checked as discovery reads them;
 * an error when no plugin has a skill (and no manifest of theirs was
 * reported).
 */
function checkPlugins(
  scan: RootScan,
  fail: (diagnostic: SkillDiagnostic) => void,
): DiscoveredSkill[] {
  let reported = false;
  const report = (problem: Problem): void => {
    reported = true;
    scan.report(problem);
  };
  const skills = discoverPlugins(
    { ...scan, report },
    (root) => ({ ...scan, report, root }),
  ).flatMap((found) => found.skills);
  if (skills.length === 0 && !reported) {
    fail(pathDiagnostic(
      "no_skills",
      `No plugin skills in ${scan.root.path}: no plugin of it has a skills folder with a SKILL.md one level below (plugins/<plugin>/skills/<skill>/SKILL.md, listed in .claude-plugin/marketplace.json, or skills/<skill>/SKILL.md in a single plugin)`,
      scan.root.path,
    ));
  }
  return skills;
}

/** One skill directory, checked as a skill of its parent. */
function checkSkillDir(scan: RootScan, dir: string): DiscoveredSkill[] {
  const parent: SkillRoot = { ...scan.root, path: dirname(dir) };
  // A path given as a skill directory is followed, like a root.
  const realDir = tryRealpath(dir);
  const read = readSkill({ ...scan, root: parent }, {
    dir,
    dirName: basename(dir),
    reached: { realDir: realDir.ok ? realDir.value : dir, viaLink: true },
  });
  if (read === undefined) return [];
  read.findings.forEach(scan.report);
  return [read.skill];
}

/**
 * The spec rules {@linkcode checkSkills} holds each loadable skill to, each
 * with its code, severity and the spec's sentence (what a SARIF rule or a
 * rules table shows). Discovery's own codes are not rules: see
 * `DiagnosticCode`.
 *
 * @example The rule behind a code
 * ```ts
 * import { CHECK_RULES } from "@clarvis/agent-skills";
 *
 * const rule = CHECK_RULES.find((rule) => rule.code === "name_length");
 * console.log(rule?.severity); // "error"
 * ```
 */
export const CHECK_RULES: readonly CheckRule[] = Object.freeze(
  RULES.map(({ code, severity, spec }) =>
    Object.freeze({ code, severity, spec })
  ),
);

function pathFailure(path: string, error: unknown): SkillDiagnostic {
  if (errorCode(error) !== "ENOENT") {
    return pathDiagnostic(
      "unreadable",
      `Cannot check ${path}: ${reason(error)}`,
      path,
    );
  }
  const unnamed = unrepresentableIn(path);
  return unnamed === undefined
    ? pathDiagnostic("path_not_found", `Path does not exist: ${path}`, path)
    : pathDiagnostic(
      "unrepresentable_name",
      `Cannot check ${path}: ${
        unrepresentedName(unnamed)
      }, so no path given as text can name it; rename it`,
      path,
    );
}

/**
 * A warning for each skill that a same-named skill of a later path replaces
 * (the last wins, as in discovery), naming both paths.
 */
function shadowed(skills: readonly SkillInfo[]): SkillDiagnostic[] {
  const last = new Map<string, SkillInfo>();
  for (const skill of skills) last.set(skill.name, skill);
  return skills.flatMap((skill) => {
    const winner = last.get(skill.name);
    return winner === undefined || winner === skill
      ? []
      : [shadowedDiagnostic(skill, winner)];
  });
}

/**
 * `no_skills` for a path with no manifest in it or as deep below as it is
 * read; names the skills found deeper, if any, and how to check them.
 */
function noSkills(
  path: string,
  deeper: readonly SkillBelow[],
  depth: number,
): SkillDiagnostic {
  return pathDiagnostic(
    "no_skills",
    `No skills in ${path}: no SKILL.md in it or in any directory ${
      reachOf(depth)
    }${whereTo(path, deeper)}`,
    path,
  );
}

/**
 * `search_limit` for a path below which the search for skills deeper than
 * the check looks stopped at its bound, and how to check deeper.
 */
function searchStopped(path: string): SkillDiagnostic {
  return pathDiagnostic(
    "search_limit",
    `Stopped searching below ${path} for skills deeper than this check looks after listing ${PROBE_DIRECTORIES} directories: skill directories past them may sit unchecked; check the folders below it that hold skills as paths of their own, or with --depth N (the root option depth) so that the check reads them`,
    path,
  );
}

/** Where skills a check did not reach are, and how to check them. */
function whereTo(path: string, deeper: readonly SkillBelow[]): string {
  const layout = deeperLayout(path, deeper);
  if (layout === undefined) return "";
  const examples = layout.kind === "nested"
    ? layout.nested.map((root) => root.example)
    : layout.examples;
  const found = `; found ${examples.slice(0, 5).join(", ")}${
    examples.length > 5 ? `, and ${examples.length - 5} more` : ""
  }`;
  switch (layout.kind) {
    case "plugins":
      return `${found}: it is a plugin marketplace, so check it as one (--plugins; the root option kind: "plugins")`;
    case "nested":
      return `${found}: skills are one level below a root, so check ${
        layout.nested.map((root) => root.dir).join(" ")
      } instead`;
    case "deeper":
      return `${found}: check with --depth ${layout.depth} (the root option depth: ${layout.depth})`;
  }
}

function byPosition(a: SkillDiagnostic, b: SkillDiagnostic): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
