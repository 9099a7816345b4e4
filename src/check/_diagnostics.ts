/**
 * What `checkSkills` reports, as {@linkcode SkillDiagnostic}s: discovery's
 * problems, resource-listing warnings and the findings of the spec rules.
 *
 * @module
 */

import type {
  DiagnosticCode,
  DiagnosticSeverity,
  HostName,
  SkillDiagnostic,
} from "./diagnostic.ts";
import { RULES } from "./_rules.ts";
import { HOST_RULE_ENTRIES } from "./_host_rules.ts";
import { startsWithBom } from "./_host_text.ts";
import { uploadFindings, type UploadFolder } from "./_upload_rules.ts";
import { UPLOAD_SOURCE } from "./_upload.ts";
import { KeyLines } from "../manifest/_lines.ts";
import type { Problem, ReadSkill } from "../discovery/_types.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillWarning } from "../warn.ts";

/**
 * The discovery warnings that are errors in a check although the skill
 * loads: every other host drops a skill whose YAML needed repair, the spec
 * requires a name equal to its directory's, and folders past a root's bound
 * were never read.
 */
const ERRORS_IN_CHECK: ReadonlySet<DiagnosticCode> = new Set([
  "yaml_repaired",
  "yaml_indicator",
  "yaml_flow_text",
  "yaml_continuation",
  // The spec requires the name to equal the directory's; discovery tolerates it.
  "name_mismatch",
  // Folders past the bound went unread: a check never passes what it did not read.
  "discovery_limit",
]);

/**
 * The discovery codes a check notes without warning: a root the `trust`
 * option leaves unread is the host's decision, which `--strict` must not fail.
 */
const NOTES_IN_CHECK: ReadonlySet<DiagnosticCode> = new Set(["untrusted_root"]);

/**
 * A discovery problem as diagnostics: an error when it left a skill out (or
 * is one of `ERRORS_IN_CHECK`), a note for one of `NOTES_IN_CHECK`, a
 * warning otherwise; one diagnostic per problem of an unusable manifest.
 */
export function problemDiagnostics(problem: Problem): SkillDiagnostic[] {
  const severity = problem.drops || ERRORS_IN_CHECK.has(problem.code)
    ? "error"
    : NOTES_IN_CHECK.has(problem.code)
    ? "info"
    : "warning";
  const { code, path, skill } = problem;
  const positions: ReadonlyArray<Pick<Problem, "message" | "line" | "column">> =
    problem.problems !== undefined && problem.problems.length > 0
      ? problem.problems
      : [problem];
  return positions.map(({ message, line, column }) =>
    diagnostic({ severity, code, message, path, line, column, skill })
  );
}

/**
 * A resource-listing warning as a diagnostic: always a warning, since the
 * skill loads whatever its resources are.
 */
export function resourceDiagnostic(
  warning: SkillWarning,
  info: SkillInfo,
): SkillDiagnostic {
  return diagnostic({
    severity: "warning",
    code: warning.code,
    message: warning.message,
    path: warning.path ?? info.dir,
    skill: info.name,
  });
}

/** An error about a path given to check itself (missing, holds no skill). */
export function pathDiagnostic(
  code: DiagnosticCode,
  message: string,
  path: string,
): SkillDiagnostic {
  return diagnostic({ severity: "error", code, message, path });
}

/** The warning about a skill a same-named skill of a later root replaces. */
export function shadowedDiagnostic(
  skill: SkillInfo,
  winner: SkillInfo,
): SkillDiagnostic {
  return diagnostic({
    severity: "warning",
    code: "shadowed_skill",
    message:
      `Skill "${skill.name}" in ${skill.path} is never served: ${winner.path}, of a later root, has the same name and wins`,
    path: skill.path,
    skill: skill.name,
  });
}

/** The findings of every spec rule for one skill that loads. */
export function ruleDiagnostics(skill: ReadSkill): SkillDiagnostic[] {
  const { info, frontmatter } = skill;
  // One index of the key lines for every finding of this skill.
  const lines = new KeyLines(frontmatter);
  return RULES.flatMap((rule) =>
    rule.test(skill, lines).map((finding) =>
      diagnostic({
        severity: rule.severity,
        code: rule.code,
        message: finding.message,
        path: info.path,
        line: finding.line ?? lines.lineOf(finding.key ?? "name"),
        skill: info.name,
        key: finding.key,
      })
    )
  );
}

/**
 * The findings of the host rules of `hosts` for one skill that loads, each
 * naming its host and source.
 */
export function hostDiagnostics(
  skill: ReadSkill,
  hosts: ReadonlySet<HostName>,
  { bom, archive }: {
    /** Whether the manifest starts with a BOM; absent: its file is read. */
    bom?: boolean;
    /** For a skill read from an archive: the archive's top folder. */
    archive?: { readonly top: string | undefined };
  } = {},
): SkillDiagnostic[] {
  if (hosts.size === 0) return [];
  const { info, frontmatter } = skill;
  const subject = {
    skill,
    lines: new KeyLines(frontmatter),
    bom: bom ?? startsWithBom(info.path),
    archive,
  };
  return HOST_RULE_ENTRIES.filter((rule) => hosts.has(rule.host)).flatMap((
    rule,
  ) =>
    rule.test(subject).map((finding) => ({
      ...diagnostic({
        severity: rule.severity,
        code: rule.code,
        message: `${rule.host}: ${finding.message}`,
        path: info.path,
        line: finding.line ?? subject.lines.lineOf(finding.key ?? "name"),
        skill: info.name,
        key: finding.key,
      }),
      host: rule.host,
      source: rule.source,
    }))
  ).map((d) => Object.freeze(d));
}

/**
 * The rules of claude.ai's upload a skill folder breaks, as diagnostics of
 * the host `claude-ai` at its manifest's first line, with the codes
 * `packSkill()` throws for them.
 */
export function uploadDiagnostics(
  info: SkillInfo,
  folder: UploadFolder,
): SkillDiagnostic[] {
  return uploadFindings(folder).map(({ code, message }) =>
    Object.freeze({
      ...diagnostic({
        severity: "error",
        code,
        message: `claude-ai: ${message}`,
        path: info.path,
        line: 1,
        skill: info.name,
      }),
      host: "claude-ai",
      source: UPLOAD_SOURCE,
    })
  );
}

function diagnostic(fields: {
  severity: DiagnosticSeverity;
  code: DiagnosticCode;
  message: string;
  path: string;
  line?: number | undefined;
  column?: number | undefined;
  skill?: string | undefined;
  key?: string | undefined;
}): SkillDiagnostic {
  const { line, column, skill, key, ...always } = fields;
  return Object.freeze({
    ...always,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(skill === undefined ? {} : { skill }),
    ...(key === undefined ? {} : { key }),
  });
}
