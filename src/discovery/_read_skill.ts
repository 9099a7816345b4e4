/**
 * Reading one skill directory: reuse the previous run's skill when its
 * refresh key allows, else record the directory's place, read and parse
 * the manifest. `_root.ts` calls it, and `check` for one directory.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { SkillError } from "../errors.ts";
import type { Listing } from "../fs/_listing.ts";
import { readBuffer, readManifest } from "../fs/_read.ts";
import { childPath, tryStatus } from "../fs/_status.ts";
import type { Status } from "../fs/_types.ts";
import { parseManifest } from "../manifest/_parse.ts";
import type { SkillInfo } from "../skill.ts";
import { namespaced } from "../_names.ts";
import {
  findManifest,
  followsManifestLinks,
  type Manifest,
  type UNLISTED,
} from "./_manifest.ts";
import { findingsOf, parseProblem, readProblem } from "./_manifest_problems.ts";
import { deniedProblem, outsidePluginsProblem } from "./_problems.ts";
import type {
  DiscoveredSkill,
  ParsedSkill,
  Problem,
  Reached,
  ReadSkill,
  RefreshKey,
  Rereader,
  RootScan,
  SkillPlace,
} from "./_types.ts";

/** A skill read, and its findings, to report once it is admitted. */
export interface SkillRead {
  readonly skill: DiscoveredSkill;
  readonly findings: readonly Problem[];
}

/**
 * Reads one skill directory (finding its manifest unless given): what stops
 * it loading is reported; its findings are returned, to be reported once
 * it is admitted.
 */
export function readSkill(
  scan: RootScan,
  { dir, dirName, reached, manifest = findManifest(scan, dir, dirName) }: {
    dir: string;
    dirName: string;
    reached: Reached;
    manifest?: Manifest | Listing | typeof UNLISTED | undefined;
  },
): SkillRead | undefined {
  if (typeof manifest !== "object" || "entries" in manifest) return undefined;
  const { path } = manifest;
  const unchanged = reusable(scan, path, { key: manifest.status });
  // A manifest cannot move into another directory without its change time
  // changing: unchanged and reached the same way, it is the skill as it was.
  // One taken from a kept index is proved on its first load
  // (docs/confinement.md); its directory is the one the root reaches here.
  if (
    unchanged !== undefined &&
    unchanged.place.realDir === reached.realDir &&
    unchanged.place.viaLink === reached.viaLink &&
    unchanged.info.dir === dir
  ) {
    const { indexed } = unchanged;
    const skill =
      indexed === undefined || scan.previous?.takes?.(unchanged, scan)
        ? unchanged
        : { ...unchanged, indexed: { ...indexed, reread: rereaderFor(scan) } };
    return admitted(scan, skill, findingsOf(skill, manifest));
  }
  const place = placeOf(scan, { dir, dirName, reached });
  if (place === undefined) return undefined;
  const skill = unchanged === undefined || unchanged.indexed !== undefined
    ? loadManifest(scan, { ...manifest, dir, place })
    : discovered(unchanged, {
      place,
      key: unchanged.key,
      digest: unchanged.digest,
    });
  if (skill === undefined) return undefined;
  return admitted(scan, skill, findingsOf(skill, manifest));
}

/**
 * Reads again, with every proof of a scan and saying nothing, a skill `scan`
 * took from an index (its directory, reached as its place says). It keeps
 * of `scan` its root, config, confinement and start: not its previous run.
 */
export function rereaderFor(scan: RootScan): Rereader {
  const { root, config, within, startedMs } = scan;
  const report = (): void => {};
  return ({ info: { dir }, place }) =>
    readSkill(
      { root, config, within, startedMs, report, buffer: readBuffer() },
      { dir, dirName: dir.slice(dir.lastIndexOf("/") + 1), reached: place },
    )?.skill;
}

/** A skill read, once a skill lock (if any) admits it. */
function admitted(
  scan: RootScan,
  skill: DiscoveredSkill,
  findings: readonly Problem[],
): SkillRead | undefined {
  const refused = scan.admit?.(skill);
  if (refused === undefined) return { skill, findings };
  if (refused.drops) {
    scan.report(refused);
    return undefined;
  }
  return { skill, findings: [...findings, refused] };
}

/**
 * The place of a skill directory, from its identity now. When symlinks are
 * not followed, a directory that has become one since it was listed is left out.
 */
function placeOf(
  scan: RootScan,
  { dir, dirName, reached }: { dir: string; dirName: string; reached: Reached },
): SkillPlace | undefined {
  const identity = tryStatus(dir, { follow: reached.viaLink });
  if (!identity.ok) {
    const denied = deniedProblem(dir, dirName, identity.error);
    if (denied !== undefined) scan.report(denied);
    return undefined;
  }
  if (!scan.config.followSymlinks && identity.value.kind !== "directory") {
    return undefined;
  }
  const { dev, ino, birthtimeMs } = identity.value;
  const { realDir, viaLink } = reached;
  return Object.freeze({ realDir, dev, ino, birthtimeMs, viaLink });
}

/**
 * Reads and parses a found manifest, or serves the previous run's parse of
 * the same text. When symlinks are not followed, the manifest must be
 * proven to be the directory's own entry.
 */
function loadManifest(
  scan: RootScan,
  manifest: Manifest & { dir: string; place: SkillPlace },
): DiscoveredSkill | undefined {
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
    : readManifest(path, {
      maxBytes,
      own,
      within,
      buffer: scan.buffer,
      digest: scan.digest,
    });
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
  const parsed = reusable(scan, path, { text: read.text }) ??
    parseSkill(scan.root, {
      path,
      dir,
      dirName,
      text: read.text,
      repair: !scan.config.strict,
    });
  if (!("info" in parsed)) {
    report(parsed);
    return undefined;
  }
  return discovered(parsed, { place, key, digest: read.digest });
}

/**
 * A skill from its manifest's text, its catalog entry completed with the
 * root's labels; or the problem that makes the manifest unusable.
 */
export function parseSkill(
  root: Pick<SkillRoot, "scope" | "source" | "path" | "namespace">,
  { path, dir, dirName, text, repair }: {
    path: string;
    dir: string;
    dirName: string;
    text: string;
    repair: boolean;
  },
): ParsedSkill | Problem {
  let parsed;
  try {
    parsed = parseManifest(text, { path, repair });
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

/** Written out, not spread: see BENCHMARKS.md. */
function discovered(
  parsed: ParsedSkill,
  { place, key, digest }: {
    place: SkillPlace;
    key: RefreshKey;
    digest: string | undefined;
  },
): DiscoveredSkill {
  return {
    info: parsed.info,
    body: parsed.body,
    source: parsed.source,
    frontmatter: parsed.frontmatter,
    repairs: parsed.repairs,
    truncations: parsed.truncations,
    coercions: parsed.coercions,
    indexed: parsed.indexed,
    place,
    key,
    digest,
  };
}

/**
 * A skill with its texts: every scan reads them, but a skill taken from a
 * kept index has none until it is loaded (`registry/_index.ts`).
 */
export function withTexts(skill: DiscoveredSkill): ReadSkill {
  if (skill.body === undefined || skill.frontmatter === undefined) {
    throw new Error(`${skill.info.path}: taken from an index, not read yet`);
  }
  return skill as ReadSkill;
}

/** Times this close to a scan's start may hide a second write in the same tick (git's racy rule). */
const RACY_MARGIN_MS = 2000;

/** A manifest's refresh key, from its status, and whether it is settled. */
export function refreshKey(status: Status, startedMs: number): RefreshKey {
  const { dev, ino, size, mtimeMs, ctimeMs } = status;
  const settled = Math.max(mtimeMs, ctimeMs) < startedMs - RACY_MARGIN_MS;
  return { dev, ino, size, mtimeMs, ctimeMs, settled };
}

/** Whether two refresh keys (or a key and a status) are the same. */
export function sameKey(a: RefreshKey, b: RefreshKey | Status): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size &&
    a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/** The previous run's skill at `path`, when its settled key is `key` or its `text` the same. */
function reusable(
  scan: RootScan,
  path: string,
  by: { readonly key: Status } | { readonly text: string },
): DiscoveredSkill | undefined {
  const { root } = scan;
  const earlier = scan.previous?.get(path, root.path);
  if (earlier === undefined) return undefined;
  const { info } = earlier;
  if (
    info.root !== root.path || info.scope !== root.scope ||
    info.source !== root.source || info.plugin !== root.namespace
  ) {
    return undefined;
  }
  const same = "key" in by
    ? earlier.key.settled && sameKey(earlier.key, by.key)
    : earlier.source !== undefined && earlier.source === by.text;
  return same ? earlier : undefined;
}
