// The roots named on the command line (each DIR, each --root), as every
// command that reads roots takes them: a skill directory, a SKILL.md, a
// file, a FIFO, a path that does not exist, each named through a symlink
// or with acting characters in its name. One verdict for every command
// (src/cli/roots.ts): never an empty success. Run in process, through
// main().

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { link, makeFifo, manifest, runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** One run in `cwd`, with an explicit home. */
async function run(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number; out: string; err: string }> {
  return await runMain([...args, "--home", cwd], { columns: 120, cwd });
}

/** A store of two skills, its lock beside it; the skills' root and pdf's directory. */
async function store(): Promise<
  { cwd: string; root: string; pdf: string; lock: string }
> {
  const cwd = tree({
    "skills/pdf/SKILL.md": manifest("pdf"),
    "skills/pdf/forms.md": "# forms\n",
    "skills/docx/SKILL.md": manifest("docx"),
  });
  const root = join(cwd, "skills");
  const lock = join(cwd, "skills.lock.json");
  assert.equal((await run(["lock", root, "--output", lock], cwd)).code, 0);
  return { cwd, root, pdf: join(root, "pdf"), lock };
}

/**
 * Every command that reads roots, run with `dir` as its one root (a DIR),
 * by what it is asked: each must fail (exit 1), never give an empty success.
 */
function everyCommand(
  dir: string,
  { lock, out }: { lock: string; out: string },
): Record<string, string[]> {
  return {
    list: ["list", dir],
    catalog: ["catalog", dir],
    show: ["show", "pdf", dir],
    path: ["path", "pdf", "SKILL.md", dir],
    why: ["why", "pdf", dir],
    lock: ["lock", dir, "--output", out],
    verify: ["verify", dir, "--lock", lock],
    "list --root": ["list", "--root", dir],
    "catalog --root": ["catalog", "--root", dir],
    "show --root": ["show", "pdf", "--root", dir],
  };
}

describe("a skill directory given where a root is expected", () => {
  it("fails every command that reads roots, saying to list its parent", async () => {
    const { cwd, root, pdf, lock } = await store();
    const out = join(cwd, "new.lock.json");
    for (
      const [what, args] of Object.entries(everyCommand(pdf, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.ok(
        err.includes(
          "skills/pdf is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root skills",
        ),
        `${what}: ${err}`,
      );
      // Said once, never pointed at why.
      assert.equal(err.split("is a skill directory").length, 2, err);
      assert.doesNotMatch(err, /agent-skills why/, what);
    }
    assert.equal(existsSync(out), false);
    // Its parent serves it.
    assert.equal((await run(["show", "pdf", root], cwd)).code, 0);
  });

  it("says so in the JSON document, one document per run", async () => {
    const { cwd, pdf, lock } = await store();
    const out = join(cwd, "new.lock.json");
    for (
      const [what, args] of Object.entries(everyCommand(pdf, { lock, out }))
    ) {
      const { code, out: stdout, err } = await run([...args, "--json"], cwd);
      assert.equal(code, 1, what);
      assert.equal(err, "", what);
      const document = JSON.parse(stdout) as {
        hints?: string[];
        error?: { code: string; message: string };
      };
      const said = document.error?.message ?? document.hints?.join("\n") ?? "";
      assert.match(said, /is a skill directory .*: list its parent/, what);
      if (document.error !== undefined) {
        assert.equal(document.error.code, "skill_directory", what);
      }
    }
  });

  it("checks it as that one skill in check, as the reference validator does", async () => {
    const { cwd, pdf } = await store();
    const { code, out } = await run(["check", pdf], cwd);
    assert.equal(code, 0, out);
    assert.match(out, /in 1 loadable skill\n$/);
  });

  it("takes a SKILL.md given as a root as its skill's directory", async () => {
    const { cwd, lock } = await store();
    const file = join(cwd, "skills", "pdf", "SKILL.md");
    const out = join(cwd, "new.lock.json");
    for (
      const [what, args] of Object.entries(everyCommand(file, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(
        err,
        /skills\/pdf\/SKILL\.md is a skill's manifest, not a root of skills: list the folder that holds its skill, --root skills\n/,
        what,
      );
    }
    assert.equal((await run(["check", file], cwd)).code, 0);
  });

  it("is the same through a symlink, naming the folder that holds the link", async () => {
    const { cwd, lock, pdf } = await store();
    const links = join(cwd, "links");
    link(pdf, join(links, "pdf-link"));
    const out = join(cwd, "new.lock.json");
    const given = join(links, "pdf-link");
    for (
      const [what, args] of Object.entries(everyCommand(given, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(
        err,
        /links\/pdf-link is a skill directory \(it holds SKILL\.md\), not a root of skills: list its parent, --root links\n/,
        what,
      );
    }
    // And that folder serves it, under its link's name.
    assert.equal((await run(["path", "pdf", "forms.md", links], cwd)).code, 0);
  });

  it("is a skill directory first when it also holds skills below it", async () => {
    const cwd = tree({
      "outer/SKILL.md": manifest("outer"),
      "outer/inner/SKILL.md": manifest("inner"),
    });
    const outer = join(cwd, "outer");
    for (const args of [["list", outer], ["show", "inner", outer]]) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, err);
      assert.ok(
        err.endsWith(
          `outer is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${cwd}\n`,
        ),
        err,
      );
    }
    // check reads it as one skill; its subfolders are its resources.
    const checked = await run(["check", outer], cwd);
    assert.match(checked.out, /in 1 loadable skill\n$/);
  });
});

describe("a root that is no directory of skills", () => {
  it("fails every command for a path that does not exist, catalog as list", async () => {
    const { cwd, lock } = await store();
    const missing = join(cwd, "no-such-dir");
    const out = join(cwd, "new.lock.json");
    for (
      const [what, args] of Object.entries(everyCommand(missing, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(err, /no-such-dir does not exist\n/, what);
    }
    assert.equal(existsSync(out), false);
    assert.equal((await run(["check", missing], cwd)).code, 1);
  });

  it("fails every command for a file", async () => {
    const { cwd, lock } = await store();
    const file = join(cwd, "skills.lock.json");
    const before = readFileSync(lock, "utf8");
    const out = join(cwd, "new.lock.json");
    for (
      const [what, args] of Object.entries(everyCommand(file, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(err, /skills\.lock\.json.*not a directory/, what);
    }
    assert.equal(readFileSync(lock, "utf8"), before);
    assert.equal((await run(["check", file], cwd)).code, 1);
  });

  it("fails every command for a FIFO, without opening it", async () => {
    const { cwd, lock } = await store();
    const fifo = join(cwd, "pipe");
    makeFifo(fifo);
    const out = join(cwd, "new.lock.json");
    // A FIFO opened for reading would block the run until a writer came.
    for (
      const [what, args] of Object.entries(everyCommand(fifo, { lock, out }))
    ) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(err, /pipe.*not a directory/, what);
    }
    assert.equal((await run(["check", fifo], cwd)).code, 1);
  });

  it("fails every command over every skill for a folder that holds no skill", async () => {
    const { cwd, lock } = await store();
    const made = tree({ "empty/.keep": "" });
    const given = join(made, "empty");
    const out = join(cwd, "new.lock.json");
    const commands = everyCommand(given, { lock, out });
    // show, path and why answer for one name: why's near misses say it.
    for (const what of ["show", "path", "why", "show --root"]) {
      delete commands[what];
    }
    for (const [what, args] of Object.entries(commands)) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1, `${what}: ${err}`);
      assert.match(err, /no skills in .*empty: no SKILL\.md in it/, what);
    }
    assert.equal(existsSync(out), false);
    assert.equal((await run(["check", given], cwd)).code, 1);
  });

  it("escapes the acting characters of a root's name, one line each", async () => {
    const { cwd, lock, pdf } = await store();
    const hostile = "x\n\x1b[2Jagent-skills: forged\u202E\u0007";
    link(pdf, join(cwd, hostile));
    const out = join(cwd, "new.lock.json");
    const given = join(cwd, hostile);
    for (
      const [what, args] of Object.entries(everyCommand(given, { lock, out }))
    ) {
      const { code, err, out: stdout } = await run(args, cwd);
      assert.equal(code, 1, what);
      for (const text of [err, stdout]) {
        for (const char of ["\x1b", "\u202E", "\u0007"]) {
          assert.ok(!text.includes(char), `${what}: ${text}`);
        }
      }
      assert.match(
        err,
        /x\\n\\u001b\[2Jagent-skills: forged\\u202e\\u0007 is a skill directory/i,
        what,
      );
      // And in the JSON document, where it says so too.
      const json = await run([...args, "--json"], cwd);
      assert.equal(json.code, 1, what);
      for (const char of ["\x1b", "\u202E", "\u0007"]) {
        assert.ok(!json.out.includes(char), `${what}: ${json.out}`);
      }
      const document = JSON.parse(json.out) as {
        hints?: string[];
        error?: { message: string };
      };
      assert.match(
        document.error?.message ?? document.hints?.join("\n") ?? "",
        /forged\\u202e\\u0007 is a skill directory/i,
        what,
      );
    }
    // A path that does not exist, so named, is said escaped too.
    const missing = join(cwd, `gone${hostile}`);
    for (const args of [["list", missing], ["catalog", missing]]) {
      const { code, err } = await run(args, cwd);
      assert.equal(code, 1);
      assert.equal(err.split("\n").length, 2, err);
      assert.match(err, /gonex\\n\\u001b\[2J.* does not exist\n$/i);
    }
  });
});
