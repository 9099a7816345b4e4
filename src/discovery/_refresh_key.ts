/**
 * When refresh() may serve a skill of the previous run again: the refresh
 * key of a manifest, its racy rule, and the one function that decides.
 *
 * @module
 */

import type { Status } from "../fs/_types.ts";
import type { DiscoveredSkill, RefreshKey, RootScan } from "./_types.ts";

/**
 * How far back from a scan's start a file's times count as not settled: a
 * time not older than that may hide a second write within the same clock
 * tick, so the next scan reads the file whatever its key says (as git does
 * for its index).
 */
const RACY_MARGIN_MS = 2000;

/** A manifest's refresh key, from its status, and whether it is settled. */
export function refreshKey(status: Status, startedMs: number): RefreshKey {
  const { dev, ino, size, mtimeMs, ctimeMs } = status;
  return {
    dev,
    ino,
    size,
    mtimeMs,
    ctimeMs,
    settled: Math.max(mtimeMs, ctimeMs) < startedMs - RACY_MARGIN_MS,
  };
}

/** Whether two keys are the same (compared as numbers, not as a string kept per skill). */
export function sameKey(a: RefreshKey, b: RefreshKey): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size &&
    a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * The previous run's skill at `path` that this scan may serve again, found
 * one of two ways: before reading, by the manifest's `key`, which must be
 * the same and have been settled when it was read; or after reading, by its
 * `text`, byte for byte the same. Either way the root that serves it must
 * have the same labels (and plugin).
 */
export function reusable(
  scan: RootScan,
  path: string,
  by: { readonly key: RefreshKey } | { readonly text: string },
): DiscoveredSkill | undefined {
  const earlier = scan.previous?.get(path);
  if (earlier === undefined) return undefined;
  const { info } = earlier;
  const { root } = scan;
  if (
    info.root !== root.path || info.scope !== root.scope ||
    info.source !== root.source || info.plugin !== root.namespace
  ) {
    return undefined;
  }
  const same = "key" in by
    ? earlier.key.settled && sameKey(earlier.key, by.key)
    : earlier.source === by.text;
  return same ? earlier : undefined;
}
