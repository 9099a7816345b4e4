/**
 * A fresh start's way back from a kept index (`_index.ts` writes it): the
 * skills it holds, each checked whole and its catalog entry rebuilt, for
 * discovery to take where their manifest's key matches the disk; or why
 * the index is refused as a whole, never half used.
 *
 * @module
 */

import { sep } from "node:path";
import type { SkillConfig, SkillRoot } from "../config/config.ts";
import { rereaderFor } from "../discovery/_read_skill.ts";
import type {
  DiscoveredSkill,
  Previous,
  Rereader,
} from "../discovery/_types.ts";
import type { SkillInfo } from "../skill.ts";
import { describe } from "../_text.ts";
import {
  FORMAT,
  type Key,
  type Origin,
  type Place,
  prefixOf,
  settingsOf,
} from "./_index.ts";
import {
  ACTS,
  acts,
  type EntryTexts,
  isRecord,
  textsProblem,
} from "./_index_texts.ts";

/** The most skills an index may hold. */
const MAX_SKILLS = 1_000_000;

/**
 * The skills an index holds, by manifest path, for discovery to take where
 * their keys match; or why the index is refused as a whole.
 */
export function readIndex(
  index: unknown,
  config: SkillConfig,
): { previous: Previous } | { refused: string } {
  try {
    return { previous: previousOf(index, config) };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    // What the host's accessor or proxy said is not repeated.
    return { refused: "reading it threw (an accessor or a proxy, not data)" };
  }
}

class Refused extends Error {}
function refuse(why: string): never {
  throw new Refused(why);
}

const INDEX_KEYS = "agentSkillsIndex roots settings origins skills".split(" ");
const SETTINGS = ["strict", "followSymlinks", "maxManifestBytes"] as const;
const ENTRY_KEYS = ["key", "place", "origin", "info", "body", "nameLine"]
  .concat(["repairs", "truncations", "coercions"]);
const INFO_KEYS = "name description metadata allowedTools path dir".split(" ")
  .concat(["userInvocable", "disableModelInvocation"]);
const NONE: readonly never[] = Object.freeze([]);

function previousOf(index: unknown, config: SkillConfig): Previous {
  if (!isRecord(index)) refuse("it is not an object");
  if (!onlyKeys(index, INDEX_KEYS)) refuse("it has an unknown key");
  const format = index["agentSkillsIndex"];
  if (format !== FORMAT) {
    const why = `its format is ${describe(format)}, and this library reads`;
    refuse(`${why} format ${FORMAT}`);
  }
  const roots = config.roots.map((root) => root.path);
  const given = index["roots"];
  if (
    !Array.isArray(given) || given.length !== roots.length ||
    given.some((root, at) => root !== roots[at])
  ) {
    refuse("it was made for other roots (or in another order) than these");
  }
  const settings = index["settings"];
  if (!isRecord(settings) || !onlyKeys(settings, SETTINGS)) {
    refuse("its settings are not an index's");
  }
  const wanted = settingsOf(config);
  for (const key of SETTINGS) {
    if (settings[key] !== wanted[key]) {
      refuse(`it was made with ${key} ${describe(settings[key])}`);
    }
  }
  const origins = index["origins"];
  const skills = index["skills"];
  if (!Array.isArray(origins)) refuse(`"origins" is not an array`);
  if (!Array.isArray(skills)) refuse(`"skills" is not an array`);
  const most = skills.length > origins.length ? "skills" : "origins";
  const count = Math.max(skills.length, origins.length);
  if (count > MAX_SKILLS) refuse(`it holds more than ${MAX_SKILLS} ${most}`);
  origins.forEach((origin, at) => {
    const wrong = originProblem(origin);
    if (wrong !== undefined) refuse(`origins[${at}] ${wrong}`);
  });
  // By root, then by path below it: a long root is not copied per entry.
  type Below = { prefix: string; paths: Map<string, DiscoveredSkill> };
  const byRoot = new Map<string, Below>();
  const taken = new Map<string, [SkillRoot, Rereader]>();
  const reread = rereaderIn(taken);
  for (let at = 0; at < skills.length; at++) {
    const maxBytes = config.maxManifestBytes;
    const skill = skillOf(skills[at], { origins, maxBytes }, reread);
    if (typeof skill === "string") refuse(`skills[${at}]${skill}`);
    const below = (skills[at] as { info: { path: string } }).info.path;
    const { root } = skill.info;
    let paths = byRoot.get(root)?.paths;
    if (paths === undefined) {
      byRoot.set(root, { prefix: prefixOf(root), paths: paths = new Map() });
    }
    if (paths.has(below)) refuse(`skills[${at}] is a duplicate`);
    paths.set(below, skill);
  }
  return {
    get: (path, root) => {
      const at = byRoot.get(root);
      return at !== undefined && path.startsWith(at.prefix)
        ? at.paths.get(path.slice(at.prefix.length))
        : undefined;
    },
    // Each root's first scan that takes one of its skills reads them again.
    takes: (skill, scan) => {
      const { root } = skill.info;
      if (!taken.has(root)) taken.set(root, [scan.root, rereaderFor(scan)]);
      return taken.get(root)?.[0] === scan.root;
    },
  };
}

/** A skill read again as its root's first taker reads (not holding the index). */
function rereaderIn(
  taken: ReadonlyMap<string, readonly [SkillRoot, Rereader]>,
): Rereader {
  return (skill) => taken.get(skill.info.root)?.[1](skill);
}

/** What is wrong with a root's path, scope, source and plugin (or null). */
function originProblem(value: unknown): string | undefined {
  const texts = Array.isArray(value) && value.length === 4 &&
    value.every((text, at) =>
      typeof text === "string" || (at === 3 && text === null)
    );
  if (!texts) return "is not a root's path, scope, source and plugin";
  return value.some(acts) ? ACTS : undefined;
}

/** The skill an entry of an index says was read, or what is wrong with it. */
function skillOf(
  entry: unknown,
  { origins, maxBytes }: { origins: readonly Origin[]; maxBytes: number },
  reread: Rereader,
): DiscoveredSkill | string {
  if (!isRecord(entry)) return " is not an object";
  if (!onlyKeys(entry, ENTRY_KEYS)) return " has an unknown key";
  const { key, place, body, nameLine } = entry;
  if (!isNumbers(key, 0, 5)) return ".key is not 5 numbers";
  if (
    !Array.isArray(place) || place.length !== 5 || !isNumbers(place, 1, 3) ||
    (place[0] !== null && typeof place[0] !== "string") ||
    typeof place[4] !== "boolean"
  ) {
    return ".place is not a directory's place";
  }
  const origin = origins[entry["origin"] as number];
  if (!Number.isSafeInteger(entry["origin"]) || origin === undefined) {
    return ".origin is not one of the index's origins";
  }
  if (typeof body !== "string") return ".body is not a string";
  if (!Number.isSafeInteger(nameLine) || (nameLine as number) < 0) {
    return ".nameLine is not a line";
  }
  const { 0: dev, 1: ino, 2: size, 3: mtimeMs, 4: ctimeMs } = key as Key;
  const { 0: realDir, 1: dirDev, 2: dirIno, 3: birthtimeMs, 4: viaLink } =
    place as Place;
  const repairs = findingsOf(entry["repairs"], FINDINGS.repairs);
  const truncations = findingsOf(entry["truncations"], FINDINGS.truncations);
  const coercions = findingsOf(entry["coercions"], FINDINGS.coercions);
  if (repairs === undefined) return ".repairs are not repairs";
  if (truncations === undefined) return ".truncations are not truncations";
  if (coercions === undefined) return ".coercions are not coercions";
  if (size > maxBytes) {
    return `.key says its manifest is larger than maxManifestBytes (${maxBytes})`;
  }
  const given = entry["info"];
  if (!isRecord(given)) return ".info is not an object";
  const texts = { info: given, repairs, truncations, coercions };
  const wrong = textsProblem(texts as EntryTexts, size);
  if (wrong !== undefined) return wrong;
  const info = infoOf(given, origin);
  if (typeof info === "string") return `.info${info}`;
  return {
    info,
    body: undefined,
    source: undefined,
    frontmatter: undefined,
    repairs: repairs as DiscoveredSkill["repairs"],
    truncations: truncations as DiscoveredSkill["truncations"],
    coercions: coercions as DiscoveredSkill["coercions"],
    indexed: { bodyHash: body, nameLine: nameLine as number, reread },
    place: Object.freeze({
      realDir: realDir ?? info.dir,
      dev: dirDev,
      ino: dirIno,
      birthtimeMs,
      viaLink,
    }),
    key: { dev, ino, size, mtimeMs, ctimeMs, settled: true },
    digest: undefined,
  };
}

/**
 * The catalog entry an index's info stands for, completed from its origin
 * and frozen; or what is wrong with it.
 */
function infoOf(
  given: Record<string, unknown>,
  { 0: root, 1: scope, 2: source, 3: plugin }: Origin,
): SkillInfo | string {
  if (!onlyKeys(given, INFO_KEYS)) return " has an unknown key";
  const { name, description, metadata, allowedTools: tools, path, dir } = given;
  const { userInvocable = true, disableModelInvocation = false } = given;
  if (typeof name !== "string") return ".name is not a string";
  if (typeof description !== "string") return ".description is not a string";
  if (typeof path !== "string") return ".path is not a string";
  if (dir !== undefined && typeof dir !== "string") {
    return ".dir is not a string";
  }
  if (
    typeof userInvocable !== "boolean" ||
    typeof disableModelInvocation !== "boolean"
  ) {
    return " holds a flag that is not a boolean";
  }
  if (
    tools !== undefined &&
    (!Array.isArray(tools) || tools.some((tool) => typeof tool !== "string"))
  ) {
    return ".allowedTools is not a list of strings";
  }
  if (!isRecord(metadata)) return ".metadata is not an object";
  const prefix = prefixOf(root);
  const at = path.lastIndexOf(sep);
  return Object.freeze({
    name,
    description,
    metadata,
    ...(tools === undefined ? {} : { allowedTools: Object.freeze(tools) }),
    userInvocable,
    disableModelInvocation,
    scope,
    source,
    root,
    // Its path's directory (as the writer cuts it), the root not copied.
    dir: dir ??
      (at >= 0
        ? prefix + path.slice(0, at)
        : prefix === root
        ? root.slice(0, -1)
        : root),
    path: prefix + path,
    ...(plugin === null ? {} : { plugin }),
  }) as SkillInfo;
}

/** Whether `value`'s keys are among `keys`. */
function onlyKeys(value: object, keys: readonly string[]): boolean {
  for (const key in value) if (!keys.includes(key)) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

/** Whether `items[from..from+count)` are finite numbers. */
function isNumbers(items: unknown, from: number, count: number): boolean {
  const ok = Array.isArray(items) && (from > 0 || items.length === count);
  for (let i = from; ok && i < from + count; i++) {
    if (!Number.isFinite(items[i])) return false;
  }
  return ok;
}

/** What each finding an entry lists holds: a kind's values, or a type. */
const FINDINGS = {
  repairs: {
    kind: ["colon", "indicator", "flow_text", "continuation"],
    line: "line",
    key: "string",
    fix: "string",
  },
  truncations: { line: "line", key: "string", kept: "string", fix: "string" },
  coercions: {
    code: ["coerced_value", "empty_field"],
    key: "string",
    message: "string",
  },
} as const;

/** An entry's list of findings, checked and frozen, each of them too (none when absent); or undefined. */
function findingsOf(
  value: unknown,
  shape: { readonly [key: string]: string | readonly string[] },
): readonly unknown[] | undefined {
  if (value === undefined) return NONE;
  if (!Array.isArray(value)) return undefined;
  const keys = Object.keys(shape);
  for (const item of value) {
    if (!isRecord(item) || !onlyKeys(item, keys)) return undefined;
    for (const key of keys) {
      const want = shape[key];
      const given = item[key];
      const ok = want === "line"
        ? Number.isSafeInteger(given) && (given as number) > 0
        : want === "string"
        ? typeof given === "string"
        : want?.includes(given as string);
      if (!ok) return undefined;
    }
    Object.freeze(item);
  }
  return Object.freeze(value);
}
