/**
 * Resource paths that cannot leave their skill: the confined resolve of
 * `resourcePath()` and the confined read of `readResource()`, what a
 * security review reads first (docs/confinement.md).
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

/** A skill's entry, and the place of its directory discovery recorded. */
export interface ConfinedSkill {
  readonly info: SkillInfo;
  readonly place: SkillPlace;
}

/**
 * Why the skill's directory is no longer the one discovery recorded, or
 * `undefined`; `not_found` when it is gone, `unreadable` when denied.
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
 * The real path of the regular file `rel` inside the skill's directory
 * (still the snapshot's), and its `lstat`.
 *
 * @throws {SkillError} `invalid_input`, `path_escape`, `not_found`,
 * `not_a_file` or `unreadable`.
 */
export function confinedFile(
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
  const at = (path: string): ResourceAt => ({ skill, rel, path });
  if (!resolved.ok) {
    throw missing(at(lexical), resolved.error, "does not exist at");
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
  if (!read.ok) throw missing(at(real), read.error, "vanished from");
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

/** `unreadable` where the path may not be read (never saying if it exists), else `not_found`. */
function missing(at: ResourceAt, error: unknown, what: string): SkillError {
  const { skill, rel, path } = at;
  if (refused(error, path)) return unreadable(at, error);
  const why = errorCode(error) === "ENOENT" ? "" : ` (${reason(error)})`;
  return new SkillError(
    "not_found",
    `Resource "${rel}" of skill "${skill}" ${what} ${path}${why}`,
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
  /** `false` opens through a final symlink, as Deno short of `--allow-all`. */
  noFollow?: boolean;
}

/**
 * Reads the confined file: opened without blocking (nor through a final
 * symlink where the runtime honours that), then the descriptor checked before
 * a byte is read: a regular file, its kernel path inside the skill (where
 * `/proc/self/fd` can be read), and `rel` resolved again leading to it.
 *
 * @throws {SkillError} As `confinedFile`, and `too_large` past `maxBytes`.
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
    const bytes = status.size > maxBytes
      ? undefined
      : readAtMost(fd, { size: status.size, limit: maxBytes + 1 });
    if (bytes !== undefined && bytes.length <= maxBytes) return bytes;
    throw new SkillError(
      "too_large",
      `Resource "${rel}" of skill "${skill}" is larger than the ${maxBytes}-byte cap (option maxResourceBytes): ${real}`,
      { skill, path: real },
    );
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw unreadable({ skill, rel, path: real }, error);
  } finally {
    closeSync(fd);
  }
}

/** A skill's resource, and the path where it was looked for. */
type ResourceAt = { skill: string; rel: string; path: string };

function unreadable(at: ResourceAt, error: unknown): SkillError {
  const { skill, rel, path } = at;
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
  const { skill, rel, path } = at;
  const code = errorCode(error);
  if (code !== "ELOOP" && code !== "ENOENT") return unreadable(at, error);
  return new SkillError(
    code === "ELOOP" ? "path_escape" : "not_found",
    `Resource "${rel}" of skill "${skill}" ${
      code === "ELOOP"
        ? `became a symlink after it was checked (${path}); nothing was read`
        : `vanished from ${path}`
    }`,
    { skill, path, cause: error },
  );
}
