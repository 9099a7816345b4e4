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
   * manifest is a symlink to a file outside its directory or has another
   * name (a hard link): the real directories of such skills.
   */
  readonly unwatched: readonly string[];
  /**
   * Whether a manifest it serves has another name (a hard link, as pnpm
   * and `cp -al` make): written through that name, it changes where no
   * watch of its directory sees, and a name made later, even in this tree,
   * says nothing at the others. Its whole tree is then read at each
   * refresh(), each skill by its status.
   */
  readonly blind: boolean;
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
      ...(outcome === undefined
        ? { unwatched: [], blind: false }
        : unseenOf(outcome, real.value)),
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
        blind: false,
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
    blind: false,
  };
}

/**
 * What the watch opens for `plans`: the trees (each root's real directory,
 * each target of its links) and the single directories (each root's
 * parent). A tree inside another (outside the folders that one does not
 * enter), or a single directory inside a tree, is left to that tree: two
 * watches of one path are never opened, for under Deno closing one can end
 * the other's watch of that path, unsaid (its watcher keeps one entry a
 * path), and each watch costs every event a look.
 */
export function watchedPaths(
  plans: Iterable<RootPlan>,
): { trees: Set<string>; singles: Set<string> } {
  const wanted = new Set<string>();
  const parents = new Set<string>();
  for (const plan of plans) {
    if (plan.real !== undefined) wanted.add(plan.real);
    for (const path of plan.linked) wanted.add(path);
    parents.add(plan.parent);
  }
  const coveredBy = (path: string, others: Iterable<string>): boolean => {
    for (const other of others) {
      if (other !== path && isInside(path, other) && !inSkipped(path, other)) {
        return true;
      }
    }
    return false;
  };
  const trees = new Set(
    [...wanted].filter((path) => !coveredBy(path, wanted)),
  );
  const singles = new Set(
    [...parents].filter((path) => !trees.has(path) && !coveredBy(path, trees)),
  );
  return { trees, singles };
}

/** What of each scan the watch cannot vouch for, by the real tree. */
const unseenByScan = new WeakMap<
  RootOutcome,
  Map<string, { unwatched: string[]; blind: boolean }>
>();

/**
 * What of `outcome` the watch of `real` cannot vouch for: the real
 * directories of its skills it cannot see, and whether a manifest it
 * serves has another name (then none of the tree).
 */
function unseenOf(
  outcome: RootOutcome,
  real: string,
): { unwatched: string[]; blind: boolean } {
  let byTree = unseenByScan.get(outcome);
  if (byTree === undefined) {
    byTree = new Map();
    unseenByScan.set(outcome, byTree);
  }
  let unseen = byTree.get(real);
  if (unseen === undefined) {
    unseen = { unwatched: [], blind: false };
    const served = outcome.found.flatMap(({ skills }) => skills);
    for (const skill of served) {
      const why = unseenSkill(skill, real);
      if (why === undefined) continue;
      unseen.unwatched.push(skill.place.realDir);
      if (why === "named") unseen.blind = true;
    }
    // A skill read but not served (a duplicate) may share its manifest
    // with one that is (a copy made with `cp -al`).
    for (const entries of outcome.entries.values()) {
      for (const { skill } of entries.values()) {
        if (skill !== undefined && unseenSkill(skill, real) === "named") {
          unseen.blind = true;
        }
      }
    }
    byTree.set(real, unseen);
  }
  return unseen;
}

/** Why the watch cannot see each skill's manifest change, as looked at once. */
const manifestUnseen = new WeakMap<
  DiscoveredSkill,
  "outside" | "named" | "seen"
>();

/**
 * Why the watch of the tree at `real` cannot vouch for `skill`, if it
 * cannot: it is in a folder that watch does not enter, or its manifest
 * leads outside its directory (`outside`), or has another name (`named`);
 * looked at once for each skill read.
 */
function unseenSkill(
  skill: DiscoveredSkill,
  real: string,
): "outside" | "named" | undefined {
  const { realDir } = skill.place;
  if (
    UNENTERED.test(realDir) && isInside(realDir, real) &&
    inSkipped(realDir, real)
  ) {
    return "outside";
  }
  let unseen = manifestUnseen.get(skill);
  if (unseen === undefined) {
    unseen = howWritten(skill.info.path, realDir);
    manifestUnseen.set(skill, unseen);
  }
  return unseen === "seen" ? undefined : unseen;
}

/**
 * Whether the manifest at `path`, in the skill directory `realDir`, may be
 * written where no watch of that directory sees: a symlink to a file
 * outside it (`outside`), or a file with another name (`named`: a hard
 * link, written through that name). A kernel tells a directory's watch
 * only of what is done through that directory's own entries.
 */
function howWritten(
  path: string,
  realDir: string,
): "outside" | "named" | "seen" {
  const own = tryStatus(path, { follow: false });
  if (!own.ok) return "seen";
  let file = own.value;
  if (file.kind === "symlink") {
    const target = tryRealpath(path);
    if (!target.ok || !isInside(target.value, realDir)) return "outside";
    const followed = tryStatus(target.value, { follow: false });
    if (!followed.ok) return "seen";
    file = followed.value;
  }
  return file.kind === "file" && file.nlink > 1 ? "named" : "seen";
}

/** A quick look for a folder a tree's watch does not enter, before a closer one. */
const UNENTERED = /[\\/](?:\.git|node_modules)(?:[\\/]|$)/;
