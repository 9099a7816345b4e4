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
import {
  type AgentSkillsOptions,
  resolveConfig,
  type SkillRoot,
  type SkillRootOptions,
} from "./config.ts";
import { _listResources } from "./_confine.ts";
import {
  _problemDiagnostics,
  _resourceDiagnostic,
  _ruleDiagnostics,
} from "./_diagnostics.ts";
import { _discoverRoot, _readSkill } from "./_discover.ts";
import { _sortedEntries, _tryRealpath } from "./_fs.ts";
import { _scanOrder } from "./_registry.ts";
import type { _DiscoveredSkill, _Problem, _RootScan } from "./_scan.ts";
import type { SkillInfo } from "./skill.ts";
import type { SkillWarningCode } from "./warn.ts";

/**
 * How much a diagnostic matters.
 *
 * - `error`: `createAgentSkills` would skip the skill (or throw under strict).
 * - `warning`: the skill loads, but something is off: a discovery warning, or
 *   a breach of the Agent Skills spec that other loaders may reject.
 * - `info`: worth knowing, never a failure (fields outside the spec).
 */
export type DiagnosticSeverity = "error" | "warning" | "info";

/**
 * What a diagnostic is about: a {@linkcode SkillWarningCode} from discovery,
 * or one of the spec checks:
 *
 * - `name_length`: `name` is longer than 64 characters.
 * - `name_case`: `name` has upper-case letters.
 * - `name_characters`: `name` has characters other than `a-z`, `0-9`, `-`.
 * - `name_hyphens`: `name` starts or ends with a hyphen or has `--`.
 * - `description_length`: `description` is longer than 1024 characters.
 * - `compatibility_length`: `compatibility` is longer than 500 characters.
 * - `field_type`: `license` or `compatibility` is not a string, or
 *   `metadata` is not a map of strings to strings.
 * - `body_length`: the body is longer than 500 lines.
 * - `unknown_field`: a frontmatter key the spec does not define (`info`).
 */
export type DiagnosticCode =
  | SkillWarningCode
  | "name_length"
  | "name_case"
  | "name_characters"
  | "name_hyphens"
  | "description_length"
  | "compatibility_length"
  | "field_type"
  | "body_length"
  | "unknown_field";

/** One problem, at a file position where one is known. */
export interface SkillDiagnostic {
  /** How much it matters. */
  readonly severity: DiagnosticSeverity;
  /** What it is about. */
  readonly code: DiagnosticCode;
  /** A sentence naming the field or path and what was expected. */
  readonly message: string;
  /** The absolute path of the manifest, directory or root concerned. */
  readonly path: string;
  /** The 1-based line in `path`, for problems inside a manifest. */
  readonly line?: number;
  /** The 1-based column in `path`, for YAML syntax errors. */
  readonly column?: number;
  /** The skill's name (or its directory name when no name could be read). */
  readonly skill?: string;
}

/** The options of {@linkcode checkSkills}. */
export interface CheckSkillsOptions
  extends Omit<AgentSkillsOptions, "roots" | "strict" | "onWarning"> {
  /**
   * Skill roots, or single skill directories (a directory that holds a
   * `SKILL.md` itself), resolved like `roots`. Must not be empty.
   */
  paths: ReadonlyArray<string | SkillRootOptions>;
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
 * @throws {StartupError} When the options cannot work (see {@linkcode resolveConfig}).
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
  const { paths, ...rest } = options;
  const config = resolveConfig({ ...rest, roots: paths, strict: false });
  const diagnostics: SkillDiagnostic[] = [];
  const report = (problem: _Problem): void => {
    diagnostics.push(..._problemDiagnostics(problem));
  };
  const skills: SkillInfo[] = [];
  for (const root of _scanOrder(config.roots)) {
    for (const skill of _checkPath({ root, config, report })) {
      skills.push(skill.info);
      diagnostics.push(..._ruleDiagnostics(skill));
      _listResources(skill, config, (warning) => {
        diagnostics.push(_resourceDiagnostic(warning, skill.info));
      });
    }
  }
  diagnostics.sort(_byPosition);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return { diagnostics, skills, counts };
}

/** A root, or a single skill directory when it holds a manifest itself. */
function _checkPath(scan: _RootScan): _DiscoveredSkill[] {
  const { root } = scan;
  let isSkillDir = false;
  try {
    isSkillDir = _sortedEntries(root.path).some((entry) =>
      entry.name.toLowerCase() === "skill.md"
    );
  } catch {
    // Not listable: discovery of the root reports why.
  }
  if (!isSkillDir) return _discoverRoot(scan);
  const parent: SkillRoot = { ...root, path: dirname(root.path) };
  // A path given as a skill directory is followed, like a root.
  const realDir = _tryRealpath(root.path);
  const skill = _readSkill(
    { ...scan, root: parent },
    root.path,
    basename(root.path),
    { realDir: realDir.ok ? realDir.value : root.path, viaLink: true },
  );
  return skill === undefined ? [] : [skill];
}

function _byPosition(a: SkillDiagnostic, b: SkillDiagnostic): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
