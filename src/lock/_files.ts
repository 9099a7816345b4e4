/**
 * A lock of what the roots serve: one served skill's files, each read and
 * hashed as `readResource()` reads it (the manifest and every file
 * `loadSkill()` lists), every served skill locked so (`lockServed`, for the
 * lock, the CLI and the Skills Extension listing), and a lock as given
 * checked (`checked`). What would leave a lock incomplete (a listing cut at
 * a cap, a name that is not UTF-8, a directory or file that cannot be read,
 * a name or path a lock cannot hold) is a problem of the skill, and the
 * skill is not locked.
 *
 * @module
 */

import { basename } from "node:path";
import {
  comparePaths,
  digestOf,
  skillDigest,
  unlockablePath,
} from "../_digest.ts";
import { resolveOptions, type SkillConfig } from "../config/config.ts";
import { reporter } from "../discovery/_report.ts";
import type { AgentSkillsOptions } from "../options.ts";
import { buildSnapshot } from "../registry/_snapshot.ts";
import { warnerFor } from "../warn.ts";
import { readLock } from "../config/_lock.ts";
import { StartupError } from "../errors.ts";
import type { SkillLock } from "../skill_lock.ts";
import { placeInRoot } from "../discovery/_locked.ts";
import type { DiscoveredSkill } from "../discovery/_types.ts";
import { SkillError } from "../errors.ts";
import { readConfined } from "../registry/_confine.ts";
import { listResources } from "../registry/_resources.ts";
import type { LockedFile, LockedSkill } from "../skill_lock.ts";

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
 * A lock of what the roots serve (checked, so that it may be given to
 * `createAgentSkills()` as it is), with each served skill's directory.
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
    // Checked as a lock given back is checked, so that it may be given
    // to createAgentSkills() as it is.
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
