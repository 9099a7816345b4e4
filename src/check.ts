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
  type SkillConfig,
  type SkillRoot,
  type SkillRootOptions,
} from "./config.ts";
import {
  type _DiscoveredSkill,
  _discoverRoot,
  _dropsSkill,
  _readSkill,
  type _Reporter,
  type SkillInfo,
} from "./discover.ts";
import { _lineOfKey } from "./frontmatter.ts";
import { _listResources, _realSkillDir } from "./confine.ts";
import { _sortedEntries } from "./_fs.ts";
import { _scanOrder } from "./registry.ts";
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

/** The frontmatter fields the Agent Skills spec defines. */
const _SPEC_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
]);

const _MAX_NAME = 64;
const _MAX_DESCRIPTION = 1024;
const _MAX_COMPATIBILITY = 500;
const _MAX_BODY_LINES = 500;

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
  const report: _Reporter = (code, message, path, details = {}) => {
    const severity = _dropsSkill(code, details) ? "error" : "warning";
    const { skill, line, column, problems } = details;
    if (problems !== undefined && problems.length > 0) {
      for (const problem of problems) {
        diagnostics.push(
          _diagnostic(
            severity,
            code,
            problem.message,
            path,
            problem.line,
            problem.column,
            skill,
          ),
        );
      }
    } else {
      diagnostics.push(
        _diagnostic(severity, code, message, path, line, column, skill),
      );
    }
  };
  const skills: SkillInfo[] = [];
  for (const root of _scanOrder(config.roots)) {
    for (const skill of _checkPath(root, config, report)) {
      skills.push(skill.info);
      diagnostics.push(..._adviseSpec(skill));
      _checkResources(skill.info, config, report);
    }
  }
  diagnostics.sort(_byPosition);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return { diagnostics, skills, counts };
}

/** A root, or a single skill directory when it holds a manifest itself. */
function _checkPath(
  root: SkillRoot,
  config: SkillConfig,
  report: _Reporter,
): _DiscoveredSkill[] {
  let isSkillDir = false;
  try {
    isSkillDir = _sortedEntries(root.path).some((entry) =>
      entry.name.toLowerCase() === "skill.md"
    );
  } catch {
    // Not listable: discovery of the root reports why.
  }
  if (!isSkillDir) return _discoverRoot(root, config, report);
  const parent = { ...root, path: dirname(root.path) };
  const skill = _readSkill(
    parent,
    root.path,
    basename(root.path),
    config,
    report,
  );
  return skill === undefined ? [] : [skill];
}

function _checkResources(
  info: SkillInfo,
  config: SkillConfig,
  report: _Reporter,
): void {
  _listResources(
    info,
    () => _realSkillDir(info),
    config,
    (warning) =>
      report(warning.code, warning.message, warning.path ?? info.dir, {
        skill: info.name,
      }),
  );
}

/** Advice on the Agent Skills spec for one skill that loads. */
function _adviseSpec(skill: _DiscoveredSkill): SkillDiagnostic[] {
  const { info } = skill;
  const yaml = skill.frontmatter;
  const out: SkillDiagnostic[] = [];
  const warn = (
    code: DiagnosticCode,
    key: string,
    message: string,
    severity: DiagnosticSeverity = "warning",
  ) =>
    out.push(
      _diagnostic(
        severity,
        code,
        message,
        info.path,
        _lineOfKey(yaml, key),
        undefined,
        info.name,
      ),
    );

  const name = info.name;
  if (name.length > _MAX_NAME) {
    warn(
      "name_length",
      "name",
      `frontmatter.name: is ${name.length} characters long, over the spec's ${_MAX_NAME}`,
    );
  }
  if (/[A-Z]/.test(name)) {
    warn(
      "name_case",
      "name",
      `frontmatter.name: "${name}" has upper-case letters; the spec allows lower case only`,
    );
  }
  if (/[^A-Za-z0-9-]/.test(name)) {
    warn(
      "name_characters",
      "name",
      `frontmatter.name: "${name}" has characters other than a-z, 0-9 and -`,
    );
  }
  if (name.startsWith("-") || name.endsWith("-") || name.includes("--")) {
    warn(
      "name_hyphens",
      "name",
      `frontmatter.name: "${name}" starts or ends with a hyphen or has two in a row`,
    );
  }
  if (info.description.length > _MAX_DESCRIPTION) {
    warn(
      "description_length",
      "description",
      `frontmatter.description: is ${info.description.length} characters long, over the spec's ${_MAX_DESCRIPTION}`,
    );
  }
  const { license, compatibility, metadata } = info.metadata;
  if (license !== undefined && typeof license !== "string") {
    warn("field_type", "license", "frontmatter.license: expected a string");
  }
  if (compatibility !== undefined && typeof compatibility !== "string") {
    warn(
      "field_type",
      "compatibility",
      "frontmatter.compatibility: expected a string",
    );
  } else if (
    typeof compatibility === "string" &&
    compatibility.length > _MAX_COMPATIBILITY
  ) {
    warn(
      "compatibility_length",
      "compatibility",
      `frontmatter.compatibility: is ${compatibility.length} characters long, over the spec's ${_MAX_COMPATIBILITY}`,
    );
  }
  if (metadata !== undefined && !_isStringMap(metadata)) {
    warn(
      "field_type",
      "metadata",
      "frontmatter.metadata: expected a map of strings to strings",
    );
  }
  const bodyLines = skill.body === "" ? 0 : skill.body.split("\n").length;
  if (bodyLines > _MAX_BODY_LINES) {
    out.push(_diagnostic(
      "warning",
      "body_length",
      `the body is ${bodyLines} lines long; the spec advises under ${_MAX_BODY_LINES} (move detail into references/)`,
      info.path,
      yaml.split("\n").length + 3 + _MAX_BODY_LINES,
      undefined,
      info.name,
    ));
  }
  for (const key of _frontmatterKeys(info, yaml)) {
    if (_SPEC_FIELDS.has(key)) continue;
    warn(
      "unknown_field",
      key,
      `frontmatter.${key}: not an Agent Skills spec field (kept in metadata)`,
      "info",
    );
  }
  return out;
}

/**
 * The frontmatter keys of a skill: those kept in metadata, plus the two
 * non-spec keys this library normalises when they stand in the YAML (a key's
 * line is 1, the fence, only when it is absent).
 */
function _frontmatterKeys(info: SkillInfo, yaml: string): string[] {
  const normalised = ["tools", "user-invocable"].filter((key) =>
    _lineOfKey(yaml, key) > 1
  );
  return [...Object.keys(info.metadata), ...normalised];
}

function _isStringMap(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === "string");
}

function _diagnostic(
  severity: DiagnosticSeverity,
  code: DiagnosticCode,
  message: string,
  path: string,
  line: number | undefined,
  column: number | undefined,
  skill: string | undefined,
): SkillDiagnostic {
  return Object.freeze({
    severity,
    code,
    message,
    path,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(skill === undefined ? {} : { skill }),
  });
}

function _byPosition(a: SkillDiagnostic, b: SkillDiagnostic): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
