/**
 * Entry paths: the names a reader refuses, what one names once extracted
 * (NFC), the first clash among many (two of one name, or a file that is
 * also a folder) found in one pass over their characters, their length in
 * UTF-8 bytes, and how a message quotes one.
 *
 * @module
 */

import { describe } from "../_text.ts";
import { extractedKey } from "../check/_upload.ts";
import { ArchiveError } from "./error.ts";

/** A path to compare: a file's, or a folder entry's (without its `/`). */
export interface PathToCompare {
  readonly path: string;
  readonly folder: boolean;
}

/** Two paths that are one once extracted, or a file that is also a folder. */
export type Clash =
  | { readonly kind: "twice"; readonly first: string; readonly path: string }
  | {
    readonly kind: "file_and_folder";
    readonly file: string;
    readonly of: string;
  };

/**
 * The first clash among the paths, or undefined: a path given twice (in
 * NFC), else a file that another path needs as a folder.
 *
 * Each path is normalised once and walked once, each of its folders a node
 * found by its parent's node and its own name: the work is linear in the
 * paths' characters, where comparing every prefix of every path would be
 * quadratic in a path's length. (NFC never joins characters across a `/`,
 * which composes with nothing and is a starter, so the NFC of a path is the
 * NFC of each of its names, joined.)
 */
export function firstClash(paths: readonly PathToCompare[]): Clash | undefined {
  const nodes = new Map<string, number>();
  /** By node: the first path given there, the file there, the first below. */
  const given: Array<string | undefined> = [];
  const file: Array<string | undefined> = [];
  const below: Array<string | undefined> = [];
  const files: number[] = [];
  for (const { path, folder } of paths) {
    const key = extractedKey(path);
    let node = 0;
    for (let start = 0;;) {
      const slash = key.indexOf("/", start);
      const id = `${node}/${key.slice(start, slash < 0 ? undefined : slash)}`;
      let next = nodes.get(id);
      if (next === undefined) {
        next = nodes.size + 1;
        nodes.set(id, next);
      }
      node = next;
      if (slash < 0) break;
      below[node] ??= path;
      start = slash + 1;
    }
    const first = given[node];
    if (first !== undefined) return { kind: "twice", first, path };
    given[node] = path;
    if (!folder) {
      file[node] = path;
      files.push(node);
    }
  }
  for (const node of files) {
    const of = below[node];
    const path = file[node];
    if (of !== undefined && path !== undefined) {
      return { kind: "file_and_folder", file: path, of };
    }
  }
  return undefined;
}

/** A string's length in UTF-8 bytes (a lone surrogate counts 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (
      unit >= 0xd800 && unit <= 0xdbff &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The most characters of a path a message quotes. */
const QUOTED = 100;

/**
 * A path for a message: quoted, its acting characters (control, bidi,
 * zero-width...) escaped, so that it cannot forge or reorder what a
 * terminal shows, and cut to its first 100 characters (with `…`) when
 * longer.
 */
export function quoted(path: string): string {
  if (path.length <= QUOTED) return describe(path);
  // Never half a surrogate pair.
  const end = (path.charCodeAt(QUOTED - 1) & 0xfc00) === 0xd800
    ? QUOTED - 1
    : QUOTED;
  return `${describe(path.slice(0, end)).slice(0, -1)}…"`;
}

/** An entry's name, decoded as UTF-8 (ASCII included), or `unsafe_path`. */
export function entryName(raw: Uint8Array, name: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch (error) {
    throw new ArchiveError(
      "unsafe_path",
      `${name} holds an entry whose name is not UTF-8`,
      { cause: error },
    );
  }
}

/**
 * An entry's path without a folder's trailing `/`, or `unsafe_path`: a
 * path that extracted would land outside the folder, or mean different
 * things on different systems, or forge a terminal line.
 */
export function safePath(raw: string, name: string): string {
  const path = raw.endsWith("/") ? raw.slice(0, -1) : raw;
  const why = raw.includes("\\")
    ? "a backslash"
    : raw.startsWith("/")
    ? "an absolute path"
    : /^[A-Za-z]:/.test(raw)
    ? "a drive letter"
    // deno-lint-ignore no-control-regex
    : /[\u0000-\u001f\u007f]/.test(raw)
    ? "a control character"
    : path.split("/").some((part) => part === "..")
    ? "a .. segment"
    : path.split("/").some((part) => part === "" || part === ".")
    ? "an empty or . segment"
    : undefined;
  if (why !== undefined) {
    throw new ArchiveError(
      "unsafe_path",
      `${name} holds an entry whose path has ${why}: ${quoted(raw)}`,
      { path: raw },
    );
  }
  return path;
}
