/**
 * A skill read, held against the skill lock of the config: it must be
 * locked under its name, found where the lock found it, and its manifest's
 * bytes must have the locked digest. The manifest is checked here, from the
 * bytes discovery read anyway; the registry checks every other file as it is
 * listed or read, and, under `lockVerify: "eager"`, here too, through the
 * check it gives discovery (`registry/_lock_skill.ts`).
 *
 * @module
 */

import { relative, sep } from "node:path";
import type { SkillConfig } from "../config/config.ts";
import type { LockedFile, LockedSkill } from "../skill_lock.ts";
import { oneLineSafe } from "../_text.ts";
import type { DiscoveredSkill, FilesCheck, Problem } from "./_types.ts";

/**
 * Why the lock refuses a skill (`drops` when the lock is enforced), or
 * `undefined` when it admits it or no lock is configured.
 */
export function lockProblem(
  config: SkillConfig,
  skill: DiscoveredSkill,
  checkFiles?: FilesCheck,
): Problem | undefined {
  const policy = config.lock;
  if (policy === undefined) return undefined;
  const { info } = skill;
  const locked = policy.skills.get(info.name);
  if (locked === undefined) {
    return refusal(policy.mode, skill, {
      code: "unlocked_skill",
      why: "is not in the lock",
      hint: "; if it is wanted, lock it again with agent-skills lock",
    });
  }
  const mismatch = (why: string): Problem =>
    refusal(policy.mode, skill, {
      code: "integrity_mismatch",
      why: `does not match the lock: ${why}`,
    });
  const path = placeInRoot(info);
  if (path !== locked.path) {
    return mismatch(
      `it was locked at "${oneLineSafe(locked.path)}" in its root, and is at "${
        oneLineSafe(path)
      }"`,
    );
  }
  const name = info.path.slice(info.path.lastIndexOf("/") + 1);
  const file = fileOf(locked, name);
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
  if (policy.verify === "eager" && checkFiles !== undefined) {
    const why = checkFiles(skill, locked);
    if (why !== undefined) return mismatch(oneLineSafe(why));
  }
  return undefined;
}

/** The locked file of a skill at `path`, if the lock holds one. */
function fileOf(locked: LockedSkill, path: string): LockedFile | undefined {
  for (const file of locked.files) if (file.path === path) return file;
  return undefined;
}

/** The problem of a skill the lock refuses (or, reporting, warns about). */
function refusal(
  mode: "enforce" | "report",
  { info }: DiscoveredSkill,
  { code, why, hint = "" }: {
    code: "unlocked_skill" | "integrity_mismatch";
    why: string;
    hint?: string;
  },
): Problem {
  const drops = mode === "enforce";
  const outcome = drops ? "not served" : 'served, as lockMode is "report"';
  return {
    code,
    message: `Skill "${
      oneLineSafe(info.name)
    }" at ${info.dir} ${why} (${outcome})${hint}`,
    path: info.path,
    skill: info.name,
    drops,
  };
}

/**
 * A skill directory's path relative to its root, `/`-separated, as a lock
 * records it.
 */
export function placeInRoot(info: { root: string; dir: string }): string {
  const { root, dir } = info;
  // A skill directory is found below its root by name: its path starts so.
  if (dir.startsWith(root) && dir[root.length] === "/") {
    return dir.slice(root.length + 1);
  }
  return relative(root, dir).split(sep).join("/");
}
