/**
 * Plugins as Claude Code reads them: a root of kind `"plugins"` is a
 * marketplace (`.claude-plugin/marketplace.json` lists its plugins) or one
 * plugin, and at each scan it becomes one skill root per skills folder of
 * each plugin, whose skills are named `<plugin>:<skill>`.
 *
 * @module
 */

import { basename, dirname, resolve } from "node:path";
import type { SkillRoot } from "../config.ts";
import { readManifest } from "../_fs/read.ts";
import { errorCode, reason } from "../_fs/status.ts";
import { isInside } from "../_confine.ts";
import { holdsManifest } from "../_layout.ts";
import type { Problem, RootScan } from "./types.ts";

/** The most bytes a `marketplace.json` or `plugin.json` is read to. */
const MAX_JSON_BYTES = 1024 * 1024;

/** The folder of a plugin or marketplace that holds its JSON manifest. */
const MANIFEST_DIR = ".claude-plugin";

/**
 * The skill roots a root of kind `"plugins"` stands for, as of now: for a
 * marketplace, each plugin it lists on disk, in its order; else the root
 * itself as one plugin. A marketplace or plugin manifest that cannot be
 * used is reported (`invalid_plugin`) and its plugins left out; a plugin
 * listed from elsewhere (a git or URL source) is not on disk, and is left
 * out silently.
 */
export function pluginRoots(
  scan: Pick<RootScan, "root" | "report" | "buffer">,
): SkillRoot[] {
  const { root, report } = scan;
  const marketPath = resolve(root.path, MANIFEST_DIR, "marketplace.json");
  const market = readJson(scan, marketPath);
  if (market === MISSING) {
    return pluginSkillRoots(scan, { dir: root.path, listed: undefined });
  }
  if (market === INVALID) return [];
  const plugins = isRecord(market) ? market["plugins"] : undefined;
  if (!Array.isArray(plugins)) {
    report(invalidPlugin(marketPath, 'it has no "plugins" list'));
    return [];
  }
  const metadata = isRecord(market) ? market["metadata"] : undefined;
  const pluginRoot = isRecord(metadata) &&
      typeof metadata["pluginRoot"] === "string"
    ? metadata["pluginRoot"]
    : ".";
  const roots: SkillRoot[] = [];
  plugins.forEach((entry: unknown, index) => {
    const where = `plugins[${index}]`;
    if (!isRecord(entry) || typeof entry["name"] !== "string") {
      report(invalidPlugin(marketPath, `${where} has no "name" string`));
      return;
    }
    const source = localSource(entry["source"]);
    if (source === undefined) return; // fetched by the host, not on disk
    const dir = resolve(root.path, pluginRoot, source);
    if (!isInside(dir, root.path)) {
      report(invalidPlugin(
        marketPath,
        `${where} ("${
          entry["name"]
        }") has its source ${dir} outside the marketplace ${root.path}`,
      ));
      return;
    }
    roots.push(...pluginSkillRoots(scan, { dir, listed: entry }));
  });
  return roots;
}

/**
 * A plugin's skill roots: its `skills/` folder, or what its manifest (else
 * its marketplace entry; the entry alone when it says `strict: false`)
 * names in `skills`, each inside the plugin: a folder of skills, or one
 * skill's folder. Its name is its manifest's `name`, else its marketplace
 * entry's, else its directory's.
 */
function pluginSkillRoots(
  scan: Pick<RootScan, "root" | "report" | "buffer">,
  { dir, listed }: { dir: string; listed: Record<string, unknown> | undefined },
): SkillRoot[] {
  const { root, report } = scan;
  const manifestPath = resolve(dir, MANIFEST_DIR, "plugin.json");
  const manifest = readJson(scan, manifestPath);
  if (manifest === INVALID) return [];
  if (manifest !== MISSING && !isRecord(manifest)) {
    report(invalidPlugin(manifestPath, "it is not a JSON object"));
    return [];
  }
  // With `strict: false`, the marketplace entry is the whole definition.
  const own = manifest === MISSING || listed?.["strict"] === false
    ? undefined
    : manifest;
  const name = own?.["name"] ?? listed?.["name"] ?? basename(dir);
  if (typeof name !== "string" || !isNamespace(name)) {
    report(invalidPlugin(
      manifestPath,
      `its "name" ${
        JSON.stringify(name)
      } is not a plugin name (a non-empty string without ":", "/" or spaces)`,
    ));
    return [];
  }
  const given = own?.["skills"] ?? listed?.["skills"];
  const folders = given === undefined
    ? ["./skills"]
    : typeof given === "string"
    ? [given]
    : Array.isArray(given) && given.every((p) => typeof p === "string")
    ? given as string[]
    : undefined;
  if (folders === undefined) {
    report(invalidPlugin(
      own === undefined ? dir : manifestPath,
      `plugin "${name}" has a "skills" that is neither a path nor a list of paths`,
    ));
    return [];
  }
  // A path is a folder of skills, or one skill (it holds a manifest): the
  // skills named one by one are read from their folders, those alone.
  const singles = new Map<string, string[]>();
  const roots: SkillRoot[] = [];
  // The plugins root's labels and rules, for a root of skills.
  const { kind: _, foldedInto: __, ...rules } = root;
  for (const folder of folders) {
    const path = resolve(dir, folder);
    if (!isInside(path, dir) || path === dir) {
      report(invalidPlugin(
        own === undefined ? dir : manifestPath,
        `plugin "${name}" names the skills folder ${path}, outside the plugin ${dir}`,
      ));
      continue;
    }
    if (holdsManifest(path)) {
      const parent = dirname(path);
      const names = singles.get(parent) ?? [];
      if (names.length === 0) singles.set(parent, names);
      names.push(basename(path));
    } else roots.push({ ...rules, path, realPath: path, namespace: name });
  }
  for (const [path, only] of singles) {
    roots.push({ ...rules, path, realPath: path, namespace: name, only });
  }
  return roots;
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

/** Whether a plugin name can prefix its skills' names. */
function isNamespace(name: string): boolean {
  return name !== "" && !/[:/\\\s]/.test(name);
}

const MISSING = Symbol("missing");
const INVALID = Symbol("invalid");

/**
 * A JSON file's value; `MISSING` when there is no such file; `INVALID`
 * (reported) when it cannot be read or parsed. Read as a manifest is: never
 * a special file, never past 1 MiB.
 */
function readJson(
  { report, buffer }: Pick<RootScan, "report" | "buffer">,
  path: string,
): unknown {
  const read = readManifest(path, { maxBytes: MAX_JSON_BYTES, buffer });
  switch (read.kind) {
    case "text":
      try {
        return JSON.parse(read.text);
      } catch (error) {
        report(invalidPlugin(
          path,
          `it is not valid JSON (${
            error instanceof Error ? error.message : String(error)
          })`,
        ));
        return INVALID;
      }
    case "unopenable": {
      const code = errorCode(read.error);
      if (code === "ENOENT" || code === "ENOTDIR") return MISSING;
      report(invalidPlugin(path, `it cannot be read (${reason(read.error)})`));
      return INVALID;
    }
    case "not_a_file":
      report(invalidPlugin(path, `it is ${read.what}, not a file`));
      return INVALID;
    case "too_large":
      report(invalidPlugin(path, `it is over ${MAX_JSON_BYTES} bytes`));
      return INVALID;
    case "not_utf8":
      report(invalidPlugin(path, "it is not UTF-8"));
      return INVALID;
    default:
      report(invalidPlugin(path, "it cannot be read"));
      return INVALID;
  }
}

/**
 * Whether a JSON value is an object. Its fields are read with brackets
 * (`entry["name"]`), as keys of an index signature, so that the sources
 * type-check under `noPropertyAccessFromIndexSignature` too.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalidPlugin(path: string, why: string): Problem {
  return {
    code: "invalid_plugin",
    message: `Skipped plugin skills of ${path}: ${why}`,
    path,
    // Its skills are left out: strict throws, and a check fails.
    drops: true,
  };
}
