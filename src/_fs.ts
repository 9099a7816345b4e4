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
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { join } from "node:path";

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

/** `statSync` (following symlinks), or the error it threw. */
export function _tryStat(path: string): _Read<Stats> {
  return _attempt(() => statSync(path));
}

/** What identifies a directory: a new one at the same path differs in one. */
export interface _Identity {
  readonly dev: bigint;
  readonly ino: bigint;
  /** When it was made (0 where the file system does not say). */
  readonly birthtimeNs: bigint;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * The identity of `path` (its target when `follow`), or the error: device,
 * inode and birth time, since a file system may give a new directory the
 * inode of one just removed.
 */
export function _tryIdentity(path: string, follow: boolean): _Read<_Identity> {
  return _attempt(() =>
    follow
      ? statSync(path, { bigint: true })
      : lstatSync(path, { bigint: true })
  );
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
 * Reads a text file without ever blocking: it is opened non-blocking (so a
 * FIFO cannot hang the scan), then checked to be a regular file within the
 * size cap through its descriptor, then decoded as strict UTF-8.
 */
export function _readTextFile(path: string, maxBytes: number): _FileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { kind: "unopenable", error };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { kind: "not_a_file", what: _kindOf(stat) };
    const bytes = _readAtMost(fd, stat.size, maxBytes + 1);
    if (bytes.length > maxBytes) return { kind: "too_large" };
    return { kind: "text", text: UTF8.decode(bytes) };
  } catch (error) {
    return error instanceof TypeError
      ? { kind: "not_utf8" }
      : { kind: "unreadable", error };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads up to `limit` bytes. `size` (from fstat) is only the first guess: one
 * spare byte sees the end of the file without growing the buffer.
 */
export function _readAtMost(
  fd: number,
  size: number,
  limit: number,
): Uint8Array {
  let buffer = new Uint8Array(Math.min(size + 1, limit));
  let length = 0;
  while (length < limit) {
    if (length === buffer.length) {
      const grown = new Uint8Array(Math.min(buffer.length * 2, limit));
      grown.set(buffer);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
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
