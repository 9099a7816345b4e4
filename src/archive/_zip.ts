/**
 * Reading the zip format, as far as a skill archive needs it: the end
 * record and the central directory are parsed here (fflate does not expose
 * an entry's flags or Unix mode), each entry is refused when it is hostile
 * before anything is inflated; inflating is `_inflate.ts`, writing
 * `_write_zip.ts`.
 *
 * @module
 */

import { ArchiveError } from "./error.ts";
import { checkLocalLayout, type LocalSpan } from "./_local.ts";
import { entryName, firstClash, quoted, safePath } from "./_paths.ts";
import { MAX_ENTRY_PATH_BYTES } from "./_rules.ts";

/**
 * One entry of the central directory, checked: its path (without the
 * trailing `/` of a folder), and where it lies (see `LocalSpan`).
 */
export interface ZipEntry extends LocalSpan {
  /** Whether it is a folder entry (a name ending in `/`). */
  readonly folder: boolean;
}

/**
 * The most entries (files and folders) a reader looks at: an upload takes
 * 200 files, and a central directory of many more is refused before it is
 * walked.
 */
export const MAX_ENTRIES = 1000;

/**
 * The most bytes deflate produces from one compressed byte (a little over
 * 1,032, its maximum ratio): an entry declaring more lies about its size.
 */
export const MAX_RATIO = 1033;

/** The signatures of the records read. */
const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * The checked entries of a zip's central directory, in archive order.
 *
 * The records must agree with one another, so that every reader sees the
 * same entries: one end record, ending the file; a central directory that
 * ends where the end record starts and holds exactly the entries it
 * declares; local headers that are exactly those entries, one after the
 * other from the first byte (`checkLocalLayout`). The work is linear in the
 * archive's size: each path is at most {@linkcode MAX_ENTRY_PATH_BYTES}
 * bytes, and read once.
 *
 * @param name The archive's name, for messages.
 * @throws {ArchiveError} `not_a_zip`, `corrupt`, `encrypted`,
 * `path_too_long`, `unsafe_path`, `symlink`, `duplicate_entry` or
 * `zip_bomb`.
 */
export function zipEntries(bytes: Uint8Array, name: string): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = (why: string, path?: string): ArchiveError =>
    new ArchiveError("corrupt", `${name} is corrupt: ${why}`, { path });
  const end = endRecord(view, corrupt);
  if (end < 0) {
    throw new ArchiveError(
      "not_a_zip",
      `${name} is not a zip archive (no end-of-central-directory record: not a zip, or cut short)`,
    );
  }
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (
    view.getUint16(end + 4, true) !== 0 ||
    view.getUint16(end + 6, true) !== 0 ||
    view.getUint16(end + 8, true) !== count
  ) {
    throw corrupt("it spans several disks");
  }
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw corrupt("it is a ZIP64 archive, which a skill archive never needs");
  }
  if (count > MAX_ENTRIES) {
    throw new ArchiveError(
      "zip_bomb",
      `${name} holds ${count} entries, more than the ${MAX_ENTRIES} a skill archive reader looks at (an upload takes 200 files)`,
    );
  }
  const directoryEnd = offset + size;
  if (directoryEnd > end) {
    throw corrupt("its central directory lies outside the file");
  }
  if (directoryEnd < end) {
    throw corrupt(
      `${
        end - directoryEnd
      } bytes lie between its central directory and its end record`,
    );
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || view.getUint32(at, true) !== CENTRAL) {
      throw corrupt(
        at === directoryEnd
          ? `its end record declares ${
            entriesText(count)
          }, but its central directory holds ${i}`
          : `central directory entry ${i + 1} is malformed`,
      );
    }
    const next = at + 46 + view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > directoryEnd) {
      throw corrupt(`central directory entry ${i + 1} runs past its end`);
    }
    entries.push(centralEntry(bytes, view, { at, offset, name, corrupt }));
    at = next;
  }
  if (at !== directoryEnd) {
    const more = recordsIn(view, at, directoryEnd);
    throw corrupt(
      `its end record declares ${
        entriesText(count)
      }, but its central directory holds ${
        directoryEnd - at
      } more bytes after ${count === 1 ? "it" : "them"} (${
        more > 0
          ? `${entriesText(more)} more, which other readers list`
          : "that no entry accounts for"
      })`,
    );
  }
  checkLocalLayout(view, entries, offset, name);
  const clash = firstClash(entries);
  if (clash !== undefined) {
    throw new ArchiveError(
      "duplicate_entry",
      clash.kind === "twice"
        ? `${name} holds ${
          quoted(clash.path)
        } twice (names compared in Unicode NFC, as macOS extracts them)`
        : `${name} holds ${quoted(clash.file)} as a file and as a folder (of ${
          quoted(clash.of)
        })`,
      { path: clash.kind === "twice" ? clash.path : clash.file },
    );
  }
  return entries;
}

/**
 * The central directory's entry at `at`, checked on its own and against
 * its local header.
 */
function centralEntry(
  bytes: Uint8Array,
  view: DataView,
  { at, offset, name, corrupt }: {
    at: number;
    offset: number;
    name: string;
    corrupt: (why: string, path?: string) => ArchiveError;
  },
): ZipEntry {
  const nameLength = view.getUint16(at + 28, true);
  const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
  if (nameLength > MAX_ENTRY_PATH_BYTES) {
    const path = new TextDecoder().decode(rawName);
    throw new ArchiveError(
      "path_too_long",
      `${name} holds an entry whose path is ${nameLength} bytes, more than the ${MAX_ENTRY_PATH_BYTES} an entry's path may have (macOS's PATH_MAX): ${
        quoted(path)
      }; a skill's files sit less deep, under shorter names`,
      { path },
    );
  }
  const raw = entryName(rawName, name);
  const flags = view.getUint16(at + 8, true);
  if ((flags & 1) !== 0) {
    throw new ArchiveError(
      "encrypted",
      `${name} holds an encrypted entry, ${
        quoted(raw)
      }: a skill archive is never encrypted`,
      { path: raw },
    );
  }
  const path = safePath(raw, name);
  const folder = raw.endsWith("/");
  const mode = view.getUint32(at + 38, true) >>> 16;
  if ((mode & S_IFMT) === S_IFLNK) {
    throw new ArchiveError(
      "symlink",
      `${name} holds a symbolic link, ${
        quoted(raw)
      }: a skill archive holds files and folders only`,
      { path: raw },
    );
  }
  if (view.getUint16(at + 34, true) !== 0) {
    throw corrupt(`entry ${quoted(path)} starts on another disk`, path);
  }
  const method = view.getUint16(at + 10, true);
  const compressedSize = view.getUint32(at + 20, true);
  const declared = view.getUint32(at + 24, true);
  if (method !== 0 && method !== 8) {
    throw corrupt(
      `entry ${
        quoted(path)
      } uses compression method ${method} (only stored and deflated are read)`,
      path,
    );
  }
  if (folder && (declared !== 0 || compressedSize > 2)) {
    throw corrupt(
      `folder entry ${quoted(raw)} carries ${declared} bytes of data`,
      path,
    );
  }
  if (method === 0 && compressedSize !== declared) {
    throw corrupt(
      `stored entry ${
        quoted(path)
      } declares ${declared} bytes in ${compressedSize}`,
      path,
    );
  }
  if (method === 8 && declared > (compressedSize + 1) * MAX_RATIO) {
    throw new ArchiveError(
      "zip_bomb",
      `${name}: entry ${
        quoted(path)
      } declares ${declared} bytes from ${compressedSize} compressed, more than deflate can produce (${MAX_RATIO}:1)`,
      { path },
    );
  }
  const local = view.getUint32(at + 42, true);
  if (local + 30 > offset || view.getUint32(local, true) !== LOCAL) {
    throw corrupt(`entry ${quoted(path)} has no local header`, path);
  }
  const localName = view.getUint16(local + 26, true);
  const dataOffset = local + 30 + localName +
    view.getUint16(local + 28, true);
  if (!sameBytes(bytes.subarray(local + 30, local + 30 + localName), rawName)) {
    throw corrupt(
      `entry ${quoted(path)} has another name in its local header`,
      path,
    );
  }
  const disagrees = localDisagrees(view, local, at);
  if (disagrees === "encrypted") {
    throw new ArchiveError(
      "encrypted",
      `${name} holds an entry encrypted in its local header, ${
        quoted(path)
      }: a skill archive is never encrypted`,
      { path },
    );
  }
  if (disagrees !== undefined) {
    throw corrupt(
      `entry ${
        quoted(path)
      } has another ${disagrees} in its local header than in the central directory`,
      path,
    );
  }
  if (dataOffset + compressedSize > offset) {
    throw corrupt(`entry ${quoted(path)} runs past its data`, path);
  }
  return {
    path,
    folder,
    method,
    crc: view.getUint32(at + 16, true),
    compressedSize,
    size: declared,
    localOffset: local,
    dataOffset,
    descriptor: (view.getUint16(local + 6, true) & 8) !== 0,
  };
}

/** "1 entry", "3 entries". */
function entriesText(count: number): string {
  return `${count} ${count === 1 ? "entry" : "entries"}`;
}

/** How many central records follow one another from `at` up to `end`. */
function recordsIn(view: DataView, at: number, end: number): number {
  let records = 0;
  while (at + 46 <= end && view.getUint32(at, true) === CENTRAL) {
    records++;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return records;
}

/**
 * Where the end-of-central-directory record starts, or -1 when there is
 * none: the one record whose comment ends the file. Bytes after the comment,
 * or a second record that ends the file too (one hidden in the comment,
 * which a reader searching from the end would take), are `corrupt`.
 */
function endRecord(
  view: DataView,
  corrupt: (why: string) => ArchiveError,
): number {
  const last = view.byteLength - 22;
  let found = -1;
  let short = -1;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) !== END) continue;
    const ends = at + 22 + view.getUint16(at + 20, true);
    if (ends === view.byteLength) {
      if (found >= 0) {
        throw corrupt(
          "it has two end records, one inside the other's comment: readers would disagree on its entries",
        );
      }
      found = at;
    } else if (ends < view.byteLength && short < 0) {
      short = ends;
    }
  }
  if (found < 0 && short >= 0) {
    throw corrupt(
      `${view.byteLength - short} bytes follow its end record and comment`,
    );
  }
  return found;
}

/**
 * What a local header says unlike its central entry, which a reader of
 * local headers (a streaming unzip) would take: `encrypted`, or the field
 * that differs. Its CRC-32 and sizes must be the central entry's, or (each)
 * zero when a data descriptor follows the data (flag bit 3, which both must
 * say): a streaming unzip that took other sizes would look for the next
 * header elsewhere.
 */
function localDisagrees(
  view: DataView,
  local: number,
  central: number,
): string | undefined {
  const flags = view.getUint16(local + 6, true);
  if ((flags & 1) !== 0) return "encrypted";
  if (view.getUint16(local + 8, true) !== view.getUint16(central + 10, true)) {
    return "compression method";
  }
  if ((flags & 8) !== (view.getUint16(central + 8, true) & 8)) {
    return "data descriptor flag (bit 3)";
  }
  const fields = [[14, 16, "CRC-32"], [18, 20, "compressed size"], [
    22,
    24,
    "size",
  ]] as const;
  for (const [at, centralAt, field] of fields) {
    const value = view.getUint32(local + at, true);
    // With a descriptor, a field may be zero instead (Info-ZIP's zip writes
    // the size it knows and zeros for the rest, when it streams).
    if ((flags & 8) !== 0 && value === 0) continue;
    if (value !== view.getUint32(central + centralAt, true)) return field;
  }
  return undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
