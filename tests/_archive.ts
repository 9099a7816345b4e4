// What the archive tests share: a zip made with fflate's zipSync, the walk
// of its central directory (read here apart from src/archive/_zip.ts, so a
// test never reads an archive the way the code under test does), and the
// assertion that readSkillArchive() refuses one with a code.

import assert from "node:assert/strict";
import { type Zippable, zipSync } from "fflate";
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
