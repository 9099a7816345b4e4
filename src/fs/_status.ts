/**
 * What a path or a descriptor is, and what a filesystem error means and says.
 *
 * @module
 */

import { readlinkSync, realpathSync } from "node:fs";
import { dirname, sep } from "node:path";
import process from "node:process";
import { backend } from "./_backend.ts";
import type { Read, Status, StatusKind } from "./_types.ts";

/** What a read returned, or the error it threw. */
export function attempt<T>(read: () => T): Read<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** `join(dir, name)` for a name a listing gave, which needs no normalising. */
export function childPath(dir: string, name: string): string {
  return dir.endsWith(sep) ? [dir, name].join("") : [dir, name].join(sep);
}

/** The status of `path` (of its target, with `follow`), or the error it threw. */
export function tryStatus(
  path: string,
  options: { follow: boolean },
): Read<Status> {
  return attempt(() => backend.status(path, options));
}

/** Whether `path` is `dir` itself or inside it; both must be real paths. */
export function isInside(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path === dir || path.startsWith(prefix);
}

/** `realpathSync`, or the error it threw. */
export function tryRealpath(path: string): Read<string> {
  return attempt(() => realpathSync(path));
}

/**
 * The real path of the absolute `path`, each `..` stepping up from the real
 * directory before it, never from the text; `undefined` if one cannot be.
 */
export function realPathAsGiven(path: string): string | undefined {
  const parts = path.split(sep);
  if (!parts.includes("..")) {
    const real = tryRealpath(path);
    return real.ok ? real.value : undefined;
  }
  let real: string = sep;
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      const status = tryStatus(real, { follow: true });
      if (!status.ok || status.value.kind !== "directory") return undefined;
      real = dirname(real);
      continue;
    }
    const next = tryRealpath(childPath(real, part));
    if (!next.ok) return undefined;
    real = next.value;
  }
  return real;
}

type Inode = Pick<Status, "dev" | "ino">;
type Identity = Pick<Status, "dev" | "ino" | "birthtimeMs">;

/** Whether two statuses are of one file: the same device and inode. */
export function sameFile(a: Inode, b: Inode): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** Whether two statuses taken at two moments are of one file that stayed (an inode can be reused). */
export function sameIdentity(a: Identity, b: Identity): boolean {
  return sameFile(a, b) && a.birthtimeMs === b.birthtimeMs;
}

/** The kernel's path of an open descriptor, which no swap can fake; `undefined` where unreadable. */
export function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** "a directory", "a FIFO", "a socket", "a device" or "a symlink": what a non-file is. */
export function kindOf(kind: StatusKind): string {
  return kind === "fifo" ? "a FIFO" : `a ${kind === "file" ? "device" : kind}`;
}

interface Permissions {
  querySync?(query: { name: "read"; path: string }): { state: string };
}

/** Whether Deno's grant or Node's permission model lets this process read `path`. */
function readGranted(path: string): boolean {
  try {
    const permissions = (globalThis as { Deno?: { permissions?: Permissions } })
      .Deno?.permissions;
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
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Whether a filesystem error is a refused permission: the OS's, Node's or Deno's. */
export function isPermissionDenied(error: unknown): boolean {
  const code = errorCode(error);
  return code === "EACCES" || code === "EPERM" ||
    code === "ERR_ACCESS_DENIED" ||
    (error instanceof Error &&
      (error.name === "NotCapable" || error.name === "PermissionDenied"));
}

/** Whether a failed status or read of `path` was refused (a path not granted can read as missing). */
export function refused(error: unknown, path: string): boolean {
  return isPermissionDenied(error) || !readGranted(path);
}

/** A short reason for a filesystem error, for messages. */
export function reason(error: unknown): string {
  if (error instanceof Error && error.name === "NotCapable") {
    return `permission denied: ${error.message}; the grant must cover the real paths that symlinks lead to`;
  }
  const code = errorCode(error);
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOENT") return "it does not exist";
  if (code === "ELOOP") return "too many levels of symlinks";
  if (code === "ENOTDIR") return "a path component is not a directory";
  return error instanceof Error ? error.message : String(error);
}
