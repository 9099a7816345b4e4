// What loadSkill() lists as a skill's resources (src/registry/_resources.ts): a walk
// of the skill's directory, confined to it, within its limits.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills } from "@clarvis/agent-skills";
import {
  codes,
  link,
  makeFifo,
  manifest,
  options,
  tempTrees,
  toolStore,
  writeTree,
} from "../_helpers.ts";

const tree = tempTrees();

describe("loadSkill() resources", () => {
  it("lists files recursively as sorted POSIX paths, manifest excluded", () => {
    const { skills } = toolStore(tree);
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      "assets/deep/a/b.txt",
      "references/guide.md",
      "scripts/run.py",
    ]);
  });

  it("excludes a symlinked manifest, wherever it points, without a warning", () => {
    const base = tree({
      "store/real.md": manifest("linked-manifest"),
      "root/linked-manifest/notes.md": "n",
    });
    const dir = join(base, "root", "linked-manifest");
    link(join(base, "store", "real.md"), join(dir, "SKILL.md"));
    const { options: opts, warnings } = options(join(base, "root"));
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.loadSkill("linked-manifest")?.resources, [
      "notes.md",
    ]);
    assert.deepEqual(warnings, []);
  });

  it("skips .git, node_modules and special files", () => {
    const { skills, dir } = toolStore(tree);
    writeTree(dir, {
      ".git/HEAD": "ref",
      "node_modules/x/index.js": "",
      "sub/node_modules/y.js": "",
      ".hidden": "h",
    });
    makeFifo(join(dir, "pipe"));
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      ".hidden",
      "assets/deep/a/b.txt",
      "references/guide.md",
      "scripts/run.py",
    ]);
  });

  it("drops an escaping or dangling symlink with a warning, keeping the rest", () => {
    const { skills, dir, base, warnings } = toolStore(tree);
    link(join(base, "secret.txt"), join(dir, "leak.txt"));
    link(join(dir, "missing"), join(dir, "dangling"));
    link(join(dir, "scripts", "run.py"), join(dir, "inside-link.py"));
    const resources = skills.loadSkill("tool")?.resources;
    assert.deepEqual(resources, [
      "assets/deep/a/b.txt",
      "inside-link.py",
      "references/guide.md",
      "scripts/run.py",
    ]);
    assert.deepEqual(codes(warnings).sort(), [
      "dangling_symlink",
      "resource_escape",
    ]);
    assert.equal(
      warnings.find((w) => w.code === "resource_escape")?.path,
      join(dir, "leak.txt"),
    );
  });

  it("never loops through a directory symlink to an ancestor", () => {
    const { skills, dir } = toolStore(tree);
    link(dir, join(dir, "assets", "loop"));
    link("..", join(dir, "scripts", "up"));
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      "assets/deep/a/b.txt",
      "references/guide.md",
      "scripts/run.py",
    ]);
  });

  it("lists a directory under its own name only, whatever its links' names sort before", () => {
    const { skills, dir } = toolStore(tree);
    writeTree(dir, { "zdir/real.txt": "real" });
    link("zdir", join(dir, "alias"));
    link("zdir", join(dir, "blink"));
    // Neither link adds its files: the directory is listed by its own name,
    // so the listing does not depend on whether a link sorts first.
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      "assets/deep/a/b.txt",
      "references/guide.md",
      "scripts/run.py",
      "zdir/real.txt",
    ]);
  });

  it("stops at the entry cap with a resource_limit warning", () => {
    // Entries in visiting order: SKILL.md, assets, deep, a, b.txt | references.
    const { skills, warnings } = toolStore(tree, { maxResourceEntries: 5 });
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      "assets/deep/a/b.txt",
    ]);
    assert.deepEqual(codes(warnings), ["resource_limit"]);
    assert.ok(warnings[0]?.message.includes("maxResourceEntries"));
  });

  it("does not descend past the depth cap, with one resource_limit warning", () => {
    const { skills, warnings } = toolStore(tree, { maxResourceDepth: 2 });
    assert.deepEqual(skills.loadSkill("tool")?.resources, [
      "references/guide.md",
      "scripts/run.py",
    ]);
    assert.deepEqual(codes(warnings), ["resource_limit"]);
    assert.ok(warnings[0]?.message.includes("maxResourceDepth"));
  });

  it("is listed once per snapshot and then served without filesystem I/O", () => {
    const { skills, dir } = toolStore(tree);
    const first = skills.loadSkill("tool")?.resources;
    writeTree(dir, { "added-later.txt": "x" });
    assert.equal(skills.loadSkill("tool")?.resources, first);
    skills.refresh();
    assert.ok(skills.loadSkill("tool")?.resources.includes("added-later.txt"));
  });

  it("warns and lists nothing when the skill directory is gone", () => {
    const { skills, dir, warnings } = toolStore(tree);
    rmSync(dir, { recursive: true });
    assert.deepEqual(skills.loadSkill("tool")?.resources, []);
    assert.deepEqual(codes(warnings), ["unreadable"]);
  });
});
