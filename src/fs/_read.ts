/**
 * Reads that prove what they read, from the descriptor's own status.
 *
 * @module
 */

import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { fromNode } from "./_backend.ts";
import {
  errorCode,
  isInside,
  isPermissionDenied,
  kindOf,
  openedPath,
  sameFile,
  sameIdentity,
  tryRealpath,
  tryStatus,
} from "./_status.ts";
import type { Status } from "./_types.ts";

/** A file opened to be read, or why it was not (nothing of it read). */
export type Opened =
  | { readonly kind: "open"; readonly fd: number; readonly status: Status }
  | { readonly kind: "unopenable"; readonly error: unknown }
  /** `what`: "a directory", "a FIFO", ... */
  | { readonly kind: "not_a_file"; readonly what: string };

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW_FLAGS = READ_FLAGS | (constants.O_NOFOLLOW ?? 0);

const CHANGED_LINK = "a symlink that changed while it was followed";

/**
 * Opens `path` read-only and non-blocking, never through a final symlink where
 * the runtime honours `O_NOFOLLOW` (not Deno short of `--allow-all`, nor
 * `noFollowFlag: false`); with `follow`, through its real path if an `lstat`
 * finds a regular file there. Anything but a regular file is closed unread.
 */
export function openRegular(
  path: string,
  options: { readonly follow: boolean; readonly noFollowFlag?: boolean },
): Opened {
  const flags = options.noFollowFlag === false ? READ_FLAGS : NO_FOLLOW_FLAGS;
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    if (!options.follow || errorCode(error) !== "ELOOP") {
      return { kind: "unopenable", error };
    }
    const target = regularTarget(path);
    if (target.kind !== "regular") return target;
    try {
      fd = openSync(target.real, flags);
    } catch (again) {
      // Its real path became a symlink since its lstat: not followed twice.
      return errorCode(again) === "ELOOP"
        ? { kind: "not_a_file", what: CHANGED_LINK }
        : { kind: "unopenable", error: again };
    }
  }
  let status: Status;
  try {
    status = fromNode(fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    return { kind: "unopenable", error };
  }
  if (status.kind !== "file") {
    closeSync(fd);
    return { kind: "not_a_file", what: kindOf(status.kind) };
  }
  return { kind: "open", fd, status };
}

/** The real path a symlink leads to, if an `lstat` there finds a regular file. */
function regularTarget(
  link: string,
): { kind: "regular"; real: string } | Exclude<Opened, { kind: "open" }> {
  const real = tryRealpath(link);
  if (!real.ok) {
    return errorCode(real.error) === "ENOENT" ||
        isPermissionDenied(real.error)
      ? { kind: "unopenable", error: real.error }
      : { kind: "not_a_file", what: CHANGED_LINK };
  }
  const status = tryStatus(real.value, { follow: false });
  if (!status.ok) return { kind: "unopenable", error: status.error };
  return status.value.kind === "file"
    ? { kind: "regular", real: real.value }
    : { kind: "not_a_file", what: kindOf(status.value.kind) };
}

/** What reading a manifest found: its text, or why not. */
export type FileRead =
  | {
    readonly kind: "text";
    readonly text: string;
    readonly status: Status;
    readonly digest?: string | undefined;
  }
  | Exclude<Opened, { kind: "open" }>
  /** Not proven to be its directory's own entry. */
  | { readonly kind: "not_own" }
  /** Not proven to be where `within` asks: its real path, if known. */
  | { readonly kind: "elsewhere"; readonly real: string | undefined }
  | { readonly kind: "too_large" }
  | { readonly kind: "not_utf8" }
  | { readonly kind: "unreadable"; readonly error: unknown };

/** What proves a manifest is its skill directory's own entry, not a symlink. */
export interface OwnEntry {
  readonly dir: string;
  /** Its identity before the manifest was opened (a `stat` if `viaLink`). */
  readonly dirStatus: Pick<Status, "dev" | "ino" | "birthtimeMs">;
  readonly viaLink?: boolean;
  /** The manifest's real path: what the kernel must call the descriptor. */
  readonly realPath: string;
}

/** The buffer one discovery run reads its manifests into (none outlives the run). */
export interface ReadBuffer {
  bytes: Uint8Array;
}

/** A new {@linkcode ReadBuffer}. */
export function readBuffer(): ReadBuffer {
  return { bytes: new Uint8Array(64 * 1024) };
}

/**
 * Reads a manifest as {@linkcode openRegular} opens it (following a symlink
 * without `own` or `within.exact`), no further than `maxBytes`. Where it must
 * be (`own`: its directory's own entry; `within`: inside the real `dir`, or
 * at `exact`) is proven before a byte is read.
 */
export function readManifest(
  path: string,
  { maxBytes, own, within, buffer, digest }: {
    maxBytes: number;
    own?: OwnEntry | undefined;
    within?: { dir: string; exact?: string | undefined } | undefined;
    buffer: ReadBuffer;
    digest?: ((bytes: Uint8Array) => string) | undefined;
  },
): FileRead {
  const follow = own === undefined && within?.exact === undefined;
  const opened = openRegular(path, { follow });
  // A symlink that O_NOFOLLOW refused.
  if (
    opened.kind === "unopenable" && !follow &&
    errorCode(opened.error) === "ELOOP"
  ) {
    return own !== undefined
      ? { kind: "not_own" }
      : { kind: "elsewhere", real: undefined };
  }
  if (opened.kind !== "open") return opened;
  const { fd, status } = opened;
  try {
    if (own !== undefined && !isOwnEntry(opened, path, own)) {
      return { kind: "not_own" };
    }
    if (within !== undefined) {
      const real = realPathOf(opened, path);
      const there = within.exact === undefined
        ? real !== undefined && isInside(real, within.dir)
        : real === within.exact;
      if (!there) return { kind: "elsewhere", real };
    }
    if (status.size > maxBytes) return { kind: "too_large" };
    const bytes = readAtMost(fd, {
      size: status.size,
      limit: maxBytes + 1,
      into: grown(buffer, status.size + 1),
    });
    if (bytes.length > maxBytes) return { kind: "too_large" };
    const text = decoded(bytes);
    if (text === undefined) return { kind: "not_utf8" };
    return { kind: "text", text, status, digest: digest?.(bytes) };
  } catch (error) {
    return { kind: "unreadable", error };
  } finally {
    closeSync(fd);
  }
}

/** The buffer's bytes, first grown (up to 1 MiB) to hold `size`. */
function grown(buffer: ReadBuffer, size: number): Uint8Array {
  if (size > buffer.bytes.length && size <= KEPT_MAX) {
    buffer.bytes = new Uint8Array(
      Math.min(Math.max(size, buffer.bytes.length * 2), KEPT_MAX),
    );
  }
  return buffer.bytes;
}

const KEPT_MAX = 1024 * 1024 + 1;

/** The kernel's path of an open file, else `path`'s real path where an `lstat` finds it. */
function realPathOf(
  { fd, status }: { fd: number; status: Status },
  path: string,
): string | undefined {
  const kernel = openedPath(fd);
  if (kernel !== undefined) return kernel;
  const real = tryRealpath(path);
  if (!real.ok) return undefined;
  const there = tryStatus(real.value, { follow: false });
  return there.ok && there.value.kind === "file" &&
      sameFile(there.value, status)
    ? real.value
    : undefined;
}

function isOwnEntry(
  { fd, status }: { fd: number; status: Status },
  path: string,
  own: OwnEntry,
): boolean {
  const kernel = openedPath(fd);
  if (kernel !== undefined) return kernel === own.realPath;
  const entry = tryStatus(path, { follow: false });
  const dir = tryStatus(own.dir, { follow: own.viaLink === true });
  return entry.ok && entry.value.kind === "file" &&
    sameFile(entry.value, status) && dir.ok &&
    dir.value.kind === "directory" && sameIdentity(dir.value, own.dirStatus);
}

/**
 * Reads a regular file to its end, up to `limit` bytes, into `into` if it is
 * large enough; one byte more than `size` is asked for, so one call reads it.
 */
export function readAtMost(
  fd: number,
  { size, limit, into }: { size: number; limit: number; into?: Uint8Array },
): Uint8Array {
  const first = Math.min(size + 1, limit);
  let buffer = into !== undefined && into.length >= first
    ? into
    : new Uint8Array(first);
  let length = 0;
  for (;;) {
    const wanted = Math.min(buffer.length, limit) - length;
    const read = readSync(fd, buffer, length, wanted, null);
    length += read;
    if (read < wanted || length >= limit) break;
    const grown = new Uint8Array(Math.min(buffer.length * 2, limit));
    grown.set(buffer.subarray(0, length));
    buffer = grown;
  }
  return buffer.subarray(0, length);
}

/** Bytes as UTF-8 text, or `undefined` when they are not UTF-8. */
export function decoded(bytes: Uint8Array): string | undefined {
  const text = UTF8_LOOSE.decode(bytes);
  if (!text.includes("\uFFFD")) return text;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

const UTF8_LOOSE = new TextDecoder("utf-8");
const UTF8 = new TextDecoder("utf-8", { fatal: true });
