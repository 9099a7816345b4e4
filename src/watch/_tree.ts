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
import type { StatusKind } from "../fs/_types.ts";

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
      `Watching ${path} would pass the bound of ${max} directories watched (maxWatches; give watch() a larger one where the system allows it: /proc/sys/fs/inotify/max_user_watches, less what other programs hold)`,
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
  return directoriesBelow(dir, max, (at, { name, kind }) => {
    if (kind === "directory") {
      return name === undefined || SKIPPED.has(name) ? "refuse" : "enter";
    }
    if (kind !== "symlink") return "pass";
    if (name === undefined) return "refuse";
    const target = tryStatus(childPath(at, name), { follow: true });
    return target.ok && target.value.kind === "directory" ? "refuse" : "pass";
  });
}

/**
 * How many directories the tree below `dir` holds (itself included, `.git`
 * and `node_modules` not entered, symlinks not followed), or undefined
 * past `max`.
 */
export function countDirectories(dir: string, max: number): number | undefined {
  return directoriesBelow(
    dir,
    max,
    (_, { name, kind }) =>
      kind === "directory" && name !== undefined && !SKIPPED.has(name)
        ? "enter"
        : "pass",
  )?.length;
}

/**
 * The directories of the tree below `dir`, breadth first, as `judge` has
 * each entry entered, passed by, or the whole walk given up (an entry
 * whose name is not UTF-8 comes without one); undefined when given up or
 * past `max`.
 */
function directoriesBelow(
  dir: string,
  max: number,
  judge: (
    at: string,
    entry: { name: string | undefined; kind: StatusKind },
  ) => "enter" | "pass" | "refuse",
): string[] | undefined {
  const queue = [dir];
  for (const at of queue) {
    if (queue.length > max) return undefined;
    const listing = tryList(at);
    if (!listing.ok) continue;
    for (const { name, kind } of listing.value.entries) {
      const verdict = judge(at, { name, kind });
      if (verdict === "refuse") return undefined;
      if (verdict === "enter") queue.push(childPath(at, name));
    }
    for (const { kind } of listing.value.unrepresentable) {
      if (judge(at, { name: undefined, kind }) === "refuse") return undefined;
    }
  }
  return queue.length > max ? undefined : queue;
}
