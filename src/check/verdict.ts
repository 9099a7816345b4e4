/**
 * Each host's verdict on a skill: whether it loads it as it is, loads it
 * changed, or does not load it at all, from what `checkSkills({ hosts })`
 * said of the skill. The one place that decides it: `check --host` (its
 * table and its JSON counts) and `explain(name, { hosts })` (and so
 * `why --host`) all ask it, so they cannot disagree.
 *
 * @module
 */

import type {
  DiagnosticSeverity,
  HostBaseRule,
  HostName,
  HostVerdict,
  SkillDiagnostic,
} from "./diagnostic.ts";
import { HOST_BASE_ENTRIES } from "./_host_base.ts";
import { checkedHosts } from "./_hosts_option.ts";
import type { SkillInfo } from "../skill.ts";
import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";

/**
 * Check's own rules (spec rules and discovery's problems) that each host
 * applies too, each with its code, host, severity there, sentence and
 * source: a host's verdict counts their diagnostics beside its own rules'
 * (`HOST_RULES`).
 *
 * @example What the reference validator fails of check's own rules
 * ```ts
 * import { HOST_BASE_RULES } from "@clarvis/agent-skills/check";
 *
 * const spec = HOST_BASE_RULES.filter((rule) => rule.host === "spec");
 * console.log(spec.some((rule) => rule.code === "description_length")); // true
 * ```
 */
export const HOST_BASE_RULES: readonly HostBaseRule[] = Object.freeze(
  HOST_BASE_ENTRIES.map(({ code, host, severity, rule, source }) =>
    Object.freeze({ code, host, severity, rule, source })
  ),
);

/**
 * Each host's verdict on one skill of a check: from the diagnostics at the
 * skill's manifest, those of the host's rules and those of check's own that
 * the host applies too (`HOST_BASE_RULES`, each taken at the severity it has
 * there). An error means the host does not load the skill (it skips it,
 * refuses its upload or fails it), a warning that it loads it changed;
 * notes change nothing.
 *
 * @param skill The skill, as the report lists it.
 * @param diagnostics The report's diagnostics (those of other paths are
 * passed by); a check with the hosts asked for, for their own rules.
 * @param hosts The hosts, each counted once.
 * @returns One verdict per host, in the order given.
 * @throws {StartupError} `invalid_option` for a host with no profile, or
 * arguments that are not a skill and a list of diagnostics.
 *
 * @example Which hosts refuse a skill
 * ```ts
 * import { checkSkills, HOST_NAMES, hostVerdicts } from "@clarvis/agent-skills/check";
 *
 * const report = checkSkills({
 *   paths: ["fixtures/hosts/bom"],
 *   home: "/home/ada",
 *   hosts: HOST_NAMES,
 * });
 * const [skill] = report.skills;
 * if (skill !== undefined) {
 *   const refused = hostVerdicts(skill, report.diagnostics, HOST_NAMES)
 *     .filter((verdict) => verdict.verdict === "refuses");
 *   console.log(refused.map((verdict) => verdict.host)); // ["codex", "claude-ai", "gemini", "spec"]
 * }
 * ```
 */
export function hostVerdicts(
  skill: SkillInfo,
  diagnostics: readonly SkillDiagnostic[],
  hosts: readonly HostName[],
): HostVerdict[] {
  const checked = checkedHosts(hosts, "hostVerdicts()");
  const path = (skill as Partial<SkillInfo> | null)?.path;
  if (typeof path !== "string" || !Array.isArray(diagnostics)) {
    throw new StartupError(
      "invalid_option",
      `hostVerdicts() takes a skill as a check report lists it and the report's diagnostics, got ${
        describe(typeof path === "string" ? diagnostics : skill)
      }`,
    );
  }
  const own = diagnostics.filter((d) => d.path === path).sort(byLine);
  return checked.map((host) => verdictOf(host, skill, own));
}

/** One host's verdict from the diagnostics at a skill's manifest. */
function verdictOf(
  host: HostName,
  skill: SkillInfo,
  own: readonly SkillDiagnostic[],
): HostVerdict {
  const reasons: SkillDiagnostic[] = [];
  for (const diagnostic of own) {
    if (diagnostic.host !== undefined) {
      if (diagnostic.host === host) reasons.push(diagnostic);
      continue;
    }
    const base = HOST_BASE_ENTRIES.find((entry) =>
      entry.host === host && entry.code === diagnostic.code &&
      (entry.applies?.(diagnostic, skill) ?? true)
    );
    if (base !== undefined) {
      reasons.push(Object.freeze({
        ...diagnostic,
        severity: base.severity,
        message: `${host}: ${diagnostic.message}`,
        host,
        source: base.source,
      }));
    }
  }
  const counts: Record<DiagnosticSeverity, number> = {
    error: 0,
    warning: 0,
    info: 0,
  };
  for (const reason of reasons) counts[reason.severity]++;
  return Object.freeze({
    host,
    verdict: counts.error > 0
      ? "refuses"
      : counts.warning > 0
      ? "changes"
      : "loads",
    counts: Object.freeze(counts),
    reasons: Object.freeze(reasons),
  });
}

/** Diagnostics by line, then column (the order of a report). */
function byLine(a: SkillDiagnostic, b: SkillDiagnostic): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
