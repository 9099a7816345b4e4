/**
 * `renderCatalog`: the skills a model is told of (tier 1), fitted to a
 * budget by binary searches over sizes summed from each entry's text, made
 * once. A character is a code point. Pure: nothing is read, kept or sent.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { isAbsolute, relative, sep } from "node:path";
import type { SkillInfo } from "../skill.ts";
import { FORMATS, instructionsOf } from "./_format.ts";
import {
  type CatalogOptionValues,
  countedTokens,
  readCatalogOptions,
} from "./_options.ts";
import { byImportance, filter } from "./_select.ts";
import type { Catalog, CatalogOptions } from "./prompt.ts";

/**
 * The catalog of `skills` for a model's prompt, every field escaped, the
 * same text for the same input; with a `budget`, descriptions cut evenly,
 * then removed, then skills left out, the least important first. The report
 * says what it did (see docs/prompt.md).
 *
 * @param skills The skills to list, usually `registry.listSkills()`.
 * @throws {StartupError} `invalid_option` for an option of the wrong type.
 *
 * @example A catalog that fits 2,000 characters
 * ```ts
 * import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const { text, report } = renderCatalog(skills.listSkills(), {
 *   instructions: "read",
 *   budget: { limit: 2000 },
 * });
 * console.log(text);
 * console.log(report.shortened, report.leftOut);
 * ```
 */
export function renderCatalog(
  skills: readonly SkillInfo[],
  options: CatalogOptions = {},
): Catalog {
  const given = readCatalogOptions(options);
  const { kept, filtered } = filter(skills, given);
  const ordered = byImportance(kept, given);
  const cap = given.descriptionCap ?? Infinity;
  const entries: CatalogEntry[] = ordered.map((info) => ({
    name: info.name,
    description: cutTo(info.description, cap),
    location: given.location === "relative"
      ? relativeLocation(info)
      : info.path,
  }));
  const renderer = rendererOf(entries, given);
  const limit = given.budget?.limit;
  const shape = limit === undefined
    ? { cut: Infinity, bare: 0, out: 0 }
    : fit(entries, {
      fits: (candidate) => renderer.measure(candidate) <= limit,
      floor: given.budget?.floor ?? 60,
    });
  const size = renderer.measure(shape);
  // Only an empty block can be over the limit: the budget leaves it out too.
  const over = limit !== undefined && size > limit;
  const shownCount = entries.length - shape.out;
  const shown: string[] = [];
  const shortened: { name: string; from: number; to: number }[] = [];
  const withoutDescription: { name: string; from: number }[] = [];
  for (const index of renderer.order) {
    if (index >= shownCount) continue;
    const entry = entries[index] as CatalogEntry;
    const from = characters(ordered[index]?.description ?? "");
    if (index >= shownCount - shape.bare && from > 0) {
      withoutDescription.push({ name: entry.name, from });
      continue;
    }
    const to = characters(cutTo(entry.description, shape.cut));
    if (to === from) shown.push(entry.name);
    else shortened.push({ name: entry.name, from, to });
  }
  return {
    text: over ? "" : renderer.render(shape),
    report: {
      size: over ? 0 : size,
      ...(limit === undefined ? {} : { limit }),
      shown,
      shortened,
      withoutDescription,
      leftOut: entries.slice(shownCount).map((entry) => entry.name).reverse(),
      filtered,
    },
  };
}

/** The manifest's path below its root, `/`-separated; else its absolute path. */
function relativeLocation(info: SkillInfo): string {
  const path = relative(info.root, info.path);
  return path === "" || path === ".." || path.startsWith(`..${sep}`) ||
      isAbsolute(path)
    ? info.path
    : path.split(sep).join("/");
}

/** One skill as the catalog may show it. */
interface CatalogEntry {
  readonly name: string;
  /** The description to show in full (the per-skill cap applied). */
  readonly description: string;
  readonly location: string;
}

/** How much of the entries (most important first) is shown. */
interface Shape {
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
function fit(
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
  // The smallest k in [1, n] that fits: the largest -k, searched alike.
  const fewest = (test: (k: number) => boolean): number | undefined => {
    const k = largest(-n, -1, (m) => test(-m));
    return k === undefined ? undefined : -k;
  };
  const bare = fewest((k) => fits({ cut, bare: k, out: 0 }));
  if (bare !== undefined) return { cut, bare, out: 0 };
  const out = fewest((k) => fits({ cut, bare: n, out: k }));
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
  return text.length - (text.match(PAIRS)?.length ?? 0);
}

const PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

function pairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** One entry's text, and its size in the budget's unit (characters, or UTF-8 bytes). */
interface EntryText {
  readonly text: string;
  readonly size: number;
}

/**
 * What renders the entries (most important first) in any shape, in the
 * text's `order` (by rank, else by name), and `measure`s it as the budget
 * counts: characters or estimated tokens summed from each entry's text.
 */
function rendererOf(
  entries: readonly CatalogEntry[],
  options: CatalogOptionValues,
) {
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
  const tokens = options.budget?.unit === "tokens";
  const count = tokens ? options.budget?.countTokens : undefined;
  const bytes = tokens && count === undefined;
  const sizeOf = (text: string): number =>
    bytes ? Buffer.byteLength(text) : text.length;
  const piece = (index: number, description?: string): EntryText => {
    const location = locations[index];
    const text = format.entry(names[index] ?? "", description, location);
    return { text, size: sizeOf(text) };
  };
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
  return {
    order,
    render,
    measure: (shape: Shape): number => {
      if (count !== undefined) return countedTokens(count, render(shape));
      const shown = pieces(shape);
      // The frames and the separators are ASCII: as long in bytes.
      let size = format.empty.length;
      if (shown.length > 0) {
        size = format.head.length + format.tail.length +
          format.separator.length * (shown.length - 1);
        for (const p of shown) size += p.size;
        if (preface !== "") size += 2 + sizeOf(preface);
      }
      return bytes ? Math.ceil(size / 4) : size;
    },
  };
}
