/**
 * Directory listings, sorted, each name decided from its own bytes.
 *
 * @module
 */

import {
  closeSync,
  constants,
  type Dirent,
  lstatSync,
  openSync,
  readdirSync,
} from "node:fs";
import { Buffer } from "node:buffer";
import { sep } from "node:path";
import { backend, fromNode, nodeKind } from "./_backend.ts";
import { decoded } from "./_read.ts";
import {
  attempt,
  childPath,
  errorCode,
  openedPath,
  sameIdentity,
  tryStatus,
} from "./_status.ts";
import type { Entry, Read, StatusKind } from "./_types.ts";

/** An entry whose name on disk is not valid UTF-8, so no string opens it. */
export interface Unrepresentable {
  /** Its name as the runtime decodes it, each invalid byte as U+FFFD. */
  readonly decoded: string;
  /** For a message: its bytes quoted (`"bad\xff"`), else its decoded name's code units. */
  readonly shown: string;
  readonly kind: StatusKind;
}

/** A directory's entries, each openable by its name, and those that are not. */
export interface Listing {
  /** In code-unit order: stable and locale-independent. */
  readonly entries: readonly Entry[];
  readonly unrepresentable: readonly Unrepresentable[];
}

/** {@linkcode listDirectory}, or the error it threw. */
export function tryList(path: string): Read<Listing> {
  return attempt(() => listDirectory(path));
}

/**
 * A directory's entries in code-unit order, a name decoded with U+FFFD
 * decided from the bytes: `x\uFFFD` and its non-UTF-8 twin `x\xFE` differ.
 */
export function listDirectory(path: string): Listing {
  const entries = backend.list(path).sort(byName);
  return entries.some((entry) => entry.name.includes("\uFFFD"))
    ? representable(path, entries)
    : { entries, unrepresentable: [] };
}

function byName(a: Entry, b: Entry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Each name holding U+FFFD kept once if it opens a file, the others that decode to it unrepresentable. */
function representable(path: string, entries: readonly Entry[]): Listing {
  const invalid = invalidNames(path);
  const kept: Entry[] = [];
  const unrepresentable: Unrepresentable[] = [];
  // Sorted: the entries of one name are adjacent.
  for (let at = 0, end = 0; at < entries.length; at = end) {
    const { name } = entries[at] as Entry;
    while (entries[end]?.name === name) end++;
    const group = entries.slice(at, end);
    if (!name.includes("\uFFFD")) {
      kept.push(...group);
      continue;
    }
    const named = tryStatus(childPath(path, name), { follow: false });
    if (named.ok) kept.push({ name, kind: named.value.kind });
    const raw = invalid.get(name) ?? [];
    if (raw.length === group.length - (named.ok ? 1 : 0)) {
      unrepresentable.push(...raw);
      continue;
    }
    // The runtime decoded the bytes away: the listing's kinds, less the named one.
    const kinds = group.map((member) => member.kind);
    if (named.ok) kinds.splice(Math.max(kinds.indexOf(named.value.kind), 0), 1);
    const alike = kinds.length - 1;
    const shown = `"${escaped(name, "\\u")}" (as this runtime decodes it${
      alike === 0
        ? ""
        : `, like ${alike} other name${alike === 1 ? "" : "s"} here`
    }; it does not give the bytes)`;
    for (const kind of kinds) {
      unrepresentable.push({ decoded: name, shown, kind });
    }
  }
  return { entries: kept, unrepresentable };
}

/** The entries whose names are not valid UTF-8, by the name they decode to. */
function invalidNames(path: string): Map<string, Unrepresentable[]> {
  const found = new Map<string, Unrepresentable[]>();
  for (const { bytes, kind } of notUtf8Entries(path)) {
    const name = UTF8_LOOSE.decode(bytes);
    const list = found.get(name) ?? [];
    const shown = `"${escaped(String.fromCharCode(...bytes), "\\x")}"`;
    list.push({ decoded: name, shown, kind });
    found.set(name, list);
  }
  return found;
}

/** The entries whose names are not UTF-8, as bytes: by `lstat` where the runtime lists them without a name (Bun). */
function notUtf8Entries(
  path: string,
): { bytes: Uint8Array; kind: StatusKind }[] {
  try {
    const typed: Dirent<Buffer>[] = readdirSync(path, {
      encoding: "buffer",
      withFileTypes: true,
    });
    if (typed.every((entry) => entry.name instanceof Uint8Array)) {
      return typed.flatMap((entry) => {
        const bytes = new Uint8Array(entry.name);
        return decoded(bytes) !== undefined
          ? []
          : [{ bytes, kind: nodeKind(entry) }];
      });
    }
    const names = readdirSync(path, { encoding: "buffer" });
    const dir = Buffer.from(path.endsWith(sep) ? path : `${path}${sep}`);
    return names.flatMap((name) => {
      const bytes = new Uint8Array(name);
      if (decoded(bytes) !== undefined) return [];
      try {
        const kind = fromNode(lstatSync(Buffer.concat([dir, name]))).kind;
        return [{ bytes, kind }];
      } catch {
        return []; // gone since the listing
      }
    });
  } catch {
    return [];
  }
}

/** Text with `\` and `"` escaped, others outside printable ASCII as `\xNN` (bytes) or `\uNNNN`. */
function escaped(text: string, prefix: "\\x" | "\\u"): string {
  return text.replace(
    /["\\]|[^\x20-\x7e]/g,
    (char) =>
      char === '"' || char === "\\" ? `\\${char}` : prefix +
        char.charCodeAt(0).toString(16).padStart(prefix === "\\x" ? 2 : 4, "0"),
  );
}

const UTF8_LOOSE = new TextDecoder("utf-8");

const DIRECTORY_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) |
  (constants.O_NOFOLLOW ?? 0) | (constants.O_DIRECTORY ?? 0);

/** How a directory reached by name was listed, or why it was not. */
export type OwnListing =
  | { readonly kind: "listed"; readonly listing: Listing }
  /** A symlink or another file stands there now. */
  | { readonly kind: "moved" }
  | { readonly kind: "failed"; readonly error: unknown };

const MOVED: OwnListing = Object.freeze({ kind: "moved" });

/** A name from elsewhere needs as many swaps made and undone in step (docs/confinement.md). */
const LOOKS = 3;

/** Whether the kernel's paths of open descriptors are readable, once learnt. */
export interface KernelPaths {
  readable?: boolean;
}

/**
 * Lists the directory at the real path `path`, proven the one there: through
 * its descriptor, which the kernel must call `path`; else {@linkcode LOOKS}
 * times, each followed by an `lstat` finding it, keeping what all hold.
 */
export function listOwnDirectory(
  path: string,
  kernel: KernelPaths = {},
): OwnListing {
  if (kernel.readable !== false) {
    let fd: number;
    try {
      fd = openSync(path, DIRECTORY_FLAGS);
    } catch (error) {
      const code = errorCode(error);
      // A symlink (ELOOP) or a file (ENOTDIR) where the directory was.
      return code === "ELOOP" || code === "ENOTDIR"
        ? MOVED
        : { kind: "failed", error };
    }
    try {
      const named = openedPath(fd);
      kernel.readable = named !== undefined;
      if (named !== undefined) {
        if (named !== path) return MOVED;
        const listed = tryList(`/proc/self/fd/${fd}`);
        return listed.ok
          ? { kind: "listed", listing: listed.value }
          : { kind: "failed", error: listed.error };
      }
    } finally {
      closeSync(fd);
    }
  }
  const before = tryStatus(path, { follow: false });
  if (!before.ok) return { kind: "failed", error: before.error };
  if (before.value.kind !== "directory") return MOVED;
  let seen: Listing | undefined;
  for (let look = 0; look < LOOKS; look++) {
    const listed = tryList(path);
    if (!listed.ok) return { kind: "failed", error: listed.error };
    const after = tryStatus(path, { follow: false });
    if (
      !after.ok || after.value.kind !== "directory" ||
      !sameIdentity(after.value, before.value)
    ) {
      return MOVED;
    }
    seen = seen === undefined ? listed.value : common(seen, listed.value);
  }
  return seen === undefined ? MOVED : { kind: "listed", listing: seen };
}

/** The entries two listings of one directory share, of the same kinds. */
function common(a: Listing, b: Listing): Listing {
  const key = (name: string, kind: string): string => `${kind}/${name}`;
  const named = new Set(b.entries.map((e) => key(e.name, e.kind)));
  const shown = new Set(b.unrepresentable.map((e) => key(e.shown, e.kind)));
  const entries = a.entries.filter((e) => named.has(key(e.name, e.kind)));
  const unrepresentable = a.unrepresentable.filter((e) =>
    shown.has(key(e.shown, e.kind))
  );
  return { entries, unrepresentable };
}
