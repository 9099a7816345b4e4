/**
 * A kept index: what a registry read of each skill, as plain data a host
 * keeps (`_index_read.ts` is a fresh start's way back from it), and the
 * comparison of a skill taken from it with the skill read at its first
 * touch.
 *
 * @module
 */

import { sep } from "node:path";
import type { SkillConfig } from "../config/config.ts";
import { KeyLines } from "../manifest/_lines.ts";
import type { DiscoveredSkill, ReadSkill } from "../discovery/_types.ts";
import { sameKey, withTexts } from "../discovery/_read_skill.ts";
import { sameIdentity } from "../fs/_status.ts";
import type { SkillIndex } from "../options.ts";
import type { JsonValue } from "../skill.ts";
import { textsProblem } from "./_index_texts.ts";

/** The format an index is written in; another is refused. */
export const FORMAT = 2;

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
export type Key = [number, number, number, number, number];
/** A directory's place as kept: its real path null where it is info.dir. */
export type Place = [string | null, number, number, number, boolean];
/** A root its skills were read from: path, scope, source, plugin or null. */
export type Origin = [string, string, string, string | null];

/**
 * What an index keeps of one skill: its catalog entry without what its
 * origin says, its path below its origin's root, its dir only where that
 * is not its path's, and its flags only where they are not the defaults.
 */
interface IndexEntry {
  readonly key: Key;
  readonly place: Place;
  readonly origin: number;
  readonly info: {
    readonly [key: string]: JsonValue | readonly string[] | undefined;
  };
  readonly body: string;
  readonly nameLine: number;
  readonly repairs?: DiscoveredSkill["repairs"];
  readonly truncations?: DiscoveredSkill["truncations"];
  readonly coercions?: DiscoveredSkill["coercions"];
}

/** A root's path with one separator at its end: its manifests' paths' start. */
export const prefixOf = (root: string): string =>
  root.endsWith(sep) ? root : root + sep;

/** The settings a skill read depends on, besides its roots. */
export function settingsOf(config: SkillConfig): SkillIndex["settings"] {
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
  const origins: Origin[] = [];
  const originAt = new Map<string, number>();
  for (const skill of byPath.values()) {
    if (!skill.key.settled || stale.has(skill)) continue;
    const { key, place, info, repairs, truncations, coercions } = skill;
    const { root, scope, source, dir, path, plugin = null } = info;
    const prefix = prefixOf(root);
    // Left out, and read at each start: an index holding it is refused.
    if (
      !path.startsWith(prefix) ||
      textsProblem({ info, repairs, truncations, coercions }, key.size)
    ) {
      continue;
    }
    const origin = JSON.stringify([root, scope, source, plugin]);
    if (!originAt.has(origin)) {
      originAt.set(origin, origins.length);
      origins.push([root, scope, source, plugin]);
    }
    const { allowedTools, userInvocable, disableModelInvocation } = info;
    const entry: IndexEntry = {
      key: [key.dev, key.ino, key.size, key.mtimeMs, key.ctimeMs],
      place: [
        place.realDir === dir ? null : place.realDir,
        place.dev,
        place.ino,
        place.birthtimeMs,
        place.viaLink,
      ],
      origin: originAt.get(origin) ?? 0,
      info: {
        name: info.name,
        description: info.description,
        metadata: info.metadata,
        ...(allowedTools === undefined ? {} : { allowedTools }),
        ...(userInvocable ? {} : { userInvocable }),
        ...(disableModelInvocation ? { disableModelInvocation } : {}),
        path: path.slice(prefix.length),
        ...(dir === path.slice(0, path.lastIndexOf(sep)) ? {} : { dir }),
      },
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
    origins,
    skills,
  };
}

/**
 * A skill taken from an index, with its texts: read again through
 * `reread` (with every proof a scan makes), and the same as the index says
 * (its key, its directory, its catalog entry, its body) or not.
 */
export function textsOf(
  skill: DiscoveredSkill,
): { same: boolean; read: ReadSkill | undefined } {
  const read = skill.indexed?.reread?.(skill);
  if (read === undefined) return { same: false, read: undefined };
  const texts = withTexts(read);
  const same = sameKey(read.key, skill.key) &&
    sameIdentity(read.place, skill.place) &&
    JSON.stringify(read.info) === JSON.stringify(skill.info) &&
    bodyHash(texts.body) === hashOf(skill);
  return { same, read: texts };
}
