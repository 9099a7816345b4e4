/**
 * {@linkcode lockPolicy}: a skill lock made into the `lock` option of
 * `createAgentSkills()`, with its checks. The core holds none of the lock's
 * code: the policy carries it, through the interface the core declares
 * (`registry/_integrity.ts`).
 *
 * @module
 */

import type { SkillLockPolicy } from "../options.ts";
import {
  checkedOption,
  objectOptions,
  oneOf,
  readFields,
} from "../_option_check.ts";
import { StartupError } from "../errors.ts";
import { makeLockPolicy } from "../registry/_integrity.ts";
import { lockProblem } from "./_admit.ts";
import { digestOf } from "./_digest.ts";
import { LockGuard } from "./_guard.ts";
import { readLock } from "./_read.ts";
import type { LockedSkill, SkillLock } from "./skill_lock.ts";

/** The options of {@linkcode lockPolicy}. */
export interface LockPolicyOptions {
  /**
   * What the lock does about a skill or a file that does not match it:
   * `"enforce"` refuses it; `"report"` serves it and warns.
   *
   * @default {"enforce"}
   */
  mode?: "enforce" | "report";
  /**
   * When the lock checks a skill's files other than its manifest: `"lazy"`
   * as they are listed (`loadSkill()`) and read (`readResource()`), which
   * costs only what is read; `"eager"` also as each skill is discovered, at
   * construction and at each `refresh()`: every file of the skill is read
   * and hashed, and a skill with a file added, gone or changed is not
   * served (`integrity_mismatch`, naming the files), as one whose manifest
   * differs is. Eager verification reads every file of every skill at each
   * scan (see docs/integrity.md).
   *
   * @default {"lazy"}
   */
  verify?: "lazy" | "eager";
}

/**
 * A skill lock, checked, made into the `lock` option of
 * `createAgentSkills()` (and of `resolveConfig()`, `createSkillLock()`,
 * `verifySkillLock()` and `skillsListing()`): only the skills it holds are
 * served, each found where the lock found it and with the bytes it records
 * (see docs/integrity.md). The option takes only a policy this function
 * made. A policy holds no state of its own: one may serve any number of
 * instances.
 *
 * @param lock The lock, as {@linkcode parseSkillLock} reads the file
 * `agent-skills lock` writes; it is checked again, and copied.
 * @param options What the lock does about what does not match it, and when
 * it checks a skill's files.
 * @returns The policy, frozen; `config.lock` of an instance shows its
 * `mode` and `verify`.
 * @throws {StartupError} `invalid_option` for an option that is not one,
 * `invalid_lock` for a lock that is not one, naming the field.
 *
 * @example Serve only the skills of a lock
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import {
 *   createSkillLock,
 *   formatSkillLock,
 *   lockPolicy,
 *   parseSkillLock,
 * } from "@clarvis/agent-skills/lock";
 *
 * const roots = ["fixtures/demo/user-store"];
 * // What `agent-skills lock` writes, and a host reads at its start.
 * const text = formatSkillLock(createSkillLock({ roots, home: "/home/ada" }).lock);
 * const skills = createAgentSkills({
 *   roots,
 *   home: "/home/ada",
 *   lock: lockPolicy(parseSkillLock(text), { mode: "report" }),
 * });
 * console.log(skills.config.lock?.mode); // "report"
 * console.log(skills.listSkills().length); // 3
 * ```
 */
export function lockPolicy(
  lock: SkillLock,
  options: LockPolicyOptions = {},
): SkillLockPolicy {
  const given = readFields(
    objectOptions(options, "lockPolicy", OPTION_KEYS, { hints: HINTS }),
    OPTION_KEYS,
  );
  const mode = checkedOption(given.mode, "mode", LOCK_MODE) ?? "enforce";
  const verify = checkedOption(given.verify, "verify", LOCK_VERIFY) ??
    "lazy";
  const read = readLock(lock);
  if ("problem" in read) {
    throw new StartupError(
      "invalid_lock",
      `Option "lock" is not a skill lock: ${read.problem}`,
    );
  }
  const skills = new Map<string, LockedSkill>();
  for (const skill of read.lock.skills) skills.set(skill.name, skill);
  const locked = Object.freeze({ mode, verify, skills });
  return makeLockPolicy({ mode, verify }, {
    digest: digestOf,
    admit: (skill, config) => lockProblem(locked, skill, config),
    guard: (warn) => new LockGuard(locked, warn),
  });
}

/**
 * Every option {@linkcode lockPolicy} takes. An option added to
 * LockPolicyOptions but not here does not type-check.
 */
const OPTION_KEYS = Object.keys(
  { mode: true, verify: true } satisfies Record<keyof LockPolicyOptions, true>,
) as ReadonlyArray<keyof LockPolicyOptions>;

/** The options createAgentSkills() took before, and what they are now. */
const HINTS: Readonly<Record<string, string>> = {
  lockMode: "mode",
  lockVerify: "verify",
};

const LOCK_MODE = oneOf("enforce", "report");
const LOCK_VERIFY = oneOf("lazy", "eager");
