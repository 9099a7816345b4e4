/**
 * What a directory holds when it is given as a root or a skill directory but
 * no skill loads from it: a manifest of its own, or skills nested one level
 * too deep. These reads serve `checkSkills` and `emptyRootLayout`; discovery
 * never makes them.
 *
 * @module
 */

import type { NestedRoot } from "./diagnostic.ts";
import { tryList } from "./_fs/listing.ts";
import { childPath } from "./_fs/status.ts";
import type { Entry } from "./_fs/types.ts";
import { isManifestName } from "./_discovery/manifest.ts";

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
