import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  clarvisSkillRoots,
  createAgentSkills,
  resolveConfig,
} from "@clarvis/agent-skills";
import { scanOrder } from "../../src/discovery/_driver.ts";
import { codes, link, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

describe("merging roots", () => {
  const files = {
    "r1/shared/SKILL.md": manifest("shared", "from r1"),
    "r1/only-1/SKILL.md": manifest("only-1"),
    "r2/shared/SKILL.md": manifest("shared", "from r2"),
    "r2/two-three/SKILL.md": manifest("two-three", "from r2"),
    "r3/two-three/SKILL.md": manifest("two-three", "from r3"),
    "r3/shared/SKILL.md": manifest("shared", "from r3"),
    "r4/shared/SKILL.md": manifest("shared", "from r4"),
    "r4/only-4/SKILL.md": manifest("only-4"),
  };

  it("lets the last of four roots win, by name, and sorts the catalog", () => {
    const base = tree(files);
    const roots = ["r1", "r2", "r3", "r4"].map((name) => join(base, name));
    const { options: opts, warnings } = options(base, { roots });
    const catalog = createAgentSkills(opts).listSkills();
    assert.deepEqual(
      catalog.map((skill) => [skill.name, skill.description, skill.root]),
      [
        ["only-1", "The only-1 skill.", roots[0]],
        ["only-4", "The only-4 skill.", roots[3]],
        ["shared", "from r4", roots[3]],
        ["two-three", "from r3", roots[2]],
      ],
    );
    assert.deepEqual(warnings, []);
  });

  it("lists the skills later roots replaced, by name then precedence", () => {
    const base = tree(files);
    const roots = ["r1", "r2", "r3", "r4"].map((name) => join(base, name));
    const { options: opts } = options(base, { roots });
    const overridden = createAgentSkills(opts).listOverridden();
    assert.deepEqual(
      overridden.map((skill) => [skill.name, skill.description, skill.root]),
      [
        ["shared", "from r1", roots[0]],
        ["shared", "from r2", roots[1]],
        ["shared", "from r3", roots[2]],
        ["two-three", "from r2", roots[1]],
      ],
    );
  });

  it("follows the caller's order, not the paths'", () => {
    const base = tree(files);
    const roots = ["r4", "r3", "r2", "r1"].map((name) => join(base, name));
    const { options: opts } = options(base, { roots });
    const skills = createAgentSkills(opts);
    assert.equal(skills.loadSkill("shared")?.description, "from r1");
    assert.equal(skills.loadSkill("two-three")?.description, "from r2");
  });

  it("never treats a cross-root override as an error, even under strict", () => {
    const base = tree(files);
    const roots = ["r1", "r2", "r3", "r4"].map((name) => join(base, name));
    const { options: opts, warnings } = options(base, { roots, strict: true });
    assert.equal(
      createAgentSkills(opts).loadSkill("shared")?.description,
      "from r4",
    );
    assert.deepEqual(warnings, []);
  });
});

describe("the clarvis preset", () => {
  it("applies ~/.agents < ws/.agents < ~/.clarvis < ws/.clarvis", () => {
    const base = tree({
      "home/.agents/skills/s/SKILL.md": manifest("s", "user agents"),
      "home/.agents/skills/a/SKILL.md": manifest("a", "user agents"),
      "ws/.agents/skills/s/SKILL.md": manifest("s", "workspace agents"),
      "ws/.agents/skills/b/SKILL.md": manifest("b", "workspace agents"),
      "home/.clarvis/skills/s/SKILL.md": manifest("s", "user clarvis"),
      "home/.clarvis/skills/b/SKILL.md": manifest("b", "user clarvis"),
      "ws/.clarvis/skills/s/SKILL.md": manifest("s", "workspace clarvis"),
    });
    const skills = createAgentSkills({
      home: join(base, "home"),
      cwd: join(base, "ws"),
      roots: clarvisSkillRoots(),
      onWarning: () => assert.fail("no warning expected"),
    });
    assert.deepEqual(
      skills.listSkills().map((
        skill,
      ) => [skill.name, skill.description, skill.scope, skill.source]),
      [
        ["a", "user agents", "user", "agents"],
        ["b", "user clarvis", "user", "clarvis"],
        ["s", "workspace clarvis", "workspace", "clarvis"],
      ],
    );
  });

  it("scans a directory that two roots share once, at its highest position", () => {
    const base = tree({
      ".agents/skills/dup/SKILL.md": manifest("dup", "agents"),
      ".clarvis/skills/dup/SKILL.md": manifest("dup", "clarvis"),
      ".clarvis/skills/x/SKILL.md": manifest("x"),
    });
    const { options: opts, warnings } = options(base, {
      home: base,
      cwd: base,
      roots: clarvisSkillRoots(),
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(codes(warnings), []);
    assert.deepEqual(
      skills.listSkills().map((
        skill,
      ) => [skill.name, skill.description, skill.scope]),
      [["dup", "clarvis", "workspace"], ["x", "The x skill.", "workspace"]],
    );
    assert.equal(skills.config.roots.length, 4);
  });
});

describe("scanOrder()", () => {
  it("keeps each path once, at its last position", () => {
    const config = resolveConfig({
      home: "/h",
      cwd: "/",
      roots: ["/a", "/b", "/a", "/c", "/b"],
    });
    assert.deepEqual(scanOrder(config.roots).map((root) => root.path), [
      "/a",
      "/c",
      "/b",
    ]);
  });
});

/** Two user roots, the Clarvis one last (and so winning). */
const AGENTS_THEN_CLARVIS = [
  { path: "~/.agents/skills", scope: "user", source: "agents" },
  { path: "~/.clarvis/skills", scope: "user", source: "clarvis" },
];

describe("roots reached twice", () => {
  it("are scanned once, by real path, at the highest position, and config.roots says so", () => {
    const home = tree({ ".clarvis/skills/one/SKILL.md": manifest("one") });
    link(join(home, ".clarvis", "skills"), join(home, ".agents", "skills"));
    const { options: foldOptions, warnings } = options(home, {
      cwd: "/",
      roots: AGENTS_THEN_CLARVIS,
    });
    const skills = createAgentSkills(foldOptions);
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      skills.listSkills().map((s) => [s.name, s.source, s.root]),
      [
        ["one", "clarvis", join(home, ".clarvis", "skills")],
      ],
    );
    assert.deepEqual(skills.listOverridden(), []);
    assert.equal(skills.config.roots.length, 2);
    assert.equal(
      skills.config.roots[0]?.foldedInto,
      join(home, ".clarvis", "skills"),
    );
    assert.equal(
      skills.config.roots[0]?.realPath,
      join(home, ".clarvis", "skills"),
    );
    assert.equal(skills.config.roots[1]?.foldedInto, undefined);
  });

  it("are folded again by refresh(), so a link made later is scanned once", () => {
    const home = tree({
      ".agents/skills/one/SKILL.md": manifest("one", "From agents."),
      ".clarvis/skills/one/SKILL.md": manifest("one", "From clarvis."),
    });
    const { options: foldOptions, warnings } = options(home, {
      cwd: "/",
      roots: AGENTS_THEN_CLARVIS,
    });
    const skills = createAgentSkills(foldOptions);
    assert.deepEqual(skills.listOverridden().map((s) => s.source), ["agents"]);
    rmSync(join(home, ".agents", "skills"), { recursive: true });
    link(join(home, ".clarvis", "skills"), join(home, ".agents", "skills"));
    skills.refresh();
    assert.deepEqual(skills.listOverridden(), []);
    assert.deepEqual(
      skills.listSkills().map((s) => [s.name, s.source, s.description]),
      [["one", "clarvis", "From clarvis."]],
    );
    assert.deepEqual(warnings, []);
  });

  it("follow a root that is a symlink even with followSymlinks: false", () => {
    const base = tree({ "real/one/SKILL.md": manifest("one") });
    link(join(base, "real"), join(base, "linked"));
    const skills = createAgentSkills({
      home: base,
      cwd: base,
      roots: [join(base, "linked")],
      followSymlinks: false,
    });
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["one"]);
  });
});
