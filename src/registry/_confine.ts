/**
 * Resource paths that cannot leave their skill: the confined resolve of
 * `resourcePath()` and the confined read of `readResource()`. Small, and the
 * part of the library a security review reads first; the resource listing
 * of `loadSkill()` is `_resources.ts`.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { SkillError } from "../errors.ts";
import { openRegular, readAtMost } from "../fs/_read.ts";
import {
  errorCode,
  isInside,
  openedPath,
  reason,
  refused,
  sameFile,
  sameIdentity,
  tryRealpath,
  tryStatus,
} from "../fs/_status.ts";
import type { Status } from "../fs/_types.ts";
import type { SkillPlace } from "../discovery/_types.ts";
import { describe } from "../_text.ts";
import type { SkillInfo } from "../skill.ts";

/**
 * One skill as confinement sees it: its catalog entry, and the place of its
 * directory recorded at discovery (what every resource must be inside).
 */
export interface ConfinedSkill {
  readonly info: SkillInfo;
  readonly place: SkillPlace;
}

/**
 * Why the skill's directory is no longer the one discovery recorded, or
 * `undefined` while it is: the same device, inode and birth time, reached
 * the same way (one discovered as a plain directory must not have become a
 * symlink).
 *
 * @throws {SkillError} `not_found` when the directory is gone, `unreadable`
 * when the process may not look at it.
 */
export function changeOf({ info, place }: ConfinedSkill): string | undefined {
  const read = tryStatus(info.dir, { follow: place.viaLink });
  if (!read.ok && refused(read.error, place.realDir)) {
    throw new SkillError(
      "unreadable",
      `The directory ${info.dir} of skill "${info.name}" cannot be read (${
        reason(read.error)
      })`,
      { skill: info.name, path: info.dir, cause: read.error },
    );
  }
  if (!read.ok) {
    throw new SkillError(
      "not_found",
      `Skill "${info.name}" is gone from disk: its directory ${info.dir} cannot be resolved (${
        reason(read.error)
      })`,
      { skill: info.name, path: info.dir, cause: read.error },
    );
  }
  const stat = read.value;
  if (stat.kind === "symlink") return "it has become a symlink";
  if (stat.kind !== "directory") return "it is no longer a directory";
  if (!sameIdentity(stat, place)) {
    return `it is no longer the directory discovered at ${place.realDir}`;
  }
  return undefined;
}

/** The sentence that refuses a skill whose directory changed. */
export function changedMessage(info: SkillInfo, change: string): string {
  return `the directory ${info.dir} of skill "${info.name}" changed since the snapshot (${change}); refresh() picks up the new state`;
}

/**
 * Resolves `rel` inside the skill's directory to the real path of a regular
 * file, or throws. Once `rel` is known to be valid, the directory must still
 * be the one of the snapshot, and the file must be inside its real path.
 *
 * @throws {SkillError} `invalid_input`, `path_escape`, `not_found`,
 * `not_a_file` or `unreadable`.
 */
export function resolveConfined(
  confined: ConfinedSkill,
  rel: unknown,
): string {
  return confinedFile(confined, rel).real;
}

/**
 * {@linkcode resolveConfined}, with the file's status: an `lstat` of its
 * real path, so that a file that has become a symlink since it was resolved
 * is refused, not followed.
 */
function confinedFile(
  confined: ConfinedSkill,
  rel: unknown,
  seams: ReadSeams = {},
): { real: string; stat: Status } {
  const { info } = confined;
  const skill = info.name;
  if (typeof rel !== "string" || rel === "" || rel.includes("\0")) {
    throw new SkillError(
      "invalid_input",
      `Resource path ${
        describe(rel)
      } of skill "${skill}" must be a non-empty relative path without NUL bytes`,
      { skill },
    );
  }
  if (isAbsolute(rel) || /^[A-Za-z]:[\\/]/.test(rel) || rel.startsWith("\\")) {
    throw new SkillError(
      "invalid_input",
      `Resource path "${rel}" of skill "${skill}" is absolute: give a path relative to ${info.dir}`,
      { skill },
    );
  }
  const change = changeOf(confined);
  if (change !== undefined) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" refused: ${changedMessage(info, change)}`,
      { skill, path: info.dir },
    );
  }
  const dir = confined.place.realDir;
  const lexical = resolve(dir, rel);
  if (!isInside(lexical, dir)) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" leaves the directory of skill "${skill}" (${info.dir})`,
      { skill, path: lexical },
    );
  }
  const resolved = tryRealpath(lexical);
  if (!resolved.ok) {
    throw missing(
      { skill, rel, path: lexical },
      resolved.error,
      `does not exist at ${lexical}`,
    );
  }
  const real = resolved.value;
  seams.afterResolve?.();
  if (!isInside(real, dir)) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" of skill "${skill}" resolves to ${real}, outside the skill directory ${dir} (through a symlink, or moved)`,
      { skill, path: lexical },
    );
  }
  const read = tryStatus(real, { follow: false });
  if (!read.ok) {
    throw missing(
      { skill, rel, path: real },
      read.error,
      `vanished from ${real}`,
    );
  }
  const stat = read.value;
  if (stat.kind === "symlink") {
    throw new SkillError(
      "path_escape",
      `Resource "${rel}" of skill "${skill}" became a symlink after it was resolved (${real}); it is not followed`,
      { skill, path: real },
    );
  }
  if (stat.kind !== "file") {
    throw new SkillError(
      "not_a_file",
      `Resource "${rel}" of skill "${skill}" is ${
        stat.kind === "directory" ? "a directory" : "not a regular file"
      }: ${real}`,
      { skill, path: real },
    );
  }
  return { real, stat };
}

/**
 * The error for a resource whose path could not be resolved or looked at:
 * `unreadable` where the process may not read it, or where the runtime's
 * permissions do not grant it (so that `not_found` never tells whether an
 * ungranted file exists); else `not_found`, with the reason when it is not
 * simply that nothing is there (a loop, a file where a directory was).
 */
function missing(
  at: ResourceAt,
  error: unknown,
  what: string,
): SkillError {
  const { skill, rel, path } = at;
  if (refused(error, path)) return unreadable(at, error);
  const why = errorCode(error) === "ENOENT" ? "" : ` (${reason(error)})`;
  return new SkillError(
    "not_found",
    `Resource "${rel}" of skill "${skill}" ${what}${why}`,
    { skill, path, cause: error },
  );
}

/** Where tests step into {@linkcode readConfined}: a swap at each step. */
export interface ReadSeams {
  /** Between the first `realpath` and the `lstat` of what it resolved to. */
  afterResolve?: () => void;
  beforeOpen?: () => void;
  afterOpen?: () => void;
  /** Stands in for the kernel's path of an open descriptor. */
  openedPath?: (fd: number) => string | undefined;
  /**
   * `false` opens as a runtime that ignores `O_NOFOLLOW` does (Deno short of
   * `--allow-all`): through a final symlink.
   */
  noFollow?: boolean;
}

/**
 * Reads a resource so that what is read is the confined file: it resolves
 * `rel` as {@linkcode resolveConfined} does, opens the file (never through
 * a final symlink where the runtime honours that, never blocking), and
 * checks the open descriptor before a byte is read: it must be a regular
 * file; the kernel's path for it must be inside the skill (where the runtime
 * can read `/proc/self/fd`); and `rel` resolved again must lead to it, as an
 * `lstat` of that real path, a regular file with the descriptor's device and
 * inode. A swap between the check and the open is refused, not read.
 *
 * @throws {SkillError} As `resolveConfined`; `path_escape` for a file
 * swapped while it was opened; `not_a_file` for a special file swapped in;
 * `too_large` past `maxBytes`; `unreadable` when the file exists but cannot
 * be read.
 */
export function readConfined(
  confined: ConfinedSkill,
  rel: string,
  { maxBytes, seams = {} }: { maxBytes: number; seams?: ReadSeams },
): Uint8Array {
  const { real } = confinedFile(confined, rel, seams);
  const skill = confined.info.name;
  seams.beforeOpen?.();
  const opened = openRegular(real, {
    follow: false,
    noFollowFlag: seams.noFollow ?? true,
  });
  if (opened.kind === "unopenable") {
    throw openError({ skill, rel, path: real }, opened.error);
  }
  if (opened.kind === "not_a_file") {
    throw new SkillError(
      "not_a_file",
      `Resource "${rel}" of skill "${skill}" was replaced by ${opened.what} after it was checked (${real}); nothing was read`,
      { skill, path: real },
    );
  }
  const { fd, status } = opened;
  try {
    seams.afterOpen?.();
    const where = (seams.openedPath ?? openedPath)(fd);
    const again = confinedFile(confined, rel);
    if (
      (where !== undefined && !isInside(where, confined.place.realDir)) ||
      !sameFile(status, again.stat)
    ) {
      throw new SkillError(
        "path_escape",
        `Resource "${rel}" of skill "${skill}" was swapped for another file while it was opened (${real}); nothing was read`,
        { skill, path: real },
      );
    }
    const tooLarge = (): SkillError =>
      new SkillError(
        "too_large",
        `Resource "${rel}" of skill "${skill}" is larger than the ${maxBytes}-byte cap (option maxResourceBytes): ${real}`,
        { skill, path: real },
      );
    if (status.size > maxBytes) throw tooLarge();
    const bytes = readAtMost(fd, { size: status.size, limit: maxBytes + 1 });
    if (bytes.length > maxBytes) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw unreadable({ skill, rel, path: real }, error);
  } finally {
    closeSync(fd);
  }
}

/** A skill's resource, at the path where it was looked for. */
interface ResourceAt {
  readonly skill: string;
  readonly rel: string;
  readonly path: string;
}

/** `unreadable` for a resource the process may not read. */
function unreadable(
  { skill, rel, path }: ResourceAt,
  error: unknown,
): SkillError {
  return new SkillError(
    "unreadable",
    `Resource "${rel}" of skill "${skill}" cannot be read at ${path} (${
      reason(error)
    })`,
    { skill, path, cause: error },
  );
}

/** The error for a confined file that would not open. */
function openError(at: ResourceAt, error: unknown): SkillError {
  const { skill, rel, path: real } = at;
  const details = { skill, path: real };
  switch (errorCode(error)) {
    case "ELOOP":
      return new SkillError(
        "path_escape",
        `Resource "${rel}" of skill "${skill}" became a symlink after it was checked (${real}); nothing was read`,
        { ...details, cause: error },
      );
    case "ENOENT":
      return new SkillError(
        "not_found",
        `Resource "${rel}" of skill "${skill}" vanished from ${real}`,
        { ...details, cause: error },
      );
    default:
      return unreadable(at, error);
  }
}
