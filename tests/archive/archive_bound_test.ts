// The bound on an entry's path, and reading linear in the archive's size
// (src/archive/_zip.ts, src/archive/_rules.ts, src/archive/_clash.ts). The
// work is counted, never timed: each character that a call normalises
// (String.prototype.normalize) or hashes as a key (Map and Set) is counted
// while the archive is read, and held to a small multiple of its bytes.
// Quadratic work, every prefix of every path normalised and hashed, counts
// hundreds of times more.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  ARCHIVE_LIMITS,
  ArchiveError,
  checkSkillArchive,
  packSkill,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";
import { manifest, tempTrees } from "../_helpers.ts";
import { rawZip, refuses, zip } from "./_archive.ts";

const tree = tempTrees();

/** The bound on an entry path's bytes, as ARCHIVE_LIMITS gives it. */
const BOUND = ARCHIVE_LIMITS.find((limit) => limit.code === "path_too_long")
  ?.max ?? 0;

/** An acting character: control, bidi, zero-width, line separator. */
const ACTING =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * The characters normalised and hashed as Map or Set keys while `run`
 * runs (the work that grows with every prefix of every path), and what it
 * threw.
 */
function countWork(run: () => void): { work: number; error: unknown } {
  let work = 0;
  const count = (value: unknown) => {
    if (typeof value === "string") work += value.length;
  };
  const patched: Array<[object, string, unknown]> = [];
  const wrap = (target: object, key: string) => {
    const original = Reflect.get(target, key) as (
      this: unknown,
      ...args: unknown[]
    ) => unknown;
    patched.push([target, key, original]);
    Reflect.set(
      target,
      key,
      function (this: unknown, ...args: unknown[]): unknown {
        count(key === "normalize" ? this : args[0]);
        return original.apply(this, args);
      },
    );
  };
  wrap(String.prototype, "normalize");
  for (const key of ["get", "set", "has"]) wrap(Map.prototype, key);
  for (const key of ["add", "has"]) wrap(Set.prototype, key);
  let error: unknown;
  try {
    run();
  } catch (thrown) {
    error = thrown;
  } finally {
    for (const [target, key, original] of patched) {
      Reflect.set(target, key, original);
    }
  }
  return { work, error };
}

/** A path of `bytes` bytes under `top`, as deep as it can be: `a/a/a/...`. */
function deepPath(top: string, bytes: number, last = "a"): string {
  let path = top;
  while (path.length + 4 + last.length <= bytes) path += "/a";
  // One or two characters are left: the last name takes them.
  return `${path}/${"b".repeat(bytes - path.length - 1 - last.length)}${last}`;
}

describe("the bound on an entry's path (path_too_long)", () => {
  it("is a row of ARCHIVE_LIMITS with its number and its source", () => {
    const limit = ARCHIVE_LIMITS.find((l) => l.code === "path_too_long");
    assert.ok(limit !== undefined);
    assert.equal(limit.max, 1024);
    assert.match(limit.rule, /1,024 bytes/);
    assert.match(limit.source, /PATH_MAX/);
  });

  it("refuses three empty entries at 65,000-character paths, naming the first, with little work", () => {
    // The issue's archive: 381 KB, 9 s to check when every prefix of every
    // path was normalised and hashed.
    const entries = ["a", "b", "c"].map((c) => ({
      name: `s/${`${c}/`.repeat(32_499)}`.slice(0, 65_000),
    }));
    const bytes = rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      ...entries,
    ]);
    const { work, error } = countWork(() =>
      checkSkillArchive(bytes, { name: "long.skill" })
    );
    assert.ok(error instanceof ArchiveError, String(error));
    assert.equal(error.code, "path_too_long");
    assert.match(error.message, /long\.skill/);
    assert.match(error.message, /65000 bytes/);
    assert.match(error.message, /1024/);
    // Named by its start, never 65,000 characters of message.
    assert.match(error.message, /"s\/a\/a\/a/);
    assert.ok(error.message.length < 600, error.message);
    assert.equal(error.path?.length, 65_000);
    assert.ok(work < bytes.length, `${work} characters of work`);
  });

  it("reads a path of exactly the bound, and refuses one byte more, counted in UTF-8 bytes", () => {
    const at = deepPath("s", BOUND, "x.md");
    assert.equal(at.length, BOUND);
    readSkillArchive(rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: at, data: "x" },
    ]));
    refuses(
      "path_too_long",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: `${at}a`, data: "x" },
      ]),
      /1025 bytes/,
    );
    // 511 two-byte characters and "s/" are 1,024 bytes: read; one more, not.
    const wide = `s/${"\u00e9".repeat(511)}`;
    readSkillArchive(rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: wide, data: "x" },
    ]));
    refuses(
      "path_too_long",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: `${wide}\u00e9`, data: "x" },
      ]),
    );
  });

  it("names a long entry with control and bidi characters escaped, never raw", () => {
    const name = `s/\u202e\u001b[2J\u009b\u200b${"a/".repeat(600)}x`;
    assert.throws(
      () =>
        readSkillArchive(rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name, data: "x" },
        ])),
      (error) => {
        assert.ok(error instanceof ArchiveError, String(error));
        assert.equal(error.code, "path_too_long");
        assert.doesNotMatch(error.message, ACTING);
        assert.match(error.message, /\\u202e/);
        return true;
      },
    );
  });

  it("is what packSkill() refuses too, before anything is written", () => {
    // Folders of 200 bytes each, six deep: a path Linux holds, over 1,024.
    const root = tree({ "s/SKILL.md": manifest("s") });
    const deep = join(root, "s", ...Array(6).fill("d".repeat(200)));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, "x.md"), "x");
    assert.throws(() => packSkill(join(root, "s")), (error) => {
      assert.ok(error instanceof ArchiveError, String(error));
      assert.equal(error.code, "path_too_long");
      assert.match(error.message, /x\.md|ddd/);
      return true;
    });
  });
});

describe("reading an archive is linear in its size", () => {
  it("reads 200 files at the bound, each as deep as it can be, with work a small multiple of its bytes", () => {
    const entries = [{ name: "s/SKILL.md", data: manifest("s") }];
    for (let i = 0; entries.length < 200; i++) {
      entries.push({ name: deepPath(`s/${i}`, BOUND), data: "x" });
    }
    const bytes = rawZip(entries);
    assert.equal(readSkillArchive(bytes).files.size, 200);
    // checkSkillArchive() reads the archive, then checks its skill.
    const { work, error } = countWork(() => checkSkillArchive(bytes));
    assert.equal(error, undefined);
    assert.ok(work < 16 * bytes.length, `${work} for ${bytes.length} bytes`);
  });

  it("walks 1,000 entries at the bound (999 folders) with work a small multiple of its bytes", () => {
    const entries = [{ name: "s/SKILL.md", data: manifest("s") }];
    for (let i = 0; entries.length < 1000; i++) {
      entries.push({ name: `${deepPath(`s/${i}`, BOUND - 1)}/`, data: "" });
    }
    const bytes = rawZip(entries);
    let files = 0;
    const { work, error } = countWork(() => {
      files = readSkillArchive(bytes).files.size;
    });
    assert.equal(error, undefined);
    assert.equal(files, 1);
    assert.ok(work < 16 * bytes.length, `${work} for ${bytes.length} bytes`);
  });

  it("finds a file that is also a folder, or one path twice, deep in long paths, with work a small multiple of its bytes", () => {
    const base = deepPath("s", BOUND - 10);
    const clash = rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: base, data: "a file" },
      { name: `${base}/x.md`, data: "under it" },
    ]);
    const { work, error } = countWork(() => readSkillArchive(clash));
    assert.ok(error instanceof ArchiveError, String(error));
    assert.equal(error.code, "duplicate_entry");
    assert.ok(work < 16 * clash.length, `${work} for ${clash.length} bytes`);
    // One name in NFC and in NFD, deep down.
    refuses(
      "duplicate_entry",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: `${base}/caf\u00e9`, data: "a" },
        { name: `${base}/cafe\u0301`, data: "b" },
      ]),
    );
    refuses(
      "duplicate_entry",
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: `s/caf\u00e9`, data: "a" },
        { name: `s/cafe\u0301/${"a/".repeat(100)}x`, data: "b" },
      ]),
    );
  });
});

describe("checkSkillArchive() of a large manifest", () => {
  it("holds the manifest to discovery's cap (1 MiB), invalid_skill without parsing it, as for a directory", () => {
    // 30 MB of duplicated keys deflate to 27 kB and took 17 s to parse.
    const keys = `---\nname: s\ndescription: d\n${
      "k: v\n".repeat(220_000)
    }---\n`;
    assert.ok(keys.length > 1024 * 1024);
    const report = checkSkillArchive(zip({ "s/SKILL.md": keys }), {
      name: "big.skill",
    });
    assert.equal(report.skills.length, 0);
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["invalid_skill"]);
    assert.match(report.diagnostics[0]?.message ?? "", /1048576-byte cap/);
    assert.equal(report.diagnostics[0]?.path, "big.skill!/s/SKILL.md");
    // At the cap, it is read.
    const body = "x".repeat(1024 * 1024 - manifest("s").length);
    const at = checkSkillArchive(zip({ "s/SKILL.md": manifest("s") + body }));
    assert.equal(at.skills.length, 1);
  });
});

describe("names in the reader's messages", () => {
  it("escapes control, bidi and zero-width characters of an entry's name in every refusal", () => {
    const evil = "\u202e\u009b2J\u200b\u2028";
    const cases: Array<[string, Uint8Array]> = [
      [
        "nested_archive",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name: `s/${evil}.zip`, data: "PK" },
        ]),
      ],
      [
        "plugin_manifest",
        rawZip([
          { name: `${evil}/SKILL.md`, data: manifest("s") },
          { name: `${evil}/.claude-plugin/plugin.json`, data: "{}" },
        ]),
      ],
      [
        "duplicate_entry",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name: `s/${evil}caf\u00e9`, data: "a" },
          { name: `s/${evil}cafe\u0301`, data: "b" },
        ]),
      ],
      [
        "manifest_count",
        rawZip([
          { name: `${evil}a/SKILL.md`, data: manifest("s") },
          { name: `${evil}b/x.md`, data: "x" },
        ]),
      ],
      [
        "unsafe_path",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name: `s/${evil}\u001b/../../x`, data: "x" },
        ]),
      ],
      [
        "corrupt",
        rawZip([
          { name: "s/SKILL.md", data: manifest("s") },
          { name: `s/${evil}.md`, data: "x", gap: new Uint8Array(2) },
        ]),
      ],
    ];
    for (const [code, bytes] of cases) {
      assert.throws(() => readSkillArchive(bytes), (error) => {
        assert.ok(error instanceof ArchiveError, String(error));
        assert.equal(error.code, code, error.message);
        assert.doesNotMatch(error.message, ACTING, code);
        return true;
      });
    }
  });
});
