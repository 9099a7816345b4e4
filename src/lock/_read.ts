/**
 * A skill lock as given (to `lockPolicy()`, or a lock file's JSON) checked
 * field by field and copied into frozen plain data, each field read once:
 * what is checked is what is used. A lock is input like any other: its
 * size is bounded, its paths must stay inside their skill, and each
 * skill's digest must be the one its files give.
 *
 * @module
 */

import { comparePaths } from "../_path_order.ts";
import { isDigest, skillDigest, unlockablePath } from "./_digest.ts";
import type { LockedFile, LockedSkill, SkillLock } from "./skill_lock.ts";
import { describe, oneLineSafe } from "../_text.ts";
import { pluginNameProblem } from "../_names.ts";

/** The most skills a lock may hold. */
export const MAX_LOCKED_SKILLS = 100_000;
/** The most files a lock may hold, over all its skills. */
export const MAX_LOCKED_FILES = 1_000_000;
/** The longest name or path a lock may hold, in UTF-16 code units. */
export const MAX_LOCKED_PATH = 4096;

/**
 * A lock as a policy holds it (`lockPolicy()`): its skills by name, and
 * what it does about a skill or a file that does not match.
 */
export interface LockedPolicy {
  /** `"enforce"` refuses what does not match; `"report"` warns and serves. */
  readonly mode: "enforce" | "report";
  /** `"eager"`: discovery checks every file of a skill, not only its manifest. */
  readonly verify: "lazy" | "eager";
  /** Each locked skill by name. */
  readonly skills: ReadonlyMap<string, LockedSkill>;
}

/** A lock checked, or the first thing wrong with it, with where it is. */
export type LockRead =
  | { readonly lock: SkillLock }
  | { readonly problem: string };

/** The locks {@linkcode readLock} checked and froze. */
const CHECKED = new WeakSet<object>();

/** Why a lock cannot be used, where in it (`skills[2].files[0].path`). */
class LockProblem extends Error {}

/**
 * Checks a lock as given and copies it: `{ lock }`, deeply frozen, or
 * `{ problem }`, a sentence naming the field (`skills[2].path`) and what is
 * wrong with its value. A lock this function gave before is given back as
 * it is: it is frozen, so it is still what was checked.
 */
export function readLock(
  value: unknown,
  { parsed = false }: {
    /**
     * Whether `value` is what `JSON.parse` just returned, and nothing else
     * holds: plain data, whose fields need no copying to be read once.
     */
    parsed?: boolean;
  } = {},
): LockRead {
  if (typeof value === "object" && value !== null && CHECKED.has(value)) {
    return { lock: value as SkillLock };
  }
  try {
    const lock = checkedLock(value, parsed ? parsedFields : record);
    CHECKED.add(lock);
    return { lock };
  } catch (error) {
    if (error instanceof LockProblem) return { problem: error.message };
    // A getter or a proxy trap that throws.
    return {
      problem: `it cannot be read (${
        oneLineSafe(error instanceof Error ? error.message : String(error))
      })`,
    };
  }
}

/** The fields of an object of a lock, checked to be exactly `keys`. */
type FieldsOf = <K extends string>(
  value: unknown,
  where: Where,
  keys: readonly K[],
) => Record<K, unknown>;

function checkedLock(value: unknown, fieldsOf: FieldsOf): SkillLock {
  const fields = fieldsOf(value, "the lock", LOCK_KEYS);
  if (fields.agentSkillsLock !== 1) {
    throw new LockProblem(
      `agentSkillsLock must be 1 (the only lock version this library reads), got ${
        shown(fields.agentSkillsLock)
      }`,
    );
  }
  // What JSON.parse made is plain data, and this function's own: its lists
  // and file entries are kept (frozen), not copied.
  const parsed = fieldsOf === parsedFields;
  const given = list(fields.skills, "skills", MAX_LOCKED_SKILLS, parsed);
  const budget = { files: MAX_LOCKED_FILES, fieldsOf, parsed };
  const skills: LockedSkill[] = [];
  for (let i = 0; i < given.length; i++) {
    skills.push(checkedSkill(given[i], `skills[${i}]`, budget));
  }
  const twice = sortedOnce(skills, (skill) => skill.name);
  if (twice !== undefined) {
    throw new LockProblem(
      `skills[${twice.index}].name: "${
        cut(twice.key)
      }" is locked twice; a lock holds one entry per served name`,
    );
  }
  return Object.freeze({
    agentSkillsLock: 1,
    skills: Object.freeze(skills),
  });
}

/**
 * Sorts `entries` by their keys in {@linkcode comparePaths} order (a lock
 * as written is in order already: then only checked), and finds a key
 * given twice: its second entry's index as given, and the key.
 */
function sortedOnce<T>(
  entries: T[],
  keyOf: (entry: T) => string,
): { index: number; key: string } | undefined {
  let sorted = true;
  for (let i = 1; i < entries.length && sorted; i++) {
    sorted = comparePaths(keyOf(entries[i - 1] as T), keyOf(entries[i] as T)) <
      0;
  }
  if (sorted) return undefined; // in order, and so each key once
  const given = [...entries];
  entries.sort((a, b) => comparePaths(keyOf(a), keyOf(b)));
  for (let i = 1; i < entries.length; i++) {
    const key = keyOf(entries[i] as T);
    if (key !== keyOf(entries[i - 1] as T)) continue;
    // Named as given: the second of its entries.
    const first = given.findIndex((entry) => keyOf(entry) === key);
    const index = given.findIndex((entry, at) =>
      at > first && keyOf(entry) === key
    );
    return { index, key };
  }
  return undefined;
}

function checkedSkill(
  value: unknown,
  where: string,
  budget: { files: number; fieldsOf: FieldsOf; parsed: boolean },
): LockedSkill {
  const { fieldsOf, parsed } = budget;
  const fields = fieldsOf(value, where, SKILL_KEYS);
  const name = text(fields.name, `${where}.name`);
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new LockProblem(
      `${where}.name: "${cut(name)}" holds a control character`,
    );
  }
  if (/\p{Cs}/u.test(name)) {
    throw new LockProblem(
      `${where}.name: "${cut(name)}" is not UTF-8 (a lone surrogate)`,
    );
  }
  // A plugin's skill is `<plugin>:<skill>`, and its plugin a plugin name.
  const colon = name.indexOf(":");
  const plugin = colon === -1 ? undefined : name.slice(0, colon);
  const refused = plugin === undefined ? undefined : pluginNameProblem(plugin);
  if (refused !== undefined) {
    throw new LockProblem(
      `${where}.name: "${
        cut(name)
      }" is not <plugin>:<skill> with a plugin name: ${refused}`,
    );
  }
  const path = relativePath(fields.path, `${where}.path`);
  const digest = digestField(fields.digest, `${where}.digest`);
  const given = list(fields.files, `${where}.files`, budget.files, parsed);
  if (given.length === 0) {
    throw new LockProblem(
      `${where}.files: a locked skill has at least its manifest, got an empty list`,
    );
  }
  budget.files -= given.length;
  const files: LockedFile[] = [];
  // Where a problem is, named only when there is one.
  let i = 0;
  const at = (field: string): string => `${where}.files[${i}]${field}`;
  for (; i < given.length; i++) {
    const entry = given[i];
    const file = fieldsOf(entry, at, FILE_KEYS);
    const filePath = relativePath(file.path, at);
    const size = file.size;
    if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
      throw new LockProblem(
        `${at(".size")} must be a whole number of bytes, got ${shown(size)}`,
      );
    }
    const fileDigest = digestField(file.digest, at);
    // JSON.parse's own object, of exactly these fields, is the entry.
    files.push(
      file === entry
        ? Object.freeze(file as LockedFile)
        : Object.freeze({ path: filePath, digest: fileDigest, size }),
    );
  }
  const twice = sortedOnce(files, (file) => file.path);
  if (twice !== undefined) {
    i = twice.index;
    throw new LockProblem(
      `${at(".path")}: "${cut(twice.key)}" is listed twice`,
    );
  }
  const computed = skillDigest(files);
  if (computed !== digest) {
    throw new LockProblem(
      `${where}.digest: ${digest} is not the digest of its files (${computed}); the lock was edited or is corrupt, write it again with agent-skills lock`,
    );
  }
  return Object.freeze({ name, path, digest, files: Object.freeze(files) });
}

const LOCK_KEYS = ["agentSkillsLock", "skills"] as const;
const SKILL_KEYS = ["name", "path", "digest", "files"] as const;
const FILE_KEYS = ["path", "digest", "size"] as const;

/** Where a field is: its name, or how to name it (given the field's suffix). */
type Where = string | ((field: string) => string);

function named(where: Where, field = ""): string {
  return typeof where === "string" ? `${where}${field}` : where(field);
}

/**
 * The own fields of a plain object, each read once, that must be exactly
 * `keys`.
 */
function record<K extends string>(
  value: unknown,
  where: Where,
  keys: readonly K[],
): Record<K, unknown> {
  if (
    typeof value !== "object" || value === null || Array.isArray(value)
  ) {
    throw new LockProblem(
      `${named(where)} must be an object, got ${shown(value)}`,
    );
  }
  const own = Reflect.ownKeys(value);
  if (sameKeys(own, keys)) {
    // Written as a lock writes it: each field read once, in that order.
    const fields = {} as Record<K, unknown>;
    for (const key of keys) fields[key] = (value as Record<K, unknown>)[key];
    return fields;
  }
  for (const key of own) {
    if (typeof key !== "string" || !(keys as readonly string[]).includes(key)) {
      throw new LockProblem(
        `${named(where)} has a field it may not have: ${
          typeof key === "string" ? `"${cut(key)}"` : "a symbol"
        } (its fields are ${keys.join(", ")})`,
      );
    }
  }
  const fields = {} as Record<K, unknown>;
  for (const key of keys) {
    if (own.length < keys.length && !own.includes(key)) {
      throw new LockProblem(`${named(where)} has no "${key}"`);
    }
    fields[key] = (value as Record<K, unknown>)[key];
  }
  return fields;
}

/**
 * The fields of an object `JSON.parse` made: the object itself, once its
 * own keys are found to be exactly `keys` (else {@linkcode record} says
 * what is wrong). Such an object has no getters, symbols or prototype
 * tricks, so reading it is reading data.
 */
function parsedFields<K extends string>(
  value: unknown,
  where: Where,
  keys: readonly K[],
): Record<K, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    let count = 0;
    for (const key in value) {
      if (!(keys as readonly string[]).includes(key)) {
        return record(value, where, keys);
      }
      count++;
    }
    if (count === keys.length) return value as Record<K, unknown>;
  }
  return record(value, where, keys);
}

function sameKeys(
  own: readonly (string | symbol)[],
  keys: readonly string[],
): boolean {
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== keys[i]) return false;
  return true;
}

/**
 * A list's entries: copied, its length read once and its entries by
 * index, never through its own iterator; or, for a list `JSON.parse` made
 * (`parsed`), the list itself, which is plain data.
 */
function list(
  value: unknown,
  where: string,
  max: number,
  parsed: boolean,
): unknown[] {
  if (!Array.isArray(value)) {
    throw new LockProblem(`${where} must be a list, got ${shown(value)}`);
  }
  const length = value.length;
  if (length > max) {
    throw new LockProblem(
      `${where} holds ${length} entries, more than a lock may (${max})`,
    );
  }
  if (parsed) return value;
  const entries: unknown[] = [];
  for (let i = 0; i < length; i++) entries.push(value[i]);
  return entries;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string" || value === "") {
    throw new LockProblem(
      `${where} must be a non-empty string, got ${shown(value)}`,
    );
  }
  if (value.length > MAX_LOCKED_PATH) {
    throw new LockProblem(
      `${where} is ${value.length} characters long, more than a lock may hold (${MAX_LOCKED_PATH})`,
    );
  }
  return value;
}

function relativePath(value: unknown, at: Where): string {
  const where = typeof at === "string" ? at : at(".path");
  const path = text(value, where);
  const why = unlockablePath(path);
  if (why !== undefined) {
    throw new LockProblem(
      `${where}: "${
        cut(path)
      }" is not a path inside a skill directory (${why})`,
    );
  }
  return path;
}

function digestField(value: unknown, at: Where): string {
  if (isDigest(value)) return value;
  const where = typeof at === "string" ? at : at(".digest");
  throw new LockProblem(
    `${where} must be "sha256:" and 64 lowercase hex digits, got ${
      shown(value)
    }`,
  );
}

/** A value for a message: a long string cut to its first 80 characters. */
function shown(value: unknown): string {
  return describe(
    typeof value === "string" && value.length > 80
      ? `${value.slice(0, 80)}…`
      : value,
  );
}

/** A name or path for a message, on one line and at most 80 characters. */
function cut(text: string): string {
  return oneLineSafe(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
