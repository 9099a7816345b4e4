/**
 * The gate for skill authors and CI: {@linkcode checkSkills} holds skill
 * folders (or roots of them) to the rules of the spec and of each host it is
 * asked about ({@linkcode HOST_RULES}, {@linkcode HOST_BASE_RULES}), and
 * says what a root holds when it serves no skill
 * ({@linkcode emptyRootLayout}). {@linkcode explainHosts} is a registry's
 * `explain()` with each host's verdict. `agent-skills check` is this, on the
 * command line.
 *
 * @example Check a root of skills for Codex
 * ```ts
 * import { checkSkills } from "@clarvis/agent-skills/check";
 *
 * const report = checkSkills({
 *   paths: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 *   hosts: ["codex"],
 * });
 * console.log(report.counts.error); // 0
 * ```
 *
 * @module
 */

export { CHECK_RULES, checkSkills } from "./src/check/check.ts";
export type { CheckReport, CheckSkillsOptions } from "./src/check/check.ts";
export type {
  CheckRule,
  DiagnosticCode,
  DiagnosticSeverity,
  HostBaseRule,
  HostName,
  HostRule,
  HostRuleCode,
  HostVerdict,
  HostVerdictKind,
  SkillDiagnostic,
  UploadRuleCode,
} from "./src/check/diagnostic.ts";
export { HOST_NAMES, HOST_RULES, hostListing } from "./src/check/host.ts";
export type { HostListing } from "./src/check/host.ts";
export { HOST_BASE_RULES, hostVerdicts } from "./src/check/verdict.ts";
export { explainHosts } from "./src/check/explain.ts";
export type {
  ExplainHostsOptions,
  HostedCandidate,
  HostsExplanation,
} from "./src/check/explain.ts";
export { emptyRootLayout } from "./src/discovery/layout.ts";
export type {
  DeeperLayout,
  EmptyRootLayout,
  NestedRoot,
} from "./src/discovery/layout.ts";
