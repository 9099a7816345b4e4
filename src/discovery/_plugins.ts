/**
 * Plugins as Claude Code reads them: a root of kind `"plugins"` is a
 * marketplace (`.claude-plugin/marketplace.json` lists its plugins) or one
 * plugin, and at each scan it becomes one skill root per skills folder of
 * each plugin, whose skills are named `<plugin>:<skill>`. Their JSON
 * manifests are read as a skill manifest is, proven inside the root first.
 *
 * @module
 */

import { basename, dirname, join, relative, resolve } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import { realPathOrSelf } from "../config/_roots.ts";
import { type FileRead, readManifest } from "../fs/_read.ts";
import { errorCode, isInside, reason, tryRealpath } from "../fs/_status.ts";
import { PLUGIN_NAME_RULE, pluginNameProblem } from "../_names.ts";
import { describe } from "../_text.ts";
import { holdsManifest } from "./_manifest.ts";
import {
  duplicatePluginProblem,
  invalidPluginProblem,
  type PluginEntry,
} from "./_problems.ts";
import type { RootScan } from "./_types.ts";

/** The folder of a plugin or marketplace that holds its JSON manifest. */
const MANIFEST_DIR = ".claude-plugin";

/** The most bytes a `marketplace.json` or `plugin.json` is read to. */
const MAX_JSON_BYTES = 1024 * 1024;

/** What a root of plugins reads from, and whether the symlinks inside it are followed. */
interface Bound {
  readonly path: string;
  readonly real: string;
  readonly follow: boolean;
}

/** What {@linkcode readJson} returns for a file that is not there. */
const MISSING: unique symbol = Symbol("missing");
/** What {@linkcode readJson} returns for a file it reported as unusable. */
const INVALID: unique symbol = Symbol("invalid");

type Scan = Pick<RootScan, "root" | "report" | "buffer">;

/**
 * The skill roots a root of kind `"plugins"` stands for, as of now: each
 * plugin a marketplace lists on disk, in its order, else the root as one
 * plugin. What cannot be used is reported (`invalid_plugin`,
 * `duplicate_plugin`) and left out.
 */
export function pluginRoots(
  scan: Scan & Pick<RootScan, "config">,
): SkillRoot[] {
  const { root, report } = scan;
  const bound = {
    path: root.path,
    real: realPathOrSelf(root.path),
    follow: scan.config.followSymlinks,
  };
  const marketPath = resolve(root.path, MANIFEST_DIR, "marketplace.json");
  // Whether each real folder is one skill's, looked at once per scan.
  const skillFolders = new Map<string, boolean>();
  const market = readJson(scan, marketPath, bound);
  if (market === MISSING) {
    return pluginSkillRoots(scan, bound, {
      dir: root.path,
      listed: undefined,
      manifest: readJson(scan, pluginJsonPath(root.path), bound),
      claim: () => true,
      skillFolders,
    }) ?? [];
  }
  if (market === INVALID) return [];
  const plugins = isRecord(market) ? market["plugins"] : undefined;
  if (!Array.isArray(plugins)) {
    report(invalidPluginProblem(marketPath, 'it has no "plugins" list'));
    return [];
  }
  const metadata = isRecord(market) ? market["metadata"] : undefined;
  const pluginRoot = isRecord(metadata) &&
      typeof metadata["pluginRoot"] === "string"
    ? metadata["pluginRoot"]
    : ".";
  const roots: SkillRoot[] = [];
  // Each plugin.json by real path, read once; the first entry of each name.
  const manifests = new Map<string, unknown>();
  const byName = new Map<string, PluginEntry>();
  plugins.forEach((entry: unknown, index) => {
    const where = `plugins[${index}]`;
    if (!isRecord(entry) || typeof entry["name"] !== "string") {
      report(invalidPluginProblem(marketPath, `${where} has no "name" string`));
      return;
    }
    const source = localSource(entry["source"]);
    if (source === undefined) return; // fetched by the host, not on disk
    const dir = resolve(root.path, pluginRoot, source);
    const refused = !isInside(dir, root.path)
      ? `it is outside the marketplace ${root.path}`
      : refusal(dir, bound);
    if (typeof refused === "string") {
      const name = entry["name"];
      const why =
        `${where} ("${name}") has its source "${source}" at ${dir}: ${refused}; point it at a folder inside the marketplace`;
      report(invalidPluginProblem(marketPath, why));
      return;
    }
    const { real } = refused;
    if (!manifests.has(real)) {
      manifests.set(real, readJson(scan, pluginJsonPath(dir), bound));
    }
    const listed = { where, name: entry["name"], source, dir, real };
    const plugin = pluginSkillRoots(scan, bound, {
      dir,
      listed: entry,
      entry: { marketPath, where },
      manifest: manifests.get(real),
      skillFolders,
      // Before its folders are looked at: a duplicate costs no more.
      claim: (name) => {
        const first = byName.get(name);
        if (first !== undefined) {
          report(duplicatePluginProblem({ marketPath, listed, first, name }));
          return false;
        }
        byName.set(name, listed);
        return true;
      },
    });
    if (plugin !== undefined) roots.push(...plugin);
  });
  return roots;
}

/**
 * Where a path inside a root of plugins really is, or why it is refused.
 * One that does not exist is where it says (nothing is read there).
 */
function refusal(path: string, bound: Bound): { real: string } | string {
  const own = join(bound.real, relative(bound.path, path));
  const real = tryRealpath(path);
  if (!real.ok) {
    return errorCode(real.error) === "ENOENT"
      ? { real: own }
      : `it cannot be followed (${reason(real.error)})`;
  }
  if (
    !isInside(real.value, bound.real) || (!bound.follow && real.value !== own)
  ) {
    return elsewhere(real.value, bound);
  }
  return { real: real.value };
}

/** Why a path whose real path is `real` (undefined: it changed) is refused. */
function elsewhere(real: string | undefined, bound: Bound): string {
  if (real !== undefined && !isInside(real, bound.real)) {
    return `it leads to ${real}, outside the real directory ${bound.real} of the root`;
  }
  if (!bound.follow) {
    return `it is reached through a symlink${
      real === undefined ? "" : ` (to ${real})`
    }, and followSymlinks is false`;
  }
  return "it is a symlink that changed while it was followed";
}

/**
 * A plugin's skill roots: its `skills/` folder, or what its manifest (else
 * its marketplace entry; the entry alone with `strict: false`) names in
 * `skills`: folders of skills, or skills' folders. Undefined when its
 * manifest cannot be used (reported), or when `claim` refuses its name.
 */
function pluginSkillRoots(
  { root, report }: Scan,
  bound: Bound,
  { dir, listed, entry, manifest, claim, skillFolders }: {
    dir: string;
    listed: Record<string, unknown> | undefined;
    entry?: { readonly marketPath: string; readonly where: string };
    manifest: unknown;
    claim: (name: string) => boolean;
    skillFolders: Map<string, boolean>;
  },
): SkillRoot[] | undefined {
  const manifestPath = pluginJsonPath(dir);
  if (manifest === INVALID) return undefined;
  if (manifest !== MISSING && !isRecord(manifest)) {
    report(invalidPluginProblem(manifestPath, "it is not a JSON object"));
    return undefined;
  }
  const own = manifest === MISSING || listed?.["strict"] === false
    ? undefined
    : manifest;
  const name = own?.["name"] ?? listed?.["name"] ?? basename(dir);
  const why = typeof name === "string"
    ? pluginNameProblem(name)
    : "it is not a string";
  if (typeof name !== "string" || why !== undefined) {
    // Cited where the name came from: plugin.json, the entry, or the folder.
    const shown = describe(name);
    const refused = `is not a plugin name: ${why} (${PLUGIN_NAME_RULE})`;
    const [path, said] = own?.["name"] !== undefined
      ? [manifestPath, `its "name" ${shown} ${refused}; rename the plugin`]
      : listed?.["name"] !== undefined && entry !== undefined
      ? [
        entry.marketPath,
        `${entry.where} has the "name" ${shown}, which ${refused}; rename the entry`,
      ]
      : [
        dir,
        `its folder's name ${shown} ${refused}; give it a .claude-plugin/plugin.json with a "name"`,
      ];
    report(invalidPluginProblem(path, said));
    return undefined;
  }
  if (!claim(name)) return undefined;
  const given = own?.["skills"] ?? listed?.["skills"];
  const folders = given === undefined
    ? ["./skills"]
    : typeof given === "string"
    ? [given]
    : Array.isArray(given) && given.every((p) => typeof p === "string")
    ? given as string[]
    : undefined;
  // Where its "skills" came from: plugin.json, the entry, or neither.
  const { definedIn, who } = own?.["skills"] === undefined &&
      listed?.["skills"] !== undefined && entry !== undefined
    ? { definedIn: entry.marketPath, who: `${entry.where} (plugin "${name}")` }
    : {
      definedIn: own === undefined ? dir : manifestPath,
      who: `plugin "${name}"`,
    };
  if (folders === undefined) {
    const why =
      `${who} has a "skills" that is neither a path nor a list of paths`;
    report(invalidPluginProblem(definedIn, why));
    return undefined;
  }
  // A path is a folder of skills, or one skill (it holds a manifest): the
  // skills named one by one are read from their folders, those alone.
  const singles = new Map<string, string[]>();
  const roots: SkillRoot[] = [];
  const seen = new Set<string>();
  const { kind: _, foldedInto: __, ...rules } = root;
  for (const folder of folders) {
    const path = resolve(dir, folder);
    const refused = !isInside(path, dir) || path === dir
      ? `it is outside the plugin ${dir}`
      : refusal(path, bound);
    if (typeof refused === "string") {
      const why =
        `${who} names the skills folder ${path}: ${refused}; name a folder inside the plugin`;
      report(invalidPluginProblem(definedIn, why));
      continue;
    }
    // A folder named twice (by spelling or by symlink) is read once.
    const { real } = refused;
    if (seen.has(real)) continue;
    seen.add(real);
    const single = skillFolders.get(real) ?? holdsManifest(path);
    skillFolders.set(real, single);
    if (single) {
      const parent = dirname(path);
      const names = singles.get(parent);
      if (names === undefined) singles.set(parent, [basename(path)]);
      else names.push(basename(path));
    } else {
      roots.push({ ...rules, path, realPath: real, namespace: name });
    }
  }
  for (const [path, only] of singles) {
    roots.push({ ...rules, path, realPath: path, namespace: name, only });
  }
  return roots;
}

function pluginJsonPath(dir: string): string {
  return resolve(dir, MANIFEST_DIR, "plugin.json");
}

/** A plugin source on disk: a relative path, or Codex's `{ source: "local", path }`. */
function localSource(source: unknown): string | undefined {
  if (typeof source === "string") return source;
  if (
    isRecord(source) && source["source"] === "local" &&
    typeof source["path"] === "string"
  ) {
    return source["path"];
  }
  return undefined;
}

/**
 * A JSON file's value, or `INVALID` (reported). Read as a manifest is, and
 * proven before a byte is read to be inside the root's real directory,
 * through no symlink when symlinks are not followed.
 */
function readJson(
  { report, buffer }: Scan,
  path: string,
  bound: Bound,
): unknown {
  const exact = bound.follow
    ? undefined
    : join(bound.real, relative(bound.path, path));
  const read = readManifest(path, {
    maxBytes: MAX_JSON_BYTES,
    within: { dir: bound.real, exact },
    buffer,
  });
  if (read.kind === "text") {
    try {
      return JSON.parse(read.text);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      report(invalidPluginProblem(path, `it is not valid JSON (${why})`));
      return INVALID;
    }
  }
  if (read.kind === "unopenable") {
    const code = errorCode(read.error);
    if (code === "ENOENT" || code === "ENOTDIR") return MISSING;
  }
  report(invalidPluginProblem(path, unusable(read, bound)));
  return INVALID;
}

/** Why a JSON manifest that was not read is left out. */
function unusable(
  read: Exclude<FileRead, { kind: "text" }>,
  bound: Bound,
): string {
  switch (read.kind) {
    case "elsewhere":
      return `${
        elsewhere(read.real, bound)
      }; keep the plugin's files inside the root, not symlinked`;
    case "unopenable":
      return `it cannot be read (${reason(read.error)})`;
    case "not_a_file":
      return `it is ${read.what}, not a file`;
    case "too_large":
      return `it is over ${MAX_JSON_BYTES} bytes`;
    case "not_utf8":
      return "it is not UTF-8";
    default:
      return "it cannot be read";
  }
}

/** Whether a JSON value is an object (read with brackets, for strict consumers). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
