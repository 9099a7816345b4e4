/**
 * A catalog's text in each format, from entries already chosen: each field
 * escaped once, each entry's text made once for each way it is shown, and
 * the size of a shape added up from those parts, so that a budget's search
 * makes no text until the last.
 *
 * @module
 */

import type { CatalogFormat } from "./prompt.ts";
import { jsonSafe } from "../_text.ts";
import { markdownText, xmlText } from "./_escape.ts";
import { type CatalogEntry, characters, cutTo, type Shape } from "./_fit.ts";
import {
  type Budget,
  type CatalogOptionValues,
  countedTokens,
} from "./_catalog_options.ts";

/** Renders the entries in a shape, and sizes that text without making it. */
export interface Renderer {
  /** The entries' indices in the text's order (by rank, else by name). */
  readonly order: readonly number[];
  render(shape: Shape): string;
  /** The text's length (`"length"`) or UTF-8 bytes (`"bytes"`), summed from its parts. */
  size(shape: Shape, unit: "length" | "bytes"): number;
}

/**
 * What renders the entries (most important first) in any shape: each field
 * is escaped once (a cut description once for each cut), each entry's text
 * made once for each way it is shown, so that the budget's search only adds
 * up their sizes; the text's order (by rank, else by name) is found once.
 */
export function rendererOf(
  entries: readonly CatalogEntry[],
  options: CatalogOptionValues,
): Renderer {
  const format = options.format ?? "xml";
  const escape = escaperOf(format);
  const order = entries.map((_, index) => index);
  if (options.rank === undefined) {
    order.sort((a, b) => {
      const x = entries[a]?.name ?? "";
      const y = entries[b]?.name ?? "";
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  const names = entries.map((entry) => escape.name(entry.name));
  const locations = options.location === "none"
    ? []
    : entries.map((entry) => escape.location(entry.location));
  const lengths = entries.map((entry) => characters(entry.description));
  const full: (EntryText | undefined)[] = [];
  const bare: (EntryText | undefined)[] = [];
  const cutAt = new Map<number, (EntryText | undefined)[]>();
  const piece = (
    index: number,
    description: string | undefined,
  ): EntryText => ({
    text: entryText(format, {
      name: names[index] ?? "",
      description,
      location: locations[index],
    }),
  });
  /** The kept entries' pieces, in the text's order. */
  const pieces = ({ cut, bare: bareCount, out }: Shape): EntryText[] => {
    const kept = entries.length - out;
    let cuts = cutAt.get(cut);
    if (cuts === undefined) cutAt.set(cut, cuts = []);
    const shown: EntryText[] = [];
    for (const index of order) {
      if (index >= kept) continue;
      const entry = entries[index] as CatalogEntry;
      if (index >= kept - bareCount) {
        shown.push(bare[index] ??= piece(index, undefined));
      } else if ((lengths[index] ?? 0) <= cut) {
        shown.push(
          full[index] ??= piece(index, escape.description(entry.description)),
        );
      } else {
        shown.push(
          cuts[index] ??= piece(
            index,
            escape.description(cutTo(entry.description, cut)),
          ),
        );
      }
    }
    return shown;
  };
  const preface = instructionsOf(options);
  const frame = frameOf(format);
  return {
    order,
    render: (shape) => {
      const shown = pieces(shape);
      if (shown.length === 0) return frame.empty;
      const block = `${frame.head}${
        shown.map((p) => p.text).join(frame.separator)
      }${frame.tail}`;
      return preface === "" ? block : `${preface}\n\n${block}`;
    },
    size: (shape, unit) => {
      const shown = pieces(shape);
      // The frames and the separators are ASCII: as long in bytes.
      if (shown.length === 0) return frame.empty.length;
      let size = frame.head.length + frame.tail.length +
        frame.separator.length * (shown.length - 1);
      for (const p of shown) {
        size += unit === "length" ? p.text.length : p.bytes ??= utf8Length(
          p.text,
        );
      }
      if (preface !== "") {
        size += (unit === "length" ? preface.length : utf8Length(preface)) +
          2;
      }
      return size;
    },
  };
}

/** One entry's text, and its length in UTF-8 once it was asked for. */
interface EntryText {
  readonly text: string;
  bytes?: number;
}

/** How a format escapes each field: a name, a description, a location. */
function escaperOf(format: CatalogFormat): Escaper {
  switch (format) {
    case "xml":
      return {
        name: (text) => xmlText(text, "line"),
        description: (text) => xmlText(text, "text"),
        location: (text) => xmlText(text, "line"),
      };
    case "markdown":
      return {
        name: (text) => markdownText(text, "name"),
        description: (text) => markdownText(text, "text"),
        location: (text) => markdownText(text, "text"),
      };
    case "json": {
      const string = (text: string): string => jsonSafe(JSON.stringify(text));
      return { name: string, description: string, location: string };
    }
  }
}

/** A format's escaping, one function per field. */
type Escaper = Record<
  "name" | "description" | "location",
  (text: string) => string
>;

/** A text's length in UTF-8 bytes, counted from its code units. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * One entry's text in a format, from its escaped fields (no description, no
 * location: none shown).
 */
function entryText(
  format: CatalogFormat,
  { name, description, location }: {
    name: string;
    description: string | undefined;
    location: string | undefined;
  },
): string {
  switch (format) {
    case "xml":
      return `<skill>\n<name>${name}</name>\n${
        description === undefined
          ? ""
          : `<description>${description}</description>\n`
      }${
        location === undefined ? "" : `<location>${location}</location>\n`
      }</skill>`;
    case "markdown":
      return `- ${name}${description === undefined ? "" : `: ${description}`}${
        location === undefined ? "" : ` (file: ${location})`
      }`;
    case "json":
      return `    {\n      "name": ${name}${
        description === undefined
          ? ""
          : `,\n      "description": ${description}`
      }${
        location === undefined ? "" : `,\n      "location": ${location}`
      }\n    }`;
  }
}

/**
 * What a format's block puts around its entries, and between them, and the
 * block that says there is no skill.
 */
function frameOf(
  format: CatalogFormat,
): { head: string; separator: string; tail: string; empty: string } {
  switch (format) {
    case "xml":
      return {
        head: "<available_skills>\n",
        separator: "\n",
        tail: "\n</available_skills>",
        empty: "<available_skills>\n</available_skills>",
      };
    case "markdown":
      return { head: "", separator: "\n", tail: "", empty: "" };
    case "json":
      return {
        head: '{\n  "skills": [\n',
        separator: ",\n",
        tail: "\n  ]\n}",
        empty: '{\n  "skills": []\n}',
      };
  }
}

/** The instructions for the activation style asked for, in this library's words. */
function instructionsOf(
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

/**
 * How the text of a shape is measured against the budget: its characters,
 * or its tokens, by the caller's counter (over the text) or estimated (a
 * quarter of its UTF-8 bytes, rounded up); the first and the last are
 * summed from the entries' parts, without making the text.
 */
export function measureOf(
  budget: Budget | undefined,
  renderer: Renderer,
): (shape: Shape) => number {
  if (budget?.unit !== "tokens") {
    return (shape) => renderer.size(shape, "length");
  }
  const count = budget.countTokens;
  if (count !== undefined) {
    return (shape) => countedTokens(count, renderer.render(shape));
  }
  return (shape) => Math.ceil(renderer.size(shape, "bytes") / 4);
}
