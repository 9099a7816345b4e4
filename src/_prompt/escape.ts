/**
 * Text from a skill made safe to place in a prompt, one function per format:
 * nothing in a name, description or path can close its entry, open another,
 * or reorder what a reader sees, and each escape is reversible, so that the
 * entries can be read back exactly.
 *
 * @module
 */

/**
 * Characters that act rather than show: C0 and C1 controls and DEL, the
 * line and paragraph separators, the bidirectional controls and marks, and
 * the zero-width characters and BOM (U+200B-U+200D, U+2060, U+FEFF).
 */
const ACTING =
  /[\p{Cc}\u2028\u2029\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;

function hex(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}

/** What XML text escapes: its markup characters, and the acting ones. */
const XML_SPECIAL = new RegExp(`[&<>"']|${ACTING.source}`, "gu");

const XML_NAMED: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for the content of an XML element: `& < > " '` as entities, and each
 * acting character but a line feed and a tab as a character reference
 * (`&#x202E;`), which shows as text and decodes back to the character.
 */
export function xmlText(text: string): string {
  return text.replace(
    XML_SPECIAL,
    (char) =>
      XML_NAMED[char] ??
        (char === "\n" || char === "\t" ? char : `&#x${hex(char)};`),
  );
}

const XML_DECODED: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** What {@linkcode xmlText} wrote, read back. */
export function fromXmlText(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|quot|#39);|&#x([0-9A-F]+);/g,
    (entity, code?: string) =>
      code === undefined
        ? XML_DECODED[entity] ?? entity
        : String.fromCodePoint(parseInt(code, 16)),
  );
}

/** What a Markdown field escapes besides acting characters: a backslash and its delimiters. */
const MARKDOWN_NAME = new RegExp(`[\\\\:()]|${ACTING.source}`, "gu");
const MARKDOWN_TEXT = new RegExp(`[\\\\()]|${ACTING.source}`, "gu");

const MARKDOWN_NAMED: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  ":": "\\:",
  "(": "\\(",
  ")": "\\)",
};

/**
 * Text for one field of a Markdown list item, on one line: a backslash, a
 * line break and each acting character as a backslash escape (`\\`, `\n`,
 * `\u{202E}`), and the field's delimiters after a backslash, as CommonMark
 * escapes punctuation: `(` and `)`, and in a name also `:`.
 */
export function markdownText(text: string, field: "name" | "text"): string {
  return text.replace(
    field === "name" ? MARKDOWN_NAME : MARKDOWN_TEXT,
    (char) => MARKDOWN_NAMED[char] ?? `\\u{${hex(char)}}`,
  );
}

/**
 * A JSON document's text (as `JSON.stringify` writes it, which escapes line
 * breaks inside strings) with each acting character that JSON leaves as it
 * is (DEL and C1 controls, the separators, the bidirectional and zero-width
 * characters) written as a `\u` escape, which every JSON parser reads back.
 * The document's own line breaks stay.
 */
export function jsonSafe(json: string): string {
  return json.replace(
    ACTING,
    (char) => char === "\n" ? char : `\\u${hex(char)}`,
  );
}
