/**
 * Skill locks: what a set of roots serves, each skill's files hashed
 * ({@linkcode createSkillLock}); a lock as text and back
 * ({@linkcode formatSkillLock}, {@linkcode parseSkillLock}); and what
 * changed since a lock was written ({@linkcode verifySkillLock}). The
 * digests are defined in docs/integrity.md.
 *
 * @module
 */

import { jsonSafe } from "../_text.ts";
import { StartupError } from "../errors.ts";
import type { AgentSkillsOptions } from "../options.ts";
import { checked, lockOf, type LockProblem } from "./_files.ts";
import { filesDrift, keyedDrift, sameSizes } from "./_lock_skill.ts";
import type { LockedSkill, SkillLock } from "./skill_lock.ts";

export type { LockProblem } from "./_files.ts";

/** A lock of what the roots serve, and the skills that could not be locked. */
export interface SkillLockResult {
  /** Every served skill that could be locked, in code point order of names. */
  readonly lock: SkillLock;
  /**
   * Why a served skill was left out of the lock (a file that cannot be
   * read, a listing cut at `maxResourceEntries`, a file name that is not
   * UTF-8 or holds a control character or a backslash); empty when every
   * skill is in it.
   */
  readonly problems: readonly LockProblem[];
}

/**
 * Scans the roots as `createAgentSkills()` does and locks every
 * served skill: its name, its directory relative to its root, and the
 * digest and size of each of its files (the manifest and every file
 * `loadSkill()` lists), each read as `readResource()` reads it.
 *
 * @param options As for `createAgentSkills()`; discovery warns as it does.
 * @returns The lock and the skills that could not be locked.
 * @throws {StartupError} As `createAgentSkills()` does for its options.
 * @throws {SkillError} Under `strict: true`, as `createAgentSkills()` does.
 *
 * @example Lock a store, then write the lock
 * ```ts
 * import { createSkillLock, formatSkillLock } from "@clarvis/agent-skills/lock";
 *
 * const { lock, problems } = createSkillLock({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * if (problems.length === 0) console.log(formatSkillLock(lock));
 * ```
 */
export function createSkillLock(
  options: AgentSkillsOptions = {},
): SkillLockResult {
  const { lock, problems } = lockOf(options, "createSkillLock");
  return { lock, problems };
}

/**
 * A lock as the text of its file: JSON, two-space indented, keys in a
 * fixed order, skills and files in code point order, no timestamps, ending
 * in a line feed; invisible and control characters written as `\u`
 * escapes. The same lock gives the same text.
 *
 * @throws {StartupError} `invalid_lock` for a lock that is not one.
 */
export function formatSkillLock(lock: SkillLock): string {
  return `${
    jsonSafe(JSON.stringify(checked(lock, "formatSkillLock()"), null, 2))
  }\n`;
}

/**
 * A lock file's text, parsed and checked: each field's type, each path
 * relative and inside its skill, each digest well formed, and each skill's
 * digest the one its files give.
 *
 * @param text The file's text.
 * @param source What the text is, for messages (a file's path).
 * @throws {StartupError} `invalid_lock`, naming the field and its value.
 *
 * @example Read a lock written by `agent-skills lock`
 * ```ts
 * import { parseSkillLock } from "@clarvis/agent-skills/lock";
 *
 * const lock = parseSkillLock('{"agentSkillsLock": 1, "skills": []}');
 * console.log(lock.skills.length); // 0
 * ```
 */
export function parseSkillLock(text: string, source = "the lock"): SkillLock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StartupError(
      "invalid_lock",
      `${source} is not JSON: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
  return checked(value, source, { parsed: true });
}

/** What changed in one skill since it was locked. */
export interface SkillDrift {
  /** The skill's name. */
  readonly name: string;
  /** Where it was locked and where it is now, when it moved. */
  readonly moved?: { readonly locked: string; readonly found: string };
  /** Its files that are not in the lock. */
  readonly added: readonly string[];
  /** Its locked files that are gone. */
  readonly removed: readonly string[];
  /** Its files whose bytes are not the locked ones. */
  readonly changed: readonly string[];
}

/** What differs between a lock and what the roots serve now. */
export interface LockDrift {
  /** Served skills the lock does not hold, by name. */
  readonly added: readonly string[];
  /** Locked skills no longer served, by name. */
  readonly removed: readonly string[];
  /** Skills served and locked whose files or place differ. */
  readonly changed: readonly SkillDrift[];
}

/**
 * What differs between two locks: `locked`, as written before, and
 * `found`, of what is served now. Every list is in code point order.
 */
function lockDrift(locked: SkillLock, found: SkillLock): LockDrift {
  const { added, removed, changed } = keyedDrift(locked.skills, found.skills, {
    key: (skill) => skill.name,
    same: (was, now) =>
      was.digest === now.digest && was.path === now.path &&
      sameSizes(was, now),
  });
  return {
    added,
    removed,
    changed: changed.map(([was, now]) => skillDrift(was, now)),
  };
}

function skillDrift(was: LockedSkill, now: LockedSkill): SkillDrift {
  return {
    name: now.name,
    ...(was.path === now.path
      ? {}
      : { moved: { locked: was.path, found: now.path } }),
    ...filesDrift(was, now),
  };
}

/** What {@linkcode verifySkillLock} found. */
export interface LockVerification {
  /** Whether everything matches: no drift and no problem. */
  readonly ok: boolean;
  /** What differs from the lock. */
  readonly drift: LockDrift;
  /** Served skills whose files could not be read to compare. */
  readonly problems: readonly LockProblem[];
  /** The directory of each skill served now, by name. */
  readonly dirs: Readonly<Record<string, string>>;
}

/**
 * Compares what the roots serve now with a lock: {@linkcode createSkillLock}
 * over `options`, then how the two locks differ, skill by skill and file by
 * file. A served skill that cannot be read is a problem, neither added nor
 * removed.
 *
 * @param lock The lock, as {@linkcode parseSkillLock} gives it.
 * @param options As for `createAgentSkills()`.
 * @throws {StartupError} `invalid_lock` for a lock that is not one, and as
 * `createAgentSkills()` does for its options.
 *
 * @example Fail a build when a skill changed
 * ```ts
 * import { createSkillLock, verifySkillLock } from "@clarvis/agent-skills/lock";
 *
 * const options = { roots: ["fixtures/demo/user-store"], home: "/home/ada" };
 * const { lock } = createSkillLock(options);
 * const { ok, drift } = verifySkillLock(lock, options);
 * console.log(ok, drift.changed.length); // true 0
 * ```
 */
export function verifySkillLock(
  lock: SkillLock,
  options: AgentSkillsOptions = {},
): LockVerification {
  const locked = checked(lock, "verifySkillLock()");
  const { lock: found, problems, dirs } = lockOf(options, "verifySkillLock");
  const unreadable = new Set(problems.map((problem) => problem.skill));
  const drift = lockDrift(locked, found);
  const kept = {
    ...drift,
    removed: drift.removed.filter((name) => !unreadable.has(name)),
  };
  const ok = kept.added.length === 0 && kept.removed.length === 0 &&
    kept.changed.length === 0 && problems.length === 0;
  return { ok, drift: kept, problems, dirs };
}
