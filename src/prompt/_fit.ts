/**
 * A catalog's entries fitted to a budget, and rendered in each format. The
 * budget is met in the documented order (descriptions cut evenly down to a
 * floor, then the least important shown bare, then left out), each step a
 * binary search whose sizes are summed from each entry's text, made once:
 * no catalog text is made until the last. A character is a code point.
 *
 * @module
 */

import { jsonSafe } from "../_text.ts";
import { markdownText, xmlText } from "./_escape.ts";
import type { Budget, CatalogOptionValues } from "./_options.ts";
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
 * The largest shape of the entries that `fits`; `floor` is the shortest a
 * description is cut to before any loses it.
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

/** The largest `n` in `[low, high]` for which `test` holds (it holds up to some n). */
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

/** The smallest `n` in `[low, high]` for which `test` holds (it holds from some n). */
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

/** Renders the entries in a shape, and sizes that text without making it. */
export interface Renderer {
  /** The entries' indices in the text's order (by rank, else by name). */
  readonly order: readonly number[];
  render(shape: Shape): string;
  /** The text's length (`"length"`) or UTF-8 bytes (`"bytes"`), summed from its parts. */
  size(shape: Shape, unit: "length" | "bytes"): number;
}

/** One entry's text, and its length in UTF-8 once it was asked for. */
interface EntryText {
  readonly text: string;
  bytes?: number;
}

/**
 * What renders the entries (most important first) in any shape: each field
 * escaped once (a cut description once for each cut), each entry's text
 * made once for each way it is shown.
 */
export function rendererOf(
  entries: readonly CatalogEntry[],
  options: CatalogOptionValues,
): Renderer {
  const format = options.format ?? "xml";
  const escape = ESCAPERS[format];
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
  const piece = (index: number, description?: string): EntryText => ({
    text: entryText(format, names[index] ?? "", description, locations[index]),
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
          ? full[index] ??= piece(index, escape.description(description))
          : cuts[index] ??= piece(
            index,
            escape.description(cutTo(description, cut)),
          ),
      );
    }
    return shown;
  };
  const preface = instructionsOf(options);
  const frame = FRAMES[format];
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

/** How each format escapes a name, a description and a location. */
const ESCAPERS: Readonly<
  Record<
    CatalogFormat,
    Record<"name" | "description" | "location", (text: string) => string>
  >
> = {
  xml: {
    name: (text) => xmlText(text, "line"),
    description: (text) => xmlText(text, "text"),
    location: (text) => xmlText(text, "line"),
  },
  markdown: {
    name: (text) => markdownText(text, "name"),
    description: (text) => markdownText(text, "text"),
    location: (text) => markdownText(text, "text"),
  },
  json: {
    name: jsonString,
    description: jsonString,
    location: jsonString,
  },
};

function jsonString(text: string): string {
  return jsonSafe(JSON.stringify(text));
}

/** What a format's block puts around its entries and between them, and the block of no skill. */
const FRAMES: Readonly<
  Record<
    CatalogFormat,
    { head: string; separator: string; tail: string; empty: string }
  >
> = {
  xml: {
    head: "<available_skills>\n",
    separator: "\n",
    tail: "\n</available_skills>",
    empty: "<available_skills>\n</available_skills>",
  },
  markdown: { head: "", separator: "\n", tail: "", empty: "" },
  json: {
    head: '{\n  "skills": [\n',
    separator: ",\n",
    tail: "\n  ]\n}",
    empty: '{\n  "skills": []\n}',
  },
};

/** A text's length in UTF-8 bytes, counted from its code units. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (pairAt(text, i)) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** One entry's text in a format, from its escaped fields (undefined: not shown). */
function entryText(
  format: CatalogFormat,
  name: string,
  description: string | undefined,
  location: string | undefined,
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
 * How a shape's text is measured against the budget: its characters, or
 * its tokens, by the caller's counter (over the text) or estimated (a
 * quarter of its UTF-8 bytes, rounded up).
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
