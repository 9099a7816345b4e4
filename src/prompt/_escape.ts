/**
 * Text from a skill made safe to place in a prompt, one function per format:
 * nothing in a name, description or path can close its entry, open another,
 * or reorder what a reader sees, and each escape is reversible, so that the
 * entries can be read back exactly.
 *
 * @module
 */

import { ACTING_CLASS } from "../_text.ts";

/** The characters that act rather than show (see `ACTING_CLASS`): one set for every output. */
const ACTING = new RegExp(`[${ACTING_CLASS}]`, "gu");

function hex(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}

/**
 * A lone surrogate as XML text writes it, `\uD800`: a character reference
 * to a surrogate is not well-formed XML, so it is this visible escape, and a
 * backslash that would read as one is written `&#x005C;`.
 */
function surrogateText(char: string): string {
  return `\\u${hex(char)}`;
}

/** A backslash that would read back as a lone surrogate's escape. */
const SURROGATE_LIKE = "\\\\(?=u[Dd][89A-Fa-f][0-9A-Fa-f]{2})";

/** Whether a character is a surrogate (a lone one: a pair is one character). */
function isSurrogate(char: string): boolean {
  return char.length === 1 && (char.charCodeAt(0) & 0xf800) === 0xd800;
}

/** What XML text escapes: its markup characters, and the acting ones. */
const XML_SPECIAL = new RegExp(
  `[&<>"']|${SURROGATE_LIKE}|${ACTING.source}`,
  "gu",
);

const XML_NAMED: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for the content of an XML element or attribute: `& < > " '` as
 * entities, and each acting character as a character reference
 * (`&#x202E;`), which shows as text and decodes back to the character; a
 * lone surrogate as `\uD800` (a reference to it would not be well-formed),
 * and a backslash that would read as such an escape as `&#x005C;`. A `"text"`
 * field (a description, a body) keeps its line feeds and tabs; a `"line"`
 * field (a name, a path) writes them as references too, so that it stays
 * one line.
 */
export function xmlText(text: string, field: "line" | "text"): string {
  const keeps = field === "text";
  return text.replace(
    XML_SPECIAL,
    (char) =>
      XML_NAMED[char] ??
        (keeps && (char === "\n" || char === "\t")
          ? char
          : isSurrogate(char)
          ? surrogateText(char)
          : `&#x${hex(char)};`),
  );
}

const XML_DECODED: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** What {@linkcode xmlText} (or {@linkcode payloadText}) wrote, read back. */
export function fromXmlText(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|quot|#39);|&#x([0-9A-F]+);|\\u([Dd][89A-Fa-f][0-9A-Fa-f]{2})/g,
    (entity, code?: string, surrogate?: string) =>
      code !== undefined
        ? String.fromCodePoint(parseInt(code, 16))
        : surrogate !== undefined
        ? String.fromCharCode(parseInt(surrogate, 16))
        : XML_DECODED[entity] ?? entity,
  );
}

/**
 * What the body of an activation payload escapes: a `&` that would read back
 * as an entity, a `<` that would open or close one of the payload's tags,
 * and each acting character but a line feed or a tab.
 */
const PAYLOAD_SPECIAL = new RegExp(
  `&(?=(?:amp|lt|gt|quot|#39|#x[0-9A-F]+);)|<(?=/?(?:skill_content|skill_resources|file)\\b)|${SURROGATE_LIKE}|${ACTING.source}`,
  "giu",
);

/**
 * A line of the body that reads as one of the payload's own lines (after
 * spaces or tabs): its first letter is written as a character reference.
 */
const PAYLOAD_LINE =
  /^([^\S\n]*)(S)(?=kill directory:)|^([^\S\n]*)(R)(?=elative paths in this skill )/gimu;

/**
 * A skill's body (with the arguments in it) for an activation payload, as
 * multi-line text: each acting character but a line feed and a tab as a
 * character reference (`&#xE0041;`, `&#x202E;`), so that hidden text shows;
 * a `<` that would open or close a payload tag as `&lt;`; the first letter
 * of a line that would read as the payload's own `Skill directory:` or
 * `Relative paths in this skill …` line as a reference (`&#x53;kill
 * directory:`), so that no text can forge them; and a `&` that would read as
 * an entity as `&amp;`. Nothing else changes (`<div>`, `a && b`, quotes),
 * and {@linkcode fromXmlText} reads it back exactly.
 */
export function payloadText(text: string): string {
  return text.replace(
    PAYLOAD_SPECIAL,
    (char) =>
      char === "&"
        ? "&amp;"
        : char === "<"
        ? "&lt;"
        : char === "\n" || char === "\t"
        ? char
        : isSurrogate(char)
        ? surrogateText(char)
        : `&#x${hex(char)};`,
  ).replace(
    PAYLOAD_LINE,
    (_, space?: string, s?: string, space2?: string, r?: string) =>
      `${space ?? space2 ?? ""}&#x${hex(s ?? r ?? "")};`,
  );
}

/**
 * What a Markdown field escapes besides acting characters: a backslash and
 * its delimiters; in a name, a colon only where it would read as the `: `
 * that ends the name (before a space, or last), so that `gh-cli:gh-cli` is
 * written as it is called.
 */
const MARKDOWN_NAME = new RegExp(
  `[\\\\()]|:(?=\\s|$)|${ACTING.source}`,
  "gu",
);
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
 * escapes punctuation: `(` and `)`, and in a name also a `:` before a space
 * or at its end (any other colon reads as part of the name, and is copied
 * as it is).
 */
export function markdownText(text: string, field: "name" | "text"): string {
  return text.replace(
    field === "name" ? MARKDOWN_NAME : MARKDOWN_TEXT,
    (char) => MARKDOWN_NAMED[char] ?? `\\u{${hex(char)}}`,
  );
}
