// agent-skills --index FILE (src/cli/index_file.ts), run in-process through
// main(): the index is written after a run, and a second run takes every
// manifest that did not change from it without reading it; the output is
// what a run without it prints; what commands take it.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, runMain, tempTrees } from "../_helpers.ts";
import { forge, indexAt, indexFlag, run, STORE } from "./_index.ts";

const tree = tempTrees();

describe("agent-skills --index FILE", () => {
  it("writes FILE after the first run: the index of the skills read", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    const first = await run(["list", "skills", ...flag], cwd);
    assert.equal(first.code, 0, first.err);
    assert.equal(first.err, "");
    const index = indexAt(file);
    assert.deepEqual(index.roots, [join(cwd, "skills")]);
    assert.deepEqual(
      index.skills.map((entry) => entry.info.name).sort(),
      ["docx", "pdf"],
    );
    // Written whole: no temporary file is left beside it.
    assert.deepEqual(readdirSync(join(cwd, "cache")).sort(), [
      ".keep",
      "index.json",
    ]);
  });

  it("takes every manifest that did not change from FILE at the next run, without reading it", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    assert.equal((await run(["list", "skills", ...flag], cwd)).code, 0);
    // Only FILE says this: a run that lists it did not read the manifests.
    forge(file);
    const forged = readFileSync(file, "utf8");
    const second = await run(["list", "skills", "--json", ...flag], cwd);
    assert.equal(second.code, 0, second.err);
    assert.deepEqual(
      JSON.parse(second.out).skills.map((s: { description: string }) =>
        s.description
      ),
      ["FORGED docx", "FORGED pdf"],
    );
    // Nothing changed: FILE is not written again.
    assert.equal(readFileSync(file, "utf8"), forged);
  });

  it("reads a manifest that changed since, takes the others, and writes FILE again", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    assert.equal((await run(["list", "skills", ...flag], cwd)).code, 0);
    forge(file);
    writeFileSync(
      join(cwd, "skills", "pdf", "SKILL.md"),
      manifest("pdf", "Sign PDF forms."),
    );
    const { code, out } = await run([
      "catalog",
      "skills",
      "--format",
      "json",
      ...flag,
    ], cwd);
    assert.equal(code, 0);
    assert.deepEqual(
      JSON.parse(out).skills.map((s: { description: string }) => s.description),
      ["FORGED docx", "Sign PDF forms."],
    );
    const written = indexAt(file).skills.map((e) => e.info.description);
    assert.deepEqual(written.sort(), ["FORGED docx", "Sign PDF forms."]);
  });

  it("reads the body of a skill it shows, serves what the disk says, and keeps no entry that lied", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    assert.equal((await run(["list", "skills", ...flag], cwd)).code, 0);
    forge(file);
    const shown = await run(["show", "pdf", "skills", "--json", ...flag], cwd);
    assert.equal(shown.code, 0, shown.err);
    assert.equal(JSON.parse(shown.out).skill.description, "Fill PDF forms.");
    // The entry that was not what the disk holds is left out, then read.
    assert.deepEqual(indexAt(file).skills.map((e) => e.info.name), ["docx"]);
    const listed = await run(["list", "skills", "--json", ...flag], cwd);
    assert.deepEqual(
      JSON.parse(listed.out).skills.map((s: { description: string }) =>
        s.description
      ),
      ["FORGED docx", "Fill PDF forms."],
    );
  });

  it("prints what the command prints without it, in every command that takes it", async () => {
    const cwd = tree(STORE);
    const { flag } = indexFlag(cwd);
    const commands = [
      ["list", "skills"],
      ["list", "skills", "--json"],
      ["catalog", "skills"],
      ["catalog", "skills", "--json", "--budget", "40"],
      ["show", "pdf", "skills"],
      ["show", "pdf", "skills", "--json"],
      ["path", "pdf", "scripts/fill.py", "skills"],
      ["why", "pdf", "skills", "--json"],
      ["why", "pfd", "skills"],
      ["why", "pdf", "skills", "--host", "all"],
      ["show", "nope", "skills"],
    ];
    for (const args of commands) {
      const plain = await run(args, cwd);
      // The first run writes FILE; the second starts from it.
      assert.deepEqual(
        await run([...args, ...flag], cwd),
        plain,
        args.join(" "),
      );
      assert.deepEqual(
        await run([...args, ...flag], cwd),
        plain,
        args.join(" "),
      );
    }
  });

  it("is rewritten for the roots given when it was made for others (index_refused, a note)", async () => {
    const cwd = tree({ ...STORE, "more/xlsx/SKILL.md": manifest("xlsx") });
    const { flag, file } = indexFlag(cwd);
    assert.equal((await run(["list", "skills", ...flag], cwd)).code, 0);
    forge(file);
    const other = await run(["list", "skills", "more", "--json", ...flag], cwd);
    assert.equal(other.code, 0);
    assert.match(
      other.err,
      /^note \[index_refused\] --index cache\/index\.json is not used: it was made for other roots \(or in another order\) than these; every manifest is read, and the index is written to it after the run\n$/,
    );
    // The document is what a run without it prints: no warning of it.
    assert.deepEqual(
      JSON.parse(other.out),
      JSON.parse((await run(["list", "skills", "more", "--json"], cwd)).out),
    );
    assert.deepEqual(indexAt(file).roots, [
      join(cwd, "skills"),
      join(cwd, "more"),
    ]);
    // Settings count too: another manifest cap is another index.
    const capped = await run([
      "list",
      "skills",
      "more",
      "--max-manifest-bytes",
      "4096",
      ...flag,
    ], cwd);
    assert.match(capped.err, /index_refused.*maxManifestBytes 1048576/);
  });
});

describe("the commands that take --index", () => {
  const cwd = tree(STORE);

  it("are list, catalog, show, path and why, each saying it in its help", async () => {
    for (const command of ["list", "catalog", "show", "path", "why"]) {
      const { out } = await runMain([command, "--help"], { columns: 80, cwd });
      assert.match(out, /\n {2}--index FILE {6}keep the index/, command);
    }
  });

  it("not check, lock, verify or pack, which read every manifest by design", async () => {
    assert.match(
      (await runMain(["check", "--help"], { columns: 80, cwd })).out,
      /check reads every manifest by design, so it takes no --index/,
    );
    for (const command of ["check", "lock", "verify", "pack"]) {
      const { code, err } = await run(
        [command, "skills", "--index", "x.json"],
        cwd,
      );
      assert.equal(code, 2, command);
      assert.match(
        err,
        new RegExp(
          `^agent-skills ${command}: unknown option --index: ${command} reads every (manifest|file of its skill) by design, so it keeps no index \\(--index is for list, catalog, show, path and why\\)\\n`,
        ),
      );
    }
  });

  it("refuse an empty FILE name, - and archives as usage errors", async () => {
    for (
      const [args, message] of [
        [["list", "--index", ""], /option --index takes a file name, got ""/],
        [
          ["list", "--index", "-"],
          /not - \(standard input or output\); a file named - is \.\/-/,
        ],
        [
          ["list", "a.skill", "--index", "x.json"],
          /an archive is read whole: give no --index with archives/,
        ],
      ] as const
    ) {
      const { code, out, err } = await run([...args], cwd);
      assert.equal(code, 2, args.join(" "));
      assert.equal(out, "");
      assert.match(err, message);
    }
  });
});
