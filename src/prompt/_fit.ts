/**
 * A catalog's entries fitted to a budget, and rendered in each format: each
 * step of the budget a binary search whose sizes are summed from each
 * entry's text, made once. A character is a code point.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { jsonSafe } from "../_text.ts";
import { markdownText, xmlText } from "./_escape.ts";
import type { CatalogOptionValues } from "./_options.ts";
import { countedTokens } from "./_options.ts";
import type { CatalogFormat } from "./prompt.ts";

/** One skill as the catalog may show it. */
export interface CatalogEntry {
  readonly name: string;
  /** The description to show in full (the per-skill cap applied). */
  readonly description: string;
  readonly location: string;
}

/** How much of the entries (most important first) is shown. */
export interface Shape {
  /** The longest description shown, in code points; longer ones are cut. */
  readonly cut: number;
  /** How many of the least important entries show no description. */
  readonly bare: number;
  /** How many of the least important entries are left out. */
  readonly out: number;
}

/**
 * The largest shape that `fits`: descriptions cut evenly down to `floor`,
 * then the fewest shown bare, then the fewest left out.
 */
export function fit(
  entries: readonly CatalogEntry[],
  { fits, floor }: { fits: (shape: Shape) => boolean; floor: number },
): Shape {
  const longest = Math.max(
    0,
    ...entries.map((e) => characters(e.description)),
  );
  const full: Shape = { cut: longest, bare: 0, out: 0 };
  if (fits(full)) return full;
  const cut = Math.min(floor, longest);
  const evenly = largest(cut, longest, (n) => fits({ ...full, cut: n }));
  if (evenly !== undefined) return { ...full, cut: evenly };
  const n = entries.length;
  const bare = smallest(1, n, (k) => fits({ cut, bare: k, out: 0 }));
  if (bare !== undefined) return { cut, bare, out: 0 };
  const out = smallest(1, n, (k) => fits({ cut, bare: n, out: k }));
  return { cut, bare: n, out: out ?? n };
}

/** The largest `n` in `[low, high]` for which `test` holds (up to some n). */
function largest(
  low: number,
  high: number,
  test: (n: number) => boolean,
): number | undefined {
  if (!test(low)) return undefined;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (test(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The smallest `n` in `[low, high]` for which `test` holds (from some n). */
function smallest(
  low: number,
  high: number,
  test: (n: number) => boolean,
): number | undefined {
  if (!test(high)) return undefined;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A text cut to at most `length` code points, the last an ellipsis when cut. */
export function cutTo(text: string, length: number): string {
  if (text.length <= length || characters(text) <= length) return text;
  if (length <= 0) return "";
  let end = 0;
  for (let kept = 0; kept < length - 1; kept++) {
    end += pairAt(text, end) ? 2 : 1;
  }
  return `${text.slice(0, end)}…`;
}

/** A text's length in code points, a lone surrogate one. */
export function characters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if (pairAt(text, i)) {
      count--;
      i++;
    }
  }
  return count;
}

function pairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** Renders the entries in a shape, and measures that text as the budget counts it. */
export interface Renderer {
  /** The entries' indices in the text's order (by rank, else by name). */
  readonly order: readonly number[];
  render(shape: Shape): string;
  /**
   * Characters, or tokens: the caller's count of the text, or a quarter of
   * its UTF-8 bytes, rounded up, summed from its parts as characters are.
   */
  measure(shape: Shape): number;
}

/** One entry's text, and its UTF-8 length once asked for. */
interface EntryText {
  readonly text: string;
  bytes?: number;
}

/** What renders the entries (most important first) in any shape, each entry's text made once for each way it is shown. */
export function rendererOf(
  entries: readonly CatalogEntry[],
  options: CatalogOptionValues,
): Renderer {
  const format = FORMATS[options.format ?? "xml"];
  const order = entries.map((_, index) => index);
  if (options.rank === undefined) {
    order.sort((a, b) => {
      const x = entries[a]?.name ?? "";
      const y = entries[b]?.name ?? "";
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  const names = entries.map((entry) => format.name(entry.name));
  const locations = options.location === "none"
    ? []
    : entries.map((entry) => format.location(entry.location));
  const lengths = entries.map((entry) => characters(entry.description));
  const full: (EntryText | undefined)[] = [];
  const bare: (EntryText | undefined)[] = [];
  const cutAt = new Map<number, (EntryText | undefined)[]>();
  const piece = (index: number, description?: string): EntryText => ({
    text: format.entry(names[index] ?? "", description, locations[index]),
  });
  /** The kept entries' pieces, in the text's order. */
  const pieces = ({ cut, bare: bareCount, out }: Shape): EntryText[] => {
    const kept = entries.length - out;
    let cuts = cutAt.get(cut);
    if (cuts === undefined) cutAt.set(cut, cuts = []);
    const shown: EntryText[] = [];
    for (const index of order) {
      if (index >= kept) continue;
      const { description } = entries[index] as CatalogEntry;
      shown.push(
        index >= kept - bareCount
          ? bare[index] ??= piece(index)
          : (lengths[index] ?? 0) <= cut
          ? full[index] ??= piece(index, format.description(description))
          : cuts[index] ??= piece(
            index,
            format.description(cutTo(description, cut)),
          ),
      );
    }
    return shown;
  };
  const preface = instructionsOf(options);
  const render = (shape: Shape): string => {
    const shown = pieces(shape);
    if (shown.length === 0) return format.empty;
    const block = `${format.head}${
      shown.map((p) => p.text).join(format.separator)
    }${format.tail}`;
    return preface === "" ? block : `${preface}\n\n${block}`;
  };
  const tokens = options.budget?.unit === "tokens";
  const count = tokens ? options.budget?.countTokens : undefined;
  const length = (text: string): number =>
    tokens ? Buffer.byteLength(text) : text.length;
  return {
    order,
    render,
    measure: (shape) => {
      if (count !== undefined) return countedTokens(count, render(shape));
      const shown = pieces(shape);
      // The frames and the separators are ASCII: as long in bytes.
      let size = format.empty.length;
      if (shown.length > 0) {
        size = format.head.length + format.tail.length +
          format.separator.length * (shown.length - 1);
        for (const p of shown) {
          size += tokens ? p.bytes ??= length(p.text) : p.text.length;
        }
        if (preface !== "") size += 2 + length(preface);
      }
      return tokens ? Math.ceil(size / 4) : size;
    },
  };
}

/** A format: how it escapes each field, writes one entry (`undefined`: not shown), frames the entries. */
interface Format {
  name(text: string): string;
  description(text: string): string;
  location(text: string): string;
  entry(name: string, description?: string, location?: string): string;
  head: string;
  separator: string;
  tail: string;
  /** The block of no skill. */
  empty: string;
}

const FORMATS: Readonly<Record<CatalogFormat, Format>> = {
  xml: {
    name: (text) => xmlText(text, "line"),
    description: (text) => xmlText(text, "text"),
    location: (text) => xmlText(text, "line"),
    entry: (name, description, location) =>
      `<skill>\n<name>${name}</name>\n${
        description === undefined
          ? ""
          : `<description>${description}</description>\n`
      }${
        location === undefined ? "" : `<location>${location}</location>\n`
      }</skill>`,
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
      `- ${name}${description === undefined ? "" : `: ${description}`}${
        location === undefined ? "" : ` (file: ${location})`
      }`,
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
        description === undefined
          ? ""
          : `,\n      "description": ${description}`
      }${
        location === undefined ? "" : `,\n      "location": ${location}`
      }\n    }`,
    head: '{\n  "skills": [\n',
    separator: ",\n",
    tail: "\n  ]\n}",
    empty: '{\n  "skills": []\n}',
  },
};

function jsonString(text: string): string {
  return jsonSafe(JSON.stringify(text));
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
