// `agent-skills list` over the roots named on its command line: what it did
// not read from them is said on stderr, with the flag or the roots that read
// it, and fails the command as `check` fails on the same path. Run in
// process, through main().

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { main } from "@clarvis/agent-skills/cli";
import {
  link,
  manifest,
  recordBackend,
  tempTrees,
  withTree,
} from "../_helpers.ts";

const tree = tempTrees();

/**
 * Runs `run` (the command line, async) with every directory listing the
 * library makes until it settles recorded, by path, in order: the work a
 * walk does, counted rather than timed (as tests/_helpers.ts countListings).
 */
async function countListingsAsync<T>(
  run: () => Promise<T>,
): Promise<{ result: T; listed: string[] }> {
  const recording = recordBackend(["list"]);
  try {
    return { result: await run(), listed: recording.paths };
  } finally {
    recording.stop();
  }
}

/** One run of the command: its exit code, stdout and stderr. */
async function run(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main([...args, "--home", "/nonexistent-home"], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    color: false,
    columns: 200,
    cwd: "/nonexistent-cwd",
  });
  return { code, stdout, stderr };
}

/** The names listed under --json. */
function names(stdout: string): string[] {
  const doc = JSON.parse(stdout) as { skills: Array<{ name: string }> };
  return doc.skills.map((skill) => skill.name);
}

/** A store whose top holds one skill and 17 more in four category folders. */
function store(): string {
  const files: Record<string, string> = { "top/SKILL.md": manifest("top") };
  for (let i = 0; i < 17; i++) {
    const name = `s${i}`;
    files[`cat${i % 4}/${name}/SKILL.md`] = manifest(name);
  }
  return tree(files);
}

describe("list over a store's top", () => {
  it("says which skills it did not read, though it read one, and fails as check does", async () => {
    const root = store();
    const listed = await run("list", root);
    assert.equal(listed.code, 1);
    assert.match(listed.stdout, /^top +The top skill\.$/m);
    assert.equal(
      listed.stderr,
      `agent-skills: read 1 skill one level below ${root}, not the 17 skill directories further in; found cat0/s0/SKILL.md, cat1/s1/SKILL.md, cat2/s10/SKILL.md: they are in category folders, so pass --depth 2\n`,
    );
    assert.equal((await run("check", root)).code, 1);
  });

  it("reads them all with the depth it names, and then passes", async () => {
    const root = store();
    const listed = await run("list", root, "--depth", "2", "--json");
    assert.equal(listed.code, 0);
    assert.equal(names(listed.stdout).length, 18);
    assert.deepEqual(JSON.parse(listed.stdout).hints, []);
    assert.equal((await run("check", root, "--depth", "2")).code, 0);
  });

  it("names a depth past the one given, never the one given", async () => {
    const root = tree({
      "a/lint/SKILL.md": manifest("lint"),
      "b/c/d/deep/SKILL.md": manifest("deep"),
      "e/f/g/other/SKILL.md": manifest("other"),
      "h/i/j/more/SKILL.md": manifest("more"),
      "k/l/m/last/SKILL.md": manifest("last"),
    });
    const listed = await run("list", root, "--depth", "3");
    assert.equal(listed.code, 1);
    assert.equal(
      listed.stderr,
      `agent-skills: read 1 skill within 3 levels below ${root} (dot-directories skipped), not the 4 skill directories further in; found b/c/d/deep/SKILL.md, e/f/g/other/SKILL.md, h/i/j/more/SKILL.md: they are in category folders, so pass --depth 4\n`,
    );
  });

  it("gives no hint where a skill within the depth given did not load: discovery said why", async () => {
    const root = tree({ "a/b/broken/SKILL.md": "---\nname: broken\n---\n" });
    const listed = await run("list", root, "--depth", "3");
    assert.equal(listed.code, 0);
    assert.match(listed.stderr, /^warning \[invalid_skill\]/);
    assert.doesNotMatch(listed.stderr, /--depth/);
  });

  it("says --plugins at a marketplace's top, beside a skill it read there", async () => {
    const root = tree({
      ".claude-plugin/marketplace.json": '{"plugins": []}',
      "plugins/a/skills/setup/SKILL.md": manifest("setup"),
      "plugins/b/skills/build/SKILL.md": manifest("build"),
      "top/SKILL.md": manifest("top"),
    });
    const listed = await run("list", root);
    assert.equal(listed.code, 1);
    assert.match(
      listed.stderr,
      /: it is a plugin marketplace, so pass --plugins\n$/,
    );
  });

  it("names the roots to pass for skills under dot-directories, the depth notwithstanding", async () => {
    const root = tree({
      "top/SKILL.md": manifest("top"),
      ".curated/pdf/SKILL.md": manifest("pdf"),
    });
    const listed = await run("list", root, "--depth", "2");
    assert.equal(listed.code, 1);
    assert.equal(
      listed.stderr,
      `agent-skills: read 1 skill within 2 levels below ${root} (dot-directories skipped), not the skill directory further in; found .curated/pdf/SKILL.md: skills are one level below a root, so pass --root ${root}/.curated\n`,
    );
  });
});

describe("list's hint over names from disk", () => {
  it("stays one line without a control character, whatever a folder's name holds", async () => {
    const hostile = "cat\n\x1b[2Jagent-skills: forged\u202E";
    const root = tree({
      "top/SKILL.md": manifest("top"),
      [`${hostile}/deep/SKILL.md`]: manifest("deep"),
    });
    const listed = await run("list", root);
    assert.equal(listed.code, 1);
    assert.equal(listed.stderr.split("\n").length, 2); // one line, then ""
    assert.ok(!listed.stderr.includes("\x1b"), listed.stderr);
    assert.ok(!listed.stderr.includes("\u202E"), listed.stderr);
    assert.match(listed.stderr, /found cat\\n\\u001b\[2Jagent-skills: forged/);
  });
});

describe("list's exit code for a root named on its command line", () => {
  it("is 1 for a root that is a file, as check's root_not_directory", async () => {
    const root = tree({ "file.txt": "x" });
    const file = join(root, "file.txt");
    const listed = await run("list", file);
    assert.equal(listed.code, 1);
    assert.equal(
      listed.stderr,
      `warning [root_not_directory] Skipped skill root ${file}: it is not a directory\n`,
    );
    assert.equal((await run("check", file)).code, 1);
    assert.equal((await run("list", "--root", file)).code, 1);
  });

  it("is 1 for a root that does not exist, as check's path_not_found", async () => {
    const missing = join(tree(), "missing");
    const listed = await run("list", missing);
    assert.equal(listed.code, 1);
    assert.equal(listed.stderr, `agent-skills: ${missing} does not exist\n`);
    assert.equal((await run("check", missing)).code, 1);
  });

  it("is 1 for a DIR that holds no skill, as check's no_skills, though another DIR has skills", async () => {
    const empty = tree();
    const full = tree({ "one/SKILL.md": manifest("one") });
    const listed = await run("list", empty, full);
    assert.equal(listed.code, 1);
    assert.equal(
      listed.stderr,
      `agent-skills: no skills in ${empty}: no SKILL.md in it or in any directory one level below\n`,
    );
    assert.equal((await run("check", empty, full)).code, 1);
  });

  it("says how deep it looked in an empty DIR under --depth, as check does", async () => {
    const empty = tree({ "a/b/.keep": "" });
    const listed = await run("list", empty, "--depth", "3");
    assert.equal(listed.code, 1);
    assert.equal(
      listed.stderr,
      `agent-skills: no skills in ${empty}: no SKILL.md in it or in any directory within 3 levels below\n`,
    );
    const checked = await run("check", empty, "--depth", "3");
    assert.equal(checked.code, 1);
    assert.match(
      checked.stdout,
      /no_skills: No skills in .*: no SKILL\.md in it or in any directory within 3 levels below \[error\]/,
    );
  });

  it("is 0 for an empty --root beside one with skills, as check's roots together", async () => {
    const empty = tree();
    const full = tree({ "one/SKILL.md": manifest("one") });
    const listed = await run("list", "--root", empty, "--root", full);
    assert.equal(listed.code, 0);
    assert.equal(listed.stderr, "");
    assert.equal((await run("check", "--root", empty, "--root", full)).code, 0);
    assert.equal((await run("list", "--root", empty)).code, 1);
  });

  it("is 1 for a skill directory named as a root, with the parent to list", async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    const listed = await run("list", join(root, "one"));
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, /is a skill directory .*: list its parent/);
  });

  it("counts a symlinked skill directory as a skill, followed or not", async () => {
    const store = tree({ "one/SKILL.md": manifest("one") });
    const root = tree();
    link(join(store, "one"), join(root, "one"));
    assert.equal((await run("list", root)).code, 0);
  });

  // A root it may not read exits 1, as check's unreadable: in
  // tests/discovery/process/unprivileged_test.ts, run without privileges so that it
  // asserts so also where the tests run as root.

  it("lists a root whose skills all loaded once more, and no skill directory", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`s${i}/SKILL.md`] = manifest(`s${i}`);
    const root = tree(files);
    const { result: listed, listed: dirs } = await countListingsAsync(() =>
      run("list", root)
    );
    assert.equal(listed.code, 0);
    // Discovery's listing of the root, then the search below it, which
    // takes the skills it loaded as skills without listing them.
    assert.deepEqual(dirs, [root, root]);
  });

  it("bounds the search below a wide root: it never lists past 2,000 folders", async () => {
    const root = tree();
    for (let i = 0; i < 2100; i++) mkdirSync(join(root, `d${i}`));
    const { result: listed, listed: dirs } = await countListingsAsync(() =>
      run("list", root, "--json")
    );
    assert.equal(listed.code, 1);
    assert.deepEqual(names(listed.stdout), []);
    // Discovery lists the root and each directory (one level deep, each is
    // listed for a manifest in any case); the hint lists the root once, then
    // searches below it from that listing: 2,000 directories, no more.
    assert.equal(dirs.length, (1 + 2100) + 1 + 2000);
  });

  it("says where its search below a root stopped, and fails as check does", async () => {
    const files = {
      "good/SKILL.md": manifest("good"),
      "c0/s0/SKILL.md": manifest("s0"),
    };
    await withTree(files, async (root) => {
      for (let i = 0; i < 2000; i++) mkdirSync(join(root, `e${i}`));
      const { result: listed, listed: dirs } = await countListingsAsync(() =>
        run("list", root)
      );
      assert.equal(listed.code, 1);
      assert.match(listed.stdout, /^good +The good skill\.$/m);
      assert.equal(
        listed.stderr,
        `agent-skills: stopped searching below ${root} for skills deeper than it was read after listing 2000 folders: skills past them may be unread; pass the folders that hold skills as --root, or --depth N\n`,
      );
      // Discovery lists the root and each folder without a SKILL.md (for
      // one in another case); the search lists the root and 2,000 folders
      // (good loaded), no more.
      assert.equal(dirs.length, (1 + 2001) + (1 + 2000));
      const json = await run("list", root, "--json");
      assert.equal(json.code, 1);
      assert.deepEqual(
        (JSON.parse(json.stdout) as { hints: string[] }).hints,
        [listed.stderr.slice("agent-skills: ".length, -1)],
      );
      assert.equal((await run("check", root)).code, 1);
    });
  });

  it("says it beside what it found before it stopped", async () => {
    await withTree({ "c0/s0/SKILL.md": manifest("s0") }, async (root) => {
      // c0 and d at the first level, then s0 and 1,998 of d's folders.
      for (let i = 0; i < 2000; i++) {
        mkdirSync(join(root, "d", `e${i}`), { recursive: true });
      }
      const listed = await run("list", root);
      assert.equal(listed.code, 1);
      assert.equal(
        listed.stderr,
        `agent-skills: no skills one level below ${root}; found c0/s0/SKILL.md: skills are one level below a root, so pass --root ${root}/c0; stopped searching below ${root} for skills deeper than it was read after listing 2000 folders: skills past them may be unread; pass the folders that hold skills as --root, or --depth N\n`,
      );
    });
  });

  it("keeps the stop one line without a control character, whatever the root's name holds", async () => {
    const hostile = "top\n\x1b[2Jagent-skills: forged\u202E";
    const files = { [`${hostile}/good/SKILL.md`]: manifest("good") };
    await withTree(files, async (dir) => {
      const root = join(dir, hostile);
      for (let i = 0; i < 2001; i++) mkdirSync(join(root, `e${i}`));
      for (const command of ["list", "check"]) {
        const { code, stdout, stderr } = await run(command, root);
        const said = (command === "list" ? stderr : stdout).split("\n")[0] ??
          "";
        assert.equal(stderr.split("\n").length, command === "list" ? 2 : 1);
        assert.equal(code, 1);
        assert.match(said, /stopped searching below .*top\\n\\u001b\[2J/i);
        assert.ok(!said.includes("\n") && !said.includes("\x1b"), said);
        assert.ok(!said.includes("\u202E"), said);
      }
    });
  });
});
