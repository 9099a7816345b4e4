/**
 * Reading one skill directory, once the walk has found its manifest: serve
 * the previous run's skill again when its refresh key allows
 * (`_refresh_key.ts`), or else record the directory's place (its identity
 * now), read the manifest within its cap, parse it (`manifest/_parse.ts`),
 * and complete its catalog entry with the root's labels. What stops the
 * skill loading is reported here; what to report about a skill that loads is
 * returned for the caller to report once it is admitted. The walk that calls
 * it is `_root.ts`; `check` calls it for one directory.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { SkillError } from "../errors.ts";
import type { Listing } from "../fs/_listing.ts";
import { readManifest } from "../fs/_read.ts";
import { childPath, tryStatus } from "../fs/_status.ts";
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
import { refreshKey, reusable } from "./_refresh_key.ts";
import type {
  DiscoveredSkill,
  ParsedSkill,
  Problem,
  Reached,
  RefreshKey,
  RootScan,
  SkillPlace,
} from "./_types.ts";

/** A skill read, and its findings, to report once it is admitted. */
export interface SkillRead {
  readonly skill: DiscoveredSkill;
  readonly findings: readonly Problem[];
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
): SkillRead | undefined {
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
    return admitted(scan, unchanged, findingsOf(unchanged, manifest));
  }
  const place = placeOf(scan, { dir, dirName, reached });
  if (place === undefined) return undefined;
  const parsed = unchanged === undefined
    ? loadManifest(scan, { ...manifest, dir, place })
    : { skill: unchanged, key: unchanged.key, digest: unchanged.digest };
  if (parsed === undefined) return undefined;
  return admitted(
    scan,
    discovered(parsed.skill, { place, key: parsed.key, digest: parsed.digest }),
    findingsOf(parsed.skill, manifest),
  );
}

/**
 * A skill read, once a skill lock (when one is configured) admits it: a
 * skill the lock refuses is reported and left out, or, when the lock only
 * reports, loads with the problem among its findings.
 */
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
):
  | { skill: ParsedSkill; key: RefreshKey; digest: string | undefined }
  | undefined {
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
  const { digest } = read;
  const same = reusable(scan, path, { text: read.text });
  if (same !== undefined) return { skill: same, key, digest };
  const parsed = parseSkill(scan.root, {
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
  return { skill: parsed, key, digest };
}

/**
 * A skill from its manifest's text, with the catalog entry the root's labels
 * complete (its scope, source, path and a plugin's namespace); or the
 * problem that makes the manifest unusable, with every problem the parser
 * found. `repair`: fix what the parser knows how to (not under strict).
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

/**
 * A parsed skill with its place and refresh key, written out property by
 * property, not spread (see BENCHMARKS.md).
 */
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
    place,
    key,
    digest,
  };
}
