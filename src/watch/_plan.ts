/**
 * What a watch keeps of one root it scanned, as the root is now: its real
 * tree, its own entry in its real parent (or, for a root that is not there,
 * the next step below its nearest existing ancestor), and the real
 * directories its scan reached through symlinks.
 *
 * @module
 */

import { basename, dirname } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import { childPath, isInside, tryRealpath, tryStatus } from "../fs/_status.ts";
import type { DiscoveredSkill, RootOutcome } from "../discovery/_types.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import { inSkipped } from "./_tree.ts";

/** What the watch keeps of one root it scanned. */
export interface RootPlan {
  readonly root: SkillRoot;
  /** Its real directory, when it is one. */
  readonly real: string | undefined;
  /**
   * The path whose change is the root's own: its entry in its real parent;
   * for a root that is not there, the next step below its nearest existing
   * ancestor.
   */
  readonly entry: string;
  /** The directory watched alone for `entry`. */
  readonly parent: string;
  /** Whether the root's path is a symlink (retargeted, only its parent sees it). */
  readonly link: boolean;
  /** The real directories its scan reached through symlinks. */
  readonly linked: readonly string[];
  /**
   * Whether it serves a skill the watch of its tree cannot vouch for: one in
   * a folder the watch does not enter (a `.git` or `node_modules`), or whose
   * manifest is a symlink to a file outside its directory: the real
   * directories of such skills.
   */
  readonly unwatched: readonly string[];
}

/** What the watch keeps of `root`, as it is now. */
export function planOf(root: SkillRoot, snapshot: Snapshot): RootPlan {
  const outcome = snapshot.memo?.roots.get(root);
  const linked = snapshot.record.linked.get(root) ?? [];
  const real = tryRealpath(root.path);
  const status = real.ok ? tryStatus(real.value, { follow: false }) : undefined;
  if (real.ok && status?.ok && status.value.kind === "directory") {
    const up = tryRealpath(dirname(root.path));
    const parent = up.ok ? up.value : dirname(root.path);
    const own = tryStatus(root.path, { follow: false });
    return {
      root,
      real: real.value,
      entry: childPath(parent, basename(root.path)),
      parent,
      link: own.ok && own.value.kind === "symlink",
      linked,
      unwatched: outcome === undefined ? [] : unwatchedOf(outcome, real.value),
    };
  }
  // Not there (or not a directory): its nearest existing ancestor, alone.
  let below = root.path;
  for (let at = dirname(root.path);; below = at, at = dirname(at)) {
    const up = tryRealpath(at);
    if (up.ok) {
      return {
        root,
        real: undefined,
        entry: childPath(up.value, basename(below)),
        parent: up.value,
        link: false,
        linked,
        unwatched: [],
      };
    }
    if (dirname(at) === at) break;
  }
  return {
    root,
    real: undefined,
    entry: root.path,
    parent: dirname(root.path),
    link: false,
    linked,
    unwatched: [],
  };
}

/** The real directories of the skills of each scan the watch cannot vouch for, by the real tree. */
const unwatchedByScan = new WeakMap<RootOutcome, Map<string, string[]>>();

/** The real directories of the skills of `outcome` the watch of `real` cannot vouch for. */
function unwatchedOf(outcome: RootOutcome, real: string): readonly string[] {
  let byTree = unwatchedByScan.get(outcome);
  if (byTree === undefined) {
    byTree = new Map();
    unwatchedByScan.set(outcome, byTree);
  }
  let dirs = byTree.get(real);
  if (dirs === undefined) {
    dirs = [];
    for (const { skills } of outcome.found) {
      for (const skill of skills) {
        if (unwatched(skill, real)) dirs.push(skill.place.realDir);
      }
    }
    byTree.set(real, dirs);
  }
  return dirs;
}

/** Whether each skill's manifest is a symlink to a file outside its directory. */
const manifestOutside = new WeakMap<DiscoveredSkill, boolean>();

/**
 * Whether the watch of the tree at `real` cannot vouch for `skill`: it is
 * in a folder that watch does not enter, or its manifest leads outside its
 * directory (looked at once for each skill read).
 */
function unwatched(skill: DiscoveredSkill, real: string): boolean {
  const { realDir } = skill.place;
  if (
    UNENTERED.test(realDir) && isInside(realDir, real) &&
    inSkipped(realDir, real)
  ) {
    return true;
  }
  let outside = manifestOutside.get(skill);
  if (outside === undefined) {
    const own = tryStatus(skill.info.path, { follow: false });
    const target = own.ok && own.value.kind === "symlink"
      ? tryRealpath(skill.info.path)
      : undefined;
    outside = target !== undefined &&
      (!target.ok || !isInside(target.value, realDir));
    manifestOutside.set(skill, outside);
  }
  return outside;
}

/** A quick look for a folder a tree's watch does not enter, before a closer one. */
const UNENTERED = /[\\/](?:\.git|node_modules)(?:[\\/]|$)/;
