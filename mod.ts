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
 * skill is or is not served ({@linkcode AgentSkills.explain}), and the
 * errors and warnings. The exports below are grouped in that order.
 *
 * This entry is the core. Each tool has an entry of its own, whose cost only
 * its importer pays: `@clarvis/agent-skills/watch` (watch the roots),
 * `/check` (the gate for authors and CI, host profiles), `/lock` (a lock of
 * each skill's files), `/archive` (`.skill` archives), `/schema` (the zod
 * schema of a frontmatter) and `/cli` (the command line).
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
export type { AgentSkills } from "./src/agent_skills.ts";
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

// Refresh: what changed, and, with a watch open (`./watch`), why a
// refresh() read roots in full.
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
