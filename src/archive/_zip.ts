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
import { extractedKey } from "./_rules.ts";

/** One entry of the central directory, checked. */
export interface ZipEntry {
  /** Its path in the archive, without the trailing `/` of a folder. */
  readonly path: string;
  /** Whether it is a folder entry (a name ending in `/`). */
  readonly folder: boolean;
  /** Its compression method: 0 stored, 8 deflated. */
  readonly method: number;
  /** Its declared CRC-32. */
  readonly crc: number;
  /** Its declared compressed size. */
  readonly compressedSize: number;
  /** Its declared uncompressed size. */
  readonly size: number;
  /** Where its data starts, past the local header. */
  readonly dataOffset: number;
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
 * @param name The archive's name, for messages.
 * @throws {ArchiveError} `not_a_zip`, `corrupt`, `encrypted`, `unsafe_path`,
 * `symlink`, `duplicate_entry` or `zip_bomb`.
 */
export function zipEntries(bytes: Uint8Array, name: string): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecord(view);
  if (end < 0) {
    throw new ArchiveError(
      "not_a_zip",
      `${name} is not a zip archive (no end-of-central-directory record: not a zip, or cut short)`,
    );
  }
  const corrupt = (why: string, path?: string): ArchiveError =>
    new ArchiveError("corrupt", `${name} is corrupt: ${why}`, { path });
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
  if (offset + size > end) {
    throw corrupt("its central directory lies outside the file");
  }
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== CENTRAL) {
      throw corrupt(`central directory entry ${i + 1} is malformed`);
    }
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
    if (next > offset + size) {
      throw corrupt(`central directory entry ${i + 1} runs past its end`);
    }
    const raw = entryName(bytes.subarray(at + 46, at + 46 + nameLength), name);
    const flags = view.getUint16(at + 8, true);
    if ((flags & 1) !== 0) {
      throw new ArchiveError(
        "encrypted",
        `${name} holds an encrypted entry, ${
          JSON.stringify(raw)
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
          JSON.stringify(raw)
        }: a skill archive holds files and folders only`,
        { path: raw },
      );
    }
    if (seen.has(extractedKey(path))) {
      throw new ArchiveError(
        "duplicate_entry",
        `${name} holds ${
          JSON.stringify(path)
        } twice (names compared in Unicode NFC, as macOS extracts them)`,
        { path },
      );
    }
    seen.add(extractedKey(path));
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declared = view.getUint32(at + 24, true);
    if (method !== 0 && method !== 8) {
      throw corrupt(
        `entry ${
          JSON.stringify(path)
        } uses compression method ${method} (only stored and deflated are read)`,
        path,
      );
    }
    if (folder && (declared !== 0 || compressedSize > 2)) {
      throw corrupt(
        `folder entry ${JSON.stringify(raw)} carries ${declared} bytes of data`,
        path,
      );
    }
    if (method === 0 && compressedSize !== declared) {
      throw corrupt(
        `stored entry ${
          JSON.stringify(path)
        } declares ${declared} bytes in ${compressedSize}`,
        path,
      );
    }
    if (method === 8 && declared > (compressedSize + 1) * MAX_RATIO) {
      throw new ArchiveError(
        "zip_bomb",
        `${name}: entry ${
          JSON.stringify(path)
        } declares ${declared} bytes from ${compressedSize} compressed, more than deflate can produce (${MAX_RATIO}:1)`,
        { path },
      );
    }
    const local = view.getUint32(at + 42, true);
    if (local + 30 > offset || view.getUint32(local, true) !== LOCAL) {
      throw corrupt(`entry ${JSON.stringify(path)} has no local header`, path);
    }
    const localName = view.getUint16(local + 26, true);
    const dataOffset = local + 30 + localName +
      view.getUint16(local + 28, true);
    if (
      !sameBytes(
        bytes.subarray(local + 30, local + 30 + localName),
        bytes.subarray(at + 46, at + 46 + nameLength),
      )
    ) {
      throw corrupt(
        `entry ${JSON.stringify(path)} has another name in its local header`,
        path,
      );
    }
    const disagrees = localDisagrees(view, local, at);
    if (disagrees === "encrypted") {
      throw new ArchiveError(
        "encrypted",
        `${name} holds an entry encrypted in its local header, ${
          JSON.stringify(path)
        }: a skill archive is never encrypted`,
        { path },
      );
    }
    if (disagrees !== undefined) {
      throw corrupt(
        `entry ${
          JSON.stringify(path)
        } has another ${disagrees} in its local header than in the central directory`,
        path,
      );
    }
    if (dataOffset + compressedSize > offset) {
      throw corrupt(`entry ${JSON.stringify(path)} runs past its data`, path);
    }
    entries.push({
      path,
      folder,
      method,
      crc: view.getUint32(at + 16, true),
      compressedSize,
      size: declared,
      dataOffset,
    });
    at = next;
  }
  // A path that is a file and also holds entries would extract as neither.
  const files = new Set(
    entries.filter((e) => !e.folder).map((e) => extractedKey(e.path)),
  );
  for (const entry of entries) {
    for (let slash = entry.path.indexOf("/"); slash > 0;) {
      const parent = entry.path.slice(0, slash);
      if (files.has(extractedKey(parent))) {
        throw new ArchiveError(
          "duplicate_entry",
          `${name} holds ${
            JSON.stringify(parent)
          } as a file and as a folder (of ${JSON.stringify(entry.path)})`,
          { path: parent },
        );
      }
      slash = entry.path.indexOf("/", slash + 1);
    }
  }
  return entries;
}

/** Where the end-of-central-directory record starts, or -1. */
function endRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (
      view.getUint32(at, true) === END &&
      at + 22 + view.getUint16(at + 20, true) <= view.byteLength
    ) {
      return at;
    }
  }
  return -1;
}

/** An entry's name, decoded as UTF-8 (ASCII included). */
function entryName(raw: Uint8Array, name: string): string {
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
function safePath(raw: string, name: string): string {
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
      `${name} holds an entry whose path has ${why}: ${JSON.stringify(raw)}`,
      { path: raw },
    );
  }
  return path;
}

/**
 * What a local header says unlike its central entry, which a reader of
 * local headers (a streaming unzip) would take: `encrypted`, or the field
 * that differs. Its CRC-32 and sizes are compared unless a data descriptor
 * follows the data (flag bit 3), when the local header holds zeros.
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
  if ((flags & 8) !== 0) return undefined;
  const fields = [[14, 16, "CRC-32"], [18, 20, "compressed size"], [
    22,
    24,
    "size",
  ]] as const;
  for (const [at, centralAt, field] of fields) {
    if (
      view.getUint32(local + at, true) !==
        view.getUint32(central + centralAt, true)
    ) {
      return field;
    }
  }
  return undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
