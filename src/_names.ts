/**
 * A plugin skill's name, put together and in its parts: the spec's rules
 * apply to the name its frontmatter gives, not to the `<plugin>:` before it.
 *
 * @module
 */

import type { SkillInfo } from "./skill.ts";

/** A skill's name as it is served: `<plugin>:<name>` in a plugin's namespace. */
export function namespaced(
  namespace: string | undefined,
  name: string,
): string {
  return namespace === undefined ? name : `${namespace}:${name}`;
}

/** A skill's name without its plugin's namespace: what the spec's name rules apply to. */
export function bareName(info: Pick<SkillInfo, "name" | "plugin">): string {
  return info.plugin === undefined
    ? info.name
    : info.name.slice(info.plugin.length + 1);
}

/**
 * The characters Unicode lists as confusable with `:` (confusables.txt)
 * whose NFKC form is not `:` itself: U+02D0, U+02F8, U+0589, U+05C3,
 * U+0703, U+0704, U+0903, U+0A83, U+16EC, U+1803, U+1809, U+205A, U+2236,
 * U+A4FD, U+A789, U+FE30. (U+FF1A, U+FE55, U+FE13 are `:` after NFKC.)
 */
const COLON_LOOKALIKES = new Set(
  "\u02d0\u02f8\u0589\u05c3\u0703\u0704\u0903\u0a83\u16ec\u1803\u1809\u205a\u2236\ua4fd\ua789\ufe30",
);

/** A character beyond ASCII (an astral one by its surrogates). */
const NON_ASCII_REGEXP = /[\u0080-\uffff]/;

/**
 * The first `:` of a name, or the first character that looks like one (its
 * NFKC form holds `:`, or Unicode lists it as confusable with `:`), as it
 * is in the name; `undefined` when it has none. `<plugin>:<skill>` belongs
 * to plugins, so a plain skill's name may hold neither. An ASCII name costs
 * one test and one search.
 */
export function colonIn(name: string): string | undefined {
  if (!NON_ASCII_REGEXP.test(name)) return name.includes(":") ? ":" : undefined;
  for (const char of name) {
    if (
      char === ":" || COLON_LOOKALIKES.has(char) ||
      char.normalize("NFKC").includes(":")
    ) {
      return char;
    }
  }
  return undefined;
}
