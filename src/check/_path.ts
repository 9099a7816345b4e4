/**
 * What one path given to `checkSkills` is: a root (its skills as discovery
 * reads them), a root of plugins, a skill directory, or a manifest; and
 * what a check says about a path itself: that it is not there or
 * unreadable, holds no skill, or holds skills deeper than the check looks.
 *
 * @module
 */

import { basename, dirname } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import { pathDiagnostic } from "./_diagnostics.ts";
import { isManifestName } from "../discovery/_manifest.ts";
import { readSkill } from "../discovery/_read_skill.ts";
import type { RootScan, RootSkills } from "../discovery/_types.ts";
import { tryList } from "../fs/_listing.ts";
import {
  unrepresentableIn,
  unrepresentedName,
} from "../fs/_unrepresentable.ts";
import { errorCode, reason, tryRealpath, tryStatus } from "../fs/_status.ts";
import {
  holdsSkillBelow,
  PROBE_DIRECTORIES,
  reachOf,
  type SkillBelow,
  unreadSkills,
} from "../discovery/_skills_below.ts";
import { deeperLayout } from "../discovery/layout.ts";
import type { SkillDiagnostic } from "./diagnostic.ts";

/** What {@linkcode checkPath} needs beside the scan of the path. */
export interface PathCheck {
  /** The path's discovery as a configured root. */
  readonly discover: () => RootSkills[];
  /** Receives each diagnostic about the path itself. */
  readonly fail: (diagnostic: SkillDiagnostic) => void;
  /** How many problems discovery has reported so far in this check. */
  readonly reported: () => number;
}

/**
 * What one path given to check holds: a root (its skills, read as the root
 * is configured, and what lies deeper than that), a skill directory (it
 * holds a manifest), or a manifest itself (its directory is checked).
 * Anything else is an error, never "0 errors".
 */
export function checkPath(scan: RootScan, check: PathCheck): RootSkills[] {
  const { root } = scan;
  const { fail } = check;
  const stat = tryStatus(root.path, { follow: true });
  if (!stat.ok) {
    fail(pathFailure(root.path, stat.error));
    return [];
  }
  if (stat.value.kind !== "directory") {
    if (isManifestName(basename(root.path))) {
      return checkSkillDir(scan, dirname(root.path));
    }
    fail(pathDiagnostic(
      "root_not_directory",
      `Not a directory: ${root.path} (give a skill root, a skill directory or a SKILL.md)`,
      root.path,
    ));
    return [];
  }
  const listing = tryList(root.path);
  if (!listing.ok) {
    // Discovery only warns about an unreadable root; here it checks nothing.
    fail(pathFailure(root.path, listing.error));
    return [];
  }
  const { entries } = listing.value;
  if (root.kind === "plugins") return checkPlugins(scan, check);
  if (entries.some((e) => isManifestName(e.name))) {
    return checkSkillDir(scan, root.path);
  }
  const found = check.discover();
  const { unread, reached, stopped } = unreadSkills(
    root,
    new Set(
      found.flatMap(({ skills }) => skills.map((skill) => skill.info.dir)),
    ),
  );
  // What lies past the search's bound is unknown, never clean.
  if (stopped) fail(searchStopped(root.path));
  // skillsBelow does not follow symlinks: a linked skill directory that
  // did not load still holds a skill.
  const links = entries.filter((entry) => entry.kind === "symlink");
  if (
    found.every(({ skills }) => skills.length === 0) && !reached &&
    !holdsSkillBelow(root.path, links)
  ) {
    fail(noSkills(root.path, unread, root.depth ?? 1));
  } else if (unread.length > 0) {
    fail(pathDiagnostic(
      "unread_skills",
      `${unread.length} ${
        unread.length === 1 ? "skill directory sits" : "skill directories sit"
      } below ${root.path} deeper than this check looks, unchecked${
        whereTo(root.path, unread)
      }`,
      root.path,
    ));
  }
  return found;
}

/**
 * A root of plugins: each plugin's skills, checked as discovery reads them;
 * an error when no plugin has a skill (and no manifest of theirs was
 * reported).
 */
function checkPlugins(scan: RootScan, check: PathCheck): RootSkills[] {
  const before = check.reported();
  const found = check.discover();
  if (
    found.every(({ skills }) => skills.length === 0) &&
    check.reported() === before
  ) {
    check.fail(pathDiagnostic(
      "no_skills",
      `No plugin skills in ${scan.root.path}: no plugin of it has a skills folder with a SKILL.md one level below (plugins/<plugin>/skills/<skill>/SKILL.md, listed in .claude-plugin/marketplace.json, or skills/<skill>/SKILL.md in a single plugin)`,
      scan.root.path,
    ));
  }
  return found;
}

/** One skill directory, checked as a skill of its parent. */
function checkSkillDir(scan: RootScan, dir: string): RootSkills[] {
  const parent: SkillRoot = { ...scan.root, path: dirname(dir) };
  // A path given as a skill directory is followed, like a root.
  const realDir = tryRealpath(dir);
  const read = readSkill({ ...scan, root: parent }, {
    dir,
    dirName: basename(dir),
    reached: { realDir: realDir.ok ? realDir.value : dir, viaLink: true },
  });
  if (read === undefined) return [];
  read.findings.forEach(scan.report);
  return [{ root: scan.root, skills: [read.skill], read: true }];
}

/** Why a path given to check cannot be checked: it is unreadable, or not there. */
function pathFailure(path: string, error: unknown): SkillDiagnostic {
  if (errorCode(error) !== "ENOENT") {
    return pathDiagnostic(
      "unreadable",
      `Cannot check ${path}: ${reason(error)}`,
      path,
    );
  }
  const unnamed = unrepresentableIn(path);
  return unnamed === undefined
    ? pathDiagnostic("path_not_found", `Path does not exist: ${path}`, path)
    : pathDiagnostic(
      "unrepresentable_name",
      `Cannot check ${path}: ${
        unrepresentedName(unnamed)
      }, so no path given as text can name it; rename it`,
      path,
    );
}

/**
 * `no_skills` for a path with no manifest in it or as deep below as it is
 * read; names the skills found deeper, if any, and how to check them.
 */
function noSkills(
  path: string,
  deeper: readonly SkillBelow[],
  depth: number,
): SkillDiagnostic {
  return pathDiagnostic(
    "no_skills",
    `No skills in ${path}: no SKILL.md in it or in any directory ${
      reachOf(depth)
    }${whereTo(path, deeper)}`,
    path,
  );
}

/**
 * `search_limit` for a path below which the search for skills deeper than
 * the check looks stopped at its bound, and how to check deeper.
 */
function searchStopped(path: string): SkillDiagnostic {
  return pathDiagnostic(
    "search_limit",
    `Stopped searching below ${path} for skills deeper than this check looks after listing ${PROBE_DIRECTORIES} directories: skill directories past them may sit unchecked; check the folders below it that hold skills as paths of their own, or with --depth N (the root option depth) so that the check reads them`,
    path,
  );
}

/** Where skills a check did not reach are, and how to check them. */
function whereTo(path: string, deeper: readonly SkillBelow[]): string {
  const layout = deeperLayout(path, deeper);
  if (layout === undefined) return "";
  const examples = layout.kind === "nested"
    ? layout.nested.map((root) => root.example)
    : layout.examples;
  const found = `; found ${examples.slice(0, 5).join(", ")}${
    examples.length > 5 ? `, and ${examples.length - 5} more` : ""
  }`;
  switch (layout.kind) {
    case "plugins":
      return `${found}: it is a plugin marketplace, so check it as one (--plugins; the root option kind: "plugins")`;
    case "nested":
      return `${found}: skills are one level below a root, so check ${
        layout.nested.map((root) => root.dir).join(" ")
      } instead`;
    case "deeper":
      return `${found}: check with --depth ${layout.depth} (the root option depth: ${layout.depth})`;
  }
}
