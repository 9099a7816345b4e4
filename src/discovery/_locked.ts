/**
 * A skill read, held against the skill lock of the config: it must be
 * locked under its name, found where the lock found it, and its manifest's
 * bytes must have the locked digest. Only the manifest is checked here, from
 * the bytes discovery read anyway; the registry checks every other file as
 * it is listed or read.
 *
 * @module
 */

import { basename, relative, sep } from "node:path";
import type { SkillConfig } from "../config/config.ts";
import { oneLineSafe } from "../_text.ts";
import type { DiscoveredSkill, Problem } from "./_types.ts";

/**
 * Why the lock refuses a skill (`drops` when the lock is enforced), or
 * `undefined` when it admits it or no lock is configured.
 */
export function lockProblem(
  config: SkillConfig,
  skill: DiscoveredSkill,
): Problem | undefined {
  const policy = config.lock;
  if (policy === undefined) return undefined;
  const { info } = skill;
  const drops = policy.mode === "enforce";
  const shown = `"${oneLineSafe(info.name)}" at ${info.dir}`;
  const outcome = drops ? "not served" : 'served, as lockMode is "report"';
  const locked = Object.hasOwn(policy.skills, info.name)
    ? policy.skills[info.name]
    : undefined;
  if (locked === undefined) {
    return {
      code: "unlocked_skill",
      message:
        `Skill ${shown} is not in the lock (${outcome}); if it is wanted, lock it again with agent-skills lock`,
      path: info.path,
      skill: info.name,
      drops,
    };
  }
  const mismatch = (why: string): Problem => ({
    code: "integrity_mismatch",
    message: `Skill ${shown} does not match the lock: ${why} (${outcome})`,
    path: info.path,
    skill: info.name,
    drops,
  });
  const path = relative(info.root, info.dir).split(sep).join("/");
  if (path !== locked.path) {
    return mismatch(
      `it was locked at "${oneLineSafe(locked.path)}" in its root, and is at "${
        oneLineSafe(path)
      }"`,
    );
  }
  const name = basename(info.path);
  const file = locked.files.find((file) => file.path === name);
  if (file === undefined) {
    return mismatch(`the lock holds no ${oneLineSafe(name)} for it`);
  }
  if (file.digest !== skill.digest) {
    return mismatch(
      `${
        oneLineSafe(name)
      } changed since it was locked (${file.digest} locked, ${skill.digest} now)`,
    );
  }
  return undefined;
}
