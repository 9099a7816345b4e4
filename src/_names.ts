/**
 * A plugin skill's name, put together and in its parts: the spec's rules
 * apply to the name its frontmatter gives, not to the `<plugin>:` before it;
 * and what a plugin's own name may be.
 *
 * @module
 */

import type { SkillInfo } from "./skill.ts";
import { ACTING_CLASS } from "./_text.ts";

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

/** A character as `U+FF1A`. */
export function codePointName(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What a plugin name is, as a refusal says it. */
export const PLUGIN_NAME_RULE =
  'a plugin name is a non-empty string, not "." or "..", without ":", "/", "\\", spaces, or control or invisible characters';

const ACTING_CHAR_REGEXP = new RegExp(`^[${ACTING_CLASS}]$`, "u");
const SPACE_REGEXP = /^\p{White_Space}$/u;

/**
 * Why `name` cannot be a plugin's name, or `undefined` when it can. A
 * plugin's name prefixes its skills' names (`<plugin>:<skill>`) and is a
 * segment of their paths and URIs, so it is refused when it is empty, `.`
 * or `..` (a path or URI resolves it away: `skill://acme/../x` is
 * `skill://x`), or reads as one of them once NFKC-folded (`\uff0e\uff0e`);
 * or when it holds a `:` or a character like it, a `/` or `\\` (or one
 * that folds to them), a space of any kind, or a character that acts
 * rather than shows (control, bidirectional, zero-width, a lone
 * surrogate). What a skill's name may not hold, a plugin's may not either.
 */
export function pluginNameProblem(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (name === "." || name === "..") {
    return `it is "${name}", which a path or URI resolves away`;
  }
  for (const char of name) {
    const why = pluginCharProblem(char);
    if (why !== undefined) return why;
  }
  if (!NON_ASCII_REGEXP.test(name)) return undefined;
  const folded = name.normalize("NFKC");
  if (folded === "." || folded === "..") {
    return `it reads as "${folded}" (its NFKC form), which a path or URI resolves away`;
  }
  return undefined;
}

/** Why one character (a code point) cannot be in a plugin name. */
function pluginCharProblem(char: string): string | undefined {
  if (char === ":") {
    return 'it holds ":", which separates a plugin from its skill';
  }
  if (char === "/" || char === "\\") {
    return `it holds "${char}", a path separator`;
  }
  if (char === " ") return "it holds a space";
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x21) {
    return `it holds ${codePointName(char)}, a control character`;
  }
  if (code < 0x7f) return undefined; // the rest of printable ASCII
  if (ACTING_CHAR_REGEXP.test(char)) {
    return `it holds ${codePointName(char)}, a control or invisible character`;
  }
  if (SPACE_REGEXP.test(char)) {
    return `it holds ${codePointName(char)}, a space character`;
  }
  if (colonIn(char) !== undefined) {
    return `it holds ${codePointName(char)}, a character that looks like ":"`;
  }
  const folded = char.normalize("NFKC");
  if (folded.includes("/") || folded.includes("\\")) {
    return `it holds ${codePointName(char)}, a character that reads as "${
      folded.includes("/") ? "/" : "\\"
    }"`;
  }
  return undefined;
}
