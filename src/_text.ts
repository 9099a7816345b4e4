/**
 * Text that came from disk, made safe to print on one line.
 *
 * @module
 */

/**
 * The characters that act rather than show, as the body of a regular
 * expression's class (with the `u` flag): the control characters (`Cc`: C0,
 * DEL and C1), the format characters (`Cf`: the bidirectional controls and
 * marks, the zero-width characters, the BOM, the soft hyphen, the invisible
 * operators U+2061-U+2064, the interlinear annotations U+FFF9-U+FFFB, the tag
 * characters U+E0001-U+E007F), the line and paragraph separators (`Zl`,
 * `Zp`), and every other default-ignorable code point (the variation
 * selectors U+180B-U+180F, U+FE00-U+FE0F and U+E0100-U+E01EF, the combining
 * grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 * and those not yet assigned), and a lone surrogate (`Cs`: U+D800-U+DFFF
 * without its pair, which no output can encode: a terminal would get U+FFFD).
 * Each either moves the cursor, reorders what is shown, shows as nothing or
 * as something else, so that a name can hide what it holds (`pdf` followed
 * by tag characters that spell an instruction to a model). The one
 * set that the terminal's text, the JSON output, the prompts' text and the
 * folding of names for near misses all use.
 */
export const ACTING_CLASS =
  "\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Cs}";

const ACTING_REGEXP = new RegExp(`[${ACTING_CLASS}]`, "gu");

/** `text` without its acting characters: what a reader sees of a name. */
export function withoutActing(text: string): string {
  return text.replace(ACTING_REGEXP, "");
}

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/**
 * A code point as a `\u` escape: four hex digits (`\u001b`), or for one
 * beyond the Basic Multilingual Plane its code point in braces (`\u{e0041}`),
 * one escape for one character, never its two surrogates.
 */
function unicodeEscape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff
    ? `\\u{${code.toString(16)}}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `text` with each acting character written as an escape (`\n`, `\r`, `\t`,
 * else `\u001b` or `\u{e0041}`), so that it prints as exactly one line and
 * cannot forge other lines of a log, move the cursor of a terminal, reorder
 * what is shown or hide a character. Every piece of text from disk passes it
 * before any output in text form; applying it twice changes nothing more.
 */
export function oneLineSafe(text: string): string {
  return text.replace(
    ACTING_REGEXP,
    (char) => NAMED[char] ?? unicodeEscape(char),
  );
}

/**
 * A short description of any value for a message, that never runs the
 * value's own code (a getter, `toString`, a proxy's trap): a string quoted,
 * its acting characters escaped as JSON escapes them (see
 * {@linkcode jsonSafe}),
 * a number, boolean, bigint, symbol or null as written, else its kind.
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case "string":
      return jsonSafe(JSON.stringify(value));
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
 * C0 controls inside strings) with every other acting character (see
 * {@linkcode ACTING_CLASS}) written as a `\u` escape (`\u202e`), which every
 * JSON parser reads back as it was: DEL and the C1 controls, which JSON
 * leaves raw, the separators, the format and the other invisible characters.
 * The document's own line breaks stay.
 */
export function jsonSafe(json: string): string {
  return json.replace(
    ACTING_REGEXP,
    (char) => char === "\n" ? char : jsonEscape(char),
  );
}

/**
 * A character as JSON's `\u` escapes: one, or for a character beyond the
 * Basic Multilingual Plane the two of its surrogate pair (`\udb40\udc41`),
 * the only form JSON has, which every parser reads back as the one character.
 */
function jsonEscape(char: string): string {
  let escaped = "";
  for (let i = 0; i < char.length; i++) {
    escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return escaped;
}

/** `value` as JSON text that a terminal shows as it is (see {@linkcode jsonSafe}). */
export function safeJson(value: unknown, indent?: number): string {
  return jsonSafe(JSON.stringify(value, null, indent));
}

/**
 * A whole number with its thousands grouped by commas (`1,024`), as
 * `toLocaleString("en-US")` writes it, without loading the locale data.
 */
export function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}
