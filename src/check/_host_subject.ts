/**
 * What a host rule looks at (a skill, its key lines, whether its file starts
 * with a BOM, the archive it was read from) and the facts several rules read from it: where the skill sits
 * below its root, its keys outside the spec, its opening fence.
 *
 * @module
 */

import { relative, sep } from "node:path";
import { frontmatterKeys } from "./_rules.ts";
import { SPEC_KEYS } from "../manifest/_fields.ts";
import type { KeyLines } from "../manifest/_lines.ts";
import type { DiscoveredSkill } from "../discovery/_types.ts";

/**
 * What a host rule looks at: the skill, its key lines, whether its file
 * starts with a BOM, and, for a skill read from an archive, the archive's
 * top folder (`undefined` for the flat layout).
 */
export interface HostSubject {
  readonly skill: DiscoveredSkill;
  readonly lines: KeyLines;
  readonly bom: boolean;
  readonly archive?: { readonly top: string | undefined } | undefined;
}

/** The directories between a skill's root and the skill, by name. */
export function segments({ info }: DiscoveredSkill): string[] {
  const rel = relative(info.root, info.dir);
  return rel === "" || rel.startsWith("..") ? [] : rel.split(sep);
}

/** The frontmatter keys of a skill that the spec does not define. */
export function foreignKeys({ skill, lines }: HostSubject): string[] {
  return frontmatterKeys(Object.keys(skill.info.metadata), lines).filter((
    key,
  ) => !SPEC_KEYS.has(key));
}

/**
 * Whether a manifest's opening `---` has spaces or tabs after it, which
 * this library reads and a pattern anchored at `^---\r?\n` does not.
 */
export function openingFenceSpaced(source: string): boolean {
  return /^\uFEFF?---[ \t]+(?:\r?\n|$)/.test(source);
}
