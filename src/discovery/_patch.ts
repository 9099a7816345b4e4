/**
 * A root one level deep whose watch saw changes only inside some of its
 * skill directories (a manifest or a resource edited): its previous scan
 * served again, with those skills read anew, when each reads as the same
 * name with nothing to report, as it did before. Anything else (a skill
 * renamed, a problem found or gone, an entry that was not a plain skill
 * directory) leaves the root to be read as usual.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { childPath } from "../fs/_status.ts";
import { rootEntriesKey } from "./_entries.ts";
import { findManifest } from "./_manifest.ts";
import { readSkill } from "./_read_skill.ts";
import type {
  DiscoveredSkill,
  EntryOutcome,
  Problem,
  RootOutcome,
  RootScan,
} from "./_types.ts";

/** A skill served in place of another of the same name, read anew. */
export interface Swap {
  readonly before: DiscoveredSkill;
  readonly after: DiscoveredSkill;
}

/**
 * The previous scan of `scan.root` (`before`) with the skill directories
 * the watch saw changes inside read anew, and each skill swapped; undefined
 * when the root must be read as usual.
 */
export function patchedRoot(
  scan: RootScan,
  before: RootOutcome,
): { outcome: RootOutcome; swaps: Swap[] } | undefined {
  const { root } = scan;
  const names = patchable(root)
    ? scan.unchanged?.changedInside(root)
    : undefined;
  const [found, ...more] = before.found;
  const key = rootEntriesKey(root);
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
    const after = readAgain(scan, { dir, name, was });
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

/** Whether a root is scanned one level deep, entry by entry, as remembered. */
function patchable(root: SkillRoot): boolean {
  return root.kind !== "plugins" && (root.depth ?? 1) === 1 &&
    root.maxDirectories === undefined;
}

/** Whether an entry was a skill directory, not a link, that said nothing. */
function plain(was: EntryOutcome): boolean {
  return was.kind === "directory" && !was.reached.viaLink &&
    was.findings.length === 0 && was.reported.length === 0 &&
    was.passed.length === 0;
}

/**
 * The skill of the directory `dir` read anew, when it reads with nothing
 * to report or find; else undefined (and nothing reported).
 */
function readAgain(
  scan: RootScan,
  { dir, name, was }: { dir: string; name: string; was: EntryOutcome },
): DiscoveredSkill | undefined {
  const reported: Problem[] = [];
  const quiet: RootScan = {
    ...scan,
    report: (problem) => void reported.push(problem),
  };
  const manifest = findManifest(quiet, dir, name);
  if (typeof manifest !== "object" || "entries" in manifest) return undefined;
  const read = readSkill(quiet, {
    dir,
    dirName: name,
    reached: was.reached,
    manifest,
  });
  return read === undefined || reported.length > 0 || read.findings.length > 0
    ? undefined
    : read.skill;
}
