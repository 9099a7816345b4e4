/**
 * Text that came from disk, made safe to print on one line.
 *
 * @module
 */

/**
 * The characters that act rather than show, as the body of a regular
 * expression's class: the control characters (C0, DEL and C1), the Unicode
 * line and paragraph separators, the bidirectional controls and marks
 * (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which reorder what
 * a terminal, an editor or a model's reader shows around them, and the
 * zero-width characters and BOM (U+200B-U+200D, U+2060, U+FEFF), which hide
 * that a name is not what it shows. What the terminal's text and the
 * prompts' text both escape.
 */
export const ACTING_CLASS =
  "\\p{Cc}\\u2028\\u2029\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF";

const ACTING_REGEXP = new RegExp(`[${ACTING_CLASS}]`, "gu");

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/**
 * `text` with each acting character written as an escape (`\n`, `\r`, `\t`,
 * else `\u001b`-style), so that it prints as exactly one line and cannot
 * forge other lines of a log, move the cursor of a terminal, reorder what is
 * shown or hide a character. Every piece of text from disk passes it before
 * any output in text form; applying it twice changes nothing more.
 */
export function oneLineSafe(text: string): string {
  return text.replace(
    ACTING_REGEXP,
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

/**
 * A JSON document's text (as `JSON.stringify` writes it, which escapes the
 * C0 controls inside strings) with every other acting character written as
 * a `\u` escape (`\u202e`), which every JSON parser reads back as it was:
 * DEL and the C1 controls, which JSON leaves raw, the separators, the
 * bidirectional and the zero-width characters. The document's own line
 * breaks stay.
 */
export function jsonSafe(json: string): string {
  return json.replace(
    ACTING_REGEXP,
    (char) =>
      char === "\n"
        ? char
        : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `value` as JSON text that a terminal shows as it is (see {@linkcode jsonSafe}). */
export function safeJson(value: unknown, indent?: number): string {
  return jsonSafe(JSON.stringify(value, null, indent));
}
