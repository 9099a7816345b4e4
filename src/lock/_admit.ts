/**
 * A skill discovery read, held against a lock policy: it must be locked
 * under its name, found where the lock found it, and its manifest's bytes
 * must have the locked digest. The manifest is checked here, from the
 * bytes discovery read anyway (and hashed, with the policy's digest); the
 * tiers check every other file as it is listed or read (`_guard.ts`), and,
 * under `verify: "eager"`, so does this check, reading them all
 * (`_lock_skill.ts`).
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import type { DiscoveredSkill, Problem } from "../discovery/_types.ts";
import { oneLineSafe } from "../_text.ts";
import { bareName } from "../_names.ts";
import { filesMismatch, placeInRoot } from "./_lock_skill.ts";
import type { LockedPolicy } from "./_read.ts";
import type { LockedFile, LockedSkill } from "./skill_lock.ts";

/**
 * Why the lock refuses a skill (`drops` when the lock is enforced), or
 * `undefined` when it admits it. Under `verify: "eager"`, every file of a
 * skill whose place and manifest match is read, within `config`'s caps.
 */
export function lockProblem(
  policy: LockedPolicy,
  skill: DiscoveredSkill,
  config: SkillConfig,
): Problem | undefined {
  const locked = policy.skills.get(skill.info.name);
  if (locked === undefined) {
    return refusal(policy.mode, skill, {
      code: "unlocked_skill",
      why: "is not in the lock",
      hint: "; if it is wanted, lock it again with agent-skills lock",
    });
  }
  const why = mismatchOf(skill, locked) ??
    (policy.verify === "eager"
      ? filesMismatch(skill, config, locked)
      : undefined);
  return why === undefined ? undefined : refusal(policy.mode, skill, {
    code: "integrity_mismatch",
    why: `does not match the lock: ${oneLineSafe(why)}`,
  });
}

/**
 * How a skill's place or manifest differs from its entry in the lock, or
 * `undefined` when they are the locked ones.
 */
function mismatchOf(
  { info, digest }: DiscoveredSkill,
  locked: LockedSkill,
): string | undefined {
  if (!isPlacedAt(info, locked.path)) {
    return `it was locked at "${locked.path}" in its root, and is at "${
      placeInRoot(info)
    }"`;
  }
  const name = info.path.endsWith("/SKILL.md")
    ? "SKILL.md"
    : info.path.slice(info.path.lastIndexOf("/") + 1);
  const file = fileOf(locked, name);
  if (file === undefined) return `the lock holds no ${name} for it`;
  if (file.digest !== digest) {
    return `${name} changed since it was locked (${file.digest} locked, ${digest} now)`;
  }
  return undefined;
}

/** Whether a skill directory is at `path` in its root (see placeInRoot). */
function isPlacedAt(
  { root, dir }: { root: string; dir: string },
  path: string,
): boolean {
  return dir.length === root.length + 1 + path.length &&
      dir.endsWith(path) && dir.startsWith(root) &&
      dir.charCodeAt(root.length) === 0x2f ||
    placeInRoot({ root, dir }) === path;
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
  const outcome = drops
    ? "not served"
    : 'served, as the lock policy\'s mode is "report"';
  return {
    code,
    message: `Skill "${
      oneLineSafe(info.name)
    }" at ${info.dir} ${why} (${outcome})${hint}`,
    path: info.path,
    // As every problem of discovery names it: without a plugin's namespace.
    skill: bareName(info),
    drops,
  };
}
