/**
 * Every root's skills in, one map by name out: the roots are scanned by
 * discovery's one loop (`discoverRoots`), and the last root wins.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "../config/config.ts";
import { discoverRoots } from "../discovery/_driver.ts";
import { reservedNameProblem } from "../discovery/_problems.ts";
import { colonIn, namespaced } from "../_names.ts";
import { lockChecks } from "./_integrity.ts";
import { hashOf } from "./_index.ts";
import type {
  DiscoveredSkill,
  PassedBy,
  Previous,
  Problem,
  Remembering,
  Report,
  RootSkills,
  ScanMemo,
  Swap,
  Unchanged,
} from "../discovery/_types.ts";
import type { SkillInfo } from "../skill.ts";

/** What one discovery run found: the map by name, and the sorted catalog. */
export interface Snapshot {
  readonly byName: ReadonlyMap<string, DiscoveredSkill>;
  /** Every skill discovered, for reuse by refresh(). */
  readonly byPath: ReadonlyMap<string, DiscoveredSkill>;
  readonly catalog: readonly SkillInfo[];
  /** The skills a later root replaced, by name, then by precedence. */
  readonly overridden: readonly SkillInfo[];
  /** The roots the process may not read. */
  readonly denied: readonly string[];
  /** Each served skill's resources, by name, listed on its first load. */
  readonly resources: Map<string, readonly string[]>;
  readonly record: ScanRecord;
  /** What the run remembers for the next, while a watch is open. */
  readonly memo: ScanMemo | undefined;
  /** When the run served the snapshot before (held weakly) but for skills swapped. */
  readonly swapped?: {
    readonly from: WeakRef<ReadonlyMap<string, DiscoveredSkill>>;
    readonly swaps: readonly Swap[];
  } | undefined;
}

/** What one run said (unrepeated warnings included) and passed by, for explain(). */
export interface ScanRecord {
  readonly problems: readonly RecordedProblem[];
  readonly passed: readonly PassedBy[];
  readonly missing: readonly string[];
  /** The configured roots scanned: the others reach a later root's directory. */
  readonly scanned: readonly SkillRoot[];
  /** The real directories each root's scan reached through symlinks. */
  readonly linked: ReadonlyMap<SkillRoot, readonly string[]>;
}

/** A problem, the root scanned it was found in, and its configured root. */
export interface RecordedProblem {
  readonly problem: Problem;
  readonly root: SkillRoot;
  readonly configured: SkillRoot;
}

/** Runs discovery over every root and merges the results; throws only through `report`. */
export function buildSnapshot(
  config: SkillConfig,
  report: Report,
  { previous, watched, reuse }: {
    /** The snapshot before, whose skills a refresh reuses. */
    previous?: Snapshot | undefined;
    /** The skills a scan may serve again, when not `previous`'s (a kept index's). */
    reuse?: Previous | undefined;
    /** While a watch is open: what it saw unchanged since `previous`. */
    watched?: {
      unchanged: Unchanged | undefined;
      remembering: Remembering;
    } | undefined;
  } = {},
): Snapshot {
  const denied: string[] = [];
  const problems: RecordedProblem[] = [];
  const passed: PassedBy[] = [];
  const missing: string[] = [];
  const held: RecordedProblem[] = []; // the lock's, said once roots are merged
  const recording = (
    problem: Problem,
    root: SkillRoot,
    configured: SkillRoot,
  ): void => {
    problems.push({ problem, root, configured });
    if (
      problem.code === "integrity_mismatch" || problem.code === "unlocked_skill"
    ) {
      held.push({ problem, root, configured });
    } else report(problem);
  };
  const checks = config.lock && lockChecks(config.lock);
  const found: RootSkills[] = [];
  const foundIn = new Map<RootSkills, SkillRoot>();
  // `<plugin>:<skill>` names (or look-alikes) belong to plugins.
  const reserved = new Set<DiscoveredSkill>();
  const { scanned, linked, memo, swaps } = discoverRoots(
    {
      config,
      report: recording,
      previous: reuse ?? previous?.byPath,
      denied,
      passed,
      missing,
      unchanged: watched?.unchanged,
      remembering: watched?.remembering,
      admit: checks && ((skill) => checks.admit(skill, config)),
      digest: checks?.digest,
      memo: watched && (previous?.memo ?? { roots: new Map() }),
    },
    (skills, root) => {
      found.push(skills);
      foundIn.set(skills, root);
      if (skills.root.namespace !== undefined) return;
      for (const skill of skills.skills) {
        const colon = colonIn(skill.info.name);
        if (colon === undefined) continue;
        reserved.add(skill);
        recording(reservedNameProblem(skill.info, colon), skills.root, root);
      }
    },
  );
  for (const { problem } of unshadowed(held, { found, foundIn, scanned })) {
    report(problem);
  }
  const before = previous?.record.scanned;
  const kept = previous !== undefined && swaps !== undefined &&
    before?.length === scanned.length &&
    scanned.every((root, index) => root === before[index]);
  return {
    ...(kept
      ? swapped(previous, swaps)
      : merged(found, { previous, reserved })),
    denied: Object.freeze(denied),
    resources: new Map(),
    record: { problems, passed, missing, scanned, linked },
    memo,
    swapped: kept ? { from: new WeakRef(previous.byName), swaps } : undefined,
  };
}

/** The lock's problems about skills no later root replaces (of those, nothing is said). */
function unshadowed(
  held: readonly RecordedProblem[],
  { found, foundIn, scanned }: {
    found: readonly RootSkills[];
    foundIn: ReadonlyMap<RootSkills, SkillRoot>;
    scanned: readonly SkillRoot[];
  },
): RecordedProblem[] {
  if (held.length === 0) return [];
  const rank = new Map(scanned.map((root, index) => [root, index]));
  const last = new Map<string, number>();
  const hold = (name: string, configured: SkillRoot | undefined): void => {
    const at = configured === undefined ? -1 : rank.get(configured) ?? -1;
    if (at > (last.get(name) ?? -1)) last.set(name, at);
  };
  for (const skills of found) {
    for (const skill of skills.skills) {
      hold(skill.info.name, foundIn.get(skills));
    }
  }
  // A problem names a plugin's skill without its namespace, as found.
  const nameOf = ({ problem, root }: RecordedProblem): string =>
    namespaced(root.namespace, problem.skill ?? "");
  for (const refused of held) hold(nameOf(refused), refused.configured);
  return held.filter((refused) =>
    (rank.get(refused.configured) ?? -1) >= (last.get(nameOf(refused)) ?? -1)
  );
}

/** What a snapshot serves, by name and by path, and in order. */
type Served = Pick<Snapshot, "byName" | "byPath" | "catalog" | "overridden">;

/** The skills of each scan merged, lowest precedence first; a reserved name left out. */
function merged(
  found: readonly RootSkills[],
  { previous, reserved }: {
    previous: Snapshot | undefined;
    reserved: ReadonlySet<DiscoveredSkill>;
  },
): Served {
  const byName = new Map<string, DiscoveredSkill>();
  const byPath = new Map<string, DiscoveredSkill>();
  const overridden: SkillInfo[] = [];
  for (const { skills, read } of found) {
    for (const skill of skills) {
      // A copy in another plugin's name is not what refresh() reuses.
      if (read) byPath.set(skill.info.path, skill);
      if (reserved.has(skill)) continue;
      const earlier = byName.get(skill.info.name);
      if (earlier !== undefined) overridden.push(earlier.info);
      byName.set(skill.info.name, skill);
    }
  }
  return {
    byName,
    byPath,
    catalog: sameEntries(previous?.byName, byName)
      ? previous.catalog
      : Object.freeze(
        [...byName.values()].map((e) => e.info).sort(compareNames),
      ),
    // A stable sort keeps each name's overridden skills in precedence order.
    overridden: Object.freeze(overridden.sort(compareNames)),
  };
}

/** What `previous` served, each skill of `swaps` in place (same names, same order). */
function swapped(previous: Snapshot, swaps: readonly Swap[]): Served {
  if (swaps.every(({ before, after }) => before === after)) {
    const { byName, byPath, catalog, overridden } = previous;
    return { byName, byPath, catalog, overridden };
  }
  const byName = new Map(previous.byName);
  const byPath = new Map(previous.byPath);
  const infos = new Map<SkillInfo, SkillInfo>();
  for (const { before, after } of swaps) {
    if (before === after) continue;
    byPath.delete(before.info.path);
    byPath.set(after.info.path, after);
    if (byName.get(before.info.name) === before) {
      byName.set(after.info.name, after);
    }
    infos.set(before.info, after.info);
  }
  return {
    byName,
    byPath,
    catalog: replaced(previous.catalog, infos),
    overridden: replaced(previous.overridden, infos),
  };
}

/** `list` with each skill's entry that `infos` replaces replaced, in place. */
function replaced(
  list: readonly SkillInfo[],
  infos: ReadonlyMap<SkillInfo, SkillInfo>,
): readonly SkillInfo[] {
  let copy: SkillInfo[] | undefined;
  for (const [before, after] of infos) {
    const index = list.indexOf(before);
    if (index === -1) continue;
    copy ??= [...list];
    copy[index] = after;
  }
  return copy === undefined ? list : Object.freeze(copy);
}

/** Whether a refresh serves the very entries served before, so the catalog holds. */
function sameEntries(
  before: ReadonlyMap<string, DiscoveredSkill> | undefined,
  after: ReadonlyMap<string, DiscoveredSkill>,
): before is ReadonlyMap<string, DiscoveredSkill> {
  if (before === undefined || before.size !== after.size) return false;
  for (const [name, entry] of after) {
    if (before.get(name) !== entry) return false;
  }
  return true;
}

/** What changed from one snapshot to the next, by skill name (sorted). */
export function changesBetween(
  before: Snapshot,
  after: Snapshot,
): { added: string[]; removed: string[]; changed: string[] } {
  const added: string[] = [];
  const changed: string[] = [];
  if (after.swapped?.from.deref() === before.byName) {
    // Served again but for skills swapped in place of the same names.
    for (const swap of after.swapped.swaps) {
      const { name } = swap.before.info;
      if (
        before.byName.get(name) === swap.before &&
        !sameSkill(swap.before, swap.after)
      ) {
        changed.push(name);
      }
    }
    return { added, removed: [], changed: changed.sort() };
  }
  for (const [name, entry] of after.byName) {
    const earlier = before.byName.get(name);
    if (earlier === undefined) added.push(name);
    else if (!sameSkill(earlier, entry)) changed.push(name);
  }
  const removed = [...before.byName.keys()].filter((name) =>
    !after.byName.has(name)
  );
  return {
    added: added.sort(),
    removed: removed.sort(),
    changed: changed.sort(),
  };
}

/** Whether two entries serve the same body and catalog entry (root included). */
function sameSkill(a: DiscoveredSkill, b: DiscoveredSkill): boolean {
  const same = a.body !== undefined && b.body !== undefined
    ? a.body === b.body
    : hashOf(a) === hashOf(b);
  return same &&
    (a.info === b.info || JSON.stringify(a.info) === JSON.stringify(b.info));
}

function compareNames(a: SkillInfo, b: SkillInfo): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Carries `before`'s resources over for each skill served by the same entry, unchanged. */
export function keepResources(
  before: Snapshot,
  after: Snapshot,
  unchanged: Unchanged,
): void {
  for (const [name, resources] of before.resources) {
    const entry = after.byName.get(name);
    if (
      entry !== undefined && entry === before.byName.get(name) &&
      unchanged.path(entry.place.realDir)
    ) {
      after.resources.set(name, resources);
    }
  }
}
