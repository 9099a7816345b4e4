/**
 * The bounded walks below a directory given as a root or a skill directory
 * when no skill loads from it, or when a check must say what it did not
 * read: whether it or a directory one level below holds a manifest, and the
 * skill directories deeper than a scan looked. These reads serve
 * `checkSkills`, `emptyRootLayout` and the command's `list`, never discovery.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { tryList } from "../fs/_listing.ts";
import { childPath } from "../fs/_status.ts";
import type { Entry } from "../fs/_types.ts";
import { holdsManifest, isManifestName } from "./_manifest.ts";

/**
 * Whether some directory one level below `path` holds a manifest; at most
 * 2,000 of them are listed.
 */
export function holdsSkillBelow(
  path: string,
  entries: readonly Entry[],
): boolean {
  let listed = 0;
  return entries.some((entry) =>
    (entry.kind === "directory" || entry.kind === "symlink") &&
    listed++ < PROBE_DIRECTORIES &&
    holdsManifest(childPath(path, entry.name))
  );
}

/** A skill directory found below a path by {@linkcode skillsBelow}. */
export interface SkillBelow {
  /** Its path relative to the path looked below, with `/`. */
  readonly rel: string;
  /** How many levels below the path it is (1 for `<path>/<name>`). */
  readonly level: number;
}

/** How deep {@linkcode skillsBelow} looks. */
const PROBE_DEPTH = 6;

/** How many folders below a path {@linkcode skillsBelow} lists at most. */
export const PROBE_DIRECTORIES = 2000;

/**
 * The skill directories below `path` that {@linkcode searchBelow} finds.
 */
export function skillsBelow(
  path: string,
  known: ReadonlySet<string>,
): SkillBelow[] {
  return searchBelow(path, known).skills;
}

/**
 * The skill directories below `path`, up to six levels down, breadth-first
 * (every folder of a level before the next level): every real directory
 * that holds a manifest (any case), without looking inside it; `.git` and
 * `node_modules` are not entered, nor symlinks. A directory in `known` is
 * taken to hold one without listing it; each other directory is listed
 * once, to tell a skill from a folder, and after 2,000 listings below
 * `path` the search stops: `stopped` says it left a folder unlisted, so
 * that what lies past the bound is unknown, never taken as empty. What a
 * check reads to tell where skills are that a scan did not reach.
 * `topEntries`: the entries of `path`, when the caller has just listed it.
 */
export function searchBelow(
  path: string,
  known: ReadonlySet<string>,
  topEntries?: readonly Entry[],
): { skills: SkillBelow[]; stopped: boolean } {
  const found: SkillBelow[] = [];
  const top = topEntries === undefined ? tryList(path) : undefined;
  if (top !== undefined && !top.ok) return { skills: found, stopped: false };
  const folders = [{
    dir: path,
    rel: "",
    level: 1,
    entries: topEntries ?? top?.value.entries ?? [],
  }];
  let listed = 0;
  for (const { dir, rel, level, entries } of folders) {
    for (const entry of entries) {
      if (entry.kind !== "directory" || SKIPPED.has(entry.name)) continue;
      const child = childPath(dir, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (known.has(child)) {
        found.push({ rel: childRel, level });
        continue;
      }
      if (listed++ >= PROBE_DIRECTORIES) {
        return { skills: found, stopped: true };
      }
      const listing = tryList(child);
      if (!listing.ok) continue;
      const below = listing.value.entries;
      if (below.some((e) => isManifestName(e.name))) {
        found.push({ rel: childRel, level });
      } else if (level < PROBE_DEPTH) {
        folders.push({
          dir: child,
          rel: childRel,
          level: level + 1,
          entries: below,
        });
      }
    }
  }
  return { skills: found, stopped: false };
}

/**
 * How far below a root its skills are read, for a message: `"one level
 * below"`, or `"within 3 levels below"`.
 */
export function reachOf(depth: number): string {
  return depth === 1 ? "one level below" : `within ${depth} levels below`;
}

/**
 * What a scan of `root` leaves unread below it, of the skill directories
 * {@linkcode skillsBelow} finds: those deeper than the root reads, and, on a
 * root deeper than one, those under a dot-directory it skips; and whether
 * some skill directory below it is one the scan reads; and whether the
 * search stopped at its bound (then more may sit unread past it). `loaded`:
 * the directories of the skills the scan loaded; `topEntries`: the root's
 * entries, when the caller has just listed it.
 */
export function unreadSkills(
  root: Pick<SkillRoot, "path" | "depth" | "hidden">,
  loaded: ReadonlySet<string>,
  topEntries?: readonly Entry[],
): { unread: SkillBelow[]; reached: boolean; stopped: boolean } {
  const { skills: below, stopped } = searchBelow(root.path, loaded, topEntries);
  const depth = root.depth ?? 1;
  const unread = below.filter((skill) =>
    skill.level > depth ||
    (depth > 1 && root.hidden !== "read" &&
      skill.rel.split("/").some((part) => part.startsWith(".")))
  );
  return { unread, reached: below.length > unread.length, stopped };
}

const SKIPPED: ReadonlySet<string> = new Set([".git", "node_modules"]);
