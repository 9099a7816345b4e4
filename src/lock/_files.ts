/**
 * A lock of what the roots serve: every served skill locked
 * (`_lock_skill.ts` reads and hashes one skill's files), for the
 * lock, the CLI and the Skills Extension listing (`lockServed`, `lockOf`),
 * and a lock as given checked (`checked`). A skill that cannot be locked
 * whole is left out, with its problems.
 *
 * @module
 */

import { comparePaths } from "../_path_order.ts";
import { resolveOptions, type SkillConfig } from "../config/config.ts";
import { reporter } from "../discovery/_problems.ts";
import type { DiscoveredSkill } from "../discovery/_types.ts";
import { StartupError } from "../errors.ts";
import type { AgentSkillsOptions } from "../options.ts";
import { buildSnapshot } from "../registry/_snapshot.ts";
import { warnerFor } from "../warn.ts";
import { type LockProblem, lockSkill } from "./_lock_skill.ts";
import { readLock } from "./_read.ts";
import type { LockedSkill, SkillLock } from "./skill_lock.ts";

export type { LockProblem };

/** A served skill and its entry in a lock. */
export interface ServedLock {
  readonly skill: DiscoveredSkill;
  readonly locked: LockedSkill;
}

/**
 * Scans the roots of `options` as `createAgentSkills()` does and locks each
 * served skill: the skills locked, in code point order of their names, and
 * the problems of those that could not be.
 */
export function lockServed(
  options: AgentSkillsOptions,
  owner: string,
): {
  served: ServedLock[];
  problems: LockProblem[];
  config: SkillConfig;
} {
  const { config, onWarning } = resolveOptions(options, { owner });
  const report = reporter({
    strict: config.strict,
    warn: warnerFor(onWarning),
  });
  const snapshot = buildSnapshot(config, report);
  const served: ServedLock[] = [];
  const problems: LockProblem[] = [];
  for (const skill of snapshot.byName.values()) {
    const locking = lockSkill(skill, config);
    if ("locked" in locking) served.push({ skill, locked: locking.locked });
    else problems.push(...locking.problems);
  }
  served.sort((a, b) => comparePaths(a.locked.name, b.locked.name));
  return { served, problems, config };
}

/**
 * A lock of what the roots serve (checked, so that `lockPolicy()` takes it
 * as it is), with each served skill's directory.
 */
export function lockOf(
  options: AgentSkillsOptions,
  owner: string,
): {
  lock: SkillLock;
  problems: LockProblem[];
  dirs: Record<string, string>;
} {
  const { served, problems } = lockServed(options, owner);
  const dirs: Record<string, string> = Object.create(null);
  for (const { skill } of served) dirs[skill.info.name] = skill.info.dir;
  return {
    // Checked as a lock given back is checked, so that lockPolicy()
    // takes it as it is.
    lock: checked(
      { agentSkillsLock: 1, skills: served.map(({ locked }) => locked) },
      owner,
    ),
    problems,
    dirs,
  };
}

/**
 * A lock as given, checked and frozen; else `invalid_lock` naming `source`.
 * `parsed`: `value` is what `JSON.parse` just returned (see `readLock`).
 */
export function checked(
  value: unknown,
  source: string,
  { parsed = false }: { parsed?: boolean } = {},
): SkillLock {
  const read = readLock(value, { parsed });
  if ("lock" in read) return read.lock;
  throw new StartupError(
    "invalid_lock",
    `${source} is not a skill lock: ${read.problem}`,
  );
}
