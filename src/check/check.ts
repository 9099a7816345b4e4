/**
 * `checkSkills`: every problem of every skill under some roots or skill
 * directories, for authors and CI. It runs the same discovery as
 * {@linkcode createAgentSkills}, collecting what that would warn about or
 * skip, and adds advice on the Agent Skills spec. It never changes what
 * `createAgentSkills` accepts.
 *
 * @module
 */

import { resolveOptions, type SkillConfig } from "../config/config.ts";
import type { AgentSkillsOptions, SkillRootOptions } from "../options.ts";
import { StartupError } from "../errors.ts";
import { checkedOption, objectOptions, oneOf } from "../_option_check.ts";
import { problemDiagnostics, shadowedDiagnostic } from "./_diagnostics.ts";
import { skillDiagnostics } from "./_skill_diagnostics.ts";
import { checkPath } from "./_path.ts";
import { discoverRoots } from "../discovery/_driver.ts";
import type { Problem, ReadSkill } from "../discovery/_types.ts";
import { withTexts } from "../discovery/_read_skill.ts";
import { RULES } from "./_rules.ts";
import type {
  CheckRule,
  DiagnosticSeverity,
  HostName,
  SkillDiagnostic,
} from "./diagnostic.ts";
import { checkedHosts } from "./_hosts_option.ts";
import type { SkillInfo } from "../skill.ts";

/** The options of {@linkcode checkSkills}. */
export interface CheckSkillsOptions extends
  Omit<
    AgentSkillsOptions,
    "roots" | "strict" | "onWarning" | "lock" | "index"
  > {
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
  /**
   * The hosts whose rules each loadable skill is held to as well (see
   * `HOST_RULES` and docs/hosts.md): each finding is a diagnostic that names
   * its `host` and `source`. A name given twice counts once.
   *
   * @default {[]} (the spec's rules and discovery's problems only)
   */
  hosts?: readonly HostName[];
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
 * import { checkSkills } from "@clarvis/agent-skills/check";
 *
 * const report = checkSkills({ paths: ["fixtures/demo/user-store"], home: "/home/ada" });
 * for (const d of report.diagnostics) {
 *   console.log(`${d.path}:${d.line ?? 1}: ${d.severity} ${d.code}: ${d.message}`);
 * }
 * if (report.counts.error > 0) throw new Error("broken skills");
 * ```
 */
export function checkSkills(options: CheckSkillsOptions): CheckReport {
  return checkDiscovered(options, { upload: true }).report;
}

/**
 * {@linkcode checkSkills}, with what it discovered kept: each skill that
 * would load as discovery read it, and the config it read them under (for
 * `packSkill()`, which lists and reads the files of the skill it checked).
 * With `upload`, a skill's files are held to claude.ai's upload rules under
 * the host `claude-ai`, as `checkSkills` holds them; `packSkill()` leaves
 * it out, since it applies those rules itself to the files it packs, with
 * the same codes, as an `ArchiveError`.
 */
export function checkDiscovered(
  options: CheckSkillsOptions,
  { upload = false }: { upload?: boolean } = {},
): {
  report: CheckReport;
  discovered: ReadSkill[];
  config: SkillConfig;
} {
  const { discovery, requireSkills, hosts } = checkOptions(options);
  const { config } = resolveOptions(discovery, {
    owner: "checkSkills",
    rootsName: "paths",
  });
  const diagnostics: SkillDiagnostic[] = [];
  // Said once every path was checked, when `requireSkills` asks for it.
  const empty: SkillDiagnostic[] = [];
  let reported = 0;
  const report = (problem: Problem): void => {
    reported++;
    diagnostics.push(...problemDiagnostics(problem));
  };
  const fail = (diagnostic: SkillDiagnostic): void => {
    (diagnostic.code === "no_skills" ? empty : diagnostics).push(diagnostic);
  };
  const skills: SkillInfo[] = [];
  const discovered: ReadSkill[] = [];
  discoverRoots(
    {
      config,
      report,
      // Every skill directory is listed, so case variants side by side are seen.
      listEachSkill: true,
      readRoot: (scan, discover) =>
        checkPath(scan, { discover, fail, reported: () => reported }),
    },
    (found) => {
      for (const skill of found.skills) {
        skills.push(skill.info);
        const read = withTexts(skill);
        discovered.push(read);
        diagnostics.push(...skillDiagnostics(read, { config, hosts, upload }));
      }
    },
  );
  if (requireSkills === "each" || skills.length === 0) {
    diagnostics.push(...empty);
  }
  diagnostics.push(...shadowed(skills));
  diagnostics.sort(byPosition);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return { report: { diagnostics, skills, counts }, discovered, config };
}

/**
 * The options of a check as discovery takes them (`paths`, required, as the
 * roots, never strict), and what the paths must hold. Each option is read
 * once.
 */
function checkOptions(
  options: unknown,
): {
  discovery: AgentSkillsOptions;
  requireSkills: "each" | "any";
  hosts: ReadonlySet<HostName>;
} {
  const { paths, requireSkills, hosts, ...rest } = objectOptions(
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
    hosts: new Set(checkedHosts(hosts, "checkSkills")),
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
    hosts: true,
    home: true,
    cwd: true,
    workspace: true,
    followSymlinks: true,
    maxManifestBytes: true,
    maxResourceEntries: true,
    maxResourceDepth: true,
    maxResourceBytes: true,
    trust: true,
  } satisfies Record<keyof CheckSkillsOptions, true>,
);

/** The options of createAgentSkills that checkSkills takes otherwise, or not. */
const CHECK_HINTS: Readonly<Record<string, string>> = { roots: "paths" };

/**
 * The spec rules {@linkcode checkSkills} holds each loadable skill to, each
 * with its code, severity and the spec's sentence (what a SARIF rule or a
 * rules table shows). Discovery's own codes are not rules: see
 * `DiagnosticCode`.
 *
 * @example The rule behind a code
 * ```ts
 * import { CHECK_RULES } from "@clarvis/agent-skills/check";
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

/** The order of diagnostics: by path, then line, then column. */
function byPosition(a: SkillDiagnostic, b: SkillDiagnostic): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
