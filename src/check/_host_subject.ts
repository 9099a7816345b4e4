/**
 * What a host rule looks at (a skill, its key lines, whether its file starts
 * with a BOM, the archive it was read from) and the facts several rules read from it: where the skill sits
 * below its root, its keys outside the spec, its opening fence.
 *
 * @module
 */

import { relative, sep } from "node:path";
import type { HostRule } from "./diagnostic.ts";
import { type Finding, frontmatterKeys, SPEC_KEYS } from "./_rules.ts";
import type { KeyLines } from "../manifest/_lines.ts";
import type { ReadSkill } from "../discovery/_types.ts";

/**
 * What a host rule looks at: the skill, its key lines, whether its file
 * starts with a BOM, and, for a skill read from an archive, the archive's
 * top folder (`undefined` for the flat layout).
 */
export interface HostSubject {
  readonly skill: ReadSkill;
  readonly lines: KeyLines;
  readonly bom: boolean;
  readonly archive?: { readonly top: string | undefined } | undefined;
}

/** The directories between a skill's root and the skill, by name. */
export function segments({ info }: ReadSkill): string[] {
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

/** One host rule with its test. */
export interface HostRuleEntry extends HostRule {
  /** The rule's findings for one skill, none when the host takes it as it is. */
  readonly test: (subject: HostSubject) => readonly Finding[];
}

/** A rule on a BOM, found at line 1. */
export function bomRule(
  fields: Omit<HostRule, "rule"> & { what: string },
): HostRuleEntry {
  const { what, ...rule } = fields;
  return {
    ...rule,
    rule: `A SKILL.md starting with a byte order mark (U+FEFF): ${what}.`,
    test: ({ bom }) =>
      bom ? [{ line: 1, message: `SKILL.md starts with a BOM: ${what}` }] : [],
  };
}

/**
 * The first thing strictyaml (the reference validator's YAML reader) refuses
 * in a frontmatter, and its line (1 is the opening `---`): a flow
 * collection, an anchor, an alias or a tag starting a value. Values inside
 * block scalars, quotes and comments are text, not YAML, and are passed by.
 */
export function strictYamlRefusal(
  yaml: string,
): { line: number; what: string } | undefined {
  const lines = yaml.split("\n");
  let block: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const text = (lines[i] ?? "").replace(/\r$/, "");
    const indent = text.length - text.trimStart().length;
    if (block !== undefined) {
      if (text.trim() === "" || indent > block) continue;
      block = undefined;
    }
    // At column 0 (never a plain scalar's continuation), a flow collection,
    // anchor, alias or tag stands for a node of its own: the frontmatter
    // written `{name: x, ...}`, or a key.
    const value = indent === 0 && STRICT_REFUSED[text[0] ?? ""] !== undefined
      ? text
      : valueOf(text.trimStart());
    if (value === undefined) continue;
    const what = STRICT_REFUSED[value[0] ?? ""];
    if (what !== undefined) return { line: i + 2, what };
    if (/^[|>][-+0-9]*\s*(?:#.*)?$/.test(value)) block = indent;
  }
  return undefined;
}

const STRICT_REFUSED: Readonly<Record<string, string>> = {
  "[": "a flow sequence",
  "{": "a flow mapping",
  "&": "an anchor",
  "*": "an alias",
  "!": "a tag",
};

/** The value a line starts, after its sequence dashes and key; else undefined. */
function valueOf(line: string): string | undefined {
  let rest = line;
  while (rest.startsWith("- ") || rest === "-") {
    rest = rest.slice(2).trimStart();
  }
  if (rest === "" || rest.startsWith("#")) return undefined;
  if (!/^["']/.test(rest)) {
    const colon = rest.search(/:(?:\s|$)/);
    if (colon >= 0) rest = rest.slice(colon + 1).trimStart();
    else if (rest === line.trimStart() && !line.startsWith("-")) {
      return undefined;
    }
  }
  return rest === "" || rest.startsWith("#") ? undefined : rest;
}
