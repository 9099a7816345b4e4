/**
 * A kept index: what a registry read of each skill, as plain data a host
 * keeps, and a fresh start's way back from it. A skill is taken from the
 * index only where its manifest's key and its directory's identity match
 * the disk; its body is read, proved and compared on its first load.
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import { KeyLines } from "../manifest/_lines.ts";
import type {
  DiscoveredSkill,
  Previous,
  ReadSkill,
} from "../discovery/_types.ts";
import { sameKey, withTexts } from "../discovery/_read_skill.ts";
import type { SkillIndex } from "../options.ts";
import type { JsonValue, SkillInfo } from "../skill.ts";
import { describe } from "../_text.ts";

/** The format an index is written in; another is refused. */
const FORMAT = 1;
/** The most skills an index may hold. */
const MAX_SKILLS = 1_000_000;
/** The deepest a `metadata` value may nest. */
const MAX_DEPTH = 64;

/** A hash of a skill's body: whether a body read later is the same text. */
export function bodyHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^
    Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^
    Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length.toString(36)}.${(h2 >>> 0).toString(36)}.${
    (h1 >>> 0).toString(36)
  }`;
}

/** The body's hash of a skill, read or taken from an index. */
export function hashOf(skill: DiscoveredSkill): string {
  return skill.indexed?.bodyHash ?? bodyHash(skill.body ?? "");
}

/** What an index keeps of one skill. */
interface IndexEntry {
  readonly path: string;
  readonly key: readonly [number, number, number, number, number];
  readonly place: readonly [string, number, number, number, boolean];
  readonly info: SkillInfo;
  readonly body: string;
  readonly nameLine: number;
  readonly repairs?: DiscoveredSkill["repairs"];
  readonly truncations?: DiscoveredSkill["truncations"];
  readonly coercions?: DiscoveredSkill["coercions"];
}

/** The settings a skill read depends on, besides its roots. */
function settingsOf(config: SkillConfig): SkillIndex["settings"] {
  const { strict, followSymlinks, maxManifestBytes } = config;
  return { strict, followSymlinks, maxManifestBytes };
}

/**
 * The index of a snapshot's skills (by manifest path): every skill whose
 * manifest's times were settled when read, and none of `stale`.
 */
export function indexOf(
  byPath: ReadonlyMap<string, DiscoveredSkill>,
  { config, stale }: {
    config: SkillConfig;
    stale: ReadonlySet<DiscoveredSkill>;
  },
): SkillIndex {
  const skills: JsonValue[] = [];
  for (const [path, skill] of byPath) {
    if (!skill.key.settled || stale.has(skill)) continue;
    const { key, place, info, repairs, truncations, coercions } = skill;
    const entry: IndexEntry = {
      path,
      key: [key.dev, key.ino, key.size, key.mtimeMs, key.ctimeMs],
      place: [
        place.realDir,
        place.dev,
        place.ino,
        place.birthtimeMs,
        place.viaLink,
      ],
      info,
      body: hashOf(skill),
      nameLine: skill.indexed?.nameLine ??
        new KeyLines(skill.frontmatter ?? "").lineOf("name"),
      ...(repairs.length === 0 ? {} : { repairs }),
      ...(truncations.length === 0 ? {} : { truncations }),
      ...(coercions.length === 0 ? {} : { coercions }),
    };
    skills.push(entry as unknown as JsonValue);
  }
  return {
    agentSkillsIndex: FORMAT,
    roots: config.roots.map((root) => root.path),
    settings: settingsOf(config),
    skills,
  };
}

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
    throw error;
  }
}

class Refused extends Error {}

function refuse(why: string): never {
  throw new Refused(why);
}

function previousOf(index: unknown, config: SkillConfig): Previous {
  const given = record(index, "the index", [
    "agentSkillsIndex",
    "roots",
    "settings",
    "skills",
  ]);
  if (given.agentSkillsIndex !== FORMAT) {
    refuse(
      `its format is ${
        describe(given.agentSkillsIndex)
      }, and this library reads format ${FORMAT}`,
    );
  }
  const roots = config.roots.map((root) => root.path);
  if (
    !Array.isArray(given.roots) || given.roots.length !== roots.length ||
    given.roots.some((root, at) => root !== roots[at])
  ) {
    refuse("it was made for other roots (or in another order) than these");
  }
  const settings = record(given.settings, "settings", [
    "strict",
    "followSymlinks",
    "maxManifestBytes",
  ]);
  const wanted = settingsOf(config);
  for (const key of ["strict", "followSymlinks", "maxManifestBytes"] as const) {
    if (settings[key] !== wanted[key]) {
      refuse(`it was made with ${key} ${describe(settings[key])}`);
    }
  }
  if (!Array.isArray(given.skills)) refuse(`"skills" is not an array`);
  if (given.skills.length > MAX_SKILLS) {
    refuse(`it holds more than ${MAX_SKILLS} skills`);
  }
  const previous = new Map<string, DiscoveredSkill>();
  given.skills.forEach((value: unknown, at: number) => {
    const skill = skillOf(value, `skills[${at}]`);
    if (previous.has(skill.info.path)) refuse(`skills[${at}] is a duplicate`);
    previous.set(skill.info.path, skill);
  });
  return previous;
}

/** One entry of an index, checked, as the skill it says was read. */
function skillOf(value: unknown, at: string): DiscoveredSkill {
  const entry = record(value, at, [
    "path",
    "key",
    "place",
    "info",
    "body",
    "nameLine",
    "repairs",
    "truncations",
    "coercions",
  ]);
  const [dev, ino, size, mtimeMs, ctimeMs] = numbers(entry.key, `${at}.key`, 5);
  const place = tuple(entry.place, `${at}.place`, 5);
  const [realDir, dirDev, dirIno, birthtimeMs] = [
    text(place[0], `${at}.place[0]`),
    ...numbers(place.slice(1, 4), `${at}.place`, 3),
  ];
  if (typeof place[4] !== "boolean") refuse(`${at}.place[4] is not a boolean`);
  const info = infoOf(entry.info, `${at}.info`);
  if (entry.path !== info.path) refuse(`${at}.path is not its info.path`);
  const nameLine = entry.nameLine;
  if (!Number.isSafeInteger(nameLine) || (nameLine as number) < 0) {
    refuse(`${at}.nameLine is not a line`);
  }
  return {
    info,
    body: undefined,
    source: undefined,
    frontmatter: undefined,
    repairs: list(entry.repairs, `${at}.repairs`, {
      kind: ["colon", "indicator", "flow_text", "continuation"],
      line: 0,
      key: "",
      fix: "",
    }) as DiscoveredSkill["repairs"],
    truncations: list(entry.truncations, `${at}.truncations`, {
      line: 0,
      key: "",
      kept: "",
      fix: "",
    }) as DiscoveredSkill["truncations"],
    coercions: list(entry.coercions, `${at}.coercions`, {
      code: ["coerced_value", "empty_field"],
      key: "",
      message: "",
    }) as DiscoveredSkill["coercions"],
    indexed: {
      bodyHash: text(entry.body, `${at}.body`),
      nameLine: nameLine as number,
    },
    place: Object.freeze({
      realDir,
      dev: dirDev,
      ino: dirIno,
      birthtimeMs,
      viaLink: place[4],
    }),
    key: { dev, ino, size, mtimeMs, ctimeMs, settled: true },
    digest: undefined,
  } as DiscoveredSkill;
}

/** A skill's catalog entry, checked key by key and frozen in the order discovery writes it. */
function infoOf(value: unknown, at: string): SkillInfo {
  const given = record(value, at, [
    "name",
    "description",
    "metadata",
    "allowedTools",
    "userInvocable",
    "disableModelInvocation",
    "scope",
    "source",
    "root",
    "dir",
    "path",
    "plugin",
  ]);
  for (
    const key of [
      "name",
      "description",
      "scope",
      "source",
      "root",
      "dir",
      "path",
    ] as const
  ) text(given[key], `${at}.${key}`);
  for (const key of ["userInvocable", "disableModelInvocation"] as const) {
    if (typeof given[key] !== "boolean") {
      refuse(`${at}.${key} is not a boolean`);
    }
  }
  if (given.plugin !== undefined) text(given.plugin, `${at}.plugin`);
  if (given.allowedTools !== undefined) {
    const tools = tuple(given.allowedTools, `${at}.allowedTools`);
    tools.forEach((tool, i) => text(tool, `${at}.allowedTools[${i}]`));
    Object.freeze(tools);
  }
  const metadata = record(given.metadata, `${at}.metadata`);
  jsonOf(metadata, `${at}.metadata`, 0);
  return Object.freeze(given) as unknown as SkillInfo;
}

/** A plain object of JSON (of `keys` only, when given). */
function record(
  value: unknown,
  at: string,
  keys?: readonly string[],
): Record<string, unknown> {
  if (
    typeof value !== "object" || value === null || Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    refuse(`${at} is not an object`);
  }
  if (keys !== undefined) {
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) refuse(`${at} has an unknown key`);
    }
  }
  return value as Record<string, unknown>;
}

/** An array (of `length` items, when given). */
function tuple(value: unknown, at: string, length?: number): unknown[] {
  if (
    !Array.isArray(value) || (length !== undefined && value.length !== length)
  ) {
    refuse(`${at} is not a list${length === undefined ? "" : ` of ${length}`}`);
  }
  return value;
}

function numbers(value: unknown, at: string, length: number): number[] {
  const items = tuple(value, at, length);
  for (const item of items) {
    if (typeof item !== "number" || !Number.isFinite(item)) {
      refuse(`${at} holds what is not a number`);
    }
  }
  return items as number[];
}

function text(value: unknown, at: string): string {
  if (typeof value !== "string") refuse(`${at} is not a string`);
  return value;
}

/** A list of records shaped as `shape` says (a string, a number, or one of some strings). */
function list(
  value: unknown,
  at: string,
  shape: Record<string, string | number | readonly string[]>,
): readonly unknown[] {
  if (value === undefined) return [];
  const items = tuple(value, at);
  items.forEach((item, i) => {
    const fields = record(item, `${at}[${i}]`, Object.keys(shape));
    for (const [key, kind] of Object.entries(shape)) {
      const field = fields[key];
      const fits = Array.isArray(kind)
        ? kind.includes(field as string)
        : typeof field === typeof kind &&
          (typeof kind !== "number" || Number.isSafeInteger(field));
      if (!fits) refuse(`${at}[${i}].${key} is not what an index holds`);
    }
  });
  return Object.freeze(items);
}

/** Checks a JSON value's nesting, and freezes it. */
function jsonOf(value: unknown, at: string, depth: number): void {
  if (depth > MAX_DEPTH) refuse(`${at} nests deeper than ${MAX_DEPTH}`);
  if (typeof value !== "object" || value === null) {
    if (typeof value === "number" && !Number.isFinite(value)) {
      refuse(`${at} is not JSON`);
    }
    return;
  }
  const items = Array.isArray(value) ? value : Object.values(record(value, at));
  for (const item of items) jsonOf(item, at, depth + 1);
  Object.freeze(value);
}

/**
 * A skill taken from an index, with its texts: read again through
 * `reread` (with every proof a scan makes), and the same as the index says
 * (its key, its directory, its catalog entry, its body) or not.
 */
export function textsOf(
  skill: DiscoveredSkill,
): { same: boolean; read: ReadSkill | undefined } {
  const read = skill.indexed?.reread?.();
  if (read === undefined) return { same: false, read: undefined };
  const texts = withTexts(read);
  const same = sameKey(read.key, skill.key) &&
    read.place.dev === skill.place.dev && read.place.ino === skill.place.ino &&
    JSON.stringify(read.info) === JSON.stringify(skill.info) &&
    bodyHash(texts.body) === hashOf(skill);
  return { same, read: texts };
}
