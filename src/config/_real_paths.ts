/**
 * One directory reached by several roots is scanned once: the rule, shared by
 * the config (which reports it) and every scan (which applies it afresh).
 *
 * @module
 */

import { realpathSync } from "node:fs";

/** The real path of a root, or the path itself while it does not exist. */
export function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * For each root, by index, the index of the root that scans its directory:
 * the last (highest-precedence) root with the same real path.
 */
export function winnersOf(realPaths: readonly string[]): number[] {
  const last = new Map<string, number>();
  realPaths.forEach((realPath, index) => last.set(realPath, index));
  return realPaths.map((realPath) => last.get(realPath) ?? -1);
}
