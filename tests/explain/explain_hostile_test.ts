// What a name asked about can make explain() do: it is compared with the
// names discovery's listings gave, never joined onto a path, so no name
// reaches outside the roots, and the work below the folders discovery did
// not read below is bounded.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import {
  createAgentSkills,
  type SkillExplanation,
  type SkillRootOptions,
} from "@clarvis/agent-skills";
import {
  BELOW_LEVELS,
  BELOW_LISTINGS,
  type BelowReads,
  namedBelow,
} from "../../src/explain/_below.ts";
import { tryList } from "../../src/fs/_listing.ts";
import { tryStatus } from "../../src/fs/_status.ts";
import type { PassedBy } from "../../src/discovery/_types.ts";
import { link, manifest, options, tempTrees, withTree } from "../_helpers.ts";

const tree = tempTrees();

function open(roots: Array<string | SkillRootOptions>) {
  const first = roots[0];
  const base = typeof first === "string" ? first : first?.path ?? "/";
  return createAgentSkills(options(base, { roots }).options);
}

/** The names a caller may pass to reach `target` from the folders of `root`. */
function hostileNames(root: string, target: string): string[] {
  const from = [root, join(root, ".hidden"), join(root, "node_modules")]
    .flatMap((dir) => [dir, join(dir, "docs"), join(dir, "x")]);
  const relatives = from.map((dir) => relative(dir, target));
  return [
    ...relatives,
    ...relatives.map((name) => name.replaceAll("/", "\\")),
    ...relatives.map((name) => `${name}\0`),
    ...relatives.map((name) => `\u200b${name}`),
    target,
    `${target}/`,
    "..",
    "../..",
    ".",
    "/",
    "\0",
    "decoy\0../../x",
  ];
}

describe("explain(): a name is never a path", () => {
  it("finds no SKILL.md outside the roots, whatever the name, and answers alike without it", () => {
    const outside = tree({ "x/decoy/SKILL.md": manifest("decoy") });
    const root = tree({
      ".hidden/keep/README.md": "a folder a deeper scan skips",
      "node_modules/pkg/README.md": "a folder no scan enters",
      "docs/x/README.md": "a folder without a manifest",
      "pdf/SKILL.md": manifest("pdf"),
    });
    const skills = open([{ path: root, depth: 2 }, tree()]);
    const shallow = open([tree({ "docs/README.md": "no manifest" })]);
    const target = join(outside, "x/decoy");
    const names = hostileNames(root, target);
    const ask = (): SkillExplanation[] =>
      names.flatMap((name) => [skills.explain(name), shallow.explain(name)]);
    const before = ask();
    for (const explanation of before) {
      assert.deepEqual(
        [explanation.candidates, explanation.nearMisses],
        [[], []],
        JSON.stringify(explanation.name),
      );
    }
    rmSync(join(outside, "x"), { recursive: true });
    assert.deepEqual(ask(), before);
  });

  it("does not list a skipped folder swapped for a symlink to outside since the scan", () => {
    const outside = tree({ "decoy/SKILL.md": manifest("decoy") });
    const root = tree({ ".hidden/keep/README.md": "skipped" });
    const skills = open([{ path: root, depth: 2 }]);
    renameSync(join(root, ".hidden"), join(root, ".was-hidden"));
    link(outside, join(root, ".hidden"));
    assert.deepEqual(skills.explain("decoy").nearMisses, []);
  });

  it("still finds a skill below a skipped folder for a name with invisible characters", () => {
    const root = tree({ ".hidden/pdf/SKILL.md": manifest("pdf") });
    const skills = open([{ path: root, depth: 2 }]);
    assert.deepEqual(
      skills.explain("p\u200bdf\u2060").nearMisses.map((m) => [m.kind, m.path]),
      [["hidden", join(root, ".hidden/pdf/SKILL.md")]],
    );
  });

  it("answers a name of a million characters with nothing near", () => {
    const root = tree({ "docs/README.md": "no manifest", ".h/a/b": "" });
    const skills = open([{ path: root, depth: 2 }]);
    for (const name of ["a".repeat(1_000_000), "../".repeat(300_000)]) {
      const explanation = skills.explain(name);
      assert.deepEqual([explanation.candidates, explanation.nearMisses], [
        [],
        [],
      ]);
    }
  });
});

describe("namedBelow(): the walk below the folders discovery passed by", () => {
  /** Reads that count and record each path, over the real filesystem. */
  function counting(): {
    reads: BelowReads;
    listed: string[];
    looked: string[];
  } {
    const listed: string[] = [];
    const looked: string[] = [];
    return {
      listed,
      looked,
      reads: {
        list: (path) => {
          listed.push(path);
          return tryList(path);
        },
        isFile: (path) => {
          looked.push(path);
          const status = tryStatus(path, { follow: true });
          return status.ok && status.value.kind === "file";
        },
      },
    };
  }

  /** The folder `name` of `root` as discovery records a skipped one. */
  function skipped(rootPath: string, name: string): PassedBy {
    const skills = open([{ path: rootPath, depth: 2 }]);
    const [root] = skills.config.roots;
    assert.ok(root !== undefined);
    return {
      reason: "skipped",
      path: join(rootPath, name),
      name,
      root,
      level: 1,
    };
  }

  it("lists and looks only at paths built from listed entries, under the root", () => {
    const outside = tree({ "decoy/SKILL.md": manifest("decoy") });
    const root = tree({
      ".hidden/a/b/pdf/SKILL.md": manifest("pdf"),
      ".hidden/c/README.md": "",
    });
    const { reads, listed, looked } = counting();
    const wanted = ["pdf", "decoy", relative(join(root, ".hidden"), outside)];
    const found = namedBelow(
      [skipped(root, ".hidden")],
      (entry) => wanted.includes(entry),
      { reads },
    );
    assert.deepEqual(found.map((f) => [f.manifest, f.level]), [
      [join(root, ".hidden/a/b/pdf/SKILL.md"), 4],
    ]);
    assert.ok(listed.length > 0 && looked.length > 0);
    for (const path of [...listed, ...looked]) {
      assert.ok(path.startsWith(`${root}/`), path);
    }
  });

  it("lists at most its bound of folders, however many there are", {
    timeout: 120_000,
  }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) {
      for (let j = 0; j < 40; j++) files[`.hidden/f${i}/g${j}/README.md`] = "";
    }
    // 2,400 files, removed within this test's timeout: see withTree().
    await withTree(files, (root) => {
      const start = skipped(root, ".hidden");
      const all = counting();
      namedBelow([start], () => false, { reads: all.reads });
      assert.equal(all.listed.length, BELOW_LISTINGS);
      const few = counting();
      namedBelow([start], () => false, { reads: few.reads, maxListings: 10 });
      assert.equal(few.listed.length, 10);
    });
  });

  it("goes no deeper than its levels below the root's depth", () => {
    const deep = Array.from({ length: 20 }, () => "d").join("/");
    const root = tree({ [`.hidden/${deep}/README.md`]: "" });
    mkdirSync(join(root, ".hidden", deep, "pdf"));
    const { reads, listed } = counting();
    namedBelow([skipped(root, ".hidden")], () => false, { reads });
    // The root reads 2 levels: the skipped folder's entries are at level 2.
    assert.equal(listed.length, 2 + BELOW_LEVELS - 1);
  });
});
