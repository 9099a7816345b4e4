/**
 * Why a path given as text, which does not exist, names an entry whose name
 * on disk is not valid UTF-8: what the command line and `check` say of a
 * path they were given. Not the core's: discovery never asks.
 *
 * @module
 */

import { sep } from "node:path";
import { tryList, type Unrepresentable } from "./_listing.ts";
import { childPath, tryStatus } from "./_status.ts";

/**
 * Why the absolute `path`, which does not exist, cannot be named: the
 * first of its components that holds U+FFFD and does not exist is, in its
 * parent's listing, an entry whose name is not valid UTF-8 but decodes to
 * it (a path given as text, with the bytes decoded away). `undefined` when
 * no component is such a name. At most one listing, and a status call per
 * component up to it.
 */
export function unrepresentableIn(
  path: string,
): { parent: string; entry: Unrepresentable } | undefined {
  if (!path.includes("\uFFFD")) return undefined;
  let parent: string = sep;
  for (const part of path.split(sep)) {
    if (part === "") continue;
    const child = childPath(parent, part);
    if (tryStatus(child, { follow: true }).ok) {
      parent = child;
      continue;
    }
    if (!part.includes("\uFFFD")) return undefined;
    const listing = tryList(parent);
    const entry = listing.ok
      ? listing.value.unrepresentable.find((e) => e.decoded === part)
      : undefined;
    return entry === undefined ? undefined : { parent, entry };
  }
  return undefined;
}

/** What {@linkcode unrepresentableIn} found, for a message. */
export function unrepresentedName(
  { parent, entry }: { parent: string; entry: Unrepresentable },
): string {
  return `it exists, but its name in ${parent}, ${entry.shown}, is not valid UTF-8`;
}
