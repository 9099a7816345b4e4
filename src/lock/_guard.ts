/**
 * The skill lock on the tiers: a skill's listing must be the locked one
 * (`loadSkill()`, `activate()`), a path must name a locked file
 * (`resourcePath()`), and bytes read must be the locked ones, by size and
 * digest (`readResource()`). Under the policy's `mode: "report"` each of
 * these warns instead of throwing. Discovery checked the manifest already
 * (`_admit.ts`).
 *
 * @module
 */

import { basename, posix } from "node:path";
import type { DiscoveredSkill } from "../discovery/_types.ts";
import { SkillError } from "../errors.ts";
import type { ReadGuard } from "../registry/_integrity.ts";
import { oneLineSafe } from "../_text.ts";
import type { WarnSink } from "../warn.ts";
import { digestOf } from "./_digest.ts";
import { named } from "./_lock_skill.ts";
import type { LockedPolicy } from "./_read.ts";
import type { LockedFile, LockedSkill } from "./skill_lock.ts";

/** What the tiers check against a lock, and where a reporting lock warns. */
export class LockGuard implements ReadGuard {
  readonly #policy: LockedPolicy;
  readonly #warn: WarnSink;
  readonly #files = new WeakMap<LockedSkill, ReadonlyMap<string, LockedFile>>();

  constructor(policy: LockedPolicy, warn: WarnSink) {
    this.#policy = policy;
    this.#warn = warn;
  }

  /**
   * Refuses a skill's resource listing unless it is the locked one: every
   * file listed is locked, and every locked file is listed.
   *
   * @throws {SkillError} `integrity_mismatch`, when the lock is enforced.
   */
  listing(skill: DiscoveredSkill, resources: readonly string[]): void {
    const files = this.#lockedFiles(skill);
    if (files === undefined) return;
    const listed = new Set(resources);
    const manifest = basename(skill.info.path);
    const added = resources.filter((rel) => !files.has(rel));
    const missing = [...files.keys()].filter((rel) =>
      rel !== manifest && !listed.has(rel)
    );
    if (added.length === 0 && missing.length === 0) return;
    const parts = [
      ...(added.length === 0 ? [] : [`not in the lock: ${named(added)}`]),
      ...(missing.length === 0 ? [] : [`locked but gone: ${named(missing)}`]),
    ];
    this.#refuse(skill, {
      path: skill.info.dir,
      why: `its files differ from the lock (${parts.join("; ")})`,
    });
  }

  /**
   * Refuses a path that names no locked file of the skill: `rel` as given
   * must be locked, and so must the file it resolved to (`path`, a real
   * path inside the skill's real directory), so that a locked symlink
   * pointed at another file since gives no path to it.
   *
   * @throws {SkillError} `integrity_mismatch`, when the lock is enforced.
   */
  path(skill: DiscoveredSkill, rel: string, path: string): void {
    const files = this.#lockedFiles(skill);
    if (files === undefined) return;
    const key = lockKey(rel);
    const { realDir } = skill.place;
    const resolved = path.startsWith(`${realDir}/`)
      ? path.slice(realDir.length + 1)
      : undefined;
    if (!files.has(key)) {
      this.#refuse(skill, {
        path,
        why: `its file ${JSON.stringify(key)} is not in the lock`,
      });
    } else if (resolved !== undefined && !files.has(resolved)) {
      this.#refuse(skill, {
        path,
        why: `its file ${JSON.stringify(key)} leads to ${
          JSON.stringify(resolved)
        }, which is not in the lock`,
      });
    }
  }

  /**
   * Refuses bytes read from a skill's file unless they are the locked ones:
   * the file is locked, of the locked size, with the locked digest.
   *
   * @throws {SkillError} `integrity_mismatch`, when the lock is enforced.
   */
  read(skill: DiscoveredSkill, rel: string, bytes: Uint8Array): void {
    const files = this.#lockedFiles(skill);
    if (files === undefined) return;
    const key = lockKey(rel);
    const file = files.get(key);
    const shown = JSON.stringify(key);
    const path = posix.join(skill.info.dir, key);
    if (file === undefined) {
      this.#refuse(skill, {
        path,
        why: `its file ${shown} is not in the lock`,
      });
    } else if (file.size !== bytes.length) {
      this.#refuse(skill, {
        path,
        why:
          `its file ${shown} is ${bytes.length} bytes long, and was ${file.size} when it was locked`,
      });
    } else if (digestOf(bytes) !== file.digest) {
      this.#refuse(skill, {
        path,
        why:
          `its file ${shown} changed since it was locked (its digest is not ${file.digest})`,
      });
    }
  }

  /** The locked files of a served skill by path (the lock admitted it). */
  #lockedFiles(
    skill: DiscoveredSkill,
  ): ReadonlyMap<string, LockedFile> | undefined {
    const { skills } = this.#policy;
    const name = skill.info.name;
    // Under "report", a skill the lock does not hold is served: nothing to check.
    const locked = skills.get(name);
    if (locked === undefined) return undefined;
    let files = this.#files.get(locked);
    if (files === undefined) {
      files = new Map(locked.files.map((file) => [file.path, file]));
      this.#files.set(locked, files);
    }
    return files;
  }

  #refuse(
    skill: DiscoveredSkill,
    { path, why }: { path: string; why: string },
  ): void {
    const name = skill.info.name;
    const message = `Skill "${oneLineSafe(name)}" does not match the lock: ${
      oneLineSafe(why)
    }`;
    if (this.#policy.mode === "enforce") {
      throw new SkillError("integrity_mismatch", `${message}; refused`, {
        skill: name,
        path,
      });
    }
    this.#warn({ code: "integrity_mismatch", message, path });
  }
}

/** A confined resource path as the lock writes it: normalized, `/`-separated. */
function lockKey(rel: string): string {
  const normal = posix.normalize(rel);
  return normal.startsWith("./") ? normal.slice(2) : normal;
}
