/**
 * Filesystem helpers shared by discovery and confinement. Private: nothing
 * here is exported from mod.ts, and no public declaration depends on it.
 *
 * @module
 */

import { type Dirent, readdirSync } from "node:fs";

/** Directory entries in code-unit order: stable and locale-independent. */
export function _sortedEntries(path: string): Dirent[] {
  return readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  );
}

/** The `code` of a Node-style filesystem error, if it has one. */
export function _errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) {
    return undefined;
  }
  return typeof error.code === "string" ? error.code : undefined;
}

/** A short reason for a filesystem error, for messages. */
export function _reason(error: unknown): string {
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
