// What the archive tests share: a zip made with fflate's zipSync, the walk
// of its central directory (read here apart from src/archive/_zip.ts, so a
// test never reads an archive the way the code under test does), and the
// assertion that readSkillArchive() refuses one with a code.

import assert from "node:assert/strict";
import { deflateSync, type Zippable, zipSync } from "fflate";
import {
  ArchiveError,
  type ArchiveErrorCode,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";

/** The date every test archive's entries carry. */
const MTIME: Date = new Date(1980, 0, 1);

/** A zip of the given files (text, bytes, or bytes with entry options), in the order given. */
export function zip(
  files: Record<string, string | Uint8Array | [Uint8Array, object]>,
): Uint8Array {
  const data: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    data[name] = typeof content === "string"
      ? new TextEncoder().encode(content)
      : content;
  }
  return zipSync(data, { mtime: MTIME });
}

/** One record of a zip's central directory: where it is, and its entry's name. */
export interface CentralRecord {
  readonly at: number;
  readonly name: string;
}

/**
 * The records of a zip's central directory, in order, and where its end
 * record is (the archive has no comment: the end record is its last 22
 * bytes).
 */
export function centralRecords(
  bytes: Uint8Array,
): { central: CentralRecord[]; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  assert.equal(view.getUint32(end, true), 0x06054b50);
  const central: CentralRecord[] = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const length = view.getUint16(at + 28, true);
    central.push({
      at,
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + length)),
    });
    at += 46 + length + view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return { central, end };
}

/** Asserts that readSkillArchive() refuses `bytes` with `code` (and `message`). */
export function refuses(
  code: ArchiveErrorCode,
  bytes: Uint8Array,
  message?: RegExp,
): void {
  assert.throws(() => readSkillArchive(bytes, { name: "x.skill" }), (error) => {
    assert.ok(error instanceof ArchiveError, String(error));
    assert.equal(error.code, code, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

/** The CRC-32 (IEEE) of some bytes, as zip declares it. */
export function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) {
      crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    }
  }
  return ~crc >>> 0;
}

/** One entry of {@linkcode rawZip}: stored unless `deflate`. */
export interface RawEntry {
  readonly name: string;
  readonly data?: string | Uint8Array;
  /** Deflated (fflate's deflateSync) rather than stored. */
  readonly deflate?: boolean;
  /** Bytes after the compressed data, counted in its compressed size. */
  readonly trailing?: Uint8Array;
  /**
   * A data descriptor after the data (general-purpose flag bit 3, the local
   * header's CRC-32 and sizes zero): with its signature (16 bytes) or
   * without (12).
   */
  readonly descriptor?: 12 | 16;
  /** The descriptor's fields, when they are to lie: CRC-32, sizes. */
  readonly descriptorSays?: readonly [number, number, number];
  /** The local header's general-purpose flags, when they are to differ. */
  readonly localFlags?: number;
  /** The local header's CRC-32 and sizes, when they are to be set. */
  readonly localSays?: readonly [number, number, number];
  /** Bytes after the entry (data and descriptor), before the next header. */
  readonly gap?: Uint8Array;
  /** Only a local header and data: no central record names it. */
  readonly hidden?: boolean;
}

/** Where {@linkcode rawZip} departs from a well-formed zip. */
export interface RawOptions {
  /** Bytes before the first local header. */
  readonly before?: Uint8Array;
  /** The end record's entry count (both of its fields). */
  readonly count?: number;
  /** Bytes after the central records, counted in the directory's size. */
  readonly extraCentral?: Uint8Array;
  /** The end record's size of the central directory, when it is to lie. */
  readonly size?: number;
  /** The end record's offset of the central directory, when it is to lie. */
  readonly offset?: number;
  /** Bytes between the central directory and the end record. */
  readonly between?: Uint8Array;
  /** The end record's comment. */
  readonly comment?: Uint8Array;
  /** Bytes after the end record and its comment. */
  readonly after?: Uint8Array;
}

/**
 * A zip written field by field, apart from fflate's writer, so that a test
 * can make each record say what it wants: the entries' local headers and
 * data in order, the central directory of those not `hidden`, the end
 * record. Unix mode 0644, dated 1980-01-01.
 */
export function rawZip(
  entries: readonly RawEntry[],
  options: RawOptions = {},
): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let at = 0;
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    at += bytes.length;
  };
  if (options.before !== undefined) push(options.before);
  const central: Uint8Array[] = [];
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = typeof entry.data === "string"
      ? encoder.encode(entry.data)
      : entry.data ?? new Uint8Array();
    const packed = entry.deflate ? deflateSync(data) : data;
    const stored = concat(packed, entry.trailing ?? new Uint8Array());
    const method = entry.deflate ? 8 : 0;
    const flags = entry.descriptor === undefined ? 0 : 8;
    const crc = crc32(data);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, entry.localFlags ?? flags, true);
    lv.setUint16(8, method, true);
    lv.setUint16(12, 0x21, true); // 1980-01-01
    const localSays = entry.localSays ??
      (entry.descriptor === undefined
        ? [crc, stored.length, data.length]
        : [0, 0, 0]);
    localSays.forEach((field, i) => lv.setUint32(14 + 4 * i, field, true));
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const offset = at;
    push(local);
    push(stored);
    if (entry.descriptor !== undefined) {
      const fields = entry.descriptorSays ?? [crc, stored.length, data.length];
      const descriptor = new Uint8Array(entry.descriptor);
      const dv = new DataView(descriptor.buffer);
      const start = entry.descriptor === 16 ? 4 : 0;
      if (start === 4) dv.setUint32(0, 0x08074b50, true);
      fields.forEach((field, i) => dv.setUint32(start + 4 * i, field, true));
      push(descriptor);
    }
    if (entry.gap !== undefined) push(entry.gap);
    if (entry.hidden) continue;
    const record = new Uint8Array(46 + name.length);
    const cv = new DataView(record.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 0x0314, true); // made on Unix
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint16(14, 0x21, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, stored.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(38, 0o100644 * 0x10000, true);
    cv.setUint32(42, offset, true);
    record.set(name, 46);
    central.push(record);
  }
  const directory = concat(
    ...central,
    options.extraCentral ?? new Uint8Array(),
  );
  const offset = at;
  push(directory);
  if (options.between !== undefined) push(options.between);
  const comment = options.comment ?? new Uint8Array();
  const end = new Uint8Array(22 + comment.length);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, options.count ?? central.length, true);
  ev.setUint16(10, options.count ?? central.length, true);
  ev.setUint32(12, options.size ?? directory.length, true);
  ev.setUint32(16, options.offset ?? offset, true);
  ev.setUint16(20, comment.length, true);
  end.set(comment, 22);
  push(end);
  if (options.after !== undefined) push(options.after);
  return concat(...parts);
}

/** Byte arrays one after the other. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
