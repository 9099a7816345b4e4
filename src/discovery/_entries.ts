/**
 * The entries of a root one level deep, remembered from one scan to the
 * next while a watch is open: an entry the watch saw nothing change at
 * (below it, above it, or at the target it links to) is served as the
 * previous scan read it, what it reported and passed by included, without a
 * system call; any other entry is read, and what reading it gave is
 * remembered for the scan after. The walk that calls it is `_root.ts`.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import type { StatusKind } from "../fs/_types.ts";
import type { SkillRead } from "./_read_skill.ts";
import type {
  EntryOutcome,
  PassedBy,
  Problem,
  Reached,
  RootScan,
} from "./_types.ts";

/** The previous scan's entries of one root, and where this scan's go. */
export interface RootEntries {
  readonly previous: ReadonlyMap<string, EntryOutcome> | undefined;
  readonly next: Map<string, EntryOutcome>;
}

/**
 * The entries of `scan.root` remembered, when the scan remembers entries:
 * keyed by the root's settings, so that a root whose labels or list of
 * skills changed is read again.
 */
export function rootEntries(scan: RootScan): RootEntries | undefined {
  const { entries } = scan;
  if (entries === undefined) return undefined;
  const key = rootEntriesKey(scan.root);
  let next = entries.next.get(key);
  if (next === undefined) {
    next = new Map();
    entries.next.set(key, next);
  }
  return { previous: entries.previous.get(key), next };
}

/** The key of a root's entries: its settings, so that other settings read it again. */
export function rootEntriesKey(root: SkillRoot): string {
  return JSON.stringify(root);
}

/**
 * One entry, served as the previous scan read it when nothing changed
 * there as the watch saw it and it still reaches the same directory the
 * same way; else read by `read`, with what it reports and passes by
 * recorded. Either way, what it reported is reported again and what it
 * passed by recorded again, as a scan without a memory would.
 */
export function rememberedEntry(
  scan: RootScan,
  at: RootEntries & {
    kind: StatusKind;
    dir: string;
    /** The entry's real path: its own, not its target's. */
    realEntry: string;
    reached: Reached;
  },
  read: (scan: RootScan) => SkillRead | undefined,
): SkillRead | undefined {
  const before = at.previous?.get(at.dir);
  let outcome = before !== undefined && unchangedEntry(scan, before, at)
    ? before
    : undefined;
  if (outcome === undefined) {
    const reported: Problem[] = [];
    const passed: PassedBy[] = [];
    const got = read({
      ...scan,
      report: (problem) => {
        reported.push(problem);
        scan.report(problem);
      },
      passed,
    });
    scan.passed?.push(...passed);
    outcome = {
      kind: at.kind,
      reached: at.reached,
      skill: got?.skill,
      findings: got?.findings ?? [],
      reported,
      passed,
    };
    at.next.set(at.dir, outcome);
    return got;
  }
  at.next.set(at.dir, outcome);
  for (const problem of outcome.reported) scan.report(problem);
  if (outcome.passed.length > 0) scan.passed?.push(...outcome.passed);
  return outcome.skill === undefined
    ? undefined
    : { skill: outcome.skill, findings: outcome.findings };
}

/** Whether an entry is as the previous scan read it, as far as the watch saw. */
function unchangedEntry(
  { unchanged }: RootScan,
  before: EntryOutcome,
  at: { kind: StatusKind; realEntry: string; reached: Reached },
): boolean {
  if (unchanged === undefined || before.kind !== at.kind) return false;
  const { realDir, viaLink } = at.reached;
  if (
    before.reached.realDir !== realDir || before.reached.viaLink !== viaLink
  ) {
    return false;
  }
  return unchanged.path(at.realEntry) &&
    (!viaLink || unchanged.path(realDir));
}
