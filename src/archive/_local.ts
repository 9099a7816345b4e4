/**
 * The local headers of a zip, walked as a streaming unzip reads them: from
 * the first byte, each header, its data and its data descriptor, then the
 * next header. A reader of the central directory and a streaming one see
 * the same entries only when these are exactly the entries the directory
 * names, one after the other with nothing between them; anything else
 * (bytes before the first header, a header no entry names, a gap, entries
 * that overlap) is where one reader sees a file the other does not.
 *
 * @module
 */

import { ArchiveError } from "./error.ts";
import { quoted } from "./_paths.ts";

/** Where an entry lies, as its central record and local header give it. */
export interface LocalSpan {
  /** Its path, for messages. */
  readonly path: string;
  /** Where its local header starts. */
  readonly localOffset: number;
  /** Where its data starts, past the local header. */
  readonly dataOffset: number;
  /** Its declared compressed size. */
  readonly compressedSize: number;
  /** Its compression method: 0 stored, 8 deflated. */
  readonly method: number;
  /** Its declared CRC-32. */
  readonly crc: number;
  /** Its declared uncompressed size. */
  readonly size: number;
  /** Whether a data descriptor follows its data (flag bit 3). */
  readonly descriptor: boolean;
}

/** The signature of a data descriptor, which may open one. */
const DESCRIPTOR = 0x08074b50;

/** The signature of a local header. */
const LOCAL = 0x04034b50;

/**
 * Throws `corrupt` unless the entries, in the order of their local headers,
 * fill the file from its first byte to the central directory exactly: each
 * header where the one before ends (its data, and its data descriptor when
 * it has one, which must say what the central directory says), the last
 * ending where the directory starts. A stored entry with a descriptor must
 * not hold the descriptor's signature, where a streaming unzip, which
 * finds the end of such data by that signature, would stop.
 *
 * @param centralOffset Where the central directory starts.
 * @param name The archive's name, for messages.
 */
export function checkLocalLayout(
  view: DataView,
  entries: readonly LocalSpan[],
  centralOffset: number,
  name: string,
): void {
  const corrupt = (why: string, path?: string): ArchiveError =>
    new ArchiveError(
      "corrupt",
      `${name} is corrupt: ${why}; a streaming unzip, which reads local headers from the start, would not see the entries its central directory lists (pack it again)`,
      { path },
    );
  const order = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  let previous: LocalSpan | undefined;
  for (const entry of order) {
    const at = entry.localOffset;
    if (at < expected && previous !== undefined) {
      throw corrupt(
        `the local header of ${quoted(entry.path)} lies inside entry ${
          quoted(previous.path)
        }: the entries overlap`,
        entry.path,
      );
    }
    if (at > expected) {
      const hidden = hiddenHeader(view, expected, at);
      throw corrupt(
        hidden === undefined
          ? `${at - expected} bytes lie between ${
            after(previous)
          } and the local header of ${quoted(entry.path)}`
          : `a local header that no central entry names, ${
            quoted(hidden)
          }, lies after ${after(previous)}`,
        hidden ?? entry.path,
      );
    }
    const end = entry.dataOffset + entry.compressedSize;
    expected = end;
    if (entry.descriptor) {
      const length = descriptorLength(view, end, entry, centralOffset);
      if (length === 0) {
        throw corrupt(
          `entry ${
            quoted(entry.path)
          } has no data descriptor after its data that says its CRC-32 and sizes as the central directory does`,
          entry.path,
        );
      }
      if (entry.method === 0 && holdsSignature(view, entry)) {
        throw corrupt(
          `stored entry ${
            quoted(entry.path)
          } holds a data descriptor's signature inside its data, where a streaming unzip would end it`,
          entry.path,
        );
      }
      expected += length;
    }
    previous = entry;
  }
  if (expected > centralOffset) {
    throw corrupt(
      `${after(previous)} runs into its central directory`,
      previous?.path,
    );
  }
  if (expected < centralOffset) {
    const hidden = hiddenHeader(view, expected, centralOffset);
    throw corrupt(
      hidden === undefined
        ? `${centralOffset - expected} bytes lie between ${
          after(previous)
        } and its central directory`
        : `a local header that no central entry names, ${
          quoted(hidden)
        }, lies after ${after(previous)}`,
      hidden ?? previous?.path,
    );
  }
}

/** What a gap follows, for messages: an entry, or the file's start. */
function after(entry: LocalSpan | undefined): string {
  return entry === undefined
    ? "the file's start"
    : `entry ${quoted(entry.path)}`;
}

/**
 * The name of the local header at `at`, when a whole one (with its name)
 * lies there before `limit`: what a streaming unzip would extract.
 */
function hiddenHeader(
  view: DataView,
  at: number,
  limit: number,
): string | undefined {
  if (at + 30 > limit || view.getUint32(at, true) !== LOCAL) return undefined;
  const length = view.getUint16(at + 26, true);
  if (at + 30 + length > limit) return undefined;
  return new TextDecoder().decode(
    new Uint8Array(view.buffer, view.byteOffset + at + 30, length),
  );
}

/**
 * The length of the data descriptor at `at` that says the entry's CRC-32
 * and sizes, with its signature (16) or without (12); 0 when there is none
 * that says so before the central directory.
 */
function descriptorLength(
  view: DataView,
  at: number,
  entry: LocalSpan,
  limit: number,
): number {
  const says = (from: number): boolean =>
    from + 12 <= limit &&
    view.getUint32(from, true) === entry.crc &&
    view.getUint32(from + 4, true) === entry.compressedSize &&
    view.getUint32(from + 8, true) === entry.size;
  if (
    at + 4 <= limit && view.getUint32(at, true) === DESCRIPTOR && says(at + 4)
  ) {
    return 16;
  }
  return says(at) ? 12 : 0;
}

/** Whether a stored entry's data holds the bytes `PK\x07\x08`. */
function holdsSignature(view: DataView, entry: LocalSpan): boolean {
  const end = entry.dataOffset + entry.compressedSize - 3;
  for (let at = entry.dataOffset; at < end; at++) {
    if (
      view.getUint8(at) === 0x50 && view.getUint32(at, true) === DESCRIPTOR
    ) {
      return true;
    }
  }
  return false;
}
