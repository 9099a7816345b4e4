/**
 * Text from a skill made safe to place in a prompt, one function per format:
 * nothing can close its entry, open another or hide, and each escape reads
 * back exactly.
 *
 * @module
 */

import { ACTING_CLASS } from "../_text.ts";

const ACTING = `[${ACTING_CLASS}]`;

function hex(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}

/** A backslash that would read back as a lone surrogate's escape, `\uD800`. */
const SURROGATE_LIKE = "\\\\(?=u[Dd][89A-Fa-f][0-9A-Fa-f]{2})";

/**
 * An acting character as a reference (`&#x202E;`); a lone surrogate, to
 * which a reference is not well-formed XML, as the visible `\uD800`.
 */
function reference(char: string): string {
  return char.length === 1 && (char.charCodeAt(0) & 0xf800) === 0xd800
    ? `\\u${hex(char)}`
    : `&#x${hex(char)};`;
}

const XML_SPECIAL = new RegExp(`[&<>"']|${SURROGATE_LIKE}|${ACTING}`, "gu");

const XML_NAMED: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for an XML element or attribute: `& < > " '` as entities, each
 * acting character as a reference (a backslash that would read as a
 * surrogate's escape too); a `"text"` field keeps its line feeds and tabs, a
 * `"line"` field (a name, a path) stays one line.
 */
export function xmlText(text: string, field: "line" | "text"): string {
  const keeps = field === "text";
  return text.replace(
    XML_SPECIAL,
    (char) =>
      XML_NAMED[char] ??
        (keeps && (char === "\n" || char === "\t") ? char : reference(char)),
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

const PAYLOAD_SPECIAL = new RegExp(
  `&(?=(?:amp|lt|gt|quot|#39|#x[0-9A-F]+);)|<(?=/?(?:skill_content|skill_resources|file)\\b)|${SURROGATE_LIKE}|${ACTING}`,
  "giu",
);

/** A line of the body that reads as one of the payload's own lines. */
const PAYLOAD_LINE =
  /^([^\S\n]*)(S)(?=kill directory:)|^([^\S\n]*)(R)(?=elative paths in this skill )/gimu;

/**
 * A skill's body for an activation payload: each acting character but a
 * line feed and a tab as a reference, a `<` that would open or close a
 * payload tag as `&lt;`, a `&` that would read as an entity as `&amp;`, and
 * the first letter of a line that would read as the payload's own as a
 * reference; nothing else changes, and {@linkcode fromXmlText} reads it back.
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
        : reference(char),
  ).replace(
    PAYLOAD_LINE,
    (_, space?: string, s?: string, space2?: string, r?: string) =>
      `${space ?? space2 ?? ""}&#x${hex(s ?? r ?? "")};`,
  );
}

/** In a name, a colon only where it would end the name: `gh-cli:gh-cli` stays. */
const MARKDOWN_NAME = new RegExp(`[\\\\()]|:(?=\\s|$)|${ACTING}`, "gu");
const MARKDOWN_TEXT = new RegExp(`[\\\\()]|${ACTING}`, "gu");
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
 * line break and each acting character as a backslash escape (`\u{202E}`),
 * and the field's delimiters after a backslash, as CommonMark escapes them.
 */
export function markdownText(text: string, field: "name" | "text"): string {
  return text.replace(
    field === "name" ? MARKDOWN_NAME : MARKDOWN_TEXT,
    (char) => MARKDOWN_NAMED[char] ?? `\\u{${hex(char)}}`,
  );
}
