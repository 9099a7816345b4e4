/**
 * Agent Skills on disk, as a queryable, confined registry for agent runtimes.
 *
 * Point {@linkcode createAgentSkills} at one or more skill roots (directories
 * whose subdirectories hold a `SKILL.md`), then serve the three tiers of
 * progressive disclosure: {@linkcode AgentSkills.listSkills} (the cheap
 * catalog), {@linkcode AgentSkills.loadSkill} (one skill's body and resource
 * list) and {@linkcode AgentSkills.resourcePath} (a path that never leaves
 * the skill's directory). The library runs nothing, writes nothing and reads
 * no environment variable.
 *
 * Beside the tiers: the prompt layer ({@linkcode renderCatalog} for the
 * catalog text, {@linkcode renderActivation} for one skill's payload), why a
 * skill is or is not served ({@linkcode AgentSkills.explain}), the gate for
 * authors and CI ({@linkcode checkSkills}), the errors and warnings, and
 * {@linkcode skillFrontmatterSchema}, the zod schema discovery holds each
 * frontmatter to (also at `@clarvis/agent-skills/schema`). The exports below
 * are grouped in that order.
 *
 * @example Build a registry and read the three tiers
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { join } from "node:path";
 *
 * const root = mkdtempSync("/tmp/agent-skills-doc-");
 * mkdirSync(join(root, "pdf", "scripts"), { recursive: true });
 * writeFileSync(
 *   join(root, "pdf", "SKILL.md"),
 *   "---\nname: pdf\ndescription: Read and fill PDF forms.\n---\nRun scripts/fill.py.\n",
 * );
 * writeFileSync(join(root, "pdf", "scripts", "fill.py"), "print('fill')\n");
 *
 * const skills = createAgentSkills({ home: root, cwd: root, roots: [root] });
 * console.log(skills.listSkills().map((skill) => skill.name)); // ["pdf"]
 * console.log(skills.loadSkill("pdf")?.resources); // ["scripts/fill.py"]
 * console.log(skills.resourcePath("pdf", "scripts/fill.py"));
 * rmSync(root, { recursive: true });
 * ```
 *
 * @module
 */

// Create and configure: the instance, its options, the resolved config and
// the hosts' presets of roots.
export { createAgentSkills } from "./src/agent_skills.ts";
export type { AgentSkills, SkillChanges } from "./src/agent_skills.ts";
export type {
  AgentSkillsOptions,
  RootToTrust,
  SkillRootOptions,
} from "./src/options.ts";
export { resolveConfig } from "./src/config/config.ts";
export type {
  SkillConfig,
  SkillLockPolicy,
  SkillRoot,
} from "./src/config/config.ts";
export {
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
} from "./src/config/presets.ts";
export type {
  ClaudeSkillRootsOptions,
  CodexSkillRootsOptions,
} from "./src/config/presets.ts";

// Catalog, load, resources: the skill records the three tiers return.
export type { JsonValue, SkillContent, SkillInfo } from "./src/skill.ts";

// The prompt layer: the catalog text and the activation payload.
export { renderCatalog } from "./src/prompt/catalog.ts";
export {
  activatedSkill,
  activationTool,
  renderActivation,
  skillDirectories,
} from "./src/prompt/activation.ts";
export type {
  Activation,
  ActivationOptions,
  ActivationTool,
  Catalog,
  CatalogBudget,
  CatalogFilter,
  CatalogFormat,
  CatalogOptions,
  CatalogReport,
  SkillCommand,
} from "./src/prompt/prompt.ts";

// Reload: a watch of the roots, and why a refresh() reads roots in full.
export type {
  SkillWatch,
  WatchChange,
  WatchFallback,
  WatchFallbackCode,
  WatchOptions,
} from "./src/watch/watch.ts";

// Explain: why a skill is or is not served.
export type {
  CatalogVerdict,
  ExplainedRoot,
  ExplainOptions,
  LocatedWarning,
  NearMissKind,
  RootState,
  SkillCandidate,
  SkillExplanation,
  SkillNearMiss,
  UntrustedRoot,
} from "./src/explain/explanation.ts";

// Check: the gate for authors and CI, its diagnostics and the root layouts.
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
export { emptyRootLayout } from "./src/discovery/layout.ts";
export type {
  DeeperLayout,
  EmptyRootLayout,
  NestedRoot,
} from "./src/discovery/layout.ts";

// Errors and warnings.
export { SkillError, StartupError } from "./src/errors.ts";
export type {
  SkillErrorCode,
  SkillErrorDetails,
  SkillErrorOptions,
  SkillProblem,
  StartupErrorCode,
} from "./src/errors.ts";
export { setWarnSink } from "./src/warn.ts";
export type { SkillWarning, SkillWarningCode, WarnSink } from "./src/warn.ts";

// The schema of a frontmatter mapping (also `@clarvis/agent-skills/schema`).
export { skillFrontmatterSchema } from "./src/manifest/frontmatter.ts";
export type { SkillFrontmatter } from "./src/manifest/frontmatter.ts";
