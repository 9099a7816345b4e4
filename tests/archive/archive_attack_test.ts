// Hostile archives found by an attack on readSkillArchive() (src/archive/
// _zip.ts, src/archive/read.ts): entries that inflate to more than they
// declare, names that collide once extracted, folder entries that carry data
// or a second top folder, and arguments that are not bytes. Each archive is
// made with fflate's zipSync, then patched byte by byte.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { strToU8 } from "fflate";
import {
  ArchiveError,
  checkSkillArchive,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";
import { packSkill } from "@clarvis/agent-skills/archive";
import { StartupError } from "@clarvis/agent-skills";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, runMain, tempTrees } from "../_helpers.ts";
import { centralRecords, refuses, zip } from "./_archive.ts";

const tree = tempTrees();

/** The CRC-32 of some bytes, as zip declares it. */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) {
      crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    }
  }
  return ~crc >>> 0;
}

/**
 * Makes the entry `path` declare `size` bytes and the CRC-32 of `prefix`, in
 * its central entry and its local header, its data left as it is.
 */
function declare(bytes: Uint8Array, path: string, prefix: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entry = centralRecords(bytes).central.find((r) => r.name === path);
  if (entry === undefined) throw new Error(`no entry ${path}`);
  const local = view.getUint32(entry.at + 42, true);
  for (
    const [crc, size] of [[entry.at + 16, entry.at + 24], [
      local + 14,
      local + 22,
    ]]
  ) {
    view.setUint32(crc ?? 0, crc32(prefix), true);
    view.setUint32(size ?? 0, prefix.length, true);
  }
}

describe("readSkillArchive() against an attack", () => {
  it("refuses an entry that inflates to more than it declares, its first bytes matching its CRC-32 (corrupt)", () => {
    // The manifest declares its own 60-odd bytes, and their CRC-32, but its
    // data inflates to 5 MB more: fflate, given a buffer of the declared
    // size, dropped the rest silently, and the archive read as clean.
    const real = strToU8(manifest("s"));
    const more = new Uint8Array(real.length + 5_000_000).fill(0x41);
    more.set(real);
    const bytes = zip({ "s/SKILL.md": more });
    declare(bytes, "s/SKILL.md", real);
    refuses("corrupt", bytes, /SKILL\.md/);
  });

  it("stops inflating a lying entry past its declared size (corrupt, not minutes of work)", () => {
    // 10 bytes declared over a stream of 20 MB of zeros; at the 1,032:1 of
    // deflate, a 31 MB file of such data made 32 GB to inflate (minutes).
    const bytes = zip({
      "s/SKILL.md": manifest("s"),
      "s/zeros.bin": new Uint8Array(20_000_000),
    });
    declare(bytes, "s/zeros.bin", new Uint8Array(10));
    refuses("corrupt", bytes, /zeros\.bin/);
  });

  it("refuses two names that are one in Unicode NFC, one file on macOS (duplicate_entry)", () => {
    // NFC and NFD of one name: one file on macOS (APFS, HFS+).
    refuses(
      "duplicate_entry",
      zip({
        "s/SKILL.md": manifest("s"),
        "s/caf\u00e9.md": "a",
        "s/cafe\u0301.md": "b",
      }),
    );
    refuses(
      "duplicate_entry",
      zip({
        "s/SKILL.md": manifest("s"),
        "s/caf\u00e9": "a",
        "s/cafe\u0301/b.md": "b",
      }),
    );
    // Names differing in case only are two files on Linux (and in git):
    // read, as packSkill() packs them.
    readSkillArchive(
      zip({ "s/SKILL.md": manifest("s"), "s/A.md": "a", "s/a.md": "b" }),
    );
  });

  it("refuses a folder entry that carries data (corrupt)", () => {
    refuses(
      "corrupt",
      zip({ "s/SKILL.md": manifest("s"), "s/dir/": "hidden data" }),
      /dir/,
    );
  });

  it("refuses a folder entry beside the top folder: two top folders once extracted (manifest_count)", () => {
    refuses(
      "manifest_count",
      zip({ "s/SKILL.md": manifest("s"), "t/": new Uint8Array() }),
    );
    // A folder inside the top folder, or a flat archive's folder, is fine.
    readSkillArchive(zip({ "s/SKILL.md": manifest("s"), "s/d/": "" }));
    readSkillArchive(zip({ "SKILL.md": manifest("s"), "d/": "" }));
  });

  it("refuses a local header that says other than its central entry: encrypted, another method, other sizes (encrypted, corrupt)", () => {
    // A reader of local headers (a streaming unzip) would see another file
    // than the one checked here.
    const patched = (at: number, value: number, width: 16 | 32) => {
      const bytes = zip({
        "s/SKILL.md": manifest("s"),
        "s/a.md": "a".repeat(500),
      });
      const view = new DataView(bytes.buffer);
      const end = bytes.length - 22;
      const first = view.getUint32(end + 16, true);
      const second = first + 46 + view.getUint16(first + 28, true) +
        view.getUint16(first + 30, true) + view.getUint16(first + 32, true);
      const local = view.getUint32(second + 42, true);
      if (width === 16) view.setUint16(local + at, value, true);
      else view.setUint32(local + at, value, true);
      return bytes;
    };
    refuses("encrypted", patched(6, 1, 16), /a\.md/);
    refuses("corrupt", patched(8, 0, 16), /a\.md/);
    refuses("corrupt", patched(14, 1, 32), /a\.md/);
    refuses("corrupt", patched(18, 1, 32), /a\.md/);
    refuses("corrupt", patched(22, 1, 32), /a\.md/);
    // With a data descriptor (bit 3), the local sizes are zero: read.
    readSkillArchive(
      packSkill(join(tree({ "s/SKILL.md": manifest("s") }), "s")),
    );
  });

  it("refuses what is not bytes with invalid_option, not a raw TypeError", () => {
    for (
      const value of [null, undefined, "PK", [80, 75], new ArrayBuffer(22)]
    ) {
      for (
        const call of [
          () => readSkillArchive(value as unknown as Uint8Array),
          () => checkSkillArchive(value as unknown as Uint8Array),
        ]
      ) {
        assert.throws(call, (error) => {
          assert.ok(error instanceof StartupError, String(error));
          assert.equal(error.code, "invalid_option");
          return true;
        });
      }
    }
    const bytes = zip({ "s/SKILL.md": manifest("s") });
    for (
      const options of [
        null,
        "x",
        { name: 7 },
        { nmae: "typo.skill" },
      ]
    ) {
      assert.throws(
        () => checkSkillArchive(bytes, options as unknown as object),
        (error) => error instanceof StartupError,
      );
    }
  });
});

describe("packSkill() against an attack", () => {
  it("refuses a file name the reader refuses (unsafe_path), rather than write an archive no one reads", () => {
    // A backslash, a control character, a drive letter at the top of a flat
    // archive: legal in a Linux file name, refused by readSkillArchive().
    for (
      const [name, layout] of [
        ["back\\slash.md", "folder"],
        ["a\u001b[31mred.md", "folder"],
        ["C:evil.md", "flat"],
      ] as const
    ) {
      const dir = join(
        tree({ "s/SKILL.md": manifest("s"), [`s/${name}`]: "x" }),
        "s",
      );
      assert.throws(() => packSkill(dir, { layout }), (error) => {
        assert.ok(error instanceof ArchiveError, String(error));
        assert.equal(error.code, "unsafe_path", error.message);
        return true;
      });
    }
  });

  it("refuses a SKILL.md that is a symlink leading outside the skill with symlink, as docs/archives.md says", () => {
    const root = tree({ "elsewhere/SKILL.md": manifest("s") });
    mkdirSync(join(root, "s"));
    symlinkSync("../elsewhere/SKILL.md", join(root, "s/SKILL.md"));
    assert.throws(() => packSkill(join(root, "s")), (error) => {
      assert.ok(error instanceof ArchiveError, String(error));
      assert.equal(error.code, "symlink", error.message);
      assert.equal(error.path, "SKILL.md");
      return true;
    });
  });

  it("refuses two files of one name in Unicode NFC (duplicate_entry)", () => {
    const dir = join(
      tree({
        "s/SKILL.md": manifest("s"),
        "s/caf\u00e9.md": "a",
        "s/cafe\u0301.md": "b",
      }),
      "s",
    );
    assert.throws(
      () => packSkill(dir),
      (error) =>
        error instanceof ArchiveError && error.code === "duplicate_entry",
    );
  });
});

describe("agent-skills pack against an attack", () => {
  it("fails with unsafe_path (exit 1), never an uncaught error, for a file name an archive cannot hold", async () => {
    const cwd = tree({ "s/SKILL.md": manifest("s"), "s/back\\slash.md": "x" });
    for (const json of [[], ["--json"]]) {
      const { code, out, err } = await runMain(["pack", "s", ...json], {
        columns: 100,
        cwd,
      });
      assert.equal(code, 1, err);
      assert.match(out + err, /unsafe_path/);
    }
  });

  it("refuses a target inside the skill through a symlink, as a target inside it (exit 2)", async () => {
    // `into` leads into the skill: written there, the archive was packed
    // into the next one (nested_archive) from then on.
    const cwd = tree({ "s/SKILL.md": manifest("s"), "s/sub/a.md": "a" });
    symlinkSync("s/sub", join(cwd, "into"));
    const { code, err } = await runMain([
      "pack",
      "s",
      "--output",
      "into/x.skill",
    ], {
      columns: 100,
      cwd,
    });
    assert.equal(code, 2, err);
    assert.match(err, /archive_inside_skill/);
    assert.equal(existsSync(join(cwd, "s/sub/x.skill")), false);
    // The skill named through a symlink, the target in its real directory.
    mkdirSync(join(cwd, "links"));
    symlinkSync("../s", join(cwd, "links/s"));
    const real = await runMain(["pack", "links/s", "--output", "s/x.skill"], {
      columns: 100,
      cwd,
    });
    assert.equal(real.code, 2, real.err);
    assert.equal(existsSync(join(cwd, "s/x.skill")), false);
  });

  it("prints no bidi, C1 or zero-width character of an archive's names raw, in any format; JSON parses", async () => {
    // C1 controls (U+009B is a CSI), bidi overrides and zero-width
    // characters pass the reader's path rules (C0 only): every output
    // escapes them.
    const acting =
      // deno-lint-ignore no-control-regex
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
    const cwd = tree();
    const archives: Record<string, Record<string, string>> = {
      "nested.skill": {
        "s/SKILL.md": manifest("s"),
        "s/\u202e\u009b2Jx.zip": "PK",
      },
      "tops.skill": {
        "s\u202e/SKILL.md": manifest("s"),
        "t\u200b\u009b/x.md": "x",
      },
      "top.skill": { "s\u202e\u009b\u200b/SKILL.md": manifest("s") },
    };
    for (const [name, files] of Object.entries(archives)) {
      writeFileSync(join(cwd, name), zip(files));
      for (
        const args of [
          ["check", name],
          ["check", name, "--json"],
          ["check", name, "--format", "github"],
          ["check", name, "--format", "sarif"],
          ["list", name],
          ["list", name, "--json"],
        ]
      ) {
        const { out, err } = await runMain(args, { columns: 100, cwd });
        assert.doesNotMatch(out + err, acting, args.join(" "));
        if (args.includes("--json")) JSON.parse(out);
      }
    }
  });
});
