/**
 * What a path or a descriptor is: its status, its real path, the kernel's
 * path of an open file, and what a filesystem error means (a refused
 * permission, a missing path) and says.
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

/**
 * The path of `name` in the directory `dir`: `join(dir, name)` for an entry
 * name a listing gave (never empty, `.` or `..`, and without a separator),
 * which needs no normalising; a flat string (see BENCHMARKS.md).
 */
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
 * The real path of the absolute `path` as the system resolves it: a `..`
 * steps up from the real directory the components before it lead to, never
 * from their text (which `resolve()` and node's `realpath` normalise first,
 * so `link/../x` would be a sibling of the link, not of its target).
 * `undefined` when a component cannot be resolved (missing, a loop, a
 * denied directory, `..` after what is not a directory). One `realpath`
 * for a path without `..`; else one per component and a `stat` per `..`,
 * bounded by the path's length.
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

/** Whether two statuses are of one file: the same device and inode. */
export function sameFile(
  a: Pick<Status, "dev" | "ino">,
  b: Pick<Status, "dev" | "ino">,
): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/**
 * Whether two statuses taken at two moments are of one file or directory
 * that stayed: the same device and inode, and the same birth time, since a
 * file system may give a new one the inode of one just removed.
 */
export function sameIdentity(
  a: Pick<Status, "dev" | "ino" | "birthtimeMs">,
  b: Pick<Status, "dev" | "ino" | "birthtimeMs">,
): boolean {
  return sameFile(a, b) && a.birthtimeMs === b.birthtimeMs;
}

/**
 * The path the kernel gives an open descriptor (`/proc/self/fd/N` on Linux),
 * or `undefined` where the runtime may not read it (Deno short of
 * `--allow-all`, Node's permission model without a grant) or there is none.
 * No swap of any directory on the way can fake it.
 */
export function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** "a directory", "a FIFO", "a socket", "a device" or "a symlink": what a non-file is. */
export function kindOf(kind: StatusKind): string {
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
interface Permissions {
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
export function readGranted(path: string): boolean {
  try {
    const permissions = (globalThis as Permissions).Deno?.permissions;
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
export function isPermissionDenied(error: unknown): boolean {
  const code = errorCode(error);
  return code === "EACCES" || code === "EPERM" ||
    code === "ERR_ACCESS_DENIED" ||
    (error instanceof Error &&
      (error.name === "NotCapable" || error.name === "PermissionDenied"));
}

/**
 * Whether a failed status or read of `path` was refused rather than found
 * missing: the OS or the runtime said so, or the runtime's permissions do
 * not grant the path (where a refused path can read as missing, as after
 * Node's `realpath`). A refusal is never reported as "does not exist".
 */
export function refused(error: unknown, path: string): boolean {
  return isPermissionDenied(error) || !readGranted(path);
}

/** A short reason for a filesystem error, for messages. */
export function reason(error: unknown): string {
  if (error instanceof Error && error.name === "NotCapable") {
    // Deno names the path it refused; the grant must cover real paths too.
    return `permission denied: ${error.message}; the grant must cover the real paths that symlinks lead to`;
  }
  switch (errorCode(error)) {
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
