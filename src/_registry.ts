/**
 * Every root's skills in, one map by name out: roots that are one directory
 * are scanned once, and the last root wins.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "./config.ts";
import { discoverRoot } from "./_discovery/root.ts";
import { pluginRoots } from "./_discovery/plugins.ts";
import { readBuffer } from "./_fs/read.ts";
import { realPathOrSelf, winnersOf } from "./_roots.ts";
import type { DiscoveredSkill, Report } from "./_discovery/types.ts";
import type { SkillInfo } from "./skill.ts";

/**
 * What one discovery run found: the map by name, the sorted catalog, and the
 * skills a later root replaced (sorted by name, then by precedence).
 */
export interface Snapshot {
  readonly byName: ReadonlyMap<string, DiscoveredSkill>;
  /** Every skill discovered, overridden ones included, for reuse by refresh(). */
  readonly byPath: ReadonlyMap<string, DiscoveredSkill>;
  readonly catalog: readonly SkillInfo[];
  readonly overridden: readonly SkillInfo[];
  /** The roots the process may not read, in scan order. */
  readonly denied: readonly string[];
  /**
   * Each served skill's resources, by name, listed on its first load in this
   * snapshot and then kept (a new snapshot lists them anew).
   */
  readonly resources: Map<string, readonly string[]>;
}

/**
 * The roots to scan, in ascending precedence: every root that no later root
 * reaches too (one directory reached twice, by spelling or by symlink, is
 * scanned once, at its last, highest-precedence position). Real paths are
 * resolved again for each scan, so a link made after construction is seen.
 */
export function scanOrder(roots: readonly SkillRoot[]): SkillRoot[] {
  const winners = winnersOf(roots.map((root) => realPathOrSelf(root.path)));
  return roots.filter((_, index) => winners[index] === index);
}

/**
 * Runs discovery over every configured root (a root of plugins over each
 * of its plugins' skills folders, as they are now) and merges the results,
 * lowest precedence first, so a later root's skill replaces an earlier one
 * of the same name.
 *
 * @throws {SkillError} Only through `report`, under strict.
 */
export function buildSnapshot(
  config: SkillConfig,
  report: Report,
  previous?: Snapshot,
): Snapshot {
  const merged = new Map<string, DiscoveredSkill>();
  const byPath = new Map<string, DiscoveredSkill>();
  const overridden: SkillInfo[] = [];
  const denied: string[] = [];
  const startedMs = Date.now();
  const buffer = readBuffer();
  for (const root of scanOrder(config.roots)) {
    const scanned = root.kind === "plugins"
      ? pluginRoots({ root, report, buffer })
      : [root];
    for (const skillRoot of scanned) {
      const scan = {
        root: skillRoot,
        config,
        report,
        buffer,
        previous: previous?.byPath,
        denied,
        startedMs,
      };
      for (const skill of discoverRoot(scan)) {
        byPath.set(skill.info.path, skill);
        const earlier = merged.get(skill.info.name);
        if (earlier !== undefined) overridden.push(earlier.info);
        merged.set(skill.info.name, skill);
      }
    }
  }
  return {
    byName: merged,
    byPath,
    catalog: sameEntries(previous?.byName, merged)
      ? previous.catalog
      : Object.freeze([...merged.values()].map((e) => e.info).sort(byName)),
    // A stable sort keeps each name's overridden skills in precedence order.
    overridden: Object.freeze(overridden.sort(byName)),
    denied: Object.freeze(denied),
    resources: new Map(),
  };
}

/**
 * Whether a refresh serves the very entries the snapshot before it served
 * (reused, not read again), so that its sorted catalog holds as it is.
 */
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

/**
 * Whether two entries serve the same: the same body and catalog entry, the
 * root that serves it included (an entry reused by refresh() is the same
 * object, so most comparisons stop at the first test).
 */
function sameSkill(a: DiscoveredSkill, b: DiscoveredSkill): boolean {
  return a.body === b.body &&
    (a.info === b.info || JSON.stringify(a.info) === JSON.stringify(b.info));
}

function byName(a: SkillInfo, b: SkillInfo): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
