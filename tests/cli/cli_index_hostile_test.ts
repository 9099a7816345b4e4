// agent-skills --index FILE against hostile and mistaken FILEs, in-process
// through main(): corrupted, foreign, huge, not UTF-8, a FIFO, a directory,
// a symlink, inside a root or a skill, in a folder that is not there, and
// terminal text in its path. Each run goes on as without an index (a note)
// or is refused whole (exit 2, nothing written); no other file is replaced.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { link, makeFifo, manifest, tempTrees } from "../_helpers.ts";
import { forge, indexAt, indexFlag, run, STORE } from "./_index.ts";
import { MAX_INDEX_FILE_BYTES } from "../../src/cli/index_file.ts";

const tree = tempTrees();

/** What `list skills --json` prints without an index, in `cwd`. */
async function plain(cwd: string): Promise<string> {
  return (await run(["list", "skills", "--json"], cwd)).out;
}

/**
 * Runs `list` with FILE as it is, and asserts the run went on without it:
 * the document a run without an index prints, exit 0, one note of `code`.
 */
async function unused(cwd: string, code: string, why: RegExp): Promise<string> {
  const { flag } = indexFlag(cwd);
  const result = await run(["list", "skills", "--json", ...flag], cwd);
  assert.equal(result.code, 0, result.err);
  assert.equal(result.out, await plain(cwd));
  const lines = result.err.split("\n").filter((line) => line !== "");
  assert.equal(lines.length, 1, result.err);
  assert.match(
    lines[0] ?? "",
    new RegExp(`^note \\[${code}\\] --index cache/index\\.json is not used: `),
  );
  assert.match(lines[0] ?? "", why);
  return lines[0] ?? "";
}

describe("a FILE that is no index is said in one note, and not used", () => {
  it("truncated: not JSON; written again, since it began as an index", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    await run(["list", "skills", ...flag], cwd);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.slice(0, text.length / 2));
    await unused(
      cwd,
      "index_malformed",
      /it is not JSON \(.*\); every manifest is read, and the index is written to it after the run$/,
    );
    assert.equal(readFileSync(file, "utf8"), text);
  });

  it("empty: written", async () => {
    const cwd = tree({ ...STORE, "cache/index.json": "" });
    await unused(cwd, "index_malformed", /not JSON/);
    assert.equal(indexAt(indexFlag(cwd).file).skills.length, 2);
  });

  it("another file's JSON or text: left as it is", async () => {
    for (
      const foreign of [
        '{"name":"my-app","version":"1.0.0"}\n',
        "[1,2]",
        "# notes\n",
        "null",
      ]
    ) {
      const cwd = tree({ ...STORE, "cache/index.json": foreign });
      const note = await unused(
        cwd,
        "index_malformed",
        /it is left as it is: give --index a file of its own/,
      );
      assert.ok(
        note.includes(
          foreign.startsWith("{") || foreign.startsWith("[") ||
            foreign === "null"
            ? "no index"
            : "not JSON",
        ),
        note,
      );
      assert.equal(readFileSync(indexFlag(cwd).file, "utf8"), foreign);
    }
  });

  it("an index the library refuses (its fields wrong): written again", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    await run(["list", "skills", ...flag], cwd);
    const index = indexAt(file) as unknown as { skills: unknown[] };
    index.skills = [{ path: "/etc/passwd" }];
    writeFileSync(file, JSON.stringify(index));
    await unused(cwd, "index_refused", /skills\[0\]/);
    assert.equal(indexAt(file).skills.length, 2);
  });

  it("larger than the bound: not read past its head; replaced only when it began as an index", async () => {
    for (
      const [head, replaced] of [['{"agentSkillsIndex":1,', true], [
        '{"other":',
        false,
      ]] as const
    ) {
      const cwd = tree(STORE);
      const { file } = indexFlag(cwd);
      // A sparse file: its size is the bound's, plus one, and it costs no disk.
      writeFileSync(file, head);
      truncateSync(file, MAX_INDEX_FILE_BYTES + 1);
      await unused(
        cwd,
        "index_unreadable",
        new RegExp(`larger than ${MAX_INDEX_FILE_BYTES} bytes`),
      );
      if (replaced) assert.equal(indexAt(file).skills.length, 2);
      else assert.equal(statSync(file).size, MAX_INDEX_FILE_BYTES + 1);
    }
  });

  it("not UTF-8: said, never decoded loosely", async () => {
    const cwd = tree(STORE);
    writeFileSync(
      indexFlag(cwd).file,
      new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    );
    await unused(cwd, "index_unreadable", /it is not UTF-8/);
  });

  it("a FIFO: never opened to block; left a FIFO", async () => {
    const cwd = tree(STORE);
    const { file } = indexFlag(cwd);
    makeFifo(file);
    await unused(
      cwd,
      "index_unreadable",
      /it is a FIFO, not a file; it is left as it is/,
    );
    assert.ok(lstatSync(file).isFIFO());
  });

  it("a directory: left a directory", async () => {
    const cwd = tree(STORE);
    const { file } = indexFlag(cwd);
    mkdirSync(file);
    await unused(cwd, "index_unreadable", /it is a directory, not a file/);
    assert.ok(statSync(file).isDirectory());
  });

  it("a loop of symlinks: said, left as it is", async () => {
    const cwd = tree(STORE);
    const { file } = indexFlag(cwd);
    symlinkSync("index.json", file);
    await unused(cwd, "index_unreadable", /.+/);
    assert.equal(readlinkSync(file), "index.json");
  });
});

describe("a FILE that is a symlink", () => {
  it("is read through, and the index written replaces the link, as lock --output does", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    const elsewhere = join(cwd, "elsewhere.json");
    await run(["list", "skills", "--index", elsewhere], cwd);
    forge(elsewhere);
    symlinkSync(elsewhere, file);
    const listed = await run(["list", "skills", ...flag], cwd);
    assert.match(listed.out, /FORGED pdf/);
    // Nothing changed: the link is left as it is.
    assert.ok(lstatSync(file).isSymbolicLink());
    writeFileSync(
      join(cwd, "skills", "pdf", "SKILL.md"),
      manifest("pdf", "Sign."),
    );
    await run(["list", "skills", ...flag], cwd);
    assert.ok(lstatSync(file).isFile());
    assert.match(readFileSync(elsewhere, "utf8"), /FORGED pdf/);
  });
});

describe("a FILE where the skills' writers could forge it is refused (exit 2, nothing written)", () => {
  /** Asserts a refused run: exit 2, `code` naming `where`, FILE not written. */
  async function refused(
    args: string[],
    cwd: string,
    code: string,
    where: RegExp,
  ): Promise<void> {
    const before = snapshot(cwd);
    for (const json of [false, true]) {
      const result = await run([...args, ...(json ? ["--json"] : [])], cwd);
      assert.equal(result.code, 2, result.err);
      if (json) {
        assert.equal(JSON.parse(result.out).error.code, code);
        assert.match(JSON.parse(result.out).error.message, where);
      } else {
        assert.equal(result.out, "");
        assert.match(
          result.err,
          new RegExp(
            `^agent-skills: ${code}: Cannot keep the index in --index `,
          ),
        );
        assert.match(result.err, where);
      }
    }
    assert.deepEqual(snapshot(cwd), before);
  }

  it("inside a root, by its path or through a symlink to it", async () => {
    const cwd = tree(STORE);
    await refused(
      ["list", "skills", "--index", "skills/index.json"],
      cwd,
      "index_inside_root",
      /inside the root skills, where the skills' writers could forge it/,
    );
    link(join(cwd, "skills"), join(cwd, "out"));
    await refused(
      ["list", "skills", "--index", "out/index.json"],
      cwd,
      "index_inside_root",
      /reached through a symlink, at skills\/index\.json/,
    );
    symlinkSync(
      join(cwd, "skills", "new.json"),
      join(cwd, "cache", "dangling.json"),
    );
    await refused(
      ["catalog", "skills", "--index", "cache/dangling.json"],
      cwd,
      "index_inside_root",
      /inside the root skills/,
    );
    // A root given through a symlink, FILE by its real path.
    await refused(
      ["show", "pdf", "out", "--index", "skills/x.json"],
      cwd,
      "index_inside_root",
      /inside the root/,
    );
  });

  it("inside a skill directory a root links to, or any folder holding a SKILL.md", async () => {
    const cwd = tree({
      ...STORE,
      "linked/xlsx/SKILL.md": manifest("xlsx"),
      "lone/SKILL.md": manifest("lone"),
    });
    link(join(cwd, "linked", "xlsx"), join(cwd, "skills", "xlsx"));
    await refused(
      ["list", "skills", "--index", "linked/xlsx/index.json"],
      cwd,
      "index_inside_skill",
      /inside the skill directory linked\/xlsx \(it holds SKILL\.md\)/,
    );
    await refused(
      ["why", "pdf", "skills", "--index", "lone/deeper/../index.json"],
      cwd,
      "index_inside_skill",
      /lone/,
    );
  });

  it("in a folder that does not exist, or is a file: says which (unwritable)", async () => {
    const cwd = tree(STORE);
    await refused(
      ["list", "skills", "--index", "nowhere/index.json"],
      cwd,
      "unwritable",
      /its folder nowhere does not exist; create it first, or give --index a file in a folder that exists/,
    );
    await refused(
      ["list", "skills", "--index", "cache/.keep/index.json"],
      cwd,
      "unwritable",
      /its folder cache\/\.keep is a file, not a folder; give --index a file in a folder/,
    );
  });
});

describe("FILE's path in messages", () => {
  it("never reaches the terminal with a raw control or bidi character", async () => {
    const name = "in\u001b[31mred\u202eevil\u0007.json";
    const cwd = tree({ ...STORE, [`cache/${name}`]: "# not an index\n" });
    const cases = [
      ["list", "skills", "--index", `cache/${name}`],
      ["list", "skills", "--index", `nowhere/${name}`],
      ["list", "skills", "--index", `skills/${name}`],
    ];
    for (const args of cases) {
      for (const json of [[], ["--json"]]) {
        const { out, err } = await run([...args, ...json], cwd);
        assert.ok(err !== "" || out !== "", args.join(" "));
        for (const raw of ["\u001b", "\u202e", "\u0007"]) {
          assert.ok(
            !err.includes(raw) && !out.includes(raw),
            JSON.stringify(err + out),
          );
        }
        assert.match(err + out, /\\u202e/);
      }
    }
  });
});

/** Every file under `dir` with its bytes, links as their targets. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isSymbolicLink()) files[path] = `-> ${readlinkSync(path)}`;
      else if (entry.isDirectory()) walk(path);
      else files[path] = readFileSync(path, "latin1");
    }
  };
  walk(dir);
  return files;
}
