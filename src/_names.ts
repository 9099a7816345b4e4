/**
 * A plugin skill's name, put together and in its parts (the spec's rules
 * apply to the frontmatter's name), what a plugin's own name may be, and how
 * close two names are, for a "did you mean" (an edit distance bounded, so
 * that a long name or list costs little).
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

/** The characters confusables.txt lists for `:` whose NFKC form is not `:`. */
const COLON_LOOKALIKES = new Set(
  "\u02d0\u02f8\u0589\u05c3\u0703\u0704\u0903\u0a83\u16ec\u1803\u1809\u205a\u2236\ua4fd\ua789\ufe30",
);

/** A character beyond ASCII (an astral one by its surrogates). */
const NON_ASCII_REGEXP = /[\u0080-\uffff]/;

/**
 * The first `:` of a name, or the first character that looks like one (its
 * NFKC form holds `:`, or it is confusable with `:`); `undefined` for none.
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
 * Why `name` cannot be a plugin's name, or `undefined` when it can: it
 * prefixes skill names and is a segment of paths and URIs, so it may not be
 * (or NFKC-fold to) empty, `.` or `..`, nor hold a `:`, a separator, a space
 * or an acting character, or one that looks or folds like them.
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

/**
 * The edit distance of `a` and `b` (in UTF-16 code units) when at most `max`,
 * else `undefined`: at most `(2 × max + 1) × a.length` steps.
 */
export function distanceWithin(
  a: string,
  b: string,
  max: number,
): number | undefined {
  if (Math.abs(a.length - b.length) > max) return undefined;
  const over = max + 1;
  let previous = new Array<number>(b.length + 1).fill(over);
  let current = new Array<number>(b.length + 1).fill(over);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    // Only the band |i - j| <= max can hold a distance within max.
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    current[from - 1] = from === 1 && i <= max ? i : over;
    let least = current[from - 1] ?? over;
    for (let j = from; j <= to; j++) {
      const step = Math.min(
        (previous[j] ?? over) + 1,
        (current[j - 1] ?? over) + 1,
        (previous[j - 1] ?? over) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      current[j] = step;
      if (step < least) least = step;
    }
    if (to < b.length) current[to + 1] = over;
    if (least > max) return undefined;
    [previous, current] = [current, previous];
  }
  const distance = previous[b.length] ?? over;
  return distance <= max ? distance : undefined;
}

/** The candidates within `max` edits of `given`, closest first (stable), at most `limit`. */
export function closest(
  given: string,
  candidates: Iterable<string>,
  { max, limit }: { max: number; limit: number },
): string[] {
  const near: Array<{ candidate: string; distance: number }> = [];
  for (const candidate of candidates) {
    const distance = distanceWithin(given, candidate, max);
    if (distance !== undefined) near.push({ candidate, distance });
  }
  return near
    .sort((x, y) => x.distance - y.distance)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
