/**
 * The catalog's name globs: `*` any run of characters (none included), `?`
 * one character, every other character itself; a character is a Unicode
 * code point. Matched without a regular expression, by the greedy
 * two-pointer walk that returns to the last `*` only: its steps are at most
 * `(name + 1) × (pattern + 1)`, whatever the name, where a backtracking
 * pattern takes exponential time on `*-*-*-x` against a run of hyphens.
 *
 * @module
 */

/** A glob, split once into its characters. */
export interface Glob {
  /** Whether the whole name matches; `steps` counts the walk's steps. */
  test(name: string, steps?: { count: number }): boolean;
}

/** The glob of a pattern (`*` any run of characters, `?` one). */
export function globOf(pattern: string): Glob {
  const glob = [...pattern];
  return { test: (name, steps) => matches(glob, [...name], steps) };
}

/** Whether `name` (code points) matches all of `glob` (code points). */
function matches(
  glob: readonly string[],
  name: readonly string[],
  steps: { count: number } = { count: 0 },
): boolean {
  let g = 0;
  let n = 0;
  // The last `*` seen, and the first name character it does not yet take.
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    steps.count++;
    const char = glob[g];
    if (char === "*") {
      star = g++;
      resume = n;
    } else if (char !== undefined && (char === "?" || char === name[n])) {
      g++;
      n++;
    } else if (star >= 0) {
      // The last `*` takes one more character, and the rest is tried again.
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === "*") {
    steps.count++;
    g++;
  }
  return g === glob.length;
}
