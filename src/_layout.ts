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

/** A skill directory found below a path by {@linkcode skillsBelow}. */
export interface SkillBelow {
  /** Its path relative to the path looked below, with `/`. */
  readonly rel: string;
  /** How many levels below the path it is (1 for `<path>/<name>`). */
  readonly level: number;
}

/** How deep {@linkcode skillsBelow} looks, and how many folders it lists at most. */
const PROBE_DEPTH = 6;
const PROBE_DIRECTORIES = 2000;

/**
 * The skill directories below `path`, up to six levels down, level by
 * level: every real directory that holds a manifest (any case), without
 * looking inside it; `.git` and `node_modules` are not entered, nor
 * symlinks, and at most 2,000 folders are listed. A directory in `known`
 * is taken to hold one without listing it. What a check reads to tell
 * where skills are that a scan did not reach.
 */
export function skillsBelow(
  path: string,
  known: ReadonlySet<string>,
): SkillBelow[] {
  const found: SkillBelow[] = [];
  const folders = [{ dir: path, rel: "", level: 1 }];
  let listed = 0;
  for (const { dir, rel, level } of folders) {
    const listing = tryList(dir);
    if (!listing.ok) continue;
    for (const entry of listing.value.entries) {
      if (entry.kind !== "directory" || SKIPPED.has(entry.name)) continue;
      const child = childPath(dir, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (known.has(child) || holdsManifest(child)) {
        found.push({ rel: childRel, level });
      } else if (level < PROBE_DEPTH && listed < PROBE_DIRECTORIES) {
        listed++;
        folders.push({ dir: child, rel: childRel, level: level + 1 });
      }
    }
  }
  return found;
}

const SKIPPED: ReadonlySet<string> = new Set([".git", "node_modules"]);
