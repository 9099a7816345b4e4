/**
 * Text that came from disk, made safe to print on one line.
 *
 * @module
 */

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROL_REGEXP = /[\p{Cc}\u2028\u2029]/gu;

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/**
 * `text` with each control character written as an escape (`\n`, `\r`, `\t`,
 * else `\u001b`-style), so that it prints as exactly one line and cannot
 * forge other lines of a log or move the cursor of a terminal.
 */
export function _oneLineSafe(text: string): string {
  return text.replace(
    CONTROL_REGEXP,
    (char) =>
      NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
