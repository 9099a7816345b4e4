/**
 * Discovery of one root, top to bottom: list the root, then for each skill
 * directory find its manifest, read the skill (`_read_skill.ts`: reuse the
 * previous run's skill or read and parse the manifest, record the
 * directory's place), and admit the skill under its name; on a root deeper
 * than one level, each directory without a manifest is a folder whose
 * entries are read the same way, level by level. What it passes by (a
 * directory without a manifest it does not read below, a symlink not
 * followed, a folder not entered) is recorded where the scan asks, for
 * `explain()`. Finding the manifest is `_manifest.ts`; the records are in
 * `_types.ts`, the problems in `_problems.ts`; the reads go through `fs/`.
 *
 * @module
 */

import { type Listing, tryList } from "../fs/_listing.ts";
import {
  childPath,
  isInside,
  isPermissionDenied,
  tryRealpath,
  tryStatus,
} from "../fs/_status.ts";
import type { Entry, StatusKind } from "../fs/_types.ts";
import type { SkillRoot } from "../config/config.ts";
import { findManifest, type Manifest, UNLISTED } from "./_manifest.ts";
import {
  danglingLinkProblem,
  deniedProblem,
  duplicateProblem,
  limitProblem,
  loopProblem,
  outsidePluginsProblem,
  rootProblem,
  unrepresentableProblem,
} from "./_problems.ts";
import { readSkill, type SkillRead } from "./_read_skill.ts";
import { rememberedEntry, rootEntries } from "./_memo.ts";
import type {
  DiscoveredSkill,
  PassedBy,
  Problem,
  Reached,
  RootScan,
} from "./_types.ts";

/**
 * Discovers the skills of one root, in sorted directory order (level by
 * level on a root deeper than one), without duplicate names. A missing root
 * yields no skills and no warning.
 *
 * @throws {SkillError} Only through `scan.report`, under strict.
 */
export function discoverRoot(scan: RootScan): DiscoveredSkill[] {
  const { root, config, report } = scan;
  const listing = tryList(root.path);
  if (!listing.ok) {
    if (scan.denied !== undefined && isPermissionDenied(listing.error)) {
      scan.denied.push(root.path); // reported once, with the others
      return [];
    }
    const problem = rootProblem(root.path, listing.error);
    if (problem !== undefined) report(problem);
    else scan.missing?.push(root.path);
    return [];
  }
  // The real path the skill directories are under, as of this scan.
  const realRoot = tryRealpath(root.path);
  const walk = rootWalkOf(root, realRoot.ok ? realRoot.value : root.path);
  const byName = new Map<string, DiscoveredSkill>();
  const { folders } = walk;
  folders.push({
    path: root.path,
    realPath: walk.realRoot,
    listing: listing.value,
    level: 1,
  });
  // Entries are served again by what a watch saw only on a root one level deep.
  const remembered = walk.deep || root.maxDirectories !== undefined
    ? undefined
    : rootEntries(scan);
  for (const folder of folders) {
    const { path, realPath, level } = folder;
    const { entries, unrepresentable } = folder.listing;
    for (const entry of unrepresentable) {
      if (entryKind(entry.kind, config) !== "other") {
        report(unrepresentableProblem(path, entry.shown));
      }
    }
    for (const entry of entries) {
      const kind = entryKind(entry.kind, config);
      if (kind === "other") {
        // A file, FIFO, socket or device; or a symlink, not followed.
        if (entry.kind === "symlink") {
          passBy(scan, { reason: "symlink", folder: path, entry, level });
        }
        continue;
      }
      const skipped = walk.deep && isSkipped(entry.name, root)
        ? "skipped"
        : root.only !== undefined && !root.only.includes(entry.name)
        ? "not_listed"
        : undefined;
      if (skipped !== undefined) {
        passBy(scan, { reason: skipped, folder: path, entry, level });
        continue;
      }
      const dir = childPath(path, entry.name);
      const realEntry = realPath === path
        ? dir
        : childPath(realPath, entry.name);
      const reached = kind === "symlink"
        ? followedLink(scan, dir, entry.name)
        // The same string as `dir` where the folder is its own real path.
        : { realDir: realEntry, viaLink: false };
      if (reached === undefined) continue;
      if (reached.viaLink) scan.linked?.push(reached.realDir);
      const at = { folder, entry, dir, reached };
      const read = remembered === undefined
        ? readEntry(scan, walk, at)
        : rememberedEntry(
          scan,
          { ...remembered, kind: entry.kind, dir, realEntry, reached },
          (remembering) => readEntry(remembering, walk, at),
        );
      if (read !== undefined) {
        admit(byName, read.skill, read.findings).forEach(report);
      }
    }
  }
  return [...byName.values()];
}

/**
 * Reads one directory entry of a folder, reached already: a skill to admit
 * (with its findings), or a folder of skills queued for the next level, or
 * an entry passed by; what stops it is reported.
 */
function readEntry(
  scan: RootScan,
  walk: RootWalk,
  { folder, entry, dir, reached }: {
    folder: Folder;
    entry: Entry;
    dir: string;
    reached: Reached;
  },
): SkillRead | undefined {
  const { root, report } = scan;
  const { path, level } = folder;
  if (scan.within !== undefined && !isInside(reached.realDir, scan.within)) {
    // A symlink, or a folder swapped for one: nothing there is read.
    report(outsidePluginsProblem({
      path: dir,
      what: "skill directory",
      real: reached.realDir,
      within: scan.within,
      dirName: entry.name,
    }));
    return undefined;
  }
  const deeper = level < (root.depth ?? 1);
  if (deeper && walk.visited.has(reached.realDir)) {
    // A folder read already (a symlink loop, or two ways to one folder).
    report(loopProblem(dir, reached.realDir));
    return undefined;
  }
  const found = probe(scan, walk, { dir, dirName: entry.name });
  if (found === undefined) return undefined;
  if ("entries" in found) {
    // No manifest: a folder of skills, where the root reads deeper.
    if (deeper) {
      walk.visited.add(reached.realDir);
      walk.folders.push({
        path: dir,
        realPath: reached.realDir,
        listing: found,
        level: level + 1,
      });
    } else {
      passBy(scan, {
        reason: "no_manifest",
        folder: path,
        entry,
        level,
        listing: found,
      });
    }
    return undefined;
  }
  return readSkill(scan, {
    dir,
    dirName: entry.name,
    reached,
    manifest: found,
  });
}

/** Records an entry of `folder` passed by, where the scan records them. */
function passBy(
  scan: RootScan,
  { reason, folder, entry, level, listing }:
    & Pick<PassedBy, "reason" | "level" | "listing">
    & { folder: string; entry: Entry },
): void {
  scan.passed?.push({
    reason,
    path: childPath(folder, entry.name),
    name: entry.name,
    root: scan.root,
    level,
    listing,
  });
}

/** A directory whose entries are read for skills: the root, or a folder below it. */
interface Folder {
  readonly path: string;
  readonly realPath: string;
  readonly listing: Listing;
  /** How many levels below the root its entries are (1 for the root's own). */
  readonly level: number;
}

/**
 * What a scan keeps as it goes: on a root deeper than one level, the real
 * folders it entered; and how many directories it listed that were not
 * skills, against the root's `maxDirectories`.
 */
interface RootWalk {
  readonly deep: boolean;
  /** The folders whose entries are read, the root first, queued level by level. */
  readonly folders: Folder[];
  readonly realRoot: string;
  readonly visited: Set<string>;
  listed: number;
  limited: boolean;
}

function rootWalkOf(root: SkillRoot, realRoot: string): RootWalk {
  const deep = (root.depth ?? 1) > 1;
  return {
    deep,
    folders: [],
    realRoot,
    visited: new Set(deep ? [realRoot] : []),
    listed: 0,
    limited: false,
  };
}

/**
 * Names a scan deeper than one level does not enter: `.git`,
 * `node_modules`, and other dot-directories unless the root reads them.
 */
function isSkipped(name: string, root: SkillRoot): boolean {
  return name === "node_modules" || name === ".git" ||
    (name.startsWith(".") && root.hidden !== "read");
}

/**
 * A directory's manifest, or its listing when it holds none, within the
 * root's bound: every directory listed that is not a skill counts towards
 * `maxDirectories`, and once that many were listed, a directory is no longer
 * listed, only looked at for `SKILL.md` by one status call; the first
 * directory left unlisted reports the bound reached, once for the root.
 */
function probe(
  scan: RootScan,
  walk: RootWalk,
  { dir, dirName }: { dir: string; dirName: string },
): Manifest | Listing | undefined {
  const { root, report } = scan;
  const mayList = walk.listed < (root.maxDirectories ?? Infinity);
  const found = findManifest(scan, dir, dirName, { mayList });
  if (found === UNLISTED) {
    if (!walk.limited) report(limitProblem(root.path, root.maxDirectories));
    walk.limited = true;
    return undefined;
  }
  // Listed (or tried) and not a skill: one folder more.
  if (found === undefined || "entries" in found) walk.listed++;
  return found;
}

/**
 * What a root entry is to discovery: a `"directory"`, a `"symlink"` to
 * follow before it counts (only when symlinks are followed), or `"other"`
 * (skipped).
 */
function entryKind(
  kind: StatusKind,
  { followSymlinks }: { followSymlinks: boolean },
): "directory" | "symlink" | "other" {
  if (kind === "directory") return "directory";
  return kind === "symlink" && followSymlinks ? "symlink" : "other";
}

/**
 * Where a skill-directory symlink leads, when it leads to a directory; a
 * link that cannot be followed, or whose target may not be read, is
 * reported.
 */
function followedLink(
  scan: RootScan,
  dir: string,
  dirName: string,
): Reached | undefined {
  const target = tryStatus(dir, { follow: true });
  if (!target.ok) {
    scan.report(danglingLinkProblem(dir, target.error));
    return undefined;
  }
  if (target.value.kind !== "directory") return undefined;
  const real = tryRealpath(dir);
  if (!real.ok) {
    // Gone since it was followed, or its target may not be read.
    const denied = deniedProblem(dir, dirName, real.error);
    if (denied !== undefined) scan.report(denied);
    return undefined;
  }
  return { realDir: real.value, viaLink: true };
}

/**
 * Admits a skill to its root's map by name, and returns what to report: the
 * skill's own findings when admitted, or only the duplicate when the root
 * already holds the name (the first directory in sorted order wins). A
 * skipped copy's findings are not reported: it loads nowhere, and its name
 * unlike its directory's is what the duplicate already says.
 */
function admit(
  byName: Map<string, DiscoveredSkill>,
  skill: DiscoveredSkill,
  findings: readonly Problem[],
): readonly Problem[] {
  const { name, path } = skill.info;
  const first = byName.get(name);
  if (first === undefined) {
    byName.set(name, skill);
    return findings;
  }
  return [duplicateProblem({ path, name, first: first.info.path })];
}
