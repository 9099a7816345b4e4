/**
 * Directory listings: sorted, each name decided from its own bytes, and the
 * listing of a directory proven to be the one at its path.
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
import { backend } from "./_backend.ts";
import { direntKind, fromNode } from "./_node.ts";
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
  /**
   * Its name for a message, quoted: its bytes, each outside printable ASCII
   * as `\xNN` (`"bad\xff"`), where the runtime gives them; else (Deno
   * decodes them away) the decoded name, each character outside printable
   * ASCII as `\uNNNN`, and that it is decoded. Never a raw U+FFFD, so two
   * names that decode alike read apart wherever their bytes are known.
   */
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
 * A directory's entries in code-unit order. A name the listing decoded with
 * U+FFFD is decided from the entry's own bytes: one listing as bytes for the
 * whole directory, and one status call per such name, so two entries that
 * decode alike (`x\uFFFD` and its non-UTF-8 twin `x\xFE`) are told apart and
 * each is seen once.
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

/**
 * The listing with each name that holds U+FFFD decided: kept once where a
 * file of that name exists (a real U+FFFD, in valid UTF-8), and every other
 * entry that decodes to it reported as unrepresentable, with its bytes where
 * the byte listing gives them.
 */
function representable(path: string, entries: readonly Entry[]): Listing {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (!entry.name.includes("\uFFFD")) continue;
    const group = groups.get(entry.name);
    if (group === undefined) groups.set(entry.name, [entry]);
    else group.push(entry);
  }
  const invalid = invalidNames(path);
  const kept: Entry[] = [];
  const unrepresentable: Unrepresentable[] = [];
  const decided = new Set<string>();
  for (const entry of entries) {
    const group = groups.get(entry.name);
    if (group === undefined) {
      kept.push(entry);
      continue;
    }
    if (decided.has(entry.name)) continue; // decided at its first entry
    decided.add(entry.name);
    const named = tryStatus(childPath(path, entry.name), { follow: false });
    if (named.ok) kept.push({ name: entry.name, kind: named.value.kind });
    const count = group.length - (named.ok ? 1 : 0);
    const raw = invalid.get(entry.name) ?? [];
    if (raw.length === count) {
      unrepresentable.push(...raw);
      continue;
    }
    // The runtime decoded the bytes away: the listing's own kinds, less
    // the one entry the name opens.
    const kinds = group.map((member) => member.kind);
    if (named.ok) kinds.splice(Math.max(kinds.indexOf(named.value.kind), 0), 1);
    const alike = kinds.length - 1;
    const shown = `"${unitEscapes(entry.name)}" (as this runtime decodes it${
      alike === 0
        ? ""
        : `, like ${alike} other name${alike === 1 ? "" : "s"} here`
    }; it does not give the bytes)`;
    for (const kind of kinds) {
      unrepresentable.push({ decoded: entry.name, shown, kind });
    }
  }
  return { entries: kept, unrepresentable };
}

/**
 * The entries of a directory whose names are not valid UTF-8, by the name
 * they decode to: one listing as bytes (empty where the runtime decodes the
 * bytes away, or the directory is gone).
 */
function invalidNames(path: string): Map<string, Unrepresentable[]> {
  const found = new Map<string, Unrepresentable[]>();
  for (const { bytes, kind } of notUtf8Entries(path)) {
    const name = UTF8_LOOSE.decode(bytes);
    const list = found.get(name) ?? [];
    list.push({ decoded: name, shown: `"${byteEscapes(bytes)}"`, kind });
    found.set(name, list);
  }
  return found;
}

/**
 * The entries of a directory whose names are not UTF-8, as bytes, with their
 * kinds: from one listing with types; where the runtime gives such entries
 * no name (Bun), from a listing of names and an `lstat` by the bytes of each
 * (an entry gone since is left out); none when it cannot be listed.
 */
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
        return isUtf8(bytes) ? [] : [{ bytes, kind: direntKind(entry) }];
      });
    }
    const names = readdirSync(path, { encoding: "buffer" });
    const dir = Buffer.from(path.endsWith(sep) ? path : `${path}${sep}`);
    return names.flatMap((name) => {
      const bytes = new Uint8Array(name);
      if (isUtf8(bytes)) return [];
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

/** Bytes as text: printable ASCII as is (`\` and `"` escaped), others `\xNN`. */
function byteEscapes(bytes: Uint8Array): string {
  return [...bytes].map((byte) =>
    byte === 0x5c || byte === 0x22
      ? `\\${String.fromCharCode(byte)}`
      : byte >= 0x20 && byte < 0x7f
      ? String.fromCharCode(byte)
      : `\\x${byte.toString(16).padStart(2, "0")}`
  ).join("");
}

/** A string's code units as text: printable ASCII as is (`\` and `"` escaped), others `\uNNNN`. */
function unitEscapes(text: string): string {
  let shown = "";
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    shown += unit === 0x5c || unit === 0x22
      ? `\\${text[i]}`
      : unit >= 0x20 && unit < 0x7f
      ? text[i]
      : `\\u${unit.toString(16).padStart(4, "0")}`;
  }
  return shown;
}

/**
 * Why the absolute `path`, which does not exist, cannot be named: the
 * first of its components that holds U+FFFD and does not exist is, in its
 * parent's listing, an entry whose name is not valid UTF-8 but decodes to
 * it (a path given as text, with the bytes decoded away). `undefined` when
 * no component is such a name. At most one listing, and a status call per
 * component up to it.
 */
export function unrepresentableIn(
  path: string,
): { parent: string; entry: Unrepresentable } | undefined {
  if (!path.includes("\uFFFD")) return undefined;
  let parent: string = sep;
  for (const part of path.split(sep)) {
    if (part === "") continue;
    const child = childPath(parent, part);
    if (tryStatus(child, { follow: true }).ok) {
      parent = child;
      continue;
    }
    if (!part.includes("\uFFFD")) return undefined;
    const listing = tryList(parent);
    const entry = listing.ok
      ? listing.value.unrepresentable.find((e) => e.decoded === part)
      : undefined;
    return entry === undefined ? undefined : { parent, entry };
  }
  return undefined;
}

/** What {@linkcode unrepresentableIn} found, for a message. */
export function unrepresentedName(
  { parent, entry }: { parent: string; entry: Unrepresentable },
): string {
  return `it exists, but its name in ${parent}, ${entry.shown}, is not valid UTF-8`;
}

const UTF8_LOOSE = new TextDecoder("utf-8");
const UTF8 = new TextDecoder("utf-8", { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Opened without following a final symlink, never blocking, a directory only. */
const DIRECTORY_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) |
  (constants.O_NOFOLLOW ?? 0) | (constants.O_DIRECTORY ?? 0);

/** How a directory reached by name was listed, or why it was not. */
export type OwnListing =
  | { readonly kind: "listed"; readonly listing: Listing }
  /** No longer the directory at that path: a symlink or another file stands there now. */
  | { readonly kind: "moved" }
  | { readonly kind: "failed"; readonly error: unknown };

const MOVED: OwnListing = Object.freeze({ kind: "moved" });

/**
 * How many times a directory is listed where it cannot be listed open: a
 * name from elsewhere then needs as many swaps made and undone in step
 * (docs/confinement.md: under a swapper at full speed, 1 listing in 200
 * held an outside name with one look, 1 in 6,000 with two, 1 in 60,000
 * with three; BENCHMARKS.md, issue 47, what the looks cost).
 */
const LOOKS = 3;

/**
 * Whether this process can read the kernel's paths of open descriptors,
 * once it is known: learnt on the first use, and kept by its owner (one
 * resource walk), so that a runtime that may not read them is not asked at
 * every directory.
 */
export interface KernelPaths {
  readable?: boolean;
}

/**
 * Lists the directory at the real path `path`, proven to be the directory
 * there and not reached through a symlink. Where the kernel names open
 * descriptors, the directory is opened (never through a final symlink), the
 * kernel must call it `path`, and it is listed through its descriptor, so
 * no swap on the way can redirect the listing. Elsewhere (Deno with scoped
 * permissions, no `/proc`) no call lists an open directory, so it is listed
 * by path {@linkcode LOOKS} times, each listing followed by an `lstat` that
 * must find the directory found before the first, and only the entries
 * every listing holds are kept: a swap in place at a check is refused, and
 * what a swap made and undone around a listing brought in is in that
 * listing only. Only a writer that makes and undoes a swap around every
 * listing, in step with them, could pass a name from elsewhere
 * (docs/confinement.md gives the rates measured). An entry that came or
 * went while the directory was listed is left out.
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

/**
 * The entries two listings of one directory share, of the same kinds: an
 * entry that came or went between them (or that a swap made and undone
 * around one of them brought in) is left out.
 */
function common(a: Listing, b: Listing): Listing {
  const key = (name: string, kind: string): string => `${kind}/${name}`;
  const named = new Set(b.entries.map((e) => key(e.name, e.kind)));
  const shown = new Set(b.unrepresentable.map((e) => key(e.shown, e.kind)));
  const entries = a.entries.filter((e) => named.has(key(e.name, e.kind)));
  const unrepresentable = a.unrepresentable.filter((e) =>
    shown.has(key(e.shown, e.kind))
  );
  return entries.length === a.entries.length &&
      unrepresentable.length === a.unrepresentable.length
    ? a
    : { entries, unrepresentable };
}
