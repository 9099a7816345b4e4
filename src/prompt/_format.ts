/**
 * The prompts' text: each catalog format, its instructions, and a skill's
 * text made safe in it (nothing can close its entry, open another or hide,
 * and each escape reads back exactly).
 *
 * @module
 */

import { ACTING_CLASS, jsonSafe } from "../_text.ts";
import type { CatalogOptionValues } from "./_options.ts";
import type { CatalogFormat } from "./prompt.ts";

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
 * acting character as a reference; a `"text"` field keeps its line feeds
 * and tabs, a `"line"` field (a name, a path) stays one line.
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

/** What {@linkcode xmlText} (or {@linkcode payloadText}) wrote, read back. */
export function fromXmlText(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|quot|#39);|&#x([0-9A-F]+);|\\u([Dd][89A-Fa-f][0-9A-Fa-f]{2})/g,
    (entity, code?: string, surrogate?: string) =>
      code !== undefined
        ? String.fromCodePoint(parseInt(code, 16))
        : surrogate !== undefined
        ? String.fromCharCode(parseInt(surrogate, 16))
        : Object.keys(XML_NAMED).find((c) => XML_NAMED[c] === entity) ?? entity,
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
 * A skill's body for an activation payload: acting characters (but line
 * feeds and tabs) as references, and only what could end, open or forge a
 * payload's own tag, entity or line; {@linkcode fromXmlText} reads it back.
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

/** One field of a Markdown list item, on one line: acting characters and delimiters backslash-escaped. */
export function markdownText(text: string, field: "name" | "text"): string {
  return text.replace(
    field === "name" ? MARKDOWN_NAME : MARKDOWN_TEXT,
    (char) => MARKDOWN_NAMED[char] ?? `\\u{${hex(char)}}`,
  );
}

/** A format: how it escapes each field, writes one entry (`undefined`: not shown), frames the entries. */
export interface Format {
  name(text: string): string;
  description(text: string): string;
  location(text: string): string;
  entry(name: string, description?: string, location?: string): string;
  head: string;
  separator: string;
  tail: string;
  empty: string;
}

export const FORMATS: Readonly<Record<CatalogFormat, Format>> = {
  xml: {
    name: (text) => xmlText(text, "line"),
    description: (text) => xmlText(text, "text"),
    location: (text) => xmlText(text, "line"),
    entry: (name, description, location) =>
      `<skill>\n<name>${name}</name>\n${
        part("<description>", description, "</description>\n")
      }${part("<location>", location, "</location>\n")}</skill>`,
    head: "<available_skills>\n",
    separator: "\n",
    tail: "\n</available_skills>",
    empty: "<available_skills>\n</available_skills>",
  },
  markdown: {
    name: (text) => markdownText(text, "name"),
    description: (text) => markdownText(text, "text"),
    location: (text) => markdownText(text, "text"),
    entry: (name, description, location) =>
      `- ${name}${part(": ", description)}${part(" (file: ", location, ")")}`,
    head: "",
    separator: "\n",
    tail: "",
    empty: "",
  },
  json: {
    name: jsonString,
    description: jsonString,
    location: jsonString,
    entry: (name, description, location) =>
      `    {\n      "name": ${name}${
        part(',\n      "description": ', description)
      }${part(',\n      "location": ', location)}\n    }`,
    head: '{\n  "skills": [\n',
    separator: ",\n",
    tail: "\n  ]\n}",
    empty: '{\n  "skills": []\n}',
  },
};

/** A field between its delimiters, or nothing when it is not shown. */
function part(before: string, field: string | undefined, after = ""): string {
  return field === undefined ? "" : `${before}${field}${after}`;
}

function jsonString(text: string): string {
  return jsonSafe(JSON.stringify(text));
}

/** The instructions for the activation style asked for, in this library's words. */
export function instructionsOf(
  { instructions, toolName = "activate_skill", location }: CatalogOptionValues,
): string {
  const about =
    `Skills are folders of instructions, scripts and files for particular tasks. Below is each skill's name${
      location === "none"
        ? " and when to use it."
        : location === "relative"
        ? ", when to use it, and where its SKILL.md is in its skills folder."
        : ", when to use it, and where its SKILL.md is."
    }`;
  switch (instructions) {
    case "read":
      return `${about} When a task matches a skill's description, read that SKILL.md before you act and follow it; resolve relative paths in it against the skill's directory. Do not load a skill the task does not need.`;
    case "tool":
      return `${about} When a task matches a skill's description, call the ${toolName} tool with the skill's name before you act and follow what it returns. Do not activate a skill the task does not need.`;
    default:
      return "";
  }
}
