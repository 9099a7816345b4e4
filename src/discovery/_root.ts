/**
 * Discovery of one root, top to bottom: list the root, then for each skill
 * directory find its manifest, reuse the previous run's skill or read and
 * parse the manifest, record the directory's place, and admit the skill
 * under its name; on a root deeper than one level, each directory without a
 * manifest is a folder whose entries are read the same way, level by level.
 * What it passes by (a directory without a manifest it does not read below,
 * a symlink not followed, a folder not entered) is recorded where the scan
 * asks, for `explain()`. Finding the manifest is `manifest.ts`; the records
 * are in `types.ts`, the problems in `problems.ts`, the reuse rule in
 * `refresh_key.ts`; the reads go through `_fs/` and the parse through
 * `_manifest/parse.ts`.
 *
 * @module
 */

import { SkillError } from "../errors.ts";
import { type Listing, tryList } from "../fs/_listing.ts";
import { readManifest } from "../fs/_read.ts";
import {
  childPath,
  isInside,
  isPermissionDenied,
  tryRealpath,
  tryStatus,
} from "../fs/_status.ts";
import type { Entry, StatusKind } from "../fs/_types.ts";
import { parseManifest } from "../manifest/_parse.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillRoot } from "../config/config.ts";
import { namespaced } from "../_names.ts";
import {
  findManifest,
  followsManifestLinks,
  type Manifest,
  UNLISTED,
} from "./_manifest.ts";
import {
  danglingLinkProblem,
  deniedProblem,
  duplicateProblem,
  findingsOf,
  limitProblem,
  loopProblem,
  outsidePluginsProblem,
  parseProblem,
  readProblem,
  rootProblem,
  unrepresentableProblem,
} from "./_problems.ts";
import { refreshKey, reusable } from "./_refresh_key.ts";
import type {
  DiscoveredSkill,
  ParsedSkill,
  PassedBy,
  Problem,
  Reached,
  RefreshKey,
  RootScan,
  SkillPlace,
} from "./_types.ts";

/**
 * Discovers the skills of one root, in sorted directory order (level by
 * level on a root deeper than one), without duplicate names. A missing root
 * yields no skills and no warning.
 *
 * @throws {SkillError} Only through `scan.report`, under strict.
 */
export function discoverRoot(scan: RootScan): DiscoveredSkill[] {
  const { root, config, report } = scan;
  const listing = tryList(root.path);
  if (!listing.ok) {
    if (scan.denied !== undefined && isPermissionDenied(listing.error)) {
      scan.denied.push(root.path); // reported once, with the others
      return [];
    }
    const problem = rootProblem(root.path, listing.error);
    if (problem !== undefined) report(problem);
    else scan.missing?.push(root.path);
    return [];
  }
  // The real path the skill directories are under, as of this scan.
  const realRoot = tryRealpath(root.path);
  const walk = walkOf(root, realRoot.ok ? realRoot.value : root.path);
  const byName = new Map<string, DiscoveredSkill>();
  const folders: Folder[] = [{
    path: root.path,
    realPath: walk.realRoot,
    listing: listing.value,
    level: 1,
  }];
  for (const folder of folders) {
    const { path, realPath, level } = folder;
    const { entries, unrepresentable } = folder.listing;
    for (const entry of unrepresentable) {
      if (entryKind(entry.kind, config) !== "other") {
        report(unrepresentableProblem(path, entry.shown));
      }
    }
    for (const entry of entries) {
      const kind = entryKind(entry.kind, config);
      if (kind === "other") {
        // A file, FIFO, socket or device; or a symlink, not followed.
        if (entry.kind === "symlink") {
          passBy(scan, { reason: "symlink", folder: path, entry, level });
        }
        continue;
      }
      const skipped = walk.deep && isSkipped(entry.name, root)
        ? "skipped"
        : root.only !== undefined && !root.only.includes(entry.name)
        ? "not_listed"
        : undefined;
      if (skipped !== undefined) {
        passBy(scan, { reason: skipped, folder: path, entry, level });
        continue;
      }
      const dir = childPath(path, entry.name);
      const reached = kind === "symlink"
        ? followedLink(scan, dir, entry.name)
        : {
          // The same string as `dir` where the folder is its own real path.
          realDir: realPath === path ? dir : childPath(realPath, entry.name),
          viaLink: false,
        };
      if (reached === undefined) continue;
      if (
        scan.within !== undefined && !isInside(reached.realDir, scan.within)
      ) {
        // A symlink, or a folder swapped for one: nothing there is read.
        report(outsidePluginsProblem({
          path: dir,
          what: "skill directory",
          real: reached.realDir,
          within: scan.within,
          dirName: entry.name,
        }));
        continue;
      }
      const deeper = level < (root.depth ?? 1);
      if (deeper && walk.visited.has(reached.realDir)) {
        // A folder read already (a symlink loop, or two ways to one folder).
        report(loopProblem(dir, reached.realDir));
        continue;
      }
      const found = probe(scan, walk, { dir, dirName: entry.name });
      if (found === undefined) continue;
      if ("entries" in found) {
        // No manifest: a folder of skills, where the root reads deeper.
        if (deeper) {
          walk.visited.add(reached.realDir);
          folders.push({
            path: dir,
            realPath: reached.realDir,
            listing: found,
            level: level + 1,
          });
        } else {
          passBy(scan, {
            reason: "no_manifest",
            folder: path,
            entry,
            level,
            listing: found,
          });
        }
        continue;
      }
      const read = readSkill(scan, {
        dir,
        dirName: entry.name,
        reached,
        manifest: found,
      });
      if (read === undefined) continue;
      admit(byName, read.skill, read.findings).forEach(report);
    }
  }
  return [...byName.values()];
}

/** Records an entry of `folder` passed by, where the scan records them. */
function passBy(
  scan: RootScan,
  { reason, folder, entry, level, listing }:
    & Pick<PassedBy, "reason" | "level" | "listing">
    & { folder: string; entry: Entry },
): void {
  scan.passed?.push({
    reason,
    path: childPath(folder, entry.name),
    name: entry.name,
    root: scan.root,
    level,
    listing,
  });
}

/** A directory whose entries are read for skills: the root, or a folder below it. */
interface Folder {
  readonly path: string;
  readonly realPath: string;
  readonly listing: Listing;
  /** How many levels below the root its entries are (1 for the root's own). */
  readonly level: number;
}

/**
 * What a scan keeps as it goes: on a root deeper than one level, the real
 * folders it entered; and how many directories it listed that were not
 * skills, against the root's `maxDirectories`.
 */
interface Walk {
  readonly deep: boolean;
  readonly realRoot: string;
  readonly visited: Set<string>;
  listed: number;
  limited: boolean;
}

function walkOf(root: SkillRoot, realRoot: string): Walk {
  const deep = (root.depth ?? 1) > 1;
  return {
    deep,
    realRoot,
    visited: new Set(deep ? [realRoot] : []),
    listed: 0,
    limited: false,
  };
}

/**
 * Names a scan deeper than one level does not enter: `.git`,
 * `node_modules`, and other dot-directories unless the root reads them.
 */
function isSkipped(name: string, root: SkillRoot): boolean {
  return name === "node_modules" || name === ".git" ||
    (name.startsWith(".") && root.hidden !== "read");
}

/**
 * A directory's manifest, or its listing when it holds none, within the
 * root's bound: every directory listed that is not a skill counts towards
 * `maxDirectories`, and once that many were listed, a directory is no longer
 * listed, only looked at for `SKILL.md` by one status call; the first
 * directory left unlisted reports the bound reached, once for the root.
 */
function probe(
  scan: RootScan,
  walk: Walk,
  { dir, dirName }: { dir: string; dirName: string },
): Manifest | Listing | undefined {
  const { root, report } = scan;
  const mayList = walk.listed < (root.maxDirectories ?? Infinity);
  const found = findManifest(scan, dir, dirName, { mayList });
  if (found === UNLISTED) {
    if (!walk.limited) report(limitProblem(root.path, root.maxDirectories));
    walk.limited = true;
    return undefined;
  }
  // Listed (or tried) and not a skill: one folder more.
  if (found === undefined || "entries" in found) walk.listed++;
  return found;
}

/**
 * What a root entry is to discovery: a `"directory"`, a `"symlink"` to
 * follow before it counts (only when symlinks are followed), or `"other"`
 * (skipped).
 */
function entryKind(
  kind: StatusKind,
  { followSymlinks }: { followSymlinks: boolean },
): "directory" | "symlink" | "other" {
  if (kind === "directory") return "directory";
  return kind === "symlink" && followSymlinks ? "symlink" : "other";
}

/**
 * Where a skill-directory symlink leads, when it leads to a directory; a
 * link that cannot be followed, or whose target may not be read, is
 * reported.
 */
function followedLink(
  scan: RootScan,
  dir: string,
  dirName: string,
): Reached | undefined {
  const target = tryStatus(dir, { follow: true });
  if (!target.ok) {
    scan.report(danglingLinkProblem(dir, target.error));
    return undefined;
  }
  if (target.value.kind !== "directory") return undefined;
  const real = tryRealpath(dir);
  if (!real.ok) {
    // Gone since it was followed, or its target may not be read.
    const denied = deniedProblem(dir, dirName, real.error);
    if (denied !== undefined) scan.report(denied);
    return undefined;
  }
  return { realDir: real.value, viaLink: true };
}

/**
 * Reads one skill directory: finds its manifest (unless given), serves the
 * previous run's skill again when its refresh key allows, or else records the directory's
 * place and reads and parses the manifest. What stops it loading is
 * reported here; the findings about a skill that loads (a repaired YAML, a
 * name unlike its directory's) are returned unreported, for the caller to
 * report once the skill is admitted.
 */
export function readSkill(
  scan: RootScan,
  { dir, dirName, reached, manifest = findManifest(scan, dir, dirName) }: {
    dir: string;
    dirName: string;
    reached: Reached;
    /** The manifest found already; else it is found here. */
    manifest?: Manifest | Listing | typeof UNLISTED | undefined;
  },
): { skill: DiscoveredSkill; findings: readonly Problem[] } | undefined {
  if (typeof manifest !== "object" || "entries" in manifest) return undefined;
  const { path } = manifest;
  const key = refreshKey(manifest.status, scan.startedMs);
  const unchanged = reusable(scan, path, { key });
  // A manifest cannot move into another directory without its change time
  // changing: unchanged and reached the same way, it is the skill as it was.
  if (
    unchanged !== undefined &&
    unchanged.place.realDir === reached.realDir &&
    unchanged.place.viaLink === reached.viaLink
  ) {
    return { skill: unchanged, findings: findingsOf(unchanged, manifest) };
  }
  const place = placeOf(scan, { dir, dirName, reached });
  if (place === undefined) return undefined;
  const parsed = unchanged === undefined
    ? loadManifest(scan, { ...manifest, dir, place })
    : { skill: unchanged, key: unchanged.key };
  if (parsed === undefined) return undefined;
  return {
    skill: discovered(parsed.skill, place, parsed.key),
    findings: findingsOf(parsed.skill, manifest),
  };
}

/**
 * The place of a skill directory, from its identity now (a symlinked
 * directory is identified by its target, a plain one as it is). When
 * symlinks are not followed, a plain directory that has become one since the
 * root was listed is left out, as a symlink listed there would be.
 */
function placeOf(
  scan: RootScan,
  { dir, dirName, reached }: { dir: string; dirName: string; reached: Reached },
): SkillPlace | undefined {
  const identity = tryStatus(dir, { follow: reached.viaLink });
  if (!identity.ok) {
    // Gone since it was read, or its target may not be read.
    const denied = deniedProblem(dir, dirName, identity.error);
    if (denied !== undefined) scan.report(denied);
    return undefined;
  }
  if (!scan.config.followSymlinks && identity.value.kind !== "directory") {
    return undefined;
  }
  const { dev, ino, birthtimeMs } = identity.value;
  return Object.freeze({
    realDir: reached.realDir,
    dev,
    ino,
    birthtimeMs,
    viaLink: reached.viaLink,
  });
}

/**
 * Reads and parses a found manifest (the size cap checked before it is
 * opened), or serves the previous run's parse of the same text; the refresh
 * key is the status of the file the text came from. When symlinks are not
 * followed, the manifest must be proven to be the directory's own entry, or
 * the skill is left out.
 */
function loadManifest(
  scan: RootScan,
  manifest: Manifest & { dir: string; place: SkillPlace },
): { skill: ParsedSkill; key: RefreshKey } | undefined {
  const { config, report } = scan;
  const { path, name, dirName, status, isLink, dir, place } = manifest;
  const maxBytes = config.maxManifestBytes;
  const own = followsManifestLinks(scan) ? undefined : {
    dir,
    dirStatus: place,
    viaLink: place.viaLink,
    realPath: childPath(place.realDir, name),
  };
  // In a root of plugins, a manifest followed must really be inside it.
  const within = own === undefined && scan.within !== undefined
    ? { dir: scan.within }
    : undefined;
  const read = status.size > maxBytes
    ? { kind: "too_large" as const }
    : readManifest(path, { maxBytes, own, within, buffer: scan.buffer });
  if (read.kind === "elsewhere" && within !== undefined) {
    report(outsidePluginsProblem({
      path,
      what: "manifest",
      real: read.real,
      within: within.dir,
      dirName,
    }));
    return undefined;
  }
  if (read.kind !== "text") {
    const problem = readProblem(read, { path, dirName, isLink, maxBytes });
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const key = refreshKey(read.status, scan.startedMs);
  const same = reusable(scan, path, { text: read.text });
  if (same !== undefined) return { skill: same, key };
  const parsed = parseSkill(scan, { path, dir, dirName, text: read.text });
  if (!("info" in parsed)) {
    report(parsed);
    return undefined;
  }
  return { skill: parsed, key };
}

/**
 * A skill from its manifest's text, with the catalog entry the root's labels
 * complete; or the problem that makes the manifest unusable, with every
 * problem the parser found.
 */
function parseSkill(
  { root, config }: RootScan,
  { path, dir, dirName, text }: {
    path: string;
    dir: string;
    dirName: string;
    text: string;
  },
): ParsedSkill | Problem {
  let parsed;
  try {
    parsed = parseManifest(text, { path, repair: !config.strict });
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    return parseProblem(error, { path, dirName });
  }
  const {
    yaml,
    body,
    repairs,
    truncations,
    coercions,
    name,
    description,
    metadata,
    ...fields
  } = parsed;
  const info: SkillInfo = {
    // The catalog's key order: metadata follows the description.
    name,
    description,
    metadata,
    ...fields,
    scope: root.scope,
    source: root.source,
    root: root.path,
    dir,
    path,
  };
  const { namespace } = root;
  return {
    info: Object.freeze(
      namespace === undefined
        ? info
        : { ...info, name: namespaced(namespace, name), plugin: namespace },
    ),
    body,
    source: text,
    frontmatter: yaml,
    repairs,
    truncations,
    coercions,
  };
}

/**
 * A parsed skill with its place and refresh key, written out property by
 * property, not spread (see BENCHMARKS.md).
 */
function discovered(
  parsed: ParsedSkill,
  place: SkillPlace,
  key: RefreshKey,
): DiscoveredSkill {
  return {
    info: parsed.info,
    body: parsed.body,
    source: parsed.source,
    frontmatter: parsed.frontmatter,
    repairs: parsed.repairs,
    truncations: parsed.truncations,
    coercions: parsed.coercions,
    place,
    key,
  };
}

/**
 * Admits a skill to its root's map by name, and returns what to report: the
 * skill's own findings when admitted, or only the duplicate when the root
 * already holds the name (the first directory in sorted order wins). A
 * skipped copy's findings are not reported: it loads nowhere, and its name
 * unlike its directory's is what the duplicate already says.
 */
function admit(
  byName: Map<string, DiscoveredSkill>,
  skill: DiscoveredSkill,
  findings: readonly Problem[],
): readonly Problem[] {
  const { name, path } = skill.info;
  const first = byName.get(name);
  if (first === undefined) {
    byName.set(name, skill);
    return findings;
  }
  return [duplicateProblem({ path, name, first: first.info.path })];
}
