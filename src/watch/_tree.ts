/**
 * What a watched tree holds, read before its watch opens and as it grows:
 * its directories, counted against the bound, and whether one handle can
 * serve it where the runtime's own watch of a tree would follow links.
 *
 * @module
 */

import { sep } from "node:path";
import { tryList } from "../fs/_listing.ts";
import { childPath, tryStatus } from "../fs/_status.ts";

/** Folders a tree's watch does not enter. */
export const SKIPPED: ReadonlySet<string> = new Set([".git", "node_modules"]);

/**
 * Whether `path`, inside the tree at `tree`, lies in a folder a tree's
 * watch does not enter (a `.git` or `node_modules` below `tree`).
 */
export function inSkipped(path: string, tree: string): boolean {
  const names = path.slice(tree.length).split(sep);
  return names.some((name) => SKIPPED.has(name));
}

/** Why a tree is not watched: watching it would pass the bound. */
export function limitTrouble(
  path: string,
  max: number,
): { code: "watch_limit"; message: string } {
  return {
    code: "watch_limit",
    message:
      `Watching ${path} would pass the bound of ${max} directories watched (maxWatches)`,
  };
}

/** Whether `path` is a directory, not through a link. */
export function isDirectory(path: string): boolean {
  const status = tryStatus(path, { follow: false });
  return status.ok && status.value.kind === "directory";
}

/**
 * The directories of the tree below `dir` (itself included), when it holds
 * no link to a directory and no folder a tree's watch does not enter, and
 * they are at most `max`; else undefined.
 */
export function survey(dir: string, max: number): string[] | undefined {
  const queue = [dir];
  for (const at of queue) {
    if (queue.length > max) return undefined;
    const listing = tryList(at);
    if (!listing.ok) continue;
    for (const entry of listing.value.entries) {
      if (entry.kind === "directory") {
        if (SKIPPED.has(entry.name)) return undefined;
        queue.push(childPath(at, entry.name));
      } else if (entry.kind === "symlink") {
        const target = tryStatus(childPath(at, entry.name), { follow: true });
        if (target.ok && target.value.kind === "directory") return undefined;
      }
    }
    for (const entry of listing.value.unrepresentable) {
      if (entry.kind === "directory" || entry.kind === "symlink") {
        return undefined;
      }
    }
  }
  return queue.length > max ? undefined : queue;
}

/**
 * How many directories the tree below `dir` holds (itself included, `.git`
 * and `node_modules` not entered, symlinks not followed), or undefined
 * past `max`.
 */
export function countDirectories(dir: string, max: number): number | undefined {
  const queue = [dir];
  for (const at of queue) {
    if (queue.length > max) return undefined;
    const listing = tryList(at);
    if (!listing.ok) continue;
    for (const entry of listing.value.entries) {
      if (entry.kind === "directory" && !SKIPPED.has(entry.name)) {
        queue.push(childPath(at, entry.name));
      }
    }
  }
  return queue.length;
}
