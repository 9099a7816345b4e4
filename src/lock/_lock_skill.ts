/**
 * One served skill locked: each of its files (the manifest and every file
 * `loadSkill()` lists) read as `readResource()` reads it and hashed, or the
 * problems that keep it out of a lock; and how two entries of one skill
 * differ, file by file. The lock's commands lock every served skill so
 * (`_files.ts`); under the policy's `verify: "eager"`, discovery holds each
 * skill it reads against its entry so (`_admit.ts`).
 *
 * @module
 */

import { basename, relative, sep } from "node:path";
import type { SkillConfig } from "../config/config.ts";
import type { DiscoveredSkill } from "../discovery/_types.ts";
import { SkillError } from "../errors.ts";
import { comparePaths } from "../_path_order.ts";
import { readConfined } from "../registry/_confine.ts";
import { listResources } from "../registry/_resources.ts";
import { digestOf, skillDigest, unlockablePath } from "./_digest.ts";
import { readLock } from "./_read.ts";
import type { LockedFile, LockedSkill } from "./skill_lock.ts";

/** Why one skill could not be locked. */
export interface LockProblem {
  /** The skill's name. */
  readonly skill: string;
  /** The file or directory concerned. */
  readonly path: string;
  /** A sentence naming the file and what to do. */
  readonly message: string;
}

/** A skill locked, or why it could not be. */
export type SkillLocking =
  | { readonly locked: LockedSkill }
  | { readonly problems: readonly LockProblem[] };

/**
 * Reads and hashes every file of a served skill, the manifest first: its
 * entry in a lock, or the problems that keep it out of one.
 */
export function lockSkill(
  skill: DiscoveredSkill,
  config: SkillConfig,
): SkillLocking {
  const { info } = skill;
  const problems: LockProblem[] = [];
  const problem = (path: string, message: string): void => {
    problems.push({ skill: info.name, path, message });
  };
  // A symlink that is dangling or leads outside is no file of the skill
  // (readResource() refuses it too); anything else left out is.
  const resources = listResources(skill, config, (warning) => {
    if (warning.code === "dangling_symlink") return;
    problem(
      warning.path ?? info.dir,
      `Cannot lock skill "${info.name}": ${warning.message}`,
    );
  }, { outside: () => {} });
  const path = placeInRoot(info);
  const where = unlockablePath(path);
  if (where !== undefined) {
    problem(
      info.dir,
      `Cannot lock skill "${info.name}": its directory's path in its root, ${
        JSON.stringify(path)
      }, cannot be written in a lock (${where}); rename it`,
    );
  }
  const files: LockedFile[] = [];
  const manifest = basename(info.path);
  for (const rel of [manifest, ...resources]) {
    const why = unlockablePath(rel);
    if (why !== undefined) {
      problem(
        info.dir,
        `Cannot lock skill "${info.name}": the path of its file ${
          JSON.stringify(rel)
        } cannot be written in a lock (${why}); rename the file`,
      );
      continue;
    }
    try {
      // The manifest within the cap discovery read it under.
      const bytes = readConfined(skill, rel, {
        maxBytes: rel === manifest
          ? config.maxManifestBytes
          : config.maxResourceBytes,
      });
      files.push({ path: rel, digest: digestOf(bytes), size: bytes.length });
    } catch (error) {
      if (!(error instanceof SkillError)) throw error;
      problem(
        error.path ?? info.dir,
        `Cannot lock skill "${info.name}": ${error.message}`,
      );
    }
  }
  if (problems.length > 0) return { problems };
  files.sort((a, b) => comparePaths(a.path, b.path));
  const entry = { name: info.name, path, digest: skillDigest(files), files };
  // What a lock cannot hold (a name too long, with a control character)
  // is this skill's problem, not a lock that fails its own check.
  const read = readLock({ agentSkillsLock: 1, skills: [entry] });
  if ("problem" in read) {
    problem(
      info.path,
      `Cannot lock skill ${
        JSON.stringify(info.name)
      }: a lock cannot hold it (${read.problem})`,
    );
    return { problems };
  }
  return { locked: read.lock.skills[0] ?? entry };
}

/** How the files of two entries of one skill differ, each list in code point order. */
export interface FilesDrift {
  /** Files in `now` only. */
  readonly added: readonly string[];
  /** Files in `was` only. */
  readonly removed: readonly string[];
  /** Files in both, of another digest or size. */
  readonly changed: readonly string[];
}

/** How the files of `now` differ from those of `was`. */
export function filesDrift(was: LockedSkill, now: LockedSkill): FilesDrift {
  const { added, removed, changed } = keyedDrift(was.files, now.files, {
    key: (file) => file.path,
    same: (a, b) => a.digest === b.digest && a.size === b.size,
  });
  return { added, removed, changed: changed.map(([, file]) => file.path) };
}

/**
 * How the entries of `now` differ from those of `was`, matched by `key`:
 * the keys of entries added and removed, and the pairs (before, now) that
 * `same` does not find alike, each in code point order of the keys.
 */
export function keyedDrift<T>(
  was: readonly T[],
  now: readonly T[],
  { key, same }: { key: (entry: T) => string; same: (a: T, b: T) => boolean },
): { added: string[]; removed: string[]; changed: [T, T][] } {
  const before = new Map(was.map((entry) => [key(entry), entry]));
  const after = new Map(now.map((entry) => [key(entry), entry]));
  const added: string[] = [];
  const changed: [T, T][] = [];
  for (const [name, entry] of after) {
    const old = before.get(name);
    if (old === undefined) added.push(name);
    else if (!same(old, entry)) changed.push([old, entry]);
  }
  const removed = [...before.keys()].filter((name) => !after.has(name));
  return {
    added: added.sort(comparePaths),
    removed: removed.sort(comparePaths),
    changed: changed.sort(([a], [b]) => comparePaths(key(a), key(b))),
  };
}

/**
 * Why a skill's files now are not those of its entry in the lock (`locked`,
 * the entry of its name, found where the lock found it): each file read and
 * hashed anew, and named when added, gone or changed; `undefined` when
 * they are the locked ones.
 */
export function filesMismatch(
  skill: DiscoveredSkill,
  config: SkillConfig,
  locked: LockedSkill,
): string | undefined {
  const locking = lockSkill(skill, config);
  if ("problems" in locking) {
    const first = locking.problems[0]?.message ?? "";
    return `its files cannot all be read to compare them with the lock (${
      first.replace(/^Cannot lock skill "[^"]*": /, "")
    })`;
  }
  const now = locking.locked;
  if (now.digest === locked.digest && sameSizes(locked, now)) return undefined;
  const { added, removed, changed } = filesDrift(locked, now);
  if (added.length === 0 && removed.length === 0 && changed.length === 0) {
    return undefined;
  }
  const parts = [
    ...(changed.length === 0 ? [] : [`changed: ${named(changed)}`]),
    ...(added.length === 0 ? [] : [`not in the lock: ${named(added)}`]),
    ...(removed.length === 0 ? [] : [`locked but gone: ${named(removed)}`]),
  ];
  return `its files differ from the lock (${parts.join("; ")})`;
}

/**
 * Whether two entries of one digest give each file the same size (a size
 * is not part of the digest: a lock edited by hand may differ in one).
 */
export function sameSizes(was: LockedSkill, now: LockedSkill): boolean {
  return was.files.length === now.files.length &&
    was.files.every((file, i) => file.size === now.files[i]?.size);
}

/** Up to ten paths for a message, and how many more there are. */
export function named(paths: readonly string[]): string {
  const shown = paths.slice(0, 10).map((path) => JSON.stringify(path));
  const more = paths.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
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
