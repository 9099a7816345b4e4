/**
 * The order paths are listed in wherever the order is part of what is
 * written (a skill lock's files and skills, an archive's entries): by
 * Unicode code point, which is the order of their UTF-8 bytes, never by
 * locale.
 *
 * @module
 */

/**
 * Orders two paths by their Unicode code points, which is the order of
 * their UTF-8 bytes (`LC_ALL=C sort`), never by locale. JavaScript's `<`
 * compares UTF-16 code units, which differs where a character above U+FFFF
 * meets one in U+E000–U+FFFF: surrogates are moved above that range first.
 */
export function comparePaths(a: string, b: string): number {
  // Where neither holds a surrogate or a unit above it, UTF-16 order is it.
  if (!HIGH_UNIT_REGEXP.test(a) && !HIGH_UNIT_REGEXP.test(b)) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit from U+D800 up: where UTF-16 order and code point order part. */
const HIGH_UNIT_REGEXP = /[\ud800-\uffff]/;

function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit <= 0xdfff ? unit + 0x2000 : unit - 0x800;
}
