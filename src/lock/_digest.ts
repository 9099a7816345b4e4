/**
 * The digests of a skill lock: a file's digest over its raw bytes, and a
 * skill's digest over the list of its files, in code point order of their
 * paths (`comparePaths()` of `src/_path_order.ts`). The rules are written out in docs/integrity.md, with test vectors, so that
 * another language can recompute them.
 *
 * @module
 */

import * as crypto from "node:crypto";

/**
 * A digest as a lock writes it. A regular expression runs as native code
 * from its first calls, where a loop over the characters runs interpreted
 * until the JIT warms up: in a process's first parse of a lock (a host's
 * start), that is most of the cost (BENCHMARKS.md, issue 47).
 */
const DIGEST_REGEXP = /^sha256:[0-9a-f]{64}$/;

/** Whether a value is a digest as a lock writes it. */
export function isDigest(value: unknown): value is string {
  return typeof value === "string" && value.length === 71 &&
    DIGEST_REGEXP.test(value);
}

/** A UTF-16 surrogate without its pair: a string no UTF-8 name can be. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Node's one-shot hash (`crypto.hash`, Node 20.12 and later), where the
 * runtime has it: one call instead of a hash object, three to seven times
 * cheaper a call under Node, the same under Deno (BENCHMARKS.md, issue 47).
 */
const oneShot = (crypto as {
  hash?: (
    algorithm: string,
    data: Uint8Array | string,
    encoding: "hex",
  ) => string;
}).hash;

/** The digest of raw bytes: `sha256:` and 64 lowercase hex digits. */
export function digestOf(bytes: Uint8Array | string): string {
  return `sha256:${
    typeof oneShot === "function"
      ? oneShot("sha256", bytes, "hex")
      : crypto.createHash("sha256").update(bytes).digest("hex")
  }`;
}

/** One file of a skill as its digest counts it. */
export interface DigestedFile {
  /** Its path relative to the skill directory, `/`-separated. */
  readonly path: string;
  /** The digest of its raw bytes. */
  readonly digest: string;
}

/**
 * The text a skill's digest is taken over: one line per file, in the order
 * given, which must be code point order of their paths; each line the file's
 * 64 hex digits, two spaces, its path and a line feed (what `sha256sum`
 * prints).
 */
export function canonicalList(files: readonly DigestedFile[]): string {
  let list = "";
  for (const file of files) {
    list += `${file.digest.slice("sha256:".length)}  ${file.path}\n`;
  }
  return list;
}

/**
 * A skill's digest: the digest of its {@linkcode canonicalList}, its files
 * given in code point order of their paths.
 */
export function skillDigest(files: readonly DigestedFile[]): string {
  return digestOf(canonicalList(files));
}

/**
 * A path {@linkcode unlockablePath} takes without a look at each character:
 * `/`-separated segments of printable ASCII but `/` and `\\`, none of them
 * starting with a dot (so none empty, `.` or `..`), the first not empty.
 */
const PLAIN_PATH_REGEXP =
  /^[\x20-\x2d\x30-\x5b\x5d-\x7e][\x20-\x2e\x30-\x5b\x5d-\x7e]*(?:\/[\x20-\x2d\x30-\x5b\x5d-\x7e][\x20-\x2e\x30-\x5b\x5d-\x7e]*)*$/;

/**
 * Why a path relative to a skill directory cannot be locked, or
 * `undefined` when it can: it must be non-empty, relative and UTF-8 (no
 * lone surrogate), its segments neither empty, `.` nor `..`, and it may
 * hold no backslash and no control character (which a line of the
 * canonical list could not carry as it is).
 */
export function unlockablePath(path: string): string | undefined {
  // Most paths: printable ASCII segments that do not start with a dot.
  if (PLAIN_PATH_REGEXP.test(path)) return undefined;
  if (path === "") return "it is empty";
  if (LONE_SURROGATE.test(path)) return "it is not UTF-8 (a lone surrogate)";
  if (path.charCodeAt(0) === 0x2f) return "it is absolute";
  let segment = 0;
  for (let i = 0; i <= path.length; i++) {
    const code = i === path.length ? 0x2f : path.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return "it holds a control character";
    if (code === 0x5c) return "it holds a backslash";
    if (code !== 0x2f) continue;
    const length = i - segment;
    if (length === 0) return "it has an empty segment";
    if (length <= 2 && path.charCodeAt(segment) === 0x2e) {
      if (length === 1) return 'it has a "." segment';
      if (path.charCodeAt(segment + 1) === 0x2e) return 'it has a ".." segment';
    }
    segment = i + 1;
  }
  return undefined;
}
