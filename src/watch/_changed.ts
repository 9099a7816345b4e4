/**
 * The real paths a watch saw change since the last refresh(), and what
 * they say about a path: a path is changed when an event was at it, below
 * it, or above it (a directory replaced takes everything below with it).
 *
 * @module
 */

import { dirname, sep } from "node:path";

/** The most paths kept: past it, the watch cannot vouch for anything. */
export const MAX_CHANGED_PATHS = 10_000;

/** Up to how many paths a path's ancestors are looked for among them one by one. */
const FEW_PATHS = 16;

/** The paths a watch saw change, and each of their ancestors. */
export class ChangedPaths {
  /** The paths of the events. */
  readonly #paths = new Set<string>();
  /** The paths of the events and every directory above each. */
  readonly #around = new Set<string>();
  #overflowed = false;

  /** Whether nothing changed. */
  get empty(): boolean {
    return this.#paths.size === 0 && !this.#overflowed;
  }

  /** Whether more paths changed than are kept. */
  get overflowed(): boolean {
    return this.#overflowed;
  }

  /** Records a path an event named. */
  add(path: string): void {
    if (this.#paths.has(path)) return;
    if (this.#paths.size >= MAX_CHANGED_PATHS) {
      this.#overflowed = true;
      return;
    }
    this.#paths.add(path);
    for (let at = path; !this.#around.has(at); at = dirname(at)) {
      this.#around.add(at);
      if (dirname(at) === at) break;
    }
  }

  /** Whether no event was at `path`, below it or above it. */
  unchangedAt(path: string): boolean {
    if (this.#overflowed) return false;
    if (this.#around.has(path)) return false;
    if (this.#paths.size <= FEW_PATHS) {
      for (const changed of this.#paths) {
        if (isBelow(path, changed)) return false;
      }
      return true;
    }
    for (let at = dirname(path); at !== path; path = at, at = dirname(at)) {
      if (this.#paths.has(at)) return false;
    }
    return true;
  }

  /** Whether no event was at `path` or above it. */
  unchangedAtOrAbove(path: string): boolean {
    if (this.#overflowed) return false;
    for (let at = path;; at = dirname(at)) {
      if (this.#paths.has(at)) return false;
      if (dirname(at) === at) return true;
    }
  }

  /**
   * The names of the entries of the directory `dir` that changed only
   * inside (each event strictly below one of them), or undefined when an
   * event was at `dir`, above it, or at one of its entries itself (its
   * listing may have changed), or events were dropped.
   */
  changedInside(dir: string): Set<string> | undefined {
    if (!this.unchangedAtOrAbove(dir)) return undefined;
    const prefix = dir.endsWith(sep) ? dir : dir + sep;
    const names = new Set<string>();
    for (const path of this.#paths) {
      if (!isBelow(path, dir)) continue;
      const end = path.indexOf(sep, prefix.length);
      if (end === -1) return undefined;
      names.add(path.slice(prefix.length, end));
    }
    return names;
  }

  /** Forgets every path. */
  clear(): void {
    this.#paths.clear();
    this.#around.clear();
    this.#overflowed = false;
  }
}

/** Whether `path` is strictly below the directory `dir`. */
export function isBelow(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path.length > prefix.length && path.startsWith(prefix);
}
