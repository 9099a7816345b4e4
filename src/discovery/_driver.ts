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
import { realPathOrSelf, winnersOf } from "../config/_real_paths.ts";
import { readBuffer } from "../fs/_read.ts";
import { errorCode, tryStatus } from "../fs/_status.ts";
import { discoverPlugins } from "./_plugin_skills.ts";
import { discoverRoot } from "./_root.ts";
import type {
  PassedBy,
  Previous,
  Problem,
  RootScan,
  RootSkills,
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
 * Scans every configured root in {@linkcode scanOrder}, lowest precedence
 * first, and gives `each` the skills of each scan as soon as it is read,
 * with the configured root it belongs to.
 *
 * @returns The configured roots scanned, in order.
 * @throws {SkillError} Only through `report`, under strict.
 */
export function discoverRoots(
  scan: RootsScan,
  each: (found: RootSkills, configured: SkillRoot) => void,
): SkillRoot[] {
  const { config, report, denied, passed, missing } = scan;
  const startedMs = Date.now();
  const buffer = readBuffer();
  const scanned = scanOrder(config.roots);
  for (const configured of scanned) {
    // A root of plugins that is not there stands for skills folders that are not either.
    if (
      missing !== undefined && configured.kind === "plugins" &&
      isMissing(configured.path)
    ) {
      missing.push(configured.path);
    }
    const scanOf = (root: SkillRoot): RootScan => ({
      root,
      config,
      report: (problem) => report(problem, root, configured),
      buffer,
      previous: scan.previous,
      listEachSkill: scan.listEachSkill,
      denied,
      passed,
      missing,
      startedMs,
    });
    const discover = (): RootSkills[] =>
      configured.kind === "plugins"
        ? discoverPlugins(scanOf(configured), scanOf)
        : [{
          root: configured,
          skills: discoverRoot(scanOf(configured)),
          read: true,
        }];
    const found = scan.readRoot === undefined
      ? discover()
      : scan.readRoot(scanOf(configured), discover);
    for (const skills of found) each(skills, configured);
  }
  return scanned;
}

/** Whether nothing is at `path`. */
function isMissing(path: string): boolean {
  const status = tryStatus(path, { follow: true });
  return !status.ok && errorCode(status.error) === "ENOENT";
}
