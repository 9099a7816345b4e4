/**
 * How close two names are, for a "did you mean": the edit distance,
 * computed only as far as a bound, so that a long name or a large list of
 * names costs little (a name whose length differs by more than the bound is
 * passed over without a step).
 *
 * @module
 */

/**
 * The edit distance (insertions, deletions, substitutions of UTF-16 code
 * units) of `a` and `b` when it is at most `max`, else `undefined`: at most
 * `(2 × max + 1) × a.length` steps.
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

/**
 * The candidates within `max` edits of `given`, the closest first (in the
 * candidates' order among equals), at most `limit` of them.
 */
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
