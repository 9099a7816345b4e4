/**
 * The one loop over the configured roots, which the registry and `check`
 * both run: the roots in scan order, each scanned as the config gives it (a
 * root of plugins over each of its plugins' skills folders, any other root
 * to its depth), and each scan's skills handed on as soon as it is read.
 *
 * @module
 */

import { relative, sep } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import { realPathOrSelf, winnersOf } from "../config/_roots.ts";
import { type ReadBuffer, readBuffer } from "../fs/_read.ts";
import { errorCode, tryStatus } from "../fs/_status.ts";
import { bareName, namespaced } from "../_names.ts";
import { pluginRoots } from "./_plugins.ts";
import { untrustedRootProblem } from "./_problems.ts";
import { readSkill } from "./_read_skill.ts";
import { discoverRoot } from "./_root.ts";
import type {
  DiscoveredSkill,
  EntriesMemo,
  PassedBy,
  Problem,
  RootOutcome,
  RootScan,
  RootSkills,
  ScanMemo,
  Swap,
} from "./_types.ts";

/**
 * Reads one configured root in place of discovering it as configured:
 * `discover` is that discovery, for the reader to run or not.
 */
export type RootReader = (
  scan: RootScan,
  discover: () => RootSkills[],
) => RootSkills[];

/** What {@linkcode discoverRoots} scans, how, and where it reports. */
export interface RootsScan extends
  Omit<
    RootScan,
    "root" | "report" | "buffer" | "startedMs" | "within" | "entries" | "linked"
  > {
  /** Receives each problem, with the root scanned and its configured root. */
  readonly report: (
    problem: Problem,
    root: SkillRoot,
    configured: SkillRoot,
  ) => void;
  /** What reads each configured root; absent: it is discovered as configured. */
  readonly readRoot?: RootReader | undefined;
  /** The previous scan's memory, while a watch is open; this scan's is returned. */
  readonly memo?: ScanMemo | undefined;
}

/**
 * The roots to scan, in ascending precedence: every trusted root that no
 * later trusted root reaches too, by spelling or by symlink (real paths
 * resolved again at each scan).
 */
export function scanOrder(roots: readonly SkillRoot[]): SkillRoot[] {
  const trusted = roots.filter((root) => root.untrusted !== true);
  const winners = winnersOf(trusted.map((root) => realPathOrSelf(root.path)));
  return trusted.filter((_, index) => winners[index] === index);
}

/**
 * Scans every configured root in {@linkcode scanOrder}, lowest precedence
 * first, and gives `each` the skills of each scan as soon as it is read.
 * Each root not trusted is reported first (`untrusted_root`), never read.
 *
 * @returns The roots scanned; the real directories each one reached
 * through symlinks; the memory for the next scan (when `memo` was given);
 * and, when every root was served from the memory, each skill swapped.
 * @throws {SkillError} Only through `report`, under strict.
 */
export function discoverRoots(
  scan: RootsScan,
  each: (found: RootSkills, configured: SkillRoot) => void,
): {
  scanned: SkillRoot[];
  linked: Map<SkillRoot, readonly string[]>;
  memo: ScanMemo | undefined;
  swaps: Swap[] | undefined;
} {
  const { config, unchanged, memo } = scan;
  const startedMs = Date.now();
  const buffer = readBuffer();
  for (const root of config.roots) {
    if (root.untrusted === true) {
      scan.report(untrustedRootProblem(root), root, root);
    }
  }
  const scanned = scanOrder(config.roots);
  const roots = new Map<SkillRoot, RootOutcome>();
  const linked = new Map<SkillRoot, readonly string[]>();
  let swaps: Swap[] | undefined = memo === undefined ? undefined : [];
  for (const configured of scanned) {
    const at = { configured, startedMs, buffer, each };
    const before = memo?.roots.get(configured);
    const patched = before === undefined
      ? undefined
      : unchanged?.root(configured) === true
      ? { outcome: before, swaps: [] }
      : scan.remembering?.patchedRoot(
        scanOf(scan, at, { root: configured }),
        before,
        readSkill,
      );
    if (patched !== undefined) {
      roots.set(configured, patched.outcome);
      linked.set(configured, patched.outcome.linked);
      replay(scan, { outcome: patched.outcome, configured, each });
      swaps?.push(...patched.swaps);
    } else if (memo === undefined) {
      const reached: string[] = [];
      discoverConfigured(scan, { ...at, linked: reached });
      linked.set(configured, reached);
    } else {
      swaps = undefined;
      const outcome = remembered(scan, { ...at, previous: before?.entries });
      roots.set(configured, outcome);
      linked.set(configured, outcome.linked);
    }
  }
  return {
    scanned,
    linked,
    memo: memo === undefined ? undefined : { roots },
    swaps,
  };
}

/** One configured root, and what its scans share with the run's. */
interface Configured {
  readonly configured: SkillRoot;
  readonly startedMs: number;
  readonly buffer: ReadBuffer;
  readonly each: (found: RootSkills, configured: SkillRoot) => void;
}

/** Discovers one configured root as the config gives it, and hands its scans' skills to `each`. */
function discoverConfigured(
  scan: RootsScan,
  { entries, linked, ...at }: Configured & {
    entries?: EntriesMemo | undefined;
    linked?: string[] | undefined;
  },
): void {
  const { configured } = at;
  // A root of plugins that is not there stands for skills folders that are not either.
  if (scan.missing !== undefined && configured.kind === "plugins") {
    const status = tryStatus(configured.path, { follow: true });
    const gone = !status.ok && errorCode(status.error) === "ENOENT";
    if (gone) scan.missing.push(configured.path);
  }
  const of = (root: SkillRoot): RootScan =>
    scanOf(scan, at, { root, entries, linked });
  const discover = (): RootSkills[] =>
    configured.kind === "plugins" ? discoverPlugins(of(configured), of) : [{
      root: configured,
      skills: discoverRoot(of(configured)),
      read: true,
    }];
  const found = scan.readRoot === undefined
    ? discover()
    : scan.readRoot(of(configured), discover);
  for (const skills of found) at.each(skills, configured);
}

/** The scan of `root`, a folder of the configured root. */
function scanOf(
  { readRoot: _, memo: __, ...scan }: RootsScan,
  { configured, startedMs, buffer }: Configured,
  folder: {
    root: SkillRoot;
    entries?: EntriesMemo | undefined;
    linked?: string[] | undefined;
  },
): RootScan {
  const { root } = folder;
  return {
    ...scan,
    ...folder,
    report: (problem) => scan.report(problem, root, configured),
    buffer,
    startedMs,
  };
}

/** Discovers one configured root, remembering what its scans gave. */
function remembered(
  scan: RootsScan,
  { previous, ...at }: Configured & {
    previous: EntriesMemo["previous"] | undefined;
  },
): RootOutcome {
  const outcome = {
    found: [] as RootSkills[],
    reported: [] as { problem: Problem; root: SkillRoot }[],
    passed: [] as PassedBy[],
    missing: [] as string[],
    denied: [] as string[],
    linked: [] as string[],
  };
  const entries = { previous: previous ?? new Map(), next: new Map() };
  discoverConfigured({
    ...scan,
    report: (problem, root, configured) => {
      outcome.reported.push({ problem, root });
      scan.report(problem, root, configured);
    },
    passed: outcome.passed,
    missing: outcome.missing,
    denied: outcome.denied,
  }, {
    ...at,
    entries,
    linked: outcome.linked,
    each: (skills, configured) => {
      outcome.found.push(skills);
      at.each(skills, configured);
    },
  });
  scan.passed?.push(...outcome.passed);
  scan.missing?.push(...outcome.missing);
  scan.denied?.push(...outcome.denied);
  return { ...outcome, entries: entries.next };
}

/** Serves a configured root's remembered scan again, as it was. */
function replay(
  scan: RootsScan,
  { outcome, configured, each }: {
    outcome: RootOutcome;
    configured: SkillRoot;
    each: (found: RootSkills, configured: SkillRoot) => void;
  },
): void {
  for (const { problem, root } of outcome.reported) {
    scan.report(problem, root, configured);
  }
  scan.passed?.push(...outcome.passed);
  scan.missing?.push(...outcome.missing);
  scan.denied?.push(...outcome.denied);
  for (const skills of outcome.found) each(skills, configured);
}

/**
 * The skills of a root of plugins, confined to its real directory: each
 * real skills folder is scanned once however many plugins list it, and
 * each plugin gets its skills in its own name.
 */
function discoverPlugins(
  scan: RootScan,
  scanOf: (root: SkillRoot) => RootScan,
): RootSkills[] {
  const within = realPathOrSelf(scan.root.path);
  const roots = pluginRoots(scan);
  // The roots of each real folder, the first one scanned for them all.
  const byFolder = new Map<string, SkillRoot[]>();
  for (const root of roots) {
    const same = byFolder.get(root.realPath);
    if (same === undefined) byFolder.set(root.realPath, [root]);
    else same.push(root);
  }
  const found = new Map<string, DiscoveredSkill[]>();
  return roots.map((root) => {
    const same = byFolder.get(root.realPath) ?? [root];
    const first = same[0] ?? root;
    let skills = found.get(root.realPath);
    const read = skills === undefined;
    if (skills === undefined) {
      const { only: _, ...all } = first;
      const only = same.some((other) => other.only === undefined)
        ? undefined
        : [...new Set(same.flatMap((other) => other.only ?? []))];
      skills = discoverRoot({
        ...scanOf(first),
        root: only === undefined ? all : { ...first, only },
        within,
      });
      found.set(root.realPath, skills);
    }
    return {
      root,
      skills: skills.filter((skill) => listedBy(root, first, skill))
        .map((skill) =>
          root === first || root.namespace === undefined
            ? skill
            : renamed(skill, root.namespace)
        ),
      read,
    };
  });
}

/** Whether `root` (of one folder with `first`, which read it) lists a skill. */
function listedBy(
  root: SkillRoot,
  first: SkillRoot,
  skill: DiscoveredSkill,
): boolean {
  if (root.only === undefined) return true;
  const top = relative(first.path, skill.info.dir).split(sep)[0] ?? "";
  return root.only.includes(top);
}

/** A skill read for one plugin, in another's name (a copy: no system call). */
function renamed(skill: DiscoveredSkill, plugin: string): DiscoveredSkill {
  const name = namespaced(plugin, bareName(skill.info));
  const info = Object.freeze({ ...skill.info, name, plugin });
  // Taken from an index, it is read at its first touch in this name too.
  const { indexed } = skill;
  const reread = indexed?.reread;
  if (indexed === undefined || reread === undefined) return { ...skill, info };
  const again = (taken: DiscoveredSkill): DiscoveredSkill | undefined => {
    const read = reread(taken);
    return read && renamed(read, plugin);
  };
  return { ...skill, info, indexed: { ...indexed, reread: again } };
}
