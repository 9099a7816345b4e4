/**
 * Fitting a catalog to a budget, in the documented order: shorten every
 * description evenly down to a floor, then give the least important skills
 * their name and location only, then leave out the least important whole.
 * Each step is a binary search over a count that only shrinks the text.
 * A character is a Unicode code point: an emoji is one, and no cut splits
 * one.
 *
 * @module
 */

/** One skill as the catalog may show it. */
export interface CatalogEntry {
  readonly name: string;
  /** The description to show in full (the per-skill cap applied). */
  readonly description: string;
  readonly location: string;
}

/** How much of each entry is shown. */
export interface Shape {
  /** The longest description shown, in code points; longer ones are cut. */
  readonly cut: number;
  /** How many of the least important entries show no description. */
  readonly bare: number;
  /** How many of the least important entries are left out. */
  readonly out: number;
}

/**
 * The largest catalog that fits: `fits` says whether the entries (most
 * important first) fit in a shape. `floor` is the shortest a description
 * is cut to before any loses it.
 */
export function fit(
  entries: readonly CatalogEntry[],
  { fits, floor }: { fits: (shape: Shape) => boolean; floor: number },
): Shape {
  const longest = Math.max(
    0,
    ...entries.map((e) => characters(e.description)),
  );
  const full: Shape = { cut: longest, bare: 0, out: 0 };
  if (fits(full)) return full;
  const cut = Math.min(floor, longest);
  // The longest cut that fits, no shorter than the floor.
  const evenly = largest(cut, longest, (n) => fits({ ...full, cut: n }));
  if (evenly !== undefined) return { ...full, cut: evenly };
  const n = entries.length;
  // The fewest entries without a description, then the fewest left out.
  const bare = smallest(1, n, (k) => fits({ cut, bare: k, out: 0 }));
  if (bare !== undefined) return { cut, bare, out: 0 };
  const out = smallest(1, n, (k) => fits({ cut, bare: n, out: k }));
  return { cut, bare: n, out: out ?? n };
}

/** The largest `n` in `[low, high]` for which `test` holds (it holds up to some n). */
function largest(
  low: number,
  high: number,
  test: (n: number) => boolean,
): number | undefined {
  if (!test(low)) return undefined;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (test(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The smallest `n` in `[low, high]` for which `test` holds (it holds from some n). */
function smallest(
  low: number,
  high: number,
  test: (n: number) => boolean,
): number | undefined {
  if (!test(high)) return undefined;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A description cut to at most `length` characters (code points), its last
 * one an ellipsis when it was cut: never a half of a surrogate pair.
 */
export function cutTo(text: string, length: number): string {
  if (text.length <= length || characters(text) <= length) return text;
  if (length <= 0) return "";
  let end = 0;
  for (let kept = 0; kept < length - 1; kept++) {
    end += pairAt(text, end) ? 2 : 1;
  }
  return `${text.slice(0, end)}…`;
}

/** A text's length in characters: code points, a lone surrogate one. */
export function characters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if (pairAt(text, i)) {
      count--;
      i++;
    }
  }
  return count;
}

/** Whether a surrogate pair starts at `index`. */
function pairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}
