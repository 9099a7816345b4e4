/**
 * The one loop over the configured roots, which the registry and `check`
 * both run: the roots in scan order, each scanned as the config gives it (a
 * root of plugins over each of its plugins' skills folders, any other root
 * to its depth, with its ancestors), and each scan's skills handed on as
 * soon as it is read.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "../config/config.ts";
import { realPathOrSelf, winnersOf } from "../config/_roots.ts";
import { type ReadBuffer, readBuffer } from "../fs/_read.ts";
import { errorCode, tryStatus } from "../fs/_status.ts";
import { discoverPlugins } from "./_plugin_skills.ts";
import { patchedRoot, type Swap } from "./_memo.ts";
import { discoverRoot } from "./_root.ts";
import { untrustedRootProblem } from "./_problems.ts";
import type {
  AdmitCheck,
  EntriesMemo,
  PassedBy,
  Previous,
  Problem,
  RootOutcome,
  RootScan,
  RootSkills,
  ScanMemo,
  Unchanged,
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
export interface RootsScan {
  readonly config: SkillConfig;
  /**
   * Receives each problem, with the root scanned (a plugin's skills folder,
   * for a root of plugins) and the configured root it belongs to.
   */
  readonly report: (
    problem: Problem,
    root: SkillRoot,
    configured: SkillRoot,
  ) => void;
  /** The previous run's skills, for reuse by refresh(). */
  readonly previous?: Previous | undefined;
  /** Whether to list every skill directory (see {@linkcode RootScan}). */
  readonly listEachSkill?: boolean | undefined;
  /** Where roots the process may not read are collected; absent: each is reported. */
  readonly denied?: string[] | undefined;
  /** Where the entries passed by are recorded; absent: not recorded. */
  readonly passed?: PassedBy[] | undefined;
  /**
   * Where roots that do not exist are recorded (a root of plugins that is
   * not there among them); absent: not recorded.
   */
  readonly missing?: string[] | undefined;
  /** What reads each configured root; absent: it is discovered as configured. */
  readonly readRoot?: RootReader | undefined;
  /** What a watch saw unchanged since the previous scan; absent: no watch. */
  readonly unchanged?: Unchanged | undefined;
  /** What admits each skill read (a skill lock); absent: every one. */
  readonly admit?: AdmitCheck | undefined;
  /** The digest taken of each manifest read, for `admit`; absent: none. */
  readonly digest?: ((bytes: Uint8Array) => string) | undefined;
  /**
   * The previous scan's memory, while a watch is open: a configured root
   * the watch saw unchanged is served as it was, and this scan's memory is
   * returned for the next.
   */
  readonly memo?: ScanMemo | undefined;
}

/**
 * The roots to scan, in ascending precedence: every trusted root that no
 * later trusted root reaches too (one directory reached twice, by spelling
 * or by symlink, is scanned once, at its last, highest-precedence
 * position). A root not trusted is left out before, and never looked at.
 * Real paths are resolved again for each scan, so a link made after
 * construction is seen.
 */
export function scanOrder(roots: readonly SkillRoot[]): SkillRoot[] {
  const trusted = roots.filter((root) => root.untrusted !== true);
  const winners = winnersOf(trusted.map((root) => realPathOrSelf(root.path)));
  return trusted.filter((_, index) => winners[index] === index);
}

/**
 * Scans every configured root in {@linkcode scanOrder}, lowest precedence
 * first, and gives `each` the skills of each scan as soon as it is read,
 * with the configured root it belongs to. Each root not trusted is
 * reported first (`untrusted_root`), and not looked at.
 *
 * @returns The configured roots scanned, in order, and what this scan
 * remembers for the next (when the previous one was given).
 * @throws {SkillError} Only through `report`, under strict.
 */
export function discoverRoots(
  scan: RootsScan,
  each: (found: RootSkills, configured: SkillRoot) => void,
): {
  scanned: SkillRoot[];
  /**
   * The real directories each configured root's scan reached through
   * symlinks (a skill directory or a folder of skills), for a watch to
   * watch from the start.
   */
  linked: Map<SkillRoot, readonly string[]>;
  memo: ScanMemo | undefined;
  /**
   * When every root was served from the memory (as it was, or with skills
   * read anew in place of the same names): each skill swapped.
   */
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
    if (before !== undefined && unchanged?.root(configured) === true) {
      roots.set(configured, before);
      linked.set(configured, before.linked);
      replay(scan, { outcome: before, configured, each });
      continue;
    }
    const patched = before === undefined
      ? undefined
      : patchedRoot(scanOf(scan, at, { root: configured }), before);
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

/**
 * Discovers one configured root as the config gives it (a root of plugins
 * over each of its plugins' skills folders, any other to its depth), and
 * hands its scans' skills to `each`.
 */
function discoverConfigured(
  scan: RootsScan,
  { configured, startedMs, buffer, each, entries, linked }: Configured & {
    entries?: EntriesMemo | undefined;
    linked?: string[] | undefined;
  },
): void {
  const { missing } = scan;
  // A root of plugins that is not there stands for skills folders that are not either.
  if (
    missing !== undefined && configured.kind === "plugins" &&
    isMissing(configured.path)
  ) {
    missing.push(configured.path);
  }
  const at = { configured, startedMs, buffer, each };
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
  for (const skills of found) each(skills, configured);
}

/** The scan of `root`, a folder of the configured root `configured`. */
function scanOf(
  scan: RootsScan,
  { configured, startedMs, buffer }: Configured,
  { root, entries, linked }: {
    root: SkillRoot;
    entries?: EntriesMemo | undefined;
    linked?: string[] | undefined;
  },
): RootScan {
  return {
    root,
    config: scan.config,
    report: (problem) => scan.report(problem, root, configured),
    buffer,
    previous: scan.previous,
    listEachSkill: scan.listEachSkill,
    denied: scan.denied,
    passed: scan.passed,
    missing: scan.missing,
    startedMs,
    unchanged: scan.unchanged,
    entries,
    linked,
    admit: scan.admit,
    digest: scan.digest,
  };
}

/**
 * Discovers one configured root, remembering what its scans gave (their
 * skills, what they reported, passed by, found missing or denied, and
 * reached through symlinks) for the next scan to serve again.
 */
function remembered(
  scan: RootsScan,
  { previous, ...at }: Configured & {
    previous: EntriesMemo["previous"] | undefined;
  },
): RootOutcome {
  const reported: { problem: Problem; root: SkillRoot }[] = [];
  const passed: PassedBy[] = [];
  const missing: string[] = [];
  const denied: string[] = [];
  const linked: string[] = [];
  const found: RootSkills[] = [];
  const entries = { previous: previous ?? new Map(), next: new Map() };
  discoverConfigured({
    ...scan,
    report: (problem, root, configured) => {
      reported.push({ problem, root });
      scan.report(problem, root, configured);
    },
    passed,
    missing,
    denied,
  }, {
    ...at,
    entries,
    linked,
    each: (skills, configured) => {
      found.push(skills);
      at.each(skills, configured);
    },
  });
  scan.passed?.push(...passed);
  scan.missing?.push(...missing);
  scan.denied?.push(...denied);
  return {
    found,
    reported,
    passed,
    missing,
    denied,
    linked,
    entries: entries.next,
  };
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

/** Whether nothing is at `path`. */
function isMissing(path: string): boolean {
  const status = tryStatus(path, { follow: true });
  return !status.ok && errorCode(status.error) === "ENOENT";
}
