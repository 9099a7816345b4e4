/**
 * The skill directories of a name below the entries discovery passed by
 * without reading below them. A name is only compared with the names a
 * listing gave, and every path is built from a listed entry, so nothing
 * outside the roots is touched; the walk is bounded in levels and listings.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import type { PassedBy } from "../discovery/_types.ts";
import { type Listing, tryList } from "../fs/_listing.ts";
import { childPath, tryStatus } from "../fs/_status.ts";
import type { Read } from "../fs/_types.ts";

/** A folder to look through, and what lies on the way to it. */
interface Folder {
  readonly path: string;
  /** Its listing when discovery kept it; else it is listed here. */
  readonly listing?: Listing | undefined;
  /** The level of its entries below the root (1 for the root's own). */
  readonly level: number;
  /** The entry discovery passed by that it is below. */
  readonly from: PassedBy;
  /** The first dot-directory on the way (not `.git`), which a deeper scan skips unless it reads them. */
  readonly dotFolder?: string | undefined;
  /** The first `.git` or `node_modules` on the way, which no scan enters. */
  readonly closedFolder?: string | undefined;
}

/** A skill directory of the name, found below an entry discovery passed by. */
export interface NamedBelow extends Omit<Folder, "path" | "listing"> {
  /** Its manifest, `<dir>/SKILL.md`. */
  readonly manifest: string;
  /** The folder it is in: the root that would serve it as it is. */
  readonly parent: string;
}

/** The reads the walk makes: a folder's listing, and whether a path is a file. */
export interface BelowReads {
  list(path: string): Read<Listing>;
  isFile(path: string): boolean;
}

/** How many levels below its root's depth the walk looks. */
export const BELOW_LEVELS = 5;

/** How many folders the walk lists at most in one call, however many there are. */
export const BELOW_LISTINGS = 2000;

const READS: BelowReads = {
  // A folder swapped for a symlink since the scan is not listed through it.
  list: (path) => {
    const status = tryStatus(path, { follow: false });
    if (!status.ok) return status;
    return status.value.kind === "directory"
      ? tryList(path)
      : { ok: false, error: new Error(`${path} is no longer a directory`) };
  },
  isFile: (path) => {
    const status = tryStatus(path, { follow: true });
    return status.ok && status.value.kind === "file";
  },
};

/**
 * The skill directories whose listed name `matches`, below the passed-by
 * folders given, level by level across all of them: a directory or symlink
 * of a matching name that holds a `SKILL.md` file; a real directory of
 * another name is looked through in turn, down to {@linkcode BELOW_LEVELS}
 * below its root's depth, `maxListings` folders listed in all.
 */
export function namedBelow(
  starts: readonly PassedBy[],
  matches: (entryName: string, root: SkillRoot) => boolean,
  { reads = READS, maxListings = BELOW_LISTINGS }: {
    reads?: BelowReads;
    maxListings?: number;
  } = {},
): NamedBelow[] {
  const found: NamedBelow[] = [];
  const folders: Folder[] = starts.map((from) => ({
    path: from.path,
    listing: from.listing,
    level: from.level + 1,
    from,
    ...onTheWay({}, from.path, from.name),
  }));
  let listed = 0;
  for (const folder of folders) {
    let listing = folder.listing;
    if (listing === undefined) {
      if (listed >= maxListings) continue;
      listed++;
      const read = reads.list(folder.path);
      if (!read.ok) continue;
      listing = read.value;
    }
    const { root } = folder.from;
    const deepest = (root.depth ?? 1) + BELOW_LEVELS;
    for (const entry of listing.entries) {
      if (entry.kind !== "directory" && entry.kind !== "symlink") continue;
      const dir = childPath(folder.path, entry.name);
      if (matches(entry.name, root)) {
        const manifest = childPath(dir, "SKILL.md");
        if (reads.isFile(manifest)) {
          const { level, from, dotFolder, closedFolder } = folder;
          const parent = folder.path;
          found.push({
            manifest,
            parent,
            level,
            from,
            dotFolder,
            closedFolder,
          });
          continue;
        }
      }
      // Symlinks are not followed: the walk stays where the listings are.
      if (entry.kind === "directory" && folder.level < deepest) {
        folders.push({
          path: dir,
          level: folder.level + 1,
          from: folder.from,
          ...onTheWay(folder, dir, entry.name),
        });
      }
    }
  }
  return found;
}

/** The dot-directory and the closed folder on the way, with `name` (at `path`) added. */
function onTheWay(
  { dotFolder, closedFolder }: Pick<Folder, "dotFolder" | "closedFolder">,
  path: string,
  name: string,
): Pick<Folder, "dotFolder" | "closedFolder"> {
  const closed = name === ".git" || name === "node_modules";
  return {
    dotFolder: dotFolder ??
      (!closed && name.startsWith(".") ? path : undefined),
    closedFolder: closedFolder ?? (closed ? path : undefined),
  };
}
