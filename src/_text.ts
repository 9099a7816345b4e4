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

/**
 * A short description of any value for a message, that never runs the
 * value's own code (a getter, `toString`, a proxy's trap): a string quoted,
 * a number, boolean, bigint, symbol or null as written, else its kind.
 */
export function _describe(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "bigint":
      return `${value}n`;
    case "symbol":
      return value.toString();
    case "function":
      return "a function";
    case "object":
      if (value === null) return "null";
      try {
        return Array.isArray(value) ? "an array" : "an object";
      } catch {
        return "an object"; // a revoked proxy
      }
    default:
      return String(value);
  }
}
