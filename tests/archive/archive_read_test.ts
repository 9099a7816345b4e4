// readSkillArchive() and checkSkillArchive() (src/archive/read.ts,
// src/archive/_zip.ts): both layouts, and each hostile or broken archive
// refused with its documented code. The archives are made here with
// fflate's zipSync, then patched byte by byte.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  checkSkillArchive,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";
import { manifest } from "../_helpers.ts";
import { centralRecords, refuses, zip } from "./_archive.ts";

/** A well-formed archive of skill `s` under its top folder. */
function good(extra: Record<string, string> = {}): Uint8Array {
  return zip({ "s/SKILL.md": manifest("s"), "s/notes.md": "notes", ...extra });
}

/** Replaces every occurrence of `from` by `to` (of the same length). */
function patchText(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const a = new TextEncoder().encode(from);
  const b = new TextEncoder().encode(to);
  assert.equal(a.length, b.length);
  const out = bytes.slice();
  for (let i = 0; i + a.length <= out.length; i++) {
    if (a.every((byte, j) => out[i + j] === byte)) out.set(b, i);
  }
  return out;
}

describe("readSkillArchive()", () => {
  it("reads the folder layout, the top folder left out of the paths", () => {
    const archive = readSkillArchive(good({ "s/a/b.md": "b" }));
    assert.equal(archive.layout, "folder");
    assert.equal(archive.top, "s");
    assert.deepEqual([...archive.files.keys()], [
      "SKILL.md",
      "a/b.md",
      "notes.md",
    ]);
    assert.equal(new TextDecoder().decode(archive.files.get("a/b.md")), "b");
  });

  it("reads the flat layout, and folder entries are no files", () => {
    const archive = readSkillArchive(
      zip({
        "refs/": new Uint8Array(),
        "SKILL.md": manifest("s"),
        "refs/x.md": "x",
      }),
    );
    assert.equal(archive.layout, "flat");
    assert.equal(archive.top, undefined);
    assert.deepEqual([...archive.files.keys()], ["SKILL.md", "refs/x.md"]);
  });

  it("reads the archives other packers write as they stream: data descriptors, zeros in local headers, stored and deflated", () => {
    // fixtures/archives: `zip -qrX - s | cat` (Info-ZIP 3.0, deflated and
    // -0), and Python's zipfile writing to a stream that cannot seek; each
    // with folder entries, an empty file, and data descriptors.
    for (
      const name of [
        "infozip-streamed",
        "infozip-streamed-stored",
        "python-streamed",
        "python-streamed-stored",
      ]
    ) {
      const archive = readSkillArchive(
        readFileSync(`fixtures/archives/${name}.skill`),
        { name },
      );
      assert.equal(archive.top, "s", name);
      assert.deepEqual([...archive.files.keys()], [
        "SKILL.md",
        "refs/a.md",
        "refs/zero.md",
      ], name);
      assert.equal(
        new TextDecoder().decode(archive.files.get("refs/a.md")),
        "hello hello hello\n",
      );
    }
  });

  it("refuses what is not a zip, or is cut short (not_a_zip)", () => {
    refuses("not_a_zip", new TextEncoder().encode("just text"));
    refuses("not_a_zip", new Uint8Array());
    const bytes = good();
    refuses("not_a_zip", bytes.subarray(0, bytes.length - 10));
  });

  it("refuses a corrupt archive: data altered, or offsets out of bounds (corrupt)", () => {
    const bytes = good({ "s/big.md": "abc".repeat(1000) });
    const altered = bytes.slice();
    const { central } = centralRecords(altered);
    const view = new DataView(altered.buffer);
    // The big file's data, a few bytes in.
    const local = view.getUint32((central[2]?.at ?? 0) + 42, true);
    const data = local + 30 + view.getUint16(local + 26, true) +
      view.getUint16(local + 28, true);
    altered[data + 5] = (altered[data + 5] ?? 0) ^ 0xff;
    refuses("corrupt", altered, /big\.md/);
    const moved = bytes.slice();
    new DataView(moved.buffer).setUint32((central[0]?.at ?? 0) + 42, 7, true);
    refuses("corrupt", moved);
    // The central directory said to start past the end.
    const { end } = centralRecords(bytes);
    const past = bytes.slice();
    new DataView(past.buffer).setUint32(end + 16, bytes.length, true);
    refuses("corrupt", past);
  });

  it("refuses entry paths that leave the folder or mean something else elsewhere (unsafe_path)", () => {
    for (
      const name of [
        "../evil.md",
        "s/../../evil.md",
        "/etc/passwd",
        "s\\..\\evil.md",
        "C:/evil.md",
        "s/./x.md",
        "s//x.md",
        "s/a\u001b[31m.md",
      ]
    ) {
      refuses("unsafe_path", zip({ "s/SKILL.md": manifest("s"), [name]: "x" }));
    }
  });

  it("refuses a symlink entry (symlink)", () => {
    const target = new TextEncoder().encode("/etc/passwd");
    const bytes = zip({
      "s/SKILL.md": manifest("s"),
      "s/link": [target, { os: 3, attrs: 0o120777 * 0x10000 }],
    });
    refuses("symlink", bytes, /"s\/link"/);
  });

  it("refuses two entries of one path, or a path that is a file and a folder (duplicate_entry)", () => {
    refuses(
      "duplicate_entry",
      patchText(good({ "s/nXtes.md": "other" }), "s/nXtes.md", "s/notes.md"),
    );
    refuses("duplicate_entry", good({ "s/notes.md/x.md": "x" }));
  });

  it("refuses an encrypted entry (encrypted)", () => {
    const bytes = good();
    const { central } = centralRecords(bytes);
    const view = new DataView(bytes.buffer);
    const at = (central[1]?.at ?? 0) + 8;
    view.setUint16(at, view.getUint16(at, true) | 1, true);
    refuses("encrypted", bytes, /notes\.md/);
  });

  it("refuses a zip bomb by its declared sizes, before inflating (zip_bomb, too_large)", () => {
    // More declared than deflate can produce from its compressed bytes.
    const bytes = good({ "s/bomb.md": "a".repeat(10_000) });
    const { central } = centralRecords(bytes);
    new DataView(bytes.buffer).setUint32(
      (central[2]?.at ?? 0) + 24,
      2 ** 31,
      true,
    );
    refuses("zip_bomb", bytes, /bomb\.md/);
    // Honest deflate of zeros: 31 MB in about 30 kB, past the 30 MB limit.
    const zeros = zip({
      "s/SKILL.md": manifest("s"),
      "s/zeros.bin": new Uint8Array(31_000_000),
    });
    assert.ok(zeros.length < 100_000);
    refuses("too_large", zeros, /30 MB/);
  });

  it("refuses a central directory of too many entries (zip_bomb), and more than 200 files (too_many_files)", () => {
    const many: Record<string, string> = { "s/SKILL.md": manifest("s") };
    for (let i = 0; i < 1000; i++) many[`s/f${i}.md`] = "";
    refuses("zip_bomb", zip(many), /1001 entries/);
    const files: Record<string, string> = { "s/SKILL.md": manifest("s") };
    for (let i = 0; i < 200; i++) files[`s/f${i}.md`] = "";
    refuses("too_many_files", zip(files), /201 files/);
  });

  it("refuses a nested archive and a plugin manifest (nested_archive, plugin_manifest)", () => {
    refuses("nested_archive", good({ "s/inner.zip": "PK" }), /inner\.zip/);
    refuses("nested_archive", good({ "s/a/inner.skill": "PK" }));
    refuses(
      "plugin_manifest",
      good({ "s/.claude-plugin/plugin.json": "{}" }),
    );
  });

  it("refuses anything but one SKILL.md at the skill's top (manifest_count)", () => {
    refuses("manifest_count", zip({ "s/notes.md": "x" }));
    refuses("manifest_count", zip({ "s/skill.md": manifest("s") }));
    refuses(
      "manifest_count",
      zip({ "a/SKILL.md": manifest("a"), "b/SKILL.md": manifest("b") }),
      /several top folders/,
    );
    refuses(
      "manifest_count",
      zip({ "SKILL.md": manifest("s"), "skill.md": manifest("s") }),
    );
    refuses("manifest_count", zip({}));
  });
});

describe("checkSkillArchive()", () => {
  it("checks the skill in memory, each diagnostic at NAME!/TOP/SKILL.md", () => {
    const report = checkSkillArchive(
      zip({ "s/SKILL.md": "---\nname: s\ndescription: <b>\nextra: 1\n---\n" }),
      { name: "s.skill" },
    );
    assert.equal(report.skills.length, 1);
    assert.ok(report.diagnostics.length > 0);
    for (const d of report.diagnostics) {
      assert.equal(d.path, "s.skill!/s/SKILL.md");
    }
  });

  it("says the name differs from the top folder (name_mismatch), and a flat archive has none", () => {
    const codes = (bytes: Uint8Array) =>
      checkSkillArchive(bytes).diagnostics.map((d) => d.code);
    assert.ok(
      codes(zip({ "t/SKILL.md": manifest("s") })).includes("name_mismatch"),
    );
    assert.deepEqual(codes(zip({ "SKILL.md": manifest("s") })), []);
  });

  it("reports a manifest that does not parse as invalid_skill, with no skill", () => {
    const report = checkSkillArchive(
      zip({ "s/SKILL.md": "no frontmatter\n" }),
      { name: "s.skill" },
    );
    assert.equal(report.skills.length, 0);
    assert.equal(report.diagnostics[0]?.code, "invalid_skill");
    assert.equal(report.counts.error > 0, true);
    const latin1 = checkSkillArchive(
      zip({ "s/SKILL.md": new Uint8Array([0x2d, 0xff, 0xfe]) }),
    );
    assert.match(latin1.diagnostics[0]?.message ?? "", /UTF-8/);
  });
});
