/**
 * The filesystem reads of discovery and confinement, kept thin: each reads
 * and returns what it found (or the error), and decides nothing about
 * skills. The decisions on what was read live in `_discovery/`. What a read
 * guarantees under a concurrent swap (descriptor status, kernel paths, the
 * `lstat` checks) is said at each function and in docs/security.md.
 *
 * @module
 */

import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import type { Buffer } from "node:buffer";
import { sep } from "node:path";
import process from "node:process";

/** What a read returned, or the error it threw. */
export type _Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: unknown };

/** What a read returned, or the error it threw. */
function _attempt<T>(read: () => T): _Read<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A directory entry: its name, and what the listing says it is. */
export interface _Entry {
  readonly name: string;
  readonly kind: _StatusKind;
}

/** An entry whose name on disk is not valid UTF-8, so no string opens it. */
export interface _Unrepresentable {
  /**
   * Its name's bytes as hex where the runtime gives them (Deno decodes them
   * away: then the decoded name, quoted).
   */
  readonly bytes: string;
  readonly kind: _StatusKind;
}

/** A directory's entries, each openable by its name, and those that are not. */
export interface _Listing {
  /** In code-unit order: stable and locale-independent. */
  readonly entries: readonly _Entry[];
  readonly unrepresentable: readonly _Unrepresentable[];
}

/** Deno's own directory listing, where it has one. */
const DENO_READ_DIR:
  | ((path: string) => Iterable<{
    name: string;
    isFile: boolean;
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

/** {@linkcode _listDirectory}, or the error it threw. */
export function _tryList(path: string): _Read<_Listing> {
  return _attempt(() => _listDirectory(path));
}

/**
 * A directory's entries in code-unit order. A name the listing decoded with
 * U+FFFD is decided from the entry's own bytes: one listing as bytes for the
 * whole directory, and one status call per such name, so two entries that
 * decode alike (`x\uFFFD` and its non-UTF-8 twin `x\xFE`) are told apart and
 * each is seen once.
 */
export function _listDirectory(path: string): _Listing {
  const entries = _entriesOf(path).sort(_byName);
  return entries.some((entry) => entry.name.includes("\uFFFD"))
    ? _representable(path, entries)
    : { entries, unrepresentable: NONE };
}

function _byName(a: _Entry, b: _Entry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * The entries of a listing: through Deno's own listing where it has one
 * (node:fs builds a `Dirent` for each entry first, which costs more than the
 * listing), else node:fs's.
 */
function _entriesOf(path: string): _Entry[] {
  if (DENO_READ_DIR === undefined) {
    return readdirSync(path, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      kind: _direntKind(entry),
    }));
  }
  return Array.from(DENO_READ_DIR(path), (entry) => ({
    name: entry.name,
    kind: entry.isFile
      ? "file"
      : entry.isDirectory
      ? "directory"
      : entry.isSymlink
      ? "symlink"
      : _specialKind(_childPath(path, entry.name)),
  }));
}

function _direntKind(entry: Dirent | Dirent<Buffer>): _StatusKind {
  return entry.isFile()
    ? "file"
    : entry.isDirectory()
    ? "directory"
    : entry.isSymbolicLink()
    ? "symlink"
    : entry.isFIFO()
    ? "fifo"
    : entry.isSocket()
    ? "socket"
    : "device";
}

/** What a special file is, where the listing says only that it is one. */
function _specialKind(path: string): _StatusKind {
  const status = _tryStatus(path, false);
  return status.ok ? status.value.kind : "device";
}

/**
 * The listing with each name that holds U+FFFD decided: kept once where a
 * file of that name exists (a real U+FFFD, in valid UTF-8), and every other
 * entry that decodes to it reported as unrepresentable, with its bytes where
 * the byte listing gives them.
 */
function _representable(path: string, entries: readonly _Entry[]): _Listing {
  const groups = new Map<string, _Entry[]>();
  for (const entry of entries) {
    if (!entry.name.includes("\uFFFD")) continue;
    const group = groups.get(entry.name);
    if (group === undefined) groups.set(entry.name, [entry]);
    else group.push(entry);
  }
  const invalid = _invalidNames(path);
  const kept: _Entry[] = [];
  const unrepresentable: _Unrepresentable[] = [];
  const decided = new Set<string>();
  for (const entry of entries) {
    const group = groups.get(entry.name);
    if (group === undefined) {
      kept.push(entry);
      continue;
    }
    if (decided.has(entry.name)) continue; // decided at its first entry
    decided.add(entry.name);
    const named = _tryStatus(_childPath(path, entry.name), false);
    if (named.ok) kept.push({ name: entry.name, kind: named.value.kind });
    const count = group.length - (named.ok ? 1 : 0);
    const raw = invalid.get(entry.name) ?? [];
    if (raw.length === count) {
      unrepresentable.push(...raw);
      continue;
    }
    // The runtime decoded the bytes away: the listing's own kinds, less
    // the one entry the name opens.
    const kinds = group.map((member) => member.kind);
    if (named.ok) kinds.splice(Math.max(kinds.indexOf(named.value.kind), 0), 1);
    const bytes = JSON.stringify(entry.name);
    for (const kind of kinds) unrepresentable.push({ bytes, kind });
  }
  return { entries: kept, unrepresentable };
}

/**
 * The entries of a directory whose names are not valid UTF-8, by the name
 * they decode to: one listing as bytes (empty where the runtime decodes the
 * bytes away, or the directory is gone).
 */
function _invalidNames(path: string): Map<string, _Unrepresentable[]> {
  const found = new Map<string, _Unrepresentable[]>();
  let raw: Dirent<Buffer>[];
  try {
    raw = readdirSync(path, { encoding: "buffer", withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of raw) {
    const bytes = new Uint8Array(entry.name);
    if (_isUtf8(bytes)) continue;
    const name = UTF8_LOOSE.decode(bytes);
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0"))
      .join(" ");
    const list = found.get(name) ?? [];
    list.push({ bytes: hex, kind: _direntKind(entry) });
    found.set(name, list);
  }
  return found;
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

/** `realpathSync`, or the error it threw. */
export function _tryRealpath(path: string): _Read<string> {
  return _attempt(() => realpathSync(path));
}

/** Whether two statuses are of one file: the same device and inode. */
export function _sameFile(
  a: Pick<_Status, "dev" | "ino">,
  b: Pick<_Status, "dev" | "ino">,
): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/**
 * The path the kernel gives an open descriptor (`/proc/self/fd/N` on Linux),
 * or `undefined` where the runtime may not read it (Deno short of
 * `--allow-all`, Node's permission model without a grant) or there is none.
 * No swap of any directory on the way can fake it.
 */
export function _openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

const UTF8_LOOSE = new TextDecoder("utf-8");
const UTF8 = new TextDecoder("utf-8", { fatal: true });

function _isUtf8(bytes: Uint8Array): boolean {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file opened to be read, or why it was not (nothing of it read). */
export type _Opened =
  | { readonly kind: "open"; readonly fd: number; readonly status: _Status }
  /** `open` failed (missing, unreadable, a dangling or looping symlink). */
  | { readonly kind: "unopenable"; readonly error: unknown }
  /** The descriptor is not a regular file: `what` is "a directory", "a FIFO", ... */
  | { readonly kind: "not_a_file"; readonly what: string };

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW_FLAGS = READ_FLAGS | (constants.O_NOFOLLOW ?? 0);
const DIRECTORY_FLAGS = NO_FOLLOW_FLAGS | (constants.O_DIRECTORY ?? 0);

/** How {@linkcode _openRegular} may open a path. */
export interface _OpenOptions {
  /**
   * Whether a final symlink may be followed: then it is resolved to its real
   * path, which is opened in turn, never through a symlink.
   */
  readonly follow: boolean;
  /**
   * `false` opens without `O_NOFOLLOW`, as a runtime that ignores it does
   * (Deno short of `--allow-all`): for tests.
   *
   * @default {true}
   */
  readonly noFollowFlag?: boolean;
}

/** What a symlink that changed while it was followed is, for messages. */
const CHANGED_LINK = "a symlink that changed while it was followed";

/**
 * Opens `path` read-only and non-blocking, so that a FIFO swapped in cannot
 * hang the call, and never through a final symlink (where the runtime
 * honours `O_NOFOLLOW`: Deno short of `--allow-all` opens the target anyway,
 * so callers that must not follow one also compare an `lstat` of the path
 * with the descriptor's status). A symlink that `follow` allows is resolved
 * to its real path, opened only when an `lstat` of that says it is a regular
 * file: a symlink to a device swapped in is refused, never opened. Then it
 * takes the descriptor's own status: anything but a regular file is closed
 * again unread, whatever a path's status said a moment before.
 */
export function _openRegular(path: string, options: _OpenOptions): _Opened {
  const flags = options.noFollowFlag === false ? READ_FLAGS : NO_FOLLOW_FLAGS;
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    if (!options.follow || _errorCode(error) !== "ELOOP") {
      return { kind: "unopenable", error };
    }
    const target = _regularTarget(path);
    if (target.kind !== "regular") return target;
    try {
      fd = openSync(target.real, flags);
    } catch (again) {
      // Its real path became a symlink since its lstat: not followed twice.
      return _errorCode(again) === "ELOOP"
        ? { kind: "not_a_file", what: CHANGED_LINK }
        : { kind: "unopenable", error: again };
    }
  }
  let status: _Status;
  try {
    status = _fromNode(fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    return { kind: "unopenable", error };
  }
  if (status.kind !== "file") {
    closeSync(fd);
    return { kind: "not_a_file", what: _kindOf(status.kind) };
  }
  return { kind: "open", fd, status };
}

/**
 * The real path a symlink leads to, when an `lstat` says it is a regular
 * file. A `realpath` that fails other than for a missing path or a refused
 * permission (`EINVAL` from a link that stopped being one, a loop) means the
 * link changed while it was followed: it is not a regular file to read.
 */
function _regularTarget(
  link: string,
): { kind: "regular"; real: string } | Exclude<_Opened, { kind: "open" }> {
  const real = _tryRealpath(link);
  if (!real.ok) {
    return _errorCode(real.error) === "ENOENT" ||
        _isPermissionDenied(real.error)
      ? { kind: "unopenable", error: real.error }
      : { kind: "not_a_file", what: CHANGED_LINK };
  }
  const status = _tryStatus(real.value, false);
  if (!status.ok) return { kind: "unopenable", error: status.error };
  return status.value.kind === "file"
    ? { kind: "regular", real: real.value }
    : { kind: "not_a_file", what: _kindOf(status.value.kind) };
}

/** What reading a manifest found. */
export type _FileRead =
  /** The text, and the status of the file it was read from (its descriptor's). */
  | { readonly kind: "text"; readonly text: string; readonly status: _Status }
  | Exclude<_Opened, { kind: "open" }>
  /** Not proven to be its directory's own entry: a symlink stood there, or the directory was swapped. */
  | { readonly kind: "not_own" }
  | { readonly kind: "too_large" }
  | { readonly kind: "not_utf8" }
  | { readonly kind: "unreadable"; readonly error: unknown };

/**
 * What proves a manifest is its skill directory's own entry, reached without
 * a symlink (when symlinks are not followed).
 */
export interface _OwnEntry {
  /** The skill directory as discovery reaches it. */
  readonly dir: string;
  /** Its identity (from an `lstat`: a directory) before the manifest was opened. */
  readonly dirStatus: Pick<_Status, "dev" | "ino" | "birthtimeMs">;
  /** The manifest's real path: what the kernel must call the descriptor. */
  readonly realPath: string;
}

/**
 * Reads a manifest: opened as {@linkcode _openRegular} opens it (a symlink
 * followed to its real path, unless `own` is given), so that a special file
 * is never read; no further than `maxBytes`, so that nothing runs on. With `own`, it must be proven to be the directory's own entry: by
 * the kernel's path for the descriptor where the runtime can read it, else
 * by an `lstat` of the path (a regular file, the descriptor's device and
 * inode) and of the directory (the one it was before the open).
 */
export function _readKnownFile(
  path: string,
  maxBytes: number,
  own?: _OwnEntry,
): _FileRead {
  const opened = _openRegular(path, { follow: own === undefined });
  if (opened.kind === "unopenable" && own !== undefined) {
    // A symlink refused by O_NOFOLLOW is not the directory's own entry.
    if (_errorCode(opened.error) === "ELOOP") return { kind: "not_own" };
  }
  if (opened.kind !== "open") return opened;
  const { fd, status } = opened;
  try {
    if (own !== undefined && !_isOwnEntry(fd, status, path, own)) {
      return { kind: "not_own" };
    }
    if (status.size > maxBytes) return { kind: "too_large" };
    const bytes = _readAtMost(fd, status.size, maxBytes + 1, _bufferOf);
    if (bytes.length > maxBytes) return { kind: "too_large" };
    const text = _decoded(bytes);
    return text === undefined
      ? { kind: "not_utf8" }
      : { kind: "text", text, status };
  } catch (error) {
    return { kind: "unreadable", error };
  } finally {
    closeSync(fd);
  }
}

function _isOwnEntry(
  fd: number,
  status: _Status,
  path: string,
  own: _OwnEntry,
): boolean {
  const kernel = _openedPath(fd);
  if (kernel !== undefined) return kernel === own.realPath;
  const entry = _tryStatus(path, false);
  const dir = _tryStatus(own.dir, false);
  return entry.ok && entry.value.kind === "file" &&
    _sameFile(entry.value, status) && dir.ok &&
    dir.value.kind === "directory" && _sameFile(dir.value, own.dirStatus) &&
    dir.value.birthtimeMs === own.dirStatus.birthtimeMs;
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
 * Bytes as UTF-8 text, or `undefined` when they are not UTF-8: a lossy
 * decode first (the fast path), and a strict one only when the text holds
 * U+FFFD, which may be a real one.
 */
function _decoded(bytes: Uint8Array): string | undefined {
  const text = UTF8_LOOSE.decode(bytes);
  if (!text.includes("\uFFFD")) return text;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** How a directory reached by name was listed, or why it was not. */
export type _OwnListing =
  | { readonly kind: "listed"; readonly listing: _Listing }
  /** No longer the directory at that path: a symlink or another file stands there now. */
  | { readonly kind: "moved" }
  | { readonly kind: "failed"; readonly error: unknown };

const MOVED: _OwnListing = Object.freeze({ kind: "moved" });

/**
 * Whether this process can read the kernel's paths of open descriptors,
 * once it is known: learnt on the first use, and kept by its owner (one
 * resource walk), so that a runtime that may not read them is not asked at
 * every directory.
 */
export interface _KernelPaths {
  readable?: boolean;
}

/**
 * Lists the directory at the real path `path`, proven to be the directory
 * there and not reached through a symlink. Where the kernel names open
 * descriptors, the directory is opened (never through a final symlink), the
 * kernel must call it `path`, and it is listed through its descriptor, so
 * no swap on the way can redirect the listing. Elsewhere it is listed by
 * path between two `lstat` calls that must find the same directory: a swap
 * still in place at either is refused, one undone in between is not seen.
 */
export function _listOwnDirectory(
  path: string,
  kernel: _KernelPaths = {},
): _OwnListing {
  if (kernel.readable !== false) {
    let fd: number;
    try {
      fd = openSync(path, DIRECTORY_FLAGS);
    } catch (error) {
      const code = _errorCode(error);
      // A symlink (ELOOP) or a file (ENOTDIR) where the directory was.
      return code === "ELOOP" || code === "ENOTDIR"
        ? MOVED
        : { kind: "failed", error };
    }
    try {
      const named = _openedPath(fd);
      kernel.readable = named !== undefined;
      if (named !== undefined) {
        if (named !== path) return MOVED;
        const listed = _tryList(`/proc/self/fd/${fd}`);
        return listed.ok
          ? { kind: "listed", listing: listed.value }
          : { kind: "failed", error: listed.error };
      }
    } finally {
      closeSync(fd);
    }
  }
  const before = _tryStatus(path, false);
  if (!before.ok) return { kind: "failed", error: before.error };
  if (before.value.kind !== "directory") return MOVED;
  const listed = _tryList(path);
  if (!listed.ok) return { kind: "failed", error: listed.error };
  const after = _tryStatus(path, false);
  return after.ok && after.value.kind === "directory" &&
      _sameFile(after.value, before.value)
    ? { kind: "listed", listing: listed.value }
    : MOVED;
}

/** "a directory", "a FIFO", "a socket", "a device" or "a symlink": what a non-file is. */
export function _kindOf(kind: _StatusKind): string {
  switch (kind) {
    case "directory":
      return "a directory";
    case "fifo":
      return "a FIFO";
    case "socket":
      return "a socket";
    case "symlink":
      return "a symlink";
    default:
      return "a device";
  }
}

/** The permission queries of Deno's namespace and of Node's permission model. */
interface _Permissions {
  Deno?: {
    permissions?: {
      querySync?(descriptor: { name: "read"; path: string }): {
        state: string;
      };
    };
  };
}

/**
 * Whether the runtime's permissions let this process read `path`: Deno's
 * `--allow-read` grant, Node's permission model (`--permission`); `true`
 * where there is none (Bun, Node without it). Asking reads nothing.
 */
export function _readGranted(path: string): boolean {
  try {
    const permissions = (globalThis as _Permissions).Deno?.permissions;
    if (permissions?.querySync !== undefined) {
      return permissions.querySync({ name: "read", path }).state === "granted";
    }
    const model = (process as {
      permission?: { has(scope: string, reference?: string): boolean };
    }).permission;
    return model === undefined || model.has("fs.read", path);
  } catch {
    return true;
  }
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
