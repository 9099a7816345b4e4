/**
 * What a directory holds when it is given as a root or a skill directory but
 * no skill loads from it: a manifest of its own, or skills nested one level
 * too deep. These reads serve the hints of `check` and `list`; discovery never
 * makes them.
 *
 * @module
 */

import { tryList } from "./_fs/listing.ts";
import { childPath, errorCode, tryStatus } from "./_fs/status.ts";
import type { Entry } from "./_fs/types.ts";
import { isManifestName } from "./_discovery/manifest.ts";

/** A directory below a root whose own directories hold skills: a root itself. */
export interface NestedRoot {
  /** The directory, to pass as a root instead. */
  readonly dir: string;
  /** One manifest in it, relative to the path that was given. */
  readonly example: string;
}

/** Whether a directory holds a manifest (any case) of its own. */
export function holdsManifest(dir: string): boolean {
  const listing = tryList(dir);
  return listing.ok &&
    listing.value.entries.some((e) => isManifestName(e.name));
}

/** Whether some directory one level below `path` holds a manifest. */
export function holdsSkillBelow(
  path: string,
  entries: readonly Entry[],
): boolean {
  return entries.some((entry) =>
    (entry.kind === "directory" || entry.kind === "symlink") &&
    holdsManifest(childPath(path, entry.name))
  );
}

/**
 * The directories one level below `path` that hold skills one level below
 * them (openai/skills keeps its under `.curated/`, `.experimental/` and
 * `.system/`), in the sorted order of the listings, each with one manifest
 * it holds.
 */
export function nestedRoots(
  path: string,
  entries: readonly Entry[],
): NestedRoot[] {
  const nested: NestedRoot[] = [];
  for (const entry of entries) {
    if (entry.kind !== "directory") continue;
    const dir = childPath(path, entry.name);
    const below = tryList(dir);
    if (!below.ok) continue;
    const skill = below.value.entries.find((sub) =>
      sub.kind === "directory" && holdsManifest(childPath(dir, sub.name))
    );
    if (skill !== undefined) {
      nested.push({ dir, example: `${entry.name}/${skill.name}/SKILL.md` });
    }
  }
  return nested;
}

/** Why a root gave no skills, where discovery has nothing to warn about. */
export type EmptyRootLayout =
  | { readonly kind: "missing" }
  | { readonly kind: "skill_directory" }
  | { readonly kind: "nested"; readonly nested: readonly NestedRoot[] }
  | { readonly kind: "other" };

/**
 * What a root that gave no skills holds: nothing at all (it does not exist),
 * a manifest of its own (a skill directory given as a root), or skills two
 * levels down. Otherwise `other`: discovery's warnings say why (the root is
 * unreadable or not a directory, its skills did not load) or it is empty.
 */
export function emptyRootLayout(path: string): EmptyRootLayout {
  const stat = tryStatus(path, { follow: true });
  if (!stat.ok) {
    return { kind: errorCode(stat.error) === "ENOENT" ? "missing" : "other" };
  }
  const listing = stat.value.kind === "directory" ? tryList(path) : undefined;
  if (listing === undefined || !listing.ok) return { kind: "other" };
  const { entries } = listing.value;
  if (entries.some((entry) => isManifestName(entry.name))) {
    return { kind: "skill_directory" };
  }
  if (holdsSkillBelow(path, entries)) return { kind: "other" };
  const nested = nestedRoots(path, entries);
  return nested.length > 0 ? { kind: "nested", nested } : { kind: "other" };
}
