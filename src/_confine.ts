/**
 * Resource paths that cannot leave their skill: `resourcePath()` checks and
 * resource enumeration for `loadSkill()`.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { basename, isAbsolute, resolve, sep } from "node:path";
import { SkillError } from "./errors.ts";
import {
  _childPath,
  _errorCode,
  _isPermissionDenied,
  type _KernelPaths,
  _listOwnDirectory,
  _openedPath,
  _openRegular,
  _readAtMost,
  _readGranted,
  _reason,
  _sameFile,
  type _Status,
  _tryRealpath,
  _tryStatus,
} from "./_fs.ts";
import type { _SkillPlace } from "./_scan.ts";
import { _describe } from "./_text.ts";
import type { SkillInfo } from "./skill.ts";
import type { SkillConfig } from "./config.ts";
import type { WarnSink } from "./warn.ts";

/** Directory names resource enumeration never enters. */
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([
  ".git",
  "node_modules",
]);

/** Whether `path` is `dir` itself or inside it; both must be real paths. */
function _isInside(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path === dir || path.startsWith(prefix);
}

/**
 * One skill as confinement sees it: its catalog entry, and the place of its
 * directory recorded at discovery (what every resource must be inside).
 */
export interface _ConfinedSkill {
  readonly info: SkillInfo;
  readonly place: _SkillPlace;
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
function _changeOf({ info, place }: _ConfinedSkill): string | undefined {
  const read = _tryStatus(info.dir, place.viaLink);
  if (
    !read.ok &&
    (_isPermissionDenied(read.error) || !_readGranted(place.realDir))
  ) {
    throw new SkillError(
      "unreadable",
      `The directory ${info.dir} of skill "${info.name}" cannot be read (${
        _reason(read.error)
      })`,
      { skill: info.name, path: info.dir },
      { cause: read.error },
    );
  }
  if (!read.ok) {
    throw new SkillError(
      "not_found",
      `Skill "${info.name}" is gone from disk: its directory ${info.dir} cannot be resolved (${
        _reason(read.error)
      })`,
      { skill: info.name, path: info.dir },
      { cause: read.error },
    );
  }
  const stat = read.value;
  if (stat.kind === "symlink") return "it has become a symlink";
  if (stat.kind !== "directory") return "it is no longer a directory";
  if (
    stat.dev !== place.dev || stat.ino !== place.ino ||
    stat.birthtimeMs !== place.birthtimeMs
  ) {
    return `it is no longer the directory discovered at ${place.realDir}`;
  }
  return undefined;
}

/** The sentence that refuses a skill whose directory changed. */
function _changedMessage(info: SkillInfo, change: string): string {
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
export function _resolveResource(
  confined: _ConfinedSkill,
  rel: unknown,
): string {
  return _confinedFile(confined, rel).real;
}

/**
 * {@linkcode _resolveResource}, with the file's status: an `lstat` of its
 * real path, so that a file that has become a symlink since it was resolved
 * is refused, not followed.
 */
function _confinedFile(
  confined: _ConfinedSkill,
  rel: unknown,
  seams: _ReadSeams = {},
): { real: string; stat: _Status } {
  const { info } = confined;
  const skill = info.name;
  if (typeof rel !== "string" || rel === "" || rel.includes("\0")) {
    throw new SkillError(
      "invalid_input",
      `Resource path ${
        _describe(rel)
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
  const change = _changeOf(confined);
  if (change !== undefined) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" refused: ${_changedMessage(info, change)}`,
      { skill, path: info.dir },
    );
  }
  const dir = confined.place.realDir;
  const lexical = resolve(dir, rel);
  if (!_isInside(lexical, dir)) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" leaves the directory of skill "${skill}" (${info.dir})`,
      { skill, path: lexical },
    );
  }
  const resolved = _tryRealpath(lexical);
  if (!resolved.ok) {
    throw _missing(
      { skill, rel, path: lexical, error: resolved.error },
      `does not exist at ${lexical}`,
    );
  }
  const real = resolved.value;
  seams.afterResolve?.();
  if (!_isInside(real, dir)) {
    throw new SkillError(
      "path_escape",
      `Resource path "${rel}" of skill "${skill}" resolves to ${real}, outside the skill directory ${dir} (through a symlink, or moved)`,
      { skill, path: lexical },
    );
  }
  const read = _tryStatus(real, false);
  if (!read.ok) {
    throw _missing(
      { skill, rel, path: real, error: read.error },
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
function _missing(
  { skill, rel, path, error }: {
    skill: string;
    rel: string;
    path: string;
    error: unknown;
  },
  what: string,
): SkillError {
  if (_isPermissionDenied(error) || !_readGranted(path)) {
    return _unreadable(skill, rel, path, error);
  }
  const why = _errorCode(error) === "ENOENT" ? "" : ` (${_reason(error)})`;
  return new SkillError(
    "not_found",
    `Resource "${rel}" of skill "${skill}" ${what}${why}`,
    { skill, path },
    { cause: error },
  );
}

/** Where tests step into {@linkcode _readResource}: a swap at each step. */
export interface _ReadSeams {
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
 * `rel` as {@linkcode _resolveResource} does, opens the file (never through
 * a final symlink where the runtime honours that, never blocking), and
 * checks the open descriptor before a byte is read: it must be a regular
 * file; the kernel's path for it must be inside the skill (where the runtime
 * can read `/proc/self/fd`); and `rel` resolved again must lead to it, as an
 * `lstat` of that real path, a regular file with the descriptor's device and
 * inode. A swap between the check and the open is refused, not read.
 *
 * @throws {SkillError} As `_resolveResource`; `path_escape` for a file
 * swapped while it was opened; `not_a_file` for a special file swapped in;
 * `too_large` past `maxBytes`; `unreadable` when the file exists but cannot
 * be read.
 */
export function _readResource(
  confined: _ConfinedSkill,
  rel: string,
  maxBytes: number,
  seams: _ReadSeams = {},
): Uint8Array {
  const { real } = _confinedFile(confined, rel, seams);
  const skill = confined.info.name;
  seams.beforeOpen?.();
  const opened = _openRegular(real, {
    follow: false,
    noFollowFlag: seams.noFollow ?? true,
  });
  if (opened.kind === "unopenable") {
    throw _openError(skill, rel, real, opened.error);
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
    const where = (seams.openedPath ?? _openedPath)(fd);
    const again = _confinedFile(confined, rel);
    if (
      (where !== undefined && !_isInside(where, confined.place.realDir)) ||
      !_sameFile(status, again.stat)
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
    const bytes = _readAtMost(fd, status.size, maxBytes + 1);
    if (bytes.length > maxBytes) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw _unreadable(skill, rel, real, error);
  } finally {
    closeSync(fd);
  }
}

/** `unreadable` for a resource the process may not read. */
function _unreadable(
  skill: string,
  rel: string,
  path: string,
  error: unknown,
): SkillError {
  return new SkillError(
    "unreadable",
    `Resource "${rel}" of skill "${skill}" cannot be read at ${path} (${
      _reason(error)
    })`,
    { skill, path },
    { cause: error },
  );
}

/** The error for a confined file that would not open. */
function _openError(
  skill: string,
  rel: string,
  real: string,
  error: unknown,
): SkillError {
  const details = { skill, path: real };
  switch (_errorCode(error)) {
    case "ELOOP":
      return new SkillError(
        "path_escape",
        `Resource "${rel}" of skill "${skill}" became a symlink after it was checked (${real}); nothing was read`,
        details,
        { cause: error },
      );
    case "ENOENT":
      return new SkillError(
        "not_found",
        `Resource "${rel}" of skill "${skill}" vanished from ${real}`,
        details,
        { cause: error },
      );
    default:
      return _unreadable(skill, rel, real, error);
  }
}

/**
 * Lists the regular files inside a skill's directory as sorted POSIX paths
 * relative to it, the manifest excluded. Skips `.git` and `node_modules`,
 * follows a symlink only when its target is inside the directory (and a
 * directory symlink only once, so loops end), and stops at the entry and
 * depth caps of the config, warning each time it leaves something out.
 */
export function _listResources(
  confined: _ConfinedSkill,
  config: SkillConfig,
  warn: WarnSink,
): string[] {
  const { info } = confined;
  let change: string | undefined;
  try {
    change = _changeOf(confined);
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    warn({ code: "unreadable", message: error.message, path: info.dir });
    return [];
  }
  if (change !== undefined) {
    warn({
      code: "resource_escape",
      message: `Did not list the resources of skill "${info.name}": ${
        _changedMessage(info, change)
      }`,
      path: info.dir,
    });
    return [];
  }
  const dir = confined.place.realDir;
  const walk = new _ResourceWalk(info, dir, config, warn);
  walk.visit(dir, "", 0);
  return walk.files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

class _ResourceWalk {
  readonly files: string[] = [];
  #entries = 0;
  #stopped = false;
  #depthWarned = false;
  readonly #visited = new Set<string>();
  readonly #kernel: _KernelPaths = {};
  readonly #manifest: string;

  constructor(
    readonly info: SkillInfo,
    readonly dir: string,
    readonly config: SkillConfig,
    readonly warn: WarnSink,
  ) {
    this.#manifest = basename(info.path);
  }

  /**
   * Lists one directory, by its real path, proven to be the directory there
   * (see `_listOwnDirectory`): one swapped for a symlink or a file meanwhile
   * is not listed. A directory reached by its own name is always listed (the
   * tree cannot loop); one reached through a symlink only when its real path
   * has not been listed yet, so links to ancestors end and each directory
   * is listed under its own name.
   */
  visit(realDir: string, rel: string, depth: number, viaLink = false): void {
    if (viaLink && this.#visited.has(realDir)) return;
    this.#visited.add(realDir);
    const listed = _listOwnDirectory(realDir, this.#kernel);
    if (listed.kind === "failed") {
      if (_errorCode(listed.error) === "ENOENT") return;
      this.warn({
        code: "unreadable",
        message:
          `Skipped resources under ${realDir} of skill "${this.info.name}": ${
            _reason(listed.error)
          }`,
        path: realDir,
      });
      return;
    }
    if (listed.kind === "moved") {
      this.warn({
        code: "resource_escape",
        message:
          `Skipped resources under ${realDir} of skill "${this.info.name}": it changed while it was listed (a symlink or another file stands there now); loadSkill() after refresh() lists it again`,
        path: realDir,
      });
      return;
    }
    const { entries, unrepresentable } = listed.listing;
    for (const entry of unrepresentable) {
      if (this.#stopped || !this.#count(realDir)) return;
      this.warn({
        code: "unrepresentable_name",
        message:
          `Skipped a resource in ${realDir} of skill "${this.info.name}": its name is not valid UTF-8 (bytes ${entry.bytes}), so it cannot be opened by name; rename it`,
        path: realDir,
      });
    }
    for (const entry of entries) {
      if (this.#stopped || !this.#count(realDir)) return;
      if (rel === "" && entry.name === this.#manifest) continue;
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const childPath = _childPath(realDir, entry.name);
      if (entry.kind === "directory") {
        this.#enter(childPath, childRel, entry.name, depth);
      } else if (entry.kind === "file") {
        this.files.push(childRel);
      } else if (entry.kind === "symlink") {
        this.#follow(childPath, childRel, entry.name, depth);
      }
    }
  }

  #count(where: string): boolean {
    if (++this.#entries <= this.config.maxResourceEntries) return true;
    this.#stopped = true;
    this.warn({
      code: "resource_limit",
      message:
        `Stopped listing resources of skill "${this.info.name}" after ${this.config.maxResourceEntries} entries (option maxResourceEntries), at ${where}`,
      path: this.dir,
    });
    return false;
  }

  #enter(
    realDir: string,
    rel: string,
    name: string,
    depth: number,
    viaLink = false,
  ): void {
    if (SKIPPED_DIRECTORIES.has(name)) return;
    if (depth + 1 > this.config.maxResourceDepth) {
      if (!this.#depthWarned) {
        this.#depthWarned = true;
        this.warn({
          code: "resource_limit",
          message:
            `Did not list resources of skill "${this.info.name}" nested deeper than ${this.config.maxResourceDepth} directories (option maxResourceDepth), first at ${realDir}`,
          path: realDir,
        });
      }
      return;
    }
    this.visit(realDir, rel, depth + 1, viaLink);
  }

  #follow(link: string, rel: string, name: string, depth: number): void {
    const dangling = (error: unknown): void =>
      this.warn({
        code: "dangling_symlink",
        message:
          `Skipped resource "${rel}" of skill "${this.info.name}": the symlink cannot be followed (${
            _reason(error)
          })`,
        path: link,
      });
    const resolved = _tryRealpath(link);
    if (!resolved.ok) return dangling(resolved.error);
    const real = resolved.value;
    if (!_isInside(real, this.dir)) {
      this.warn({
        code: "resource_escape",
        message:
          `Skipped resource "${rel}" of skill "${this.info.name}": it is a symlink to ${real}, outside the skill directory`,
        path: link,
      });
      return;
    }
    const stat = _tryStatus(real, false);
    if (!stat.ok) {
      // Gone since it was resolved is simply gone.
      if (_errorCode(stat.error) !== "ENOENT") dangling(stat.error);
      return;
    }
    if (stat.value.kind === "file") this.files.push(rel);
    else if (stat.value.kind === "directory") {
      this.#enter(real, rel, name, depth, true);
    }
  }
}
