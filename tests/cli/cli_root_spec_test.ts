// A root's own options on the command line (src/cli/root_spec.ts):
// `--root depth=2,hidden=read,path=DIR`, `--root kind=plugins,path=DIR`,
// and a DIR written the same way, so that stores of different shapes are
// listed in one command; and a root of plugins that serves nothing says
// why. Run in process, through main().

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { manifest, runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

async function run(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number; out: string; err: string }> {
  return await runMain([...args, "--home", cwd], { columns: 200, cwd });
}

/** The names a `--json` listing serves. */
function names(out: string): string[] {
  const document = JSON.parse(out) as { skills: Array<{ name: string }> };
  return document.skills.map((skill) => skill.name).sort();
}

/** Three stores of three shapes side by side, in one working directory. */
function stores(): string {
  return tree({
    // A plain store: skills one level below.
    "plain/pdf/SKILL.md": manifest("pdf"),
    // openai/skills' shape: skills under dot-directories, two levels down.
    "dotted/.curated/zip/SKILL.md": manifest("zip"),
    "dotted/.system/creator/SKILL.md": manifest("creator"),
    // A marketplace of plugins.
    "market/.claude-plugin/marketplace.json": JSON.stringify({
      name: "market",
      owner: { name: "Ada" },
      plugins: [{ name: "git-tools", source: "./plugins/git-tools" }],
    }),
    "market/plugins/git-tools/skills/setup/SKILL.md": manifest("setup"),
  });
}

describe("a root's own options", () => {
  it("lists stores of three shapes in one command", async () => {
    const cwd = stores();
    const listed = await run([
      "list",
      "plain",
      "--root",
      "depth=2,hidden=read,path=dotted",
      "--root",
      "kind=plugins,path=market",
      "--json",
    ], cwd);
    assert.equal(listed.code, 0, listed.out);
    assert.deepEqual(names(listed.out), [
      "creator",
      "git-tools:setup",
      "pdf",
      "zip",
    ]);
    assert.deepEqual(JSON.parse(listed.out).hints, []);
  });

  it("takes them on a DIR too, in every command that reads roots", async () => {
    const cwd = stores();
    assert.equal(
      (await run(["show", "git-tools:setup", "kind=plugins,path=market"], cwd))
        .code,
      0,
    );
    assert.equal(
      (await run(
        ["path", "zip", "SKILL.md", "depth=2,hidden=read,path=dotted"],
        cwd,
      ))
        .code,
      0,
    );
    const checked = await run(
      ["check", "kind=plugins,path=market", "plain"],
      cwd,
    );
    assert.equal(checked.code, 0, checked.out);
    assert.match(checked.out, /in 2 loadable skills\n$/);
  });

  it("sets a root's own over the flags, which the other roots keep", async () => {
    const cwd = stores();
    // --plugins for every root, but plain is a root of skills.
    const listed = await run(
      ["list", "market", "kind=skills,path=plain", "--plugins", "--json"],
      cwd,
    );
    assert.equal(listed.code, 0, listed.out);
    assert.deepEqual(names(listed.out), ["git-tools:setup", "pdf"]);
    // --depth 2 for every root, but depth=1 for plain.
    const deep = await run(
      ["list", "dotted", "depth=1,path=plain", "--depth", "2", "--hidden"],
      cwd,
    );
    assert.equal(deep.code, 0, deep.err);
  });

  it("takes a path with commas and equals signs whole, and ./ before a name that reads as options", async () => {
    const cwd = tree({
      "a,b=c/pdf/SKILL.md": manifest("pdf"),
      "path=x/zip/SKILL.md": manifest("zip"),
    });
    const listed = await run(
      ["list", "depth=1,path=a,b=c", "./path=x", "--json"],
      cwd,
    );
    assert.equal(listed.code, 0, listed.out);
    assert.deepEqual(names(listed.out), ["pdf", "zip"]);
  });

  it("refuses options it does not take, naming the root and the option (exit 2)", async () => {
    const cwd = stores();
    const cases: Array<[string, RegExp]> = [
      [
        "depth=0,path=plain",
        /depth= takes a whole number of levels above 0, got "0"/,
      ],
      ["depth=two,path=plain", /depth= takes a whole number/],
      [
        "kind=plugin,path=market",
        /kind= takes skills or plugins, got "plugin"/,
      ],
      [
        "hidden=yes,depth=2,path=dotted",
        /hidden= takes read or skip, got "yes"/,
      ],
      [
        "hidden=read,path=dotted",
        /hidden=read reads dot-directories when looking deeper: give depth=N too/,
      ],
      ["depth=2,depth=3,path=plain", /depth= is given twice/],
      ["kind=plugins,path=", /path= needs the root's directory/],
    ];
    for (const [spec, message] of cases) {
      for (
        const args of [["list", "--root", spec], ["catalog", spec], [
          "show",
          "pdf",
          spec,
        ], ["check", spec]]
      ) {
        const { code, err } = await run(args, cwd);
        assert.equal(code, 2, `${args.join(" ")}: ${err}`);
        assert.match(err, message, args.join(" "));
        assert.ok(err.includes(`root ${JSON.stringify(spec)}: `), err);
      }
    }
  });
});

describe("a root of plugins that serves nothing", () => {
  it("says why, and that it holds skills of its own, never failing in silence", async () => {
    const cwd = stores();
    const listed = await run(["list", "plain", "market", "--plugins"], cwd);
    assert.equal(listed.code, 1);
    assert.match(listed.out, /git-tools:setup/);
    assert.equal(
      listed.err,
      "agent-skills: no plugin skills in plain: no plugin of it has a skills folder with a SKILL.md one level below (plugins/<plugin>/skills/<skill>/SKILL.md, listed in .claude-plugin/marketplace.json, or skills/<skill>/SKILL.md in a single plugin); it holds skill directories of its own, so read it as a root of skills: kind=skills,path=plain (or without --plugins)\n",
    );
  });

  it("never exits non-zero with nothing said, whatever the roots hold", async () => {
    const cwd = stores();
    const empty = tree();
    for (
      const args of [
        ["list", "plain", "dotted", "market", "--plugins"],
        ["list", "--root", "plain", "--root", "dotted", "--plugins"],
        ["list", "--root", empty, "--plugins"],
        ["list", empty, "--plugins", "--depth", "3"],
        ["catalog", "plain", "--plugins"],
        ["lock", "plain", "--plugins", "--output", "-"],
        ["list", "dotted"],
        ["list", "dotted", "--depth", "2"],
      ]
    ) {
      const { code, err } = await run(args, cwd);
      assert.notEqual(code, 0, args.join(" "));
      assert.notEqual(err.trim(), "", args.join(" "));
    }
  });
});
