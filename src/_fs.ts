/**
 * The filesystem reads of discovery and confinement, kept thin: each reads
 * and returns what it found (or the error), and decides nothing. The
 * decisions on what was read live in `_scan.ts`.
 *
 * @module
 */

import {
  closeSync,
  constants,
  type Dirent,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { join, sep } from "node:path";

/** What a read returned, or the error it threw. */
export type _Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: unknown };

/** Directory entries in code-unit order: stable and locale-independent. */
export function _sortedEntries(path: string): Dirent[] {
  return readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  );
}

/** What `read` returned, or the error it threw. */
function _attempt<T>(read: () => T): _Read<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** {@linkcode _sortedEntries}, or the error it threw. */
export function _tryList(path: string): _Read<Dirent[]> {
  return _attempt(() => _sortedEntries(path));
}

/** A root's entry: its name, and whether it is a directory or a symlink. */
export interface _RootEntry {
  readonly name: string;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** Deno's own directory listing, where it has one. */
const DENO_READ_DIR:
  | ((path: string) => Iterable<{
    name: string;
    isDirectory: boolean;
    isSymlink: boolean;
  }>)
  | undefined = (() => {
    const deno = (globalThis as {
      Deno?: { readDirSync?: (path: string) => Iterable<never> };
    }).Deno;
    return typeof deno?.readDirSync === "function"
      ? deno.readDirSync.bind(deno)
      : undefined;
  })();

/**
 * A root's entries in code-unit order, or the error: through Deno's own
 * listing where it has one (node:fs builds a `Dirent` for each entry and
 * sorts them, which costs more than the listing), else as
 * {@linkcode _tryList}.
 */
export function _tryListRoot(path: string): _Read<_RootEntry[]> {
  if (DENO_READ_DIR === undefined) return _tryList(path);
  return _attempt(() =>
    Array.from(DENO_READ_DIR(path), (entry) => new _DenoEntry(entry)).sort((
      a,
      b,
    ) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/** A root entry from Deno's listing: its methods shared, not made per entry. */
class _DenoEntry implements _RootEntry {
  readonly name: string;
  readonly #isDirectory: boolean;
  readonly #isSymlink: boolean;

  constructor(
    entry: { name: string; isDirectory: boolean; isSymlink: boolean },
  ) {
    this.name = entry.name;
    this.#isDirectory = entry.isDirectory;
    this.#isSymlink = entry.isSymlink;
  }

  isDirectory(): boolean {
    return this.#isDirectory;
  }

  isSymbolicLink(): boolean {
    return this.#isSymlink;
  }
}

/**
 * The path of `name` in the directory `dir`: `join(dir, name)` for an entry
 * name a listing gave (never empty, `.` or `..`, and without a separator),
 * made without `join`'s normalising pass over the whole path, and flat (an
 * array's join, where `+` would keep a tree of the parts in memory).
 */
export function _childPath(dir: string, name: string): string {
  return dir.endsWith(sep) ? [dir, name].join("") : [dir, name].join(sep);
}

/** What a path is, as a status call tells. */
export type _StatusKind =
  | "file"
  | "directory"
  | "symlink"
  | "fifo"
  | "socket"
  | "device";

/**
 * What discovery reads of a path's status: its kind and size, what
 * identifies it (a new file or directory at the same path differs in device,
 * inode or birth time, since a file system may give it the inode of one just
 * removed) and when it last changed. Times are milliseconds (0 where the
 * file system does not say); under Deno they are whole milliseconds, and the
 * change time whole seconds.
 */
export interface _Status {
  readonly kind: _StatusKind;
  readonly size: number;
  readonly dev: number;
  readonly ino: number;
  readonly birthtimeMs: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/** The status calls of Deno's own namespace, where it has them. */
interface _DenoStat {
  statSync(path: string): _DenoFileInfo;
  lstatSync(path: string): _DenoFileInfo;
}

interface _DenoFileInfo {
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
  isFifo: boolean | null;
  isSocket: boolean | null;
  size: number;
  dev: number;
  ino: number | null;
  birthtime: Date | null;
  mtime: Date | null;
  ctime: Date | null;
}

/**
 * Deno's own status calls: node:fs builds a Node `Stats` object on top of
 * them, which costs more than the call itself.
 */
const DENO_STAT: _DenoStat | undefined = (() => {
  const deno = (globalThis as { Deno?: Partial<_DenoStat> }).Deno;
  return typeof deno?.statSync === "function" &&
      typeof deno.lstatSync === "function"
    ? deno as _DenoStat
    : undefined;
})();

/** The status of `path` (its target when `follow`), or the error it threw. */
export function _tryStatus(path: string, follow: boolean): _Read<_Status> {
  return _attempt(() =>
    DENO_STAT === undefined
      ? _fromNode(follow ? statSync(path) : lstatSync(path))
      : _fromDeno(
        follow ? DENO_STAT.statSync(path) : DENO_STAT.lstatSync(path),
      )
  );
}

function _fromNode(stat: Stats): _Status {
  return {
    kind: stat.isFile()
      ? "file"
      : stat.isDirectory()
      ? "directory"
      : stat.isSymbolicLink()
      ? "symlink"
      : stat.isFIFO()
      ? "fifo"
      : stat.isSocket()
      ? "socket"
      : "device",
    size: stat.size,
    dev: stat.dev,
    ino: stat.ino,
    birthtimeMs: stat.birthtimeMs,
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.ctimeMs,
  };
}

function _fromDeno(info: _DenoFileInfo): _Status {
  return {
    kind: info.isFile
      ? "file"
      : info.isDirectory
      ? "directory"
      : info.isSymlink
      ? "symlink"
      : info.isFifo
      ? "fifo"
      : info.isSocket
      ? "socket"
      : "device",
    size: info.size,
    dev: info.dev,
    ino: info.ino ?? 0,
    birthtimeMs: info.birthtime?.getTime() ?? 0,
    mtimeMs: info.mtime?.getTime() ?? 0,
    ctimeMs: info.ctime?.getTime() ?? 0,
  };
}

/** What `_kindOf` needs of a status: its kind, as Stats and Dirents say it. */
export function _statusKind(status: _Status): _FileKind {
  return {
    isFile: () => status.kind === "file",
    isDirectory: () => status.kind === "directory",
    isFIFO: () => status.kind === "fifo",
    isSocket: () => status.kind === "socket",
  };
}

/** `realpathSync`, or the error it threw. */
export function _tryRealpath(path: string): _Read<string> {
  return _attempt(() => realpathSync(path));
}

/**
 * When a directory entry's name is not the name on disk (its bytes are not
 * valid UTF-8, so the decoded name has U+FFFD where they were), the bytes as
 * hex where the runtime gives them (Deno decodes them away: then the decoded
 * name); `undefined` for a name that can be opened as it reads.
 */
export function _unrepresentable(
  dir: string,
  name: string,
): string | undefined {
  if (!name.includes("\uFFFD")) return undefined;
  try {
    lstatSync(join(dir, name));
    return undefined; // a real U+FFFD in a valid name
  } catch {
    // Not there under this name: find its bytes.
  }
  try {
    for (const raw of readdirSync(dir, { encoding: "buffer" })) {
      const bytes = new Uint8Array(raw);
      if (UTF8_LOOSE.decode(bytes) !== name || _isUtf8(bytes)) continue;
      return [...bytes].map((byte) => byte.toString(16).padStart(2, "0"))
        .join(" ");
    }
  } catch {
    // Gone, or unlistable: the decoded name is all there is.
  }
  return JSON.stringify(name);
}

const UTF8_LOOSE = new TextDecoder("utf-8");

function _isUtf8(bytes: Uint8Array): boolean {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What reading a manifest found. */
export type _FileRead =
  | { readonly kind: "text"; readonly text: string }
  /** `open` failed (missing, unreadable, a dangling or looping symlink). */
  | { readonly kind: "unopenable"; readonly error: unknown }
  /** Not a regular file: `what` is "a directory", "a FIFO", ... */
  | { readonly kind: "not_a_file"; readonly what: string }
  | { readonly kind: "too_large" }
  | { readonly kind: "not_utf8" }
  | { readonly kind: "unreadable"; readonly error: unknown };

const UTF8 = new TextDecoder("utf-8", { fatal: true });
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a manifest whose status was just taken (a regular file of `size`
 * bytes, within the cap), without asking its status again: it is opened
 * non-blocking, so a file swapped for a FIFO since cannot hang the scan, and
 * read no further than the cap, so one swapped for a device cannot run on.
 * A file replaced meanwhile is read whole as it is now: its status has
 * changed too, so the next refresh reads it again.
 */
export function _readKnownFile(
  path: string,
  size: number,
  maxBytes: number,
): _FileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { kind: "unopenable", error };
  }
  try {
    const bytes = _readAtMost(fd, size, maxBytes + 1, _bufferOf);
    if (bytes.length > maxBytes) return { kind: "too_large" };
    return _decoded(bytes);
  } catch (error) {
    return { kind: "unreadable", error };
  } finally {
    closeSync(fd);
  }
}

/** The buffer manifests are read into, one after another (at most 1 MiB is kept). */
let shared = new Uint8Array(64 * 1024);
const SHARED_MAX = 1024 * 1024 + 1;

/**
 * Reads a regular file to its end, up to `limit` bytes, asking for one byte
 * more than `size` (its status's guess) so that a file of that size is read
 * in one call: a read shorter than asked for is the end of a regular file.
 * The bytes are in a buffer from `bufferOf` (for manifests, the shared one:
 * decode them before the next read).
 */
export function _readAtMost(
  fd: number,
  size: number,
  limit: number,
  bufferOf: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes),
): Uint8Array {
  let buffer = bufferOf(Math.min(size + 1, limit));
  let length = 0;
  for (;;) {
    const wanted = Math.min(buffer.length, limit) - length;
    const read = readSync(fd, buffer, length, wanted, null);
    length += read;
    if (read < wanted || length >= limit) break;
    const grown = bufferOf(Math.min(buffer.length * 2, limit));
    grown.set(buffer.subarray(0, length));
    buffer = grown;
  }
  return buffer.subarray(0, length);
}

/** A buffer of at least `bytes`: the shared one, grown up to its maximum. */
function _bufferOf(bytes: number): Uint8Array {
  if (bytes <= shared.length) return shared;
  if (bytes > SHARED_MAX) return new Uint8Array(bytes);
  shared = new Uint8Array(
    Math.min(Math.max(bytes, shared.length * 2), SHARED_MAX),
  );
  return shared;
}

/**
 * Bytes as UTF-8 text, or `not_utf8`: a lossy decode first (the fast path),
 * and a strict one only when the text holds U+FFFD, which may be a real one.
 */
function _decoded(bytes: Uint8Array): _FileRead {
  const text = UTF8_LOOSE.decode(bytes);
  if (!text.includes("\uFFFD")) return { kind: "text", text };
  try {
    return { kind: "text", text: UTF8.decode(bytes) };
  } catch {
    return { kind: "not_utf8" };
  }
}

/** What `_kindOf` reads of a `stat` or a directory entry. */
export interface _FileKind {
  isFile(): boolean;
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** "a directory", "a FIFO", "a socket" or "a device": what a non-file is. */
export function _kindOf(stat: _FileKind): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  return "a device";
}

/** The `code` of a Node-style filesystem error, if it has one. */
export function _errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) {
    return undefined;
  }
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * Whether a filesystem error is a refused permission: the OS's (`EACCES`,
 * `EPERM`), Node's permission model's (`ERR_ACCESS_DENIED`) or Deno's
 * (`NotCapable`: the path is outside the `--allow-read` grant).
 */
export function _isPermissionDenied(error: unknown): boolean {
  const code = _errorCode(error);
  return code === "EACCES" || code === "EPERM" ||
    code === "ERR_ACCESS_DENIED" ||
    (error instanceof Error &&
      (error.name === "NotCapable" || error.name === "PermissionDenied"));
}

/** A short reason for a filesystem error, for messages. */
export function _reason(error: unknown): string {
  if (error instanceof Error && error.name === "NotCapable") {
    // Deno names the path it refused; the grant must cover real paths too.
    return `permission denied: ${error.message}; the grant must cover the real paths that symlinks lead to`;
  }
  switch (_errorCode(error)) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOENT":
      return "it does not exist";
    case "ELOOP":
      return "too many levels of symlinks";
    case "ENOTDIR":
      return "a path component is not a directory";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
