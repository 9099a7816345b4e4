/**
 * A kept index: what a registry read of each skill, as plain data a host
 * keeps, and a fresh start's way back from it. A skill is taken from the
 * index only where its manifest's key and its directory's identity match
 * the disk; its body is read, proved and compared on its first load.
 *
 * @module
 */

import { sep } from "node:path";
import type { SkillConfig } from "../config/config.ts";
import { KeyLines } from "../manifest/_lines.ts";
import type {
  DiscoveredSkill,
  Previous,
  ReadSkill,
} from "../discovery/_types.ts";
import { sameKey, withTexts } from "../discovery/_read_skill.ts";
import { sameIdentity } from "../fs/_status.ts";
import type { SkillIndex } from "../options.ts";
import type { JsonValue, SkillInfo } from "../skill.ts";
import { describe } from "../_text.ts";
import { type EntryTexts, isRecord, textsProblem } from "./_index_texts.ts";

/** The format an index is written in; another is refused. */
const FORMAT = 1;
/** The most skills an index may hold. */
const MAX_SKILLS = 1_000_000;

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
  const parts = [text.length, h2 >>> 0, h1 >>> 0];
  return parts.map((part) => part.toString(36)).join(".");
}

/** The body's hash of a skill, read or taken from an index. */
export function hashOf(skill: DiscoveredSkill): string {
  return skill.indexed?.bodyHash ?? bodyHash(skill.body ?? "");
}

/** A manifest's key as an index keeps it: device, inode, size, times. */
type Key = [number, number, number, number, number];
/** A directory's place as kept: its real path null where it is info.dir. */
type Place = [string | null, number, number, number, boolean];

/** What an index keeps of one skill: its info's dir null if its path's. */
interface IndexEntry {
  readonly key: Key;
  readonly place: Place;
  readonly info: Omit<SkillInfo, "dir"> & { readonly dir: string | null };
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
 * manifest's times were settled when read, and none of `stale` nor of those
 * whose entry would say more than an index takes (`_index_texts.ts`).
 */
export function indexOf(
  byPath: ReadonlyMap<string, DiscoveredSkill>,
  { config, stale }: {
    config: SkillConfig;
    stale: ReadonlySet<DiscoveredSkill>;
  },
): SkillIndex {
  const skills: JsonValue[] = [];
  for (const skill of byPath.values()) {
    if (!skill.key.settled || stale.has(skill)) continue;
    const { key, place, info, repairs, truncations, coercions } = skill;
    const entry: IndexEntry = {
      key: [key.dev, key.ino, key.size, key.mtimeMs, key.ctimeMs],
      place: [
        place.realDir === info.dir ? null : place.realDir,
        place.dev,
        place.ino,
        place.birthtimeMs,
        place.viaLink,
      ],
      info: info.dir === dirOf(info.path) ? { ...info, dir: null } : info,
      body: hashOf(skill),
      nameLine: skill.indexed?.nameLine ??
        new KeyLines(skill.frontmatter ?? "").lineOf("name"),
      ...(repairs.length === 0 ? {} : { repairs }),
      ...(truncations.length === 0 ? {} : { truncations }),
      ...(coercions.length === 0 ? {} : { coercions }),
    };
    // Left out, and read at each start: an index holding it is refused.
    if (textsProblem(entry, key.size) !== undefined) continue;
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

const INDEX_KEYS = ["agentSkillsIndex", "roots", "settings", "skills"];
const SETTINGS = ["strict", "followSymlinks", "maxManifestBytes"] as const;
const ENTRY_KEYS = "key place info body nameLine repairs truncations coercions"
  .split(" ");
const INFO_KEYS =
  "name description metadata allowedTools userInvocable disableModelInvocation scope source root dir path plugin"
    .split(" ");
const INFO_TEXTS = "name description scope source root dir path".split(" ");
const REPAIR_KINDS = ["colon", "indicator", "flow_text", "continuation"];
const COERCION_CODES = ["coerced_value", "empty_field"];
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
  const skills = index["skills"];
  if (!Array.isArray(skills)) refuse(`"skills" is not an array`);
  if (skills.length > MAX_SKILLS) {
    refuse(`it holds more than ${MAX_SKILLS} skills`);
  }
  const previous = new Map<string, DiscoveredSkill>();
  for (let at = 0; at < skills.length; at++) {
    const skill = skillOf(skills[at], config.maxManifestBytes);
    if (typeof skill === "string") refuse(`skills[${at}]${skill}`);
    if (previous.has(skill.info.path)) refuse(`skills[${at}] is a duplicate`);
    previous.set(skill.info.path, skill);
  }
  return previous;
}

/** The skill an entry of an index says was read, or what is wrong with it. */
function skillOf(entry: unknown, maxBytes: number): DiscoveredSkill | string {
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
  const info = infoOf(entry["info"]);
  if (typeof info === "string") return `.info${info}`;
  if (typeof body !== "string") return ".body is not a string";
  if (!Number.isSafeInteger(nameLine) || (nameLine as number) < 0) {
    return ".nameLine is not a line";
  }
  const [dev, ino, size, mtimeMs, ctimeMs] = key as Key;
  const [realDir, dirDev, dirIno, birthtimeMs, viaLink] = place as Place;
  const repairs = listOf(entry["repairs"], isRepair);
  const truncations = listOf(entry["truncations"], isTruncation);
  const coercions = listOf(entry["coercions"], isCoercion);
  if (repairs === undefined) return ".repairs are not repairs";
  if (truncations === undefined) return ".truncations are not truncations";
  if (coercions === undefined) return ".coercions are not coercions";
  if (size > maxBytes) {
    return `.key says its manifest is larger than maxManifestBytes (${maxBytes})`;
  }
  const texts = { info, repairs, truncations, coercions };
  const wrong = textsProblem(texts as EntryTexts, size);
  if (wrong !== undefined) return wrong;
  return {
    info,
    body: undefined,
    source: undefined,
    frontmatter: undefined,
    repairs: repairs as DiscoveredSkill["repairs"],
    truncations: truncations as DiscoveredSkill["truncations"],
    coercions: coercions as DiscoveredSkill["coercions"],
    indexed: { bodyHash: body, nameLine: nameLine as number },
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

/** A catalog entry checked and frozen, a null dir rebuilt; or what is wrong. */
function infoOf(given: unknown): SkillInfo | string {
  if (!isRecord(given)) return " is not an object";
  if (!onlyKeys(given, INFO_KEYS)) return " has an unknown key";
  const path = given["path"];
  const info = given["dir"] === null && typeof path === "string"
    ? { ...given, dir: dirOf(path) }
    : given;
  for (const key of INFO_TEXTS) {
    if (typeof info[key] !== "string") return `.${key} is not a string`;
  }
  if (
    typeof info["userInvocable"] !== "boolean" ||
    typeof info["disableModelInvocation"] !== "boolean"
  ) {
    return " holds a flag that is not a boolean";
  }
  if (info["plugin"] !== undefined && typeof info["plugin"] !== "string") {
    return ".plugin is not a string";
  }
  const tools = info["allowedTools"];
  if (
    tools !== undefined &&
    (!Array.isArray(tools) || tools.some((tool) => typeof tool !== "string"))
  ) {
    return ".allowedTools is not a list of strings";
  }
  if (!isRecord(info["metadata"])) return ".metadata is not an object";
  if (tools !== undefined) Object.freeze(tools);
  return Object.freeze(info) as unknown as SkillInfo;
}

/** A manifest's directory, as its info's dir is but at a filesystem's top. */
const dirOf = (path: string): string => path.slice(0, path.lastIndexOf(sep));

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

/** A list whose items pass `is`, frozen (none when absent); or undefined. */
function listOf(
  value: unknown,
  is: (item: Record<string, unknown>) => boolean,
): readonly unknown[] | undefined {
  if (value === undefined) return NONE;
  if (!Array.isArray(value)) return undefined;
  for (const item of value) {
    if (!isRecord(item) || !is(item)) return undefined;
  }
  return Object.freeze(value);
}

function isRepair(item: Record<string, unknown>): boolean {
  return onlyKeys(item, ["kind", "line", "key", "fix"]) &&
    REPAIR_KINDS.includes(item["kind"] as string) && isLine(item["line"]) &&
    typeof item["key"] === "string" && typeof item["fix"] === "string";
}

function isTruncation(item: Record<string, unknown>): boolean {
  return onlyKeys(item, ["line", "key", "kept", "fix"]) &&
    isLine(item["line"]) &&
    typeof item["key"] === "string" && typeof item["kept"] === "string" &&
    typeof item["fix"] === "string";
}

function isCoercion(item: Record<string, unknown>): boolean {
  return onlyKeys(item, ["code", "key", "message"]) &&
    COERCION_CODES.includes(item["code"] as string) &&
    typeof item["key"] === "string" && typeof item["message"] === "string";
}

function isLine(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) > 0;
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
    sameIdentity(read.place, skill.place) &&
    JSON.stringify(read.info) === JSON.stringify(skill.info) &&
    bodyHash(texts.body) === hashOf(skill);
  return { same, read: texts };
}
