/**
 * Text that came from disk, made safe to print on one line.
 *
 * @module
 */

/**
 * The characters a terminal acts on that are not control characters: the
 * Unicode line and paragraph separators, and the bidirectional controls
 * (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which reorder what
 * a terminal or an editor shows around them. A class body, for both the
 * patterns below.
 */
const ACTING =
  "\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";

/** Control characters (C0, DEL, C1), and the characters above. */
const CONTROL_REGEXP = new RegExp(`[\\p{Cc}${ACTING}]`, "gu");

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/**
 * `text` with each control character written as an escape (`\n`, `\r`, `\t`,
 * else `\u001b`-style), so that it prints as exactly one line and cannot
 * forge other lines of a log, move the cursor of a terminal or reorder what
 * is shown. Every piece of text from disk passes it before any output in
 * text form; applying it twice changes nothing more.
 */
export function oneLineSafe(text: string): string {
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
export function describe(value: unknown): string {
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

/** The characters JSON.stringify leaves raw that a terminal acts on. */
const JSON_UNSAFE_REGEXP = new RegExp(`[${ACTING}]`, "gu");

/**
 * `value` as JSON text that a terminal shows as it is: JSON.stringify
 * escapes control characters, and this escapes the line separators and the
 * bidirectional controls too (`\u202e`), which parse back to the same text.
 */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    JSON_UNSAFE_REGEXP,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
