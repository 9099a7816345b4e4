/**
 * What a scan serves again while a watch is open, for a root one level
 * deep: each entry where the watch saw nothing change, as the previous scan
 * read it; and the whole root, with the skills changed inside read anew.
 * The watch hands it to each refresh (`remembering`); the core never loads
 * it.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { childPath } from "../fs/_status.ts";
import type { SkillRead } from "../discovery/_read_skill.ts";
import type {
  DiscoveredSkill,
  EnteredEntry,
  EntryOutcome,
  PassedBy,
  Problem,
  ReadSkillAt,
  Remembering,
  RootEntries,
  RootOutcome,
  RootScan,
  Swap,
} from "../discovery/_types.ts";

/** The entries of `scan.root` remembered, when the scan remembers entries. */
export function rootEntries(scan: RootScan): RootEntries | undefined {
  const { entries } = scan;
  if (entries === undefined) return undefined;
  const key = entriesKey(scan.root);
  const next = entries.next.get(key) ?? new Map<string, EntryOutcome>();
  entries.next.set(key, next);
  return { previous: entries.previous.get(key), next };
}

/** A root's settings: a root whose labels or skills listed changed is read again. */
function entriesKey(root: SkillRoot): string {
  return JSON.stringify(root);
}

/**
 * One entry, served as the previous scan read it when the watch saw nothing
 * change there, else read by `read`; either way what it reported and passed
 * by is said again, as a scan without a memory would.
 */
export function rememberedEntry(
  scan: RootScan,
  at: EnteredEntry,
  read: (scan: RootScan) => SkillRead | undefined,
): SkillRead | undefined {
  const before = at.previous?.get(at.dir);
  if (before === undefined || !unchangedEntry(scan, before, at)) {
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
    at.next.set(at.dir, {
      kind: at.kind,
      reached: at.reached,
      skill: got?.skill,
      findings: got?.findings ?? [],
      reported,
      passed,
    });
    return got;
  }
  at.next.set(at.dir, before);
  for (const problem of before.reported) scan.report(problem);
  if (before.passed.length > 0) scan.passed?.push(...before.passed);
  return before.skill === undefined
    ? undefined
    : { skill: before.skill, findings: before.findings };
}

/** Whether an entry is as the previous scan read it, as far as the watch saw. */
function unchangedEntry(
  { unchanged }: RootScan,
  before: EntryOutcome,
  at: Pick<EnteredEntry, "kind" | "realEntry" | "reached">,
): boolean {
  const { realDir, viaLink } = at.reached;
  return unchanged !== undefined && before.kind === at.kind &&
    before.reached.realDir === realDir && before.reached.viaLink === viaLink &&
    unchanged.path(at.realEntry) && (!viaLink || unchanged.path(realDir));
}

/**
 * The previous scan of `scan.root` with the skill directories the watch saw
 * changes inside read anew by `readSkill` (discovery's, handed in: the
 * watch loads no reader of manifests), when each reads as the same name
 * with nothing to report, as before; undefined when the root must be read
 * as usual.
 */
export function patchedRoot(
  scan: RootScan,
  before: RootOutcome,
  readSkill: ReadSkillAt,
): { outcome: RootOutcome; swaps: Swap[] } | undefined {
  const { root } = scan;
  const names = root.kind !== "plugins" && (root.depth ?? 1) === 1 &&
      root.maxDirectories === undefined
    ? scan.unchanged?.changedInside(root)
    : undefined;
  const [found, ...more] = before.found;
  const key = entriesKey(root);
  const entries = before.entries.get(key);
  if (
    names === undefined || found === undefined || more.length > 0 ||
    !found.read || found.root !== root || entries === undefined ||
    before.entries.size !== 1
  ) {
    return undefined;
  }
  const skills = [...found.skills];
  const next = new Map(entries);
  const swaps: Swap[] = [];
  for (const name of names) {
    const dir = childPath(root.path, name);
    const was = entries.get(dir);
    const index = was?.skill === undefined ? -1 : skills.indexOf(was.skill);
    if (was?.skill === undefined || index === -1 || !plain(was)) {
      return undefined;
    }
    const after = readAgain(scan, { dir, name, was, readSkill });
    if (after === undefined || after.info.name !== was.skill.info.name) {
      return undefined;
    }
    skills[index] = after;
    next.set(dir, { ...was, skill: after });
    swaps.push({ before: was.skill, after });
  }
  return {
    outcome: {
      ...before,
      found: [{ ...found, skills }],
      entries: new Map([[key, next]]),
    },
    swaps,
  };
}

/** Whether an entry was a skill directory, not a link, that said nothing. */
function plain(was: EntryOutcome): boolean {
  return was.kind === "directory" && !was.reached.viaLink &&
    was.findings.length === 0 && was.reported.length === 0 &&
    was.passed.length === 0;
}

/** The skill of `dir` read anew, when it reads with nothing to report or find. */
function readAgain(
  scan: RootScan,
  { dir, name, was, readSkill }: {
    dir: string;
    name: string;
    was: EntryOutcome;
    readSkill: ReadSkillAt;
  },
): DiscoveredSkill | undefined {
  const reported: Problem[] = [];
  const quiet: RootScan = {
    ...scan,
    report: (problem) => void reported.push(problem),
  };
  const read = readSkill(quiet, { dir, dirName: name, reached: was.reached });
  return read === undefined || reported.length > 0 || read.findings.length > 0
    ? undefined
    : read.skill;
}

/** What the watch hands each refresh, for discovery to serve entries again. */
export const remembering: Remembering = {
  rootEntries,
  rememberedEntry,
  patchedRoot,
};
