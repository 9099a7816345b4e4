/**
 * Discovery, synchronously: one root in, its skills out. This file does the
 * reads (with `node:fs`, through `_fs.ts`) and hands what it read to the
 * decisions of `_scan.ts`; it decides nothing itself.
 *
 * @module
 */

import {
  _childPath,
  _isPermissionDenied,
  _kindOf,
  _readKnownFile,
  type _Status,
  _tryList,
  _tryRealpath,
  _tryStatus,
} from "./_fs.ts";
import {
  _admit,
  _chooseManifest,
  _deniedProblem,
  type _DiscoveredSkill,
  _entryKind,
  _findingsOf,
  _followedDirectory,
  _linkedManifestProblem,
  _manifestProblem,
  type _ManifestRead,
  _manifestRead,
  type _ParsedSkill,
  _placeOf,
  type _Problem,
  _rootProblem,
  type _RootScan,
  _skillDirProblem,
  _skillFromText,
  type _SkillPlace,
  _unchanged,
  _unrepresentableSkill,
} from "./_scan.ts";

/**
 * Discovers the skills of one root, in sorted directory order, without
 * duplicate names. A missing root yields no skills and no warning.
 *
 * @throws {SkillError} Only through `scan.report`, under strict.
 */
export function _discoverRoot(scan: _RootScan): _DiscoveredSkill[] {
  const { root, config, report } = scan;
  const listing = _tryList(root.path);
  if (!listing.ok) {
    if (scan.denied !== undefined && _isPermissionDenied(listing.error)) {
      scan.denied.push(root.path); // reported once, with the others
      return [];
    }
    const problem = _rootProblem(root.path, listing.error);
    if (problem !== undefined) report(problem);
    return [];
  }
  const { entries, unrepresentable } = listing.value;
  for (const entry of unrepresentable) {
    if (_entryKind(entry.kind, config.followSymlinks) !== "other") {
      report(_unrepresentableSkill(root.path, entry.bytes));
    }
  }
  // The real path the skill directories are under, as of this scan.
  const realRoot = _tryRealpath(root.path);
  const byName = new Map<string, _DiscoveredSkill>();
  for (const entry of entries) {
    const kind = _entryKind(entry.kind, config.followSymlinks);
    if (kind === "other") continue;
    const dir = _childPath(root.path, entry.name);
    let where: _Where = {
      // The same string as `dir` where the root is its own real path.
      realDir: !realRoot.ok || realRoot.value === root.path
        ? dir
        : _childPath(realRoot.value, entry.name),
      viaLink: false,
    };
    if (kind === "symlink") {
      const followed = _followedDirectory(dir, _tryStatus(dir, true));
      if (followed.problem !== undefined) report(followed.problem);
      if (!followed.isDirectory) continue;
      const real = _tryRealpath(dir);
      if (!real.ok) {
        // Gone since it was followed, or its target may not be read.
        const denied = _deniedProblem(dir, entry.name, real.error);
        if (denied !== undefined) report(denied);
        continue;
      }
      where = { realDir: real.value, viaLink: true };
    }
    const read = _readSkill(scan, dir, entry.name, where);
    if (read === undefined) continue;
    _admit(byName, read.skill, read.findings).forEach(report);
  }
  return [...byName.values()];
}

/** Where a skill directory really is, and whether a symlink led there. */
export interface _Where {
  readonly realDir: string;
  readonly viaLink: boolean;
}

/**
 * Reads one skill directory: finds its manifest (`<dir>/SKILL.md` first; the
 * directory is listed only when that is not a regular file, or when the scan
 * lists every skill), reuses the previous run's entry when the manifest's
 * status is unchanged and was settled, or else records the directory's place
 * (real path, device, inode, birth time) and reads and parses the manifest.
 * What stops it loading is reported here; the findings about a skill that
 * loads (a repaired YAML, a name unlike its directory's) are returned
 * unreported, for the caller to report once the skill is admitted.
 */
export function _readSkill(
  scan: _RootScan,
  dir: string,
  dirName: string,
  where: _Where,
): { skill: _DiscoveredSkill; findings: readonly _Problem[] } | undefined {
  const { config } = scan;
  const found =
    (scan.listEachSkill !== true && config.followSymlinks
      ? _exactManifest(dir)
      : undefined) ?? _listedManifest(scan, dir, dirName);
  if (found === undefined) return undefined;
  const { path, status } = found;
  const unchanged = _unchanged(
    scan,
    path,
    _manifestRead(status, scan.startedMs),
  );
  // An unchanged manifest reached the same way is in the same directory: a
  // manifest cannot move into another one without its change time changing.
  if (unchanged !== undefined && _samePlace(unchanged.place, where)) {
    // The same manifest, read in the same place: the same skill, as it was.
    return {
      skill: unchanged,
      findings: _findingsOf(path, dirName, unchanged),
    };
  }
  const place = _placeFound(scan, dir, dirName, where);
  if (place === undefined) return undefined;
  const parsed = unchanged === undefined
    ? _parsedManifest(scan, { dir, dirName, place }, found)
    : { skill: unchanged, read: unchanged.read };
  if (parsed === undefined) return undefined;
  return {
    skill: _discovered(parsed.skill, place, parsed.read),
    findings: _findingsOf(path, dirName, parsed.skill),
  };
}

/**
 * A parsed skill with its place and read, written out property by property:
 * a spread (`{ ...parsed, place, read }`) gives each object a hidden class of
 * its own, some hundreds of bytes a skill.
 */
function _discovered(
  parsed: _ParsedSkill,
  place: _SkillPlace,
  read: _ManifestRead,
): _DiscoveredSkill {
  return {
    info: parsed.info,
    body: parsed.body,
    source: parsed.source,
    frontmatter: parsed.frontmatter,
    repairs: parsed.repairs,
    truncations: parsed.truncations,
    coercions: parsed.coercions,
    place,
    read,
  };
}

function _samePlace(place: _SkillPlace, where: _Where): boolean {
  return place.realDir === where.realDir && place.viaLink === where.viaLink;
}

/**
 * The place of a skill directory, from its identity now (a symlinked
 * directory is identified by its target, a plain one as it is). When
 * symlinks are not followed, a plain directory that has become one since the
 * root was listed is left out, as a symlink listed there would be.
 */
function _placeFound(
  scan: _RootScan,
  dir: string,
  dirName: string,
  where: _Where,
): _SkillPlace | undefined {
  const identity = _tryStatus(dir, where.viaLink);
  if (!identity.ok) {
    // Gone since it was read, or its target may not be read.
    const denied = _deniedProblem(dir, dirName, identity.error);
    if (denied !== undefined) scan.report(denied);
    return undefined;
  }
  if (!scan.config.followSymlinks && identity.value.kind !== "directory") {
    return undefined;
  }
  return _placeOf(where, identity.value);
}

/** A manifest found, with its status (its target's, for a followed symlink). */
interface _Found {
  readonly path: string;
  readonly name: string;
  readonly status: _Status;
  readonly isLink: boolean;
}

/**
 * `<dir>/SKILL.md` when it is a regular file (a symlink to one included):
 * one status call, no listing. Anything else is left to the listing, which
 * says what it is.
 */
function _exactManifest(dir: string): _Found | undefined {
  const path = _childPath(dir, "SKILL.md");
  const status = _tryStatus(path, true);
  return status.ok && status.value.kind === "file"
    ? { path, name: "SKILL.md", status: status.value, isLink: false }
    : undefined;
}

/**
 * The manifest of a listed skill directory, matched case-insensitively, and
 * its status (an `lstat` when symlinks are not followed); a special file is
 * never opened.
 */
function _listedManifest(
  scan: _RootScan,
  dir: string,
  dirName: string,
): _Found | undefined {
  const { config, report } = scan;
  const listing = _tryList(dir);
  if (!listing.ok) {
    const problem = _skillDirProblem(dir, dirName, listing.error);
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const { manifest, problems } = _chooseManifest(
    dir,
    dirName,
    listing.value.entries,
    config.followSymlinks,
  );
  problems.forEach(report);
  if (manifest === undefined) return undefined;
  const path = _childPath(dir, manifest.name);
  const isLink = manifest.kind === "symlink";
  const cap = config.maxManifestBytes;
  const status = _tryStatus(path, config.followSymlinks);
  if (!status.ok) {
    const unopenable = { kind: "unopenable" as const, error: status.error };
    const problem = _manifestProblem(path, dirName, unopenable, isLink, cap);
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const { kind } = status.value;
  if (kind !== "file") {
    // Never opened: a link to a special file, or a file replaced by one
    // since the listing (a symlink, when they are not followed: left out).
    const problem = isLink
      ? _linkedManifestProblem(path, dirName, kind)
      : kind === "symlink"
      ? undefined
      : _manifestProblem(
        path,
        dirName,
        { kind: "not_a_file", what: _kindOf(kind) },
        isLink,
        cap,
      );
    if (problem !== undefined) report(problem);
    return undefined;
  }
  return { path, name: manifest.name, status: status.value, isLink };
}

/**
 * Reads and parses a found manifest (the size cap checked before it is
 * opened), and says what was read for refresh() to go by: the status of the
 * file the text came from. When symlinks are not followed, the manifest must
 * be proven to be the directory's own entry, or the skill is left out.
 */
function _parsedManifest(
  scan: _RootScan,
  { dir, dirName, place }: {
    dir: string;
    dirName: string;
    place: _SkillPlace;
  },
  { path, name, status, isLink }: _Found,
): { skill: _ParsedSkill; read: _ManifestRead } | undefined {
  const { config, report } = scan;
  const cap = config.maxManifestBytes;
  const own = config.followSymlinks ? undefined : {
    dir,
    dirStatus: place,
    realPath: _childPath(place.realDir, name),
  };
  const read = status.size > cap
    ? { kind: "too_large" as const }
    : _readKnownFile(path, cap, own);
  if (read.kind !== "text") {
    const problem = _manifestProblem(path, dirName, read, isLink, cap);
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const found = _skillFromText(scan, dir, dirName, path, read.text);
  if (found.problem !== undefined) report(found.problem);
  return found.skill === undefined
    ? undefined
    : { skill: found.skill, read: _manifestRead(read.status, scan.startedMs) };
}
