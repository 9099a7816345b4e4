// Archives whose records lie about one another (src/archive/_zip.ts,
// src/archive/_inflate.ts): an end record that hides entries of its central
// directory, a central directory that does not fill the place it is given,
// and local headers that no central entry names, where a streaming unzip
// (which reads local headers from the start and never the directory)
// would write a file that the directory never shows. Each archive is
// written field by field by rawZip() (tests/archive/_archive.ts), so each record
// says exactly what the test wants.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "fflate";
import {
  ArchiveError,
  checkSkillArchive,
  packSkill,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";
import { join } from "node:path";
import { manifest, tempTrees } from "../_helpers.ts";
import {
  centralRecords,
  concat,
  crc32,
  type RawEntry,
  rawZip,
  refuses,
  zip,
} from "./_archive.ts";

const tree = tempTrees();
const encoder = new TextEncoder();

/** The entries of a good skill `s`: its manifest and a note. */
function skill(): RawEntry[] {
  return [
    { name: "s/SKILL.md", data: manifest("s") },
    { name: "s/notes.md", data: "notes" },
  ];
}

/** A local header and stored data for `name`, as a streaming unzip reads it. */
function localOnly(name: string, data: string): Uint8Array {
  return rawZip([{ name, data, hidden: true }]).subarray(
    0,
    30 + encoder.encode(name).length + encoder.encode(data).length,
  );
}

describe("readSkillArchive() of an archive whose records lie", () => {
  it("reads the archives rawZip() writes when they do not lie (the positive control)", () => {
    const archive = readSkillArchive(rawZip(skill()));
    assert.deepEqual([...archive.files.keys()], ["SKILL.md", "notes.md"]);
    const deflated = readSkillArchive(
      rawZip([
        { name: "s/SKILL.md", data: manifest("s"), deflate: true },
        {
          name: "s/a.md",
          data: "a".repeat(300),
          deflate: true,
          descriptor: 16,
        },
        {
          name: "s/b.md",
          data: "b".repeat(300),
          deflate: true,
          descriptor: 12,
        },
        { name: "s/empty.md", descriptor: 16 },
        { name: "s/d/", descriptor: 16 },
      ]),
    );
    assert.equal(
      new TextDecoder().decode(deflated.files.get("b.md")),
      "b".repeat(300),
    );
    // And a comment that fills the rest of the file.
    readSkillArchive(rawZip(skill(), { comment: encoder.encode("made here") }));
  });

  it("refuses an end record that declares fewer entries than its central directory holds (corrupt), as check and list passed it", () => {
    // The end record says 1 entry; the directory, by its declared size,
    // holds 4, among them ../../x, a nested archive and a second top
    // folder, which Python's zipfile and `unzip -l` list.
    const bytes = rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: "../../x", data: "x" },
      { name: "s/inner.zip", data: "PK" },
      { name: "t/other.md", data: "t" },
    ], { count: 1 });
    refuses("corrupt", bytes, /1 entry/);
    assert.throws(
      () => checkSkillArchive(bytes, { name: "lies.skill" }),
      (error) => error instanceof ArchiveError && error.code === "corrupt",
    );
  });

  it("refuses a central directory that holds a record past the declared count, even one naming a listed entry (corrupt)", () => {
    // The second record repeats the first, so no local header is left
    // unnamed: only the count and the size disagree.
    const good = rawZip(skill());
    const { central } = centralRecords(good);
    const first = good.subarray(central[0]?.at, central[1]?.at);
    const bytes = rawZip(skill(), { extraCentral: first.slice() });
    refuses("corrupt", bytes, /central directory/);
  });

  it("refuses an end record that declares more entries than its central directory holds (corrupt)", () => {
    refuses("corrupt", rawZip(skill(), { count: 3 }), /3 entries/);
  });

  it("refuses trailing bytes inside the central directory's declared size (corrupt)", () => {
    for (const extra of [new Uint8Array(1), new Uint8Array(45)]) {
      refuses("corrupt", rawZip(skill(), { extraCentral: extra }));
    }
  });

  it("refuses a central directory size or offset unlike where the records are (corrupt)", () => {
    const good = rawZip(skill());
    const { end } = centralRecords(good);
    const view = new DataView(good.buffer);
    const size = view.getUint32(end + 12, true);
    const offset = view.getUint32(end + 16, true);
    for (
      const options of [
        { size: size - 1 },
        { size: size + 1 },
        { offset: offset - 1 },
        { offset: offset + 1 },
        { offset: 0 },
      ]
    ) {
      refuses("corrupt", rawZip(skill(), options));
    }
  });

  it("refuses bytes between the central directory and the end record, or after the end record (corrupt)", () => {
    refuses("corrupt", rawZip(skill(), { between: new Uint8Array(4) }));
    refuses("corrupt", rawZip(skill(), { after: new Uint8Array(1) }));
    refuses(
      "corrupt",
      rawZip(skill(), { after: encoder.encode("PK\u0005\u0006") }),
    );
  });

  it("refuses a second end record inside the comment: readers would disagree on which is the archive (corrupt)", () => {
    // A comment that ends with an end record of its own, filling the file
    // too: a reader that searches from the end takes the inner one.
    const good = rawZip(skill());
    const inner = good.slice(good.length - 22);
    const bytes = rawZip(skill(), { comment: inner });
    refuses("corrupt", bytes, /end record/);
  });
});

describe("readSkillArchive() of local headers the central directory does not name", () => {
  it("refuses a local header before the first named entry, which a streaming unzip writes first (corrupt)", () => {
    const bytes = rawZip([
      { name: "../../x", data: "pwned", hidden: true },
      ...skill(),
    ]);
    refuses(
      "corrupt",
      bytes,
      /a local header that no central entry names, "\.\.\/\.\.\/x", lies after the file's start/,
    );
  });

  it("refuses a hidden local header between two entries, or after the last (corrupt)", () => {
    const hidden = localOnly("../../x", "pwned");
    refuses(
      "corrupt",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s"), gap: hidden },
        { name: "s/notes.md", data: "notes" },
      ]),
      /no central entry names, "\.\.\/\.\.\/x", lies after entry "s\/SKILL\.md"/,
    );
    refuses(
      "corrupt",
      rawZip([...skill(), { name: "../../x", data: "pwned", hidden: true }]),
      /no central entry names, "\.\.\/\.\.\/x", lies after entry "s\/notes\.md"/,
    );
    // A gap of bytes that is no header at all, and bytes before the first.
    refuses(
      "corrupt",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s"), gap: new Uint8Array(3) },
        { name: "s/notes.md", data: "notes" },
      ]),
    );
    refuses("corrupt", rawZip(skill(), { before: new Uint8Array(8) }));
  });

  it("refuses entries that overlap: a local header inside another entry's data (corrupt)", () => {
    // s/outer.md's stored data holds s/inner.md's local header and data;
    // the central directory names both, the overlap of a zip bomb.
    const inner = localOnly("s/inner.md", "inner");
    const prefix = rawZip([{ name: "s/SKILL.md", data: manifest("s") }]);
    const start = prefix.length - 22 - centralSize(prefix);
    const outerHeader = 30 + "s/outer.md".length;
    const bytes = rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: "s/outer.md", data: inner },
    ]);
    // Add a central record for inner.md, pointing inside outer.md's data.
    const innerAt = start + outerHeader;
    const record = centralRecordFor("s/inner.md", "inner", innerAt);
    const { end } = centralRecords(bytes);
    const view = new DataView(bytes.buffer);
    const cdOffset = view.getUint32(end + 16, true);
    const cdSize = view.getUint32(end + 12, true);
    const patched = concat(
      bytes.subarray(0, cdOffset + cdSize),
      record,
      bytes.subarray(cdOffset + cdSize),
    );
    const pv = new DataView(patched.buffer);
    const newEnd = patched.length - 22;
    pv.setUint16(newEnd + 8, 3, true);
    pv.setUint16(newEnd + 10, 3, true);
    pv.setUint32(newEnd + 12, cdSize + record.length, true);
    refuses("corrupt", patched, /overlap|inside/);
  });

  it("refuses a deflate stream that ends before its compressed size, hiding a local header after it (corrupt)", () => {
    // With a data descriptor (bit 3), a streaming unzip knows where the
    // data ends only by the end of the deflate stream: it would then read
    // the hidden header as the next entry.
    const hidden = concat(
      descriptorOf("a".repeat(300)),
      localOnly("../../x", "pwned"),
    );
    for (const descriptor of [16, undefined] as const) {
      refuses(
        "corrupt",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          {
            name: "s/a.md",
            data: "a".repeat(300),
            deflate: true,
            trailing: hidden,
            ...(descriptor === undefined ? {} : { descriptor }),
          },
        ]),
        /a\.md/,
      );
    }
    // One byte past the stream's end is enough to refuse.
    refuses(
      "corrupt",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        {
          name: "s/a.md",
          data: "abc",
          deflate: true,
          trailing: new Uint8Array(1),
        },
      ]),
      /a\.md/,
    );
  });

  it("refuses a stored entry with a data descriptor whose data holds the descriptor's signature (corrupt)", () => {
    // A streaming unzip finds the end of such data by the signature: it
    // would stop at the forged one and read what follows as a header.
    const forged = concat(
      encoder.encode("text "),
      descriptorOf("text "),
      localOnly("../../x", "pwned"),
    );
    refuses(
      "corrupt",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: "s/a.md", data: forged, descriptor: 16 },
      ]),
      /a\.md/,
    );
    // Stored data with a descriptor and no signature in it is read.
    readSkillArchive(
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: "s/a.md", data: "PK plain", descriptor: 16 },
      ]),
    );
  });

  it("refuses a data descriptor that is missing or says other than the central entry (corrupt)", () => {
    const data = "a".repeat(100);
    const crc = crc32(encoder.encode(data));
    const size = deflateSync(encoder.encode(data)).length;
    for (
      const says of [
        [crc ^ 1, size, 100],
        [crc, size + 1, 100],
        [crc, size, 101],
      ] as const
    ) {
      for (const descriptor of [12, 16] as const) {
        refuses(
          "corrupt",
          rawZip([
            { name: "s/SKILL.md", data: manifest("s") },
            {
              name: "s/a.md",
              data,
              deflate: true,
              descriptor,
              descriptorSays: says,
            },
          ]),
          /a\.md/,
        );
      }
    }
    // Bit 3 in the local header with no descriptor after the data.
    refuses(
      "corrupt",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s"), localFlags: 8 },
        { name: "s/a.md", data: "a" },
      ]),
      /SKILL\.md/,
    );
  });

  it("refuses a local header with a data descriptor whose CRC-32 or sizes, when not zero, differ from the central entry's (corrupt)", () => {
    // A streaming unzip that takes non-zero local sizes would read 5 bytes
    // of data, then look for the next header inside the rest.
    const data = "a".repeat(100);
    const crc = crc32(encoder.encode(data));
    for (
      const says of [[crc, 5, 5], [crc ^ 1, 100, 100], [0, 0, 99]] as const
    ) {
      refuses(
        "corrupt",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name: "s/a.md", data, descriptor: 16, localSays: says },
        ]),
        /a\.md/,
      );
    }
    // Zeros, or the central entry's own values, are read: Info-ZIP's zip
    // writes the size it knows and zeros for the rest when it streams.
    readSkillArchive(rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: "s/a.md", data, descriptor: 16, localSays: [crc, 100, 100] },
      { name: "s/b.md", data, descriptor: 12, localSays: [0, 0, 0] },
      { name: "s/c.md", data, descriptor: 16, localSays: [0, 0, 100] },
    ]));
  });

  it("reads what packSkill() writes: data descriptors, contiguous entries", () => {
    const dir = join(
      tree({
        "s/SKILL.md": manifest("s"),
        "s/a.md": "a".repeat(5000),
        "s/b/c.md": "",
      }),
      "s",
    );
    const archive = readSkillArchive(packSkill(dir));
    assert.deepEqual([...archive.files.keys()], ["SKILL.md", "a.md", "b/c.md"]);
    readSkillArchive(zip({ "s/SKILL.md": manifest("s"), "s/d/": "" }));
  });
});

/** The declared size of a zip's central directory. */
function centralSize(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(bytes.length - 22 + 12, true);
}

/** A central record of a stored entry `name` whose local header is at `at`. */
function centralRecordFor(
  name: string,
  data: string,
  at: number,
): Uint8Array {
  const bytes = rawZip([{ name, data }]);
  const { central } = centralRecords(bytes);
  const record = bytes.slice(central[0]?.at, bytes.length - 22);
  new DataView(record.buffer).setUint32(42, at, true);
  return record;
}

/** A data descriptor with its signature for the stored or deflated `data`. */
function descriptorOf(data: string): Uint8Array {
  const bytes = encoder.encode(data);
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x08074b50, true);
  view.setUint32(4, crc32(bytes), true);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, bytes.length, true);
  return out;
}
