/**
 * Discovery of one root, top to bottom: list the root, then for each skill
 * directory find its manifest (`_manifest.ts`), read the skill
 * (`_read_skill.ts`) and admit it under its name; on a root deeper than one
 * level, a directory without a manifest is a folder read the same way,
 * level by level. What it passes by is recorded for `explain()`.
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
import type { Entry } from "../fs/_types.ts";
import type { SkillRoot } from "../config/config.ts";
import { realPathOrSelf } from "../config/_roots.ts";
import { findManifest, UNLISTED } from "./_manifest.ts";
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
import type { DiscoveredSkill, PassedBy, Reached, RootScan } from "./_types.ts";

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
  const realRoot = realPathOrSelf(root.path);
  const deep = (root.depth ?? 1) > 1;
  const walk: RootWalk = {
    deep,
    folders: [{
      path: root.path,
      realPath: realRoot,
      listing: listing.value,
      level: 1,
    }],
    visited: new Set(deep ? [realRoot] : []),
    listed: 0,
    limited: false,
  };
  const byName = new Map<string, DiscoveredSkill>();
  // Entries are served again by what a watch saw only on a root one level deep.
  const remembered = deep || root.maxDirectories !== undefined
    ? undefined
    : scan.remembering?.rootEntries(scan);
  for (const folder of walk.folders) {
    const { path, realPath, level } = folder;
    const { entries, unrepresentable } = folder.listing;
    for (const entry of unrepresentable) {
      if (followed(entry.kind, config)) {
        report(unrepresentableProblem(path, entry.shown));
      }
    }
    for (const entry of entries) {
      if (!followed(entry.kind, config)) {
        // A file, FIFO, socket or device; or a symlink, not followed.
        if (entry.kind === "symlink") {
          passBy(scan, "symlink", { folder: path, entry, level });
        }
        continue;
      }
      const skipped = deep && isSkipped(entry.name, root)
        ? "skipped"
        : root.only !== undefined && !root.only.includes(entry.name)
        ? "not_listed"
        : undefined;
      if (skipped !== undefined) {
        passBy(scan, skipped, { folder: path, entry, level });
        continue;
      }
      const dir = childPath(path, entry.name);
      const realEntry = realPath === path
        ? dir
        : childPath(realPath, entry.name);
      const reached = entry.kind === "symlink"
        ? followedLink(scan, dir, entry.name)
        : { realDir: realEntry, viaLink: false };
      if (reached === undefined) continue;
      if (reached.viaLink) scan.linked?.push(reached.realDir);
      const args = { folder, entry, dir, reached };
      const read = remembered === undefined
        ? readEntry(scan, walk, args)
        : scan.remembering?.rememberedEntry(
          scan,
          { ...remembered, kind: entry.kind, dir, realEntry, reached },
          (recording) => readEntry(recording, walk, args),
        );
      if (read === undefined) continue;
      // The first directory in sorted order wins a name; a skipped copy's
      // findings are not reported, as it loads nowhere.
      const { name, path: manifest } = read.skill.info;
      const first = byName.get(name);
      if (first === undefined) {
        byName.set(name, read.skill);
        read.findings.forEach(report);
      } else {
        report(
          duplicateProblem({ path: manifest, name, first: first.info.path }),
        );
      }
    }
  }
  return [...byName.values()];
}

/** A directory whose entries are read for skills: the root, or a folder below it. */
interface Folder {
  readonly path: string;
  readonly realPath: string;
  readonly listing: Listing;
  /** How many levels below the root its entries are (1 for the root's own). */
  readonly level: number;
}

/** What a scan keeps as it goes. */
interface RootWalk {
  readonly deep: boolean;
  /** The folders whose entries are read, queued level by level. */
  readonly folders: Folder[];
  /** On a root deeper than one level, the real folders entered. */
  readonly visited: Set<string>;
  /** The directories listed that were not skills, against `maxDirectories`. */
  listed: number;
  limited: boolean;
}

/**
 * Reads one directory entry of a folder: a skill to admit, or a folder
 * queued for the next level, or an entry passed by.
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
  const { level } = folder;
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
  // Past the root's maxDirectories, a directory is only looked at for
  // SKILL.md, and the bound is reported once.
  const mayList = walk.listed < (root.maxDirectories ?? Infinity);
  const found = findManifest(scan, dir, entry.name, { mayList });
  if (found === UNLISTED) {
    if (!walk.limited) report(limitProblem(root.path, root.maxDirectories));
    walk.limited = true;
    return undefined;
  }
  // Listed (or tried) and not a skill: one folder more against the bound.
  if (found === undefined || "entries" in found) walk.listed++;
  if (found === undefined) return undefined;
  if (!("entries" in found)) {
    return readSkill(scan, {
      dir,
      dirName: entry.name,
      reached,
      manifest: found,
    });
  }
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
    passBy(scan, "no_manifest", {
      folder: folder.path,
      entry,
      level,
      listing: found,
    });
  }
  return undefined;
}

/** Records an entry of `folder` passed by, where the scan records them. */
function passBy(
  scan: RootScan,
  reason: PassedBy["reason"],
  { folder, entry, level, listing }: {
    folder: string;
    entry: Entry;
    level: number;
    listing?: Listing;
  },
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

/**
 * Names a scan deeper than one level does not enter: `.git`,
 * `node_modules`, and other dot-directories unless the root reads them.
 */
function isSkipped(name: string, root: SkillRoot): boolean {
  return name === "node_modules" || name === ".git" ||
    (name.startsWith(".") && root.hidden !== "read");
}

/** Whether discovery reads an entry of this kind. */
function followed(
  kind: Entry["kind"],
  { followSymlinks }: { followSymlinks: boolean },
): boolean {
  return kind === "directory" || (kind === "symlink" && followSymlinks);
}

/** Where a skill-directory symlink leads, when to a directory it may read. */
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
