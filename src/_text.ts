/**
 * Text that came from disk, made safe to print on one line.
 *
 * @module
 */

/**
 * The characters that act rather than show, as the body of a `u`-flag
 * regular expression's class: the controls (`Cc`), the format characters
 * (`Cf`: bidi controls, zero-width characters, tag characters), the line and
 * paragraph separators, every other default-ignorable code point, and a lone
 * surrogate. Each can hide what a name holds; the terminal's text, the JSON
 * output, the prompts and the folding of names for near misses share it.
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

/** A code point as one `\u` escape: `\u001b`, or `\u{e0041}` beyond the BMP. */
function unicodeEscape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff
    ? `\\u{${code.toString(16)}}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `text` with each acting character written as an escape (`\n`, `\u001b`,
 * `\u{e0041}`), so that it prints as exactly one line and hides nothing:
 * every piece of text from disk passes it before any output in text form.
 */
export function oneLineSafe(text: string): string {
  return text.replace(
    ACTING_REGEXP,
    (char) => NAMED[char] ?? unicodeEscape(char),
  );
}

/**
 * A short description of any value for a message, never running the value's
 * own code (a getter, `toString`, a proxy's trap): a string quoted and
 * escaped as {@linkcode jsonSafe} does, a primitive as written, else its kind.
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case "string":
      return jsonSafe(JSON.stringify(value));
    case "bigint":
      return `${value}n`;
    case "symbol":
      return oneLineSafe(value.toString());
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
 * A JSON document's text with every acting character `JSON.stringify` leaves
 * raw written as a `\u` escape (`\u202e`), which every parser reads back as
 * it was; the document's own line breaks stay.
 */
export function jsonSafe(json: string): string {
  return json.replace(
    ACTING_REGEXP,
    (char) => char === "\n" ? char : jsonEscape(char),
  );
}

/** A character as JSON's `\u` escapes: beyond the BMP, its two surrogates. */
function jsonEscape(char: string): string {
  let escaped = "";
  for (let i = 0; i < char.length; i++) {
    escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return escaped;
}
