/**
 * What the hosts do to a skill's text: Codex collapses white space, Gemini
 * CLI replaces some characters of a name, Claude Code joins and cuts its
 * listing; and whether a manifest starts with a BOM, which the text read
 * has lost. Shared by the host rules and the host listings.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { openRegular, readAtMost } from "../fs/_read.ts";
import type { SkillInfo } from "../skill.ts";

/** A whole number grouped by commas (`1,024`), without loading locale data. */
export function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** Claude Code's cap on one skill's listing text (CHANGELOG.md, 2.1.105). */
export const CLAUDE_CODE_LISTING_MAX = 1536;

/** The characters Gemini CLI replaces with `-` in a name (skillLoader.ts). */
const GEMINI_NAME_REGEXP = /[:\\/<>*?"|]/g;

/**
 * Unicode White_Space, which Rust's `split_whitespace` splits on (JavaScript's
 * `\s` also holds U+FEFF, which is not white space there).
 */
const WHITE_SPACE_REGEXP =
  /[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/;

/**
 * Text as Codex's `sanitize_single_line` makes it: split on white space,
 * joined with one space.
 */
export function collapseWhitespace(text: string): string {
  return text.split(WHITE_SPACE_REGEXP).filter((part) => part !== "").join(
    " ",
  );
}

/** A name as Gemini CLI shows it: each of `:\/<>*?"|` replaced with `-`. */
export function geminiName(name: string): string {
  return name.replace(GEMINI_NAME_REGEXP, "-");
}

/** How many code points a text has. */
export function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first `max` code points of a text (a surrogate pair is never split). */
export function cutCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  let count = 0;
  for (const point of text) {
    if (count++ === max) break;
    out += point;
  }
  return out;
}

/**
 * Claude Code's listing text before its cut: the description, then ` - `
 * and `when_to_use` when the skill has one.
 */
export function claudeCodeListing(info: SkillInfo): string {
  const whenToUse = info.metadata?.["when_to_use"];
  return typeof whenToUse === "string" && whenToUse.trim() !== ""
    ? `${info.description} - ${whenToUse}`
    : info.description;
}

/**
 * Whether a file starts with the UTF-8 BOM (false when it cannot be read):
 * opened as discovery opens a manifest, non-blocking and only as a regular
 * file, so that a FIFO or device swapped in since is never read.
 */
export function startsWithBom(path: string): boolean {
  const opened = openRegular(path, { follow: true });
  if (opened.kind !== "open") return false;
  try {
    const bytes = readAtMost(opened.fd, { size: 3, limit: 3 });
    return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  } catch {
    return false;
  } finally {
    closeSync(opened.fd);
  }
}
