/**
 * Skill locks: the digest of every file of every served skill, written once
 * and held to later. {@linkcode createSkillLock} locks what a set of roots
 * serves; {@linkcode formatSkillLock} and {@linkcode parseSkillLock} write a
 * lock as the text of its file and read it back, checked as hostile input;
 * {@linkcode verifySkillLock} says what changed since; {@linkcode lockPolicy}
 * makes a lock into the `lock` option of `createAgentSkills()`, which then
 * serves only the locked skills, as they were locked; and
 * {@linkcode skillsListing} lists the served skills, with their files'
 * digests, as MCP's Skills Extension does. docs/integrity.md defines the
 * digests and what a lock checks when.
 *
 * A separate entry point: the lock's code (its checks, its digests and
 * `node:crypto`) is loaded only by those who import it, never by
 * `@clarvis/agent-skills` itself.
 *
 * @example Lock a store, then serve only what was locked
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import {
 *   createSkillLock,
 *   formatSkillLock,
 *   lockPolicy,
 *   parseSkillLock,
 * } from "@clarvis/agent-skills/lock";
 *
 * const options = { roots: ["fixtures/demo/user-store"], home: "/home/ada" };
 * // What `agent-skills lock` writes to agent-skills.lock.json.
 * const text = formatSkillLock(createSkillLock(options).lock);
 * const skills = createAgentSkills({
 *   ...options,
 *   lock: lockPolicy(parseSkillLock(text, "agent-skills.lock.json")),
 * });
 * console.log(skills.listSkills().map((skill) => skill.name));
 * // ["commit-messages", "pdf-forms", "release-notes"]
 * ```
 *
 * @module
 */

export {
  createSkillLock,
  formatSkillLock,
  parseSkillLock,
  verifySkillLock,
} from "./src/lock/lock.ts";
export type {
  LockDrift,
  LockProblem,
  LockVerification,
  SkillDrift,
  SkillLockResult,
} from "./src/lock/lock.ts";
export type {
  LockedFile,
  LockedSkill,
  SkillLock,
} from "./src/lock/skill_lock.ts";
export { lockPolicy } from "./src/lock/policy.ts";
export type { LockPolicyOptions } from "./src/lock/policy.ts";
export type { SkillLockPolicy } from "./src/options.ts";
export { skillsListing } from "./src/lock/listing.ts";
export type {
  SkillsListing,
  SkillsListingEntry,
  SkillsListingOptions,
  SkillsListingResource,
} from "./src/lock/listing.ts";
