// agent-skills pack, and check and list of archives (src/cli/pack.ts,
// src/cli/archive.ts), run in-process through main(): the file written, a
// skill refused, stdout, and archives read without writing anything.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { main } from "@clarvis/agent-skills/cli";
import { packSkill } from "@clarvis/agent-skills/archive";
import { makeFifo, manifest, runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** A control character other than a line feed or tab: none is printed. */
// deno-lint-ignore no-control-regex
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f]/;

async function run(args: string[], cwd: string) {
  return await runMain([...args], { columns: 100, cwd });
}

/** A working directory holding skill `pdf` and a broken skill `bad`. */
function store(): string {
  return tree({
    "skills/pdf/SKILL.md": manifest("pdf"),
    "skills/pdf/scripts/fill.py": "print('fill')\n",
    "skills/pdf/__pycache__/fill.pyc": "\0",
    "skills/bad/SKILL.md": "---\nname: bad\n---\n",
  });
}

/** The sorted listing of a directory, to show nothing else was written. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

describe("agent-skills pack", () => {
  it("writes NAME.skill in the current directory, the bytes packSkill() gives", async () => {
    const cwd = store();
    const { code, out, err } = await run(["pack", "skills/pdf"], cwd);
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^Packed skill pdf \(2 files, \d+ bytes\) in pdf\.skill\n$/,
    );
    const written = readFileSync(join(cwd, "pdf.skill"));
    assert.deepEqual(
      new Uint8Array(written),
      packSkill(join(cwd, "skills/pdf")),
    );
    // No temporary file is left beside it.
    assert.deepEqual(readdirSync(cwd).sort(), ["pdf.skill", "skills"]);
  });

  it("writes to --output with --layout flat, and says so in JSON", async () => {
    const cwd = store();
    const { code, out } = await run(
      [
        "pack",
        "skills/pdf",
        "--output",
        "out.zip",
        "--layout",
        "flat",
        "--json",
      ],
      cwd,
    );
    assert.equal(code, 0);
    const document = JSON.parse(out);
    assert.equal(document.path, join(cwd, "out.zip"));
    assert.equal(document.layout, "flat");
    assert.equal(document.files, 2);
    assert.deepEqual(
      new Uint8Array(readFileSync(join(cwd, "out.zip"))),
      packSkill(join(cwd, "skills/pdf"), { layout: "flat" }),
    );
  });

  it("writes the bytes to stdout for -, and never to a terminal", async () => {
    const cwd = store();
    const chunks: Uint8Array[] = [];
    const code = await main(["pack", "skills/pdf", "--output", "-"], {
      stdout: () => assert.fail("text on stdout"),
      stderr: () => {},
      stdoutBytes: (bytes) => chunks.push(bytes),
      color: false,
      columns: 80,
      cwd,
    });
    assert.equal(code, 0);
    assert.deepEqual(chunks, [packSkill(join(cwd, "skills/pdf"))]);
    const { code: refused, err } = await run(
      ["pack", "skills/pdf", "--output", "-"],
      cwd,
    );
    assert.equal(refused, 2);
    assert.match(err, /terminal_output/);
  });

  it("writes nothing for a skill it refuses (exit 1), naming the rule", async () => {
    const cwd = store();
    const before = listing(cwd);
    const { code, err } = await run(["pack", "skills/bad"], cwd);
    assert.equal(code, 1);
    assert.match(
      err,
      /invalid_skill: Wrote no archive: Cannot pack skills\/bad/,
    );
    assert.deepEqual(listing(cwd), before);
  });

  it("refuses a target inside the skill, and one it cannot write (exit 2)", async () => {
    const cwd = store();
    const inside = await run(
      ["pack", "skills/pdf", "--output", "skills/pdf/x.skill"],
      cwd,
    );
    assert.equal(inside.code, 2);
    assert.match(inside.err, /archive_inside_skill/);
    const before = listing(cwd);
    const missing = await run(
      ["pack", "skills/pdf", "--output", "no/x.skill"],
      cwd,
    );
    assert.equal(missing.code, 2);
    // The folder is named, not the file, and what to do said.
    assert.match(
      missing.err,
      /unwritable: Wrote no archive: cannot write no\/x\.skill: its folder no does not exist; create it first, or give --output a file in a folder that exists\n$/,
    );
    const deeper = await run(
      ["pack", "skills/pdf", "--output", "a/b/x.zip"],
      cwd,
    );
    assert.match(deeper.err, /its folder a\/b does not exist/);
    writeFileSync(join(cwd, "plain"), "a file");
    const file = await run(
      ["pack", "skills/pdf", "--output", "plain/x.skill"],
      cwd,
    );
    assert.equal(file.code, 2);
    assert.match(file.err, /its folder plain is a file, not a folder/);
    const under = await run(
      ["pack", "skills/pdf", "--output", "plain/a/x.zip"],
      cwd,
    );
    assert.match(
      under.err,
      /its folder plain\/a does not exist \(a folder above it is a file\)/,
    );
    const json = await run(
      ["pack", "skills/pdf", "--output", "no/x.skill", "--json"],
      cwd,
    );
    assert.match(JSON.parse(json.out).error.message, /its folder no does not/);
    rmSync(join(cwd, "plain"));
    assert.deepEqual(listing(cwd), before);
  });

  it("writes no archive in place of a FIFO or a folder at --output, or of a symlink to one, and leaves them as they were (exit 2)", async () => {
    const cwd = store();
    makeFifo(join(cwd, "fifo"));
    mkdirSync(join(cwd, "folder"));
    symlinkSync(join(cwd, "fifo"), join(cwd, "to-fifo"));
    symlinkSync(join(cwd, "folder"), join(cwd, "to-folder"));
    const before = listing(cwd);
    const cases = [
      ["fifo", "a FIFO"],
      ["folder", "a directory"],
      ["to-fifo", "a symlink to a FIFO"],
      ["to-folder", "a symlink to a directory"],
    ] as const;
    for (const [target, what] of cases) {
      const { code, out, err } = await run(
        ["pack", "skills/pdf", "--output", target],
        cwd,
      );
      assert.equal(code, 2, err);
      assert.equal(out, "");
      assert.equal(
        err,
        `agent-skills: unwritable: Wrote no archive: cannot write ${target} (it is ${what}, not a file, and a file written there would replace it)\n`,
      );
    }
    assert.ok(lstatSync(join(cwd, "fifo")).isFIFO());
    assert.ok(lstatSync(join(cwd, "folder")).isDirectory());
    assert.ok(lstatSync(join(cwd, "to-fifo")).isSymbolicLink());
    assert.deepEqual(listing(cwd), before);
  });

  it("replaces a symlink at --output that leads to a file or to nothing, not what it leads to", async () => {
    const cwd = store();
    writeFileSync(join(cwd, "kept.skill"), "kept");
    symlinkSync(join(cwd, "kept.skill"), join(cwd, "to-file"));
    symlinkSync(join(cwd, "gone.skill"), join(cwd, "dangling"));
    for (const link of ["to-file", "dangling"]) {
      const { code, err } = await run(
        ["pack", "skills/pdf", "--output", link],
        cwd,
      );
      assert.equal(code, 0, err);
      assert.ok(lstatSync(join(cwd, link)).isFile());
    }
    assert.equal(readFileSync(join(cwd, "kept.skill"), "utf8"), "kept");
    assert.ok(!listing(cwd).includes("gone.skill"));
  });

  it("says --layout flat packs a skill only claude.ai's rules refuse, and not for one the spec refuses", async () => {
    const cwd = tree({
      "extra/SKILL.md":
        "---\nname: extra\ndescription: Does x.\nversion: 1.0\n---\nBody.\n",
    });
    const refused = await run(["pack", "extra"], cwd);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /claude_ai_field/);
    assert.match(refused.err, /--layout flat/);
    assert.equal(
      (await run(["pack", "extra", "--layout", "flat"], cwd)).code,
      0,
    );
    const bad = await run(["pack", "skills/bad"], store());
    assert.equal(bad.code, 1);
    assert.doesNotMatch(bad.err, /--layout flat/);
  });

  it("takes one DIR and a known layout (exit 2)", async () => {
    const cwd = store();
    assert.equal((await run(["pack"], cwd)).code, 2);
    const layout = await run(["pack", "skills/pdf", "--layout", "tar"], cwd);
    assert.equal(layout.code, 2);
    assert.match(layout.err, /--layout takes folder or flat/);
  });
});

describe("agent-skills check and list of archives", () => {
  it("checks and lists a packed archive, writing nothing", async () => {
    const cwd = store();
    assert.equal((await run(["pack", "skills/pdf"], cwd)).code, 0);
    const before = listing(cwd);
    const check = await run(["check", "pdf.skill"], cwd);
    assert.equal(check.code, 0, check.err);
    assert.equal(
      check.out,
      "0 errors, 0 warnings, 0 notes in 1 loadable skill\n",
    );
    const list = await run(["list", "pdf.skill"], cwd);
    assert.equal(list.code, 0);
    assert.match(list.out, /^pdf +archive\/pdf\.skill +The pdf skill\.$/m);
    assert.deepEqual(listing(cwd), before);
  });

  it("reports a skill's problems at ARCHIVE!/TOP/SKILL.md, in text and in JSON", async () => {
    const cwd = tree();
    writeFileSync(
      join(cwd, "s.zip"),
      zipSync({
        "s/SKILL.md": new TextEncoder().encode(
          "---\nname: t\ndescription: x\n---\n",
        ),
      }),
    );
    const text = await run(["check", "s.zip"], cwd);
    assert.equal(text.code, 1);
    assert.match(text.out, /^s\.zip!\/s\/SKILL\.md:2:\d+: name_mismatch:/m);
    const json = JSON.parse((await run(["check", "s.zip", "--json"], cwd)).out);
    assert.equal(json.diagnostics[0].path, join(cwd, "s.zip!/s/SKILL.md"));
  });

  it("fails with the archive's error code for a hostile archive (exit 1)", async () => {
    const cwd = tree();
    writeFileSync(
      join(cwd, "evil.skill"),
      zipSync({
        "s/SKILL.md": new TextEncoder().encode(manifest("s")),
        "../escape.md": new TextEncoder().encode("x"),
      }),
    );
    const before = listing(cwd);
    const list = await run(["list", "evil.skill"], cwd);
    assert.equal(list.code, 1);
    assert.match(
      list.err,
      /unsafe_path: Cannot read the archive evil\.skill/,
    );
    // check reports it in its report, as a diagnostic at the archive.
    const check = await run(["check", "evil.skill"], cwd);
    assert.equal(check.code, 1);
    assert.match(
      check.out,
      /^evil\.skill: unsafe_path: Refused the archive, nothing in it checked: evil\.skill holds/m,
    );
    assert.deepEqual(listing(cwd), before);
    const json = JSON.parse(
      (await run(["check", "evil.skill", "--json"], cwd)).out,
    );
    assert.equal(json.diagnostics[0].code, "unsafe_path");
    assert.equal(json.diagnostics[0].path, join(cwd, "evil.skill"));
  });

  it("prints no raw control character from an archive's names or its skill", async () => {
    const cwd = tree();
    const name = "e\u001b[31mvil.skill";
    writeFileSync(
      join(cwd, name),
      zipSync({
        "s/SKILL.md": new TextEncoder().encode(
          manifest("s", "\u001b]0;title\u0007red \u001b[31mtext"),
        ),
      }),
    );
    for (const command of ["check", "list"]) {
      const { out, err } = await run([command, name], cwd);
      assert.doesNotMatch(out + err, ACTING);
    }
    writeFileSync(
      join(cwd, "bad.skill"),
      zipSync({ "s/\u001b[2J.md": new Uint8Array() }),
    );
    const { out, err } = await run(["check", "bad.skill"], cwd);
    assert.match(out, /unsafe_path/);
    assert.doesNotMatch(out + err, ACTING);
  });

  it("checks archives beside directories in one report; list takes archives only", async () => {
    const cwd = store();
    assert.equal((await run(["pack", "skills/pdf"], cwd)).code, 0);
    const mixed = await run(
      ["check", "pdf.skill", "skills/pdf", "--json"],
      cwd,
    );
    const report = JSON.parse(mixed.out);
    assert.equal(report.skills, 2);
    assert.equal(report.ok, true);
    const list = await run(["list", "pdf.skill", "skills"], cwd);
    assert.equal(list.code, 2);
    assert.match(list.err, /either archives/);
  });

  it("refuses what is no archive, and a missing one (exit 1)", async () => {
    const cwd = tree({ "text.zip": "hello" });
    assert.match(
      (await run(["check", "text.zip"], cwd)).out,
      /^text\.zip: not_a_zip/m,
    );
    const missing = await run(["list", "missing.skill"], cwd);
    assert.equal(missing.code, 1);
    assert.match(
      missing.err,
      /unreadable: Cannot read the archive missing\.skill/,
    );
  });
});
