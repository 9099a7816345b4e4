/**
 * Agent Skills on disk, as a queryable, confined registry for agent runtimes.
 *
 * Point {@linkcode createAgentSkills} at skill roots, then serve the tiers of
 * progressive disclosure: {@linkcode AgentSkills.listSkills} (the catalog),
 * {@linkcode AgentSkills.loadSkill} (one skill's body and resources) and
 * {@linkcode AgentSkills.resourcePath} (a path that never leaves the skill).
 * Beside them: the prompt layer ({@linkcode renderCatalog},
 * {@linkcode renderActivation}), {@linkcode AgentSkills.explain}, the errors
 * and warnings. Each tool has an entry of its own: `./watch`, `./check`,
 * `./lock`, `./archive`, `./schema`, `./cli`.
 *
 * @example Read the three tiers
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({ roots: ["fixtures/demo/user-store"] });
 * console.log(skills.listSkills().map((skill) => skill.name));
 * console.log(skills.loadSkill("pdf-forms")?.resources);
 * console.log(skills.resourcePath("pdf-forms", "scripts/fill.py"));
 * ```
 *
 * @module
 */

// Create and configure: the instance, its options, config and presets.
export { createAgentSkills } from "./src/agent_skills.ts";
export type { AgentSkills } from "./src/agent_skills.ts";
export type {
  AgentSkillsOptions,
  RootToTrust,
  SkillIndex,
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

// Refresh: what changed, and with a watch open why it read roots in full.
export type {
  SkillChanges,
  WatchFallback,
  WatchFallbackCode,
} from "./src/registry/changes.ts";

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
