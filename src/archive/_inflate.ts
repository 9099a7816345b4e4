/**
 * A zip entry's bytes: inflated by fflate a little at a time, stopped as
 * soon as it makes more than its declared size, then held to its declared
 * size and CRC-32, its deflate stream to its compressed size. The entries
 * come checked from `_zip.ts`.
 *
 * @module
 */

import { Inflate } from "fflate";
import { ArchiveError } from "./error.ts";
import { quoted } from "./_paths.ts";
import { MAX_RATIO, type ZipEntry } from "./_zip.ts";

/**
 * A file entry's bytes, inflated a little at a time into a buffer of its
 * declared size and stopped as soon as it makes more (so no more is ever
 * held, nor much more inflated), then held to that size and its declared
 * CRC-32. A deflate stream must end at the entry's last byte: bytes after
 * its end, inside the entry, are where a streaming unzip (which finds the
 * end of an entry with a data descriptor by the end of its stream) would
 * read another local header.
 *
 * @throws {ArchiveError} `corrupt`.
 */
export function entryBytes(
  bytes: Uint8Array,
  entry: ZipEntry,
  name: string,
): Uint8Array {
  const data = bytes.subarray(
    entry.dataOffset,
    entry.dataOffset + entry.compressedSize,
  );
  let out: Uint8Array | undefined;
  try {
    out = entry.method === 0 ? data.slice() : inflateAtMost(data, entry.size);
  } catch (error) {
    throw new ArchiveError(
      "corrupt",
      `${name} is corrupt: entry ${quoted(entry.path)} does not inflate (${
        error instanceof Error ? error.message : String(error)
      })`,
      { path: entry.path, cause: error },
    );
  }
  if (
    out === undefined || out.length !== entry.size || crc32(out) !== entry.crc
  ) {
    throw new ArchiveError(
      "corrupt",
      `${name} is corrupt: entry ${
        quoted(entry.path)
      } does not hold the ${entry.size} bytes and CRC-32 it declares`,
      { path: entry.path },
    );
  }
  if (entry.method === 8 && endsEarly(data, entry.size)) {
    throw new ArchiveError(
      "corrupt",
      `${name} is corrupt: entry ${
        quoted(entry.path)
      }'s deflate stream ends before its ${entry.compressedSize} compressed bytes do, and a streaming unzip would read what follows as another entry (pack it again)`,
      { path: entry.path },
    );
  }
  return out;
}

/**
 * Whether a deflate stream that inflates ends before its last byte: then
 * the stream without that byte inflates too, where a stream that ends at
 * its last byte, cut by one, is cut short. (The work is one more
 * inflation, bounded as the first.)
 */
function endsEarly(data: Uint8Array, size: number): boolean {
  if (data.length === 0) return false;
  try {
    inflateAtMost(data.subarray(0, data.length - 1), size);
    return true;
  } catch {
    return false;
  }
}

/** The fewest compressed bytes handed to the inflater at once. */
const LEAST_PUSH = 512;

/**
 * A deflate stream inflated, or undefined as soon as it makes more than
 * `size` bytes. fflate's `inflateSync` into a buffer of `size` drops what
 * does not fit silently and inflates to the end of the stream (1,032 bytes
 * of work for each compressed byte), so the stream is pushed to fflate's
 * `Inflate` in pieces, each at most what could fill the rest of the buffer.
 */
function inflateAtMost(data: Uint8Array, size: number): Uint8Array | undefined {
  const out = new Uint8Array(size);
  let made = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    if (over || made + chunk.length > size) {
      over = true;
      return;
    }
    out.set(chunk, made);
    made += chunk.length;
  });
  let at = 0;
  do {
    const step = Math.max(LEAST_PUSH, Math.ceil((size - made + 1) / MAX_RATIO));
    const end = Math.min(data.length, at + step);
    inflater.push(data.subarray(at, end), end === data.length);
    at = end;
  } while (at < data.length && !over);
  return over ? undefined : out.subarray(0, made);
}

/** The CRC-32 (IEEE) of some bytes, as zip declares it. */
export function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (let i = 0; i < bytes.length; i++) {
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return ~crc >>> 0;
}

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
