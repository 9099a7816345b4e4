/**
 * The skill directories of a name below the entries discovery passed by,
 * compared with listed names only, so nothing outside the roots is touched.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import type { PassedBy } from "../discovery/_types.ts";
import { type Listing, tryList } from "../fs/_listing.ts";
import { childPath, tryStatus } from "../fs/_status.ts";
import type { Read } from "../fs/_types.ts";

/** A folder to look through (listed here unless discovery kept its listing), and what lies on the way. */
interface Folder {
  readonly path: string;
  readonly listing?: Listing | undefined;
  /** The level of its entries below the root (1 for the root's own). */
  readonly level: number;
  readonly from: PassedBy;
  /** The first dot-directory on the way (not `.git`), which a deeper scan skips unless it reads them. */
  readonly dotFolder?: string | undefined;
  /** The first `.git` or `node_modules` on the way, which no scan enters. */
  readonly closedFolder?: string | undefined;
}

/** A skill directory of the name: its manifest, and the folder it is in (the root that would serve it). */
export interface NamedBelow extends Omit<Folder, "path" | "listing"> {
  readonly manifest: string;
  readonly parent: string;
}

/** The reads the walk makes: a folder's listing, and whether a path is a file. */
export interface BelowReads {
  list(path: string): Read<Listing>;
  isFile(path: string): boolean;
}

/** How many levels below its root's depth the walk looks. */
export const BELOW_LEVELS = 5;

/** How many folders the walk lists at most in one call. */
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
  isFile,
};

/** Whether `path` is a file (through a symlink too). */
export function isFile(path: string): boolean {
  const status = tryStatus(path, { follow: true });
  return status.ok && status.value.kind === "file";
}

/**
 * The directories or symlinks whose listed name `matches` and that hold a
 * `SKILL.md` file, below the passed-by folders given, level by level through
 * real directories (down to {@linkcode BELOW_LEVELS} below a root's depth).
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
      const manifest = childPath(dir, "SKILL.md");
      if (matches(entry.name, root) && reads.isFile(manifest)) {
        const { level, from, dotFolder, closedFolder } = folder;
        const parent = folder.path;
        found.push({ manifest, parent, level, from, dotFolder, closedFolder });
        continue;
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
