import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  createAgentSkills,
  SkillError,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { link, manifest, tempTrees } from "./_helpers.ts";

const tree = tempTrees();

function load(
  root: string,
  strict = false,
): { names: string[]; warnings: SkillWarning[]; description?: string } {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    home: root,
    cwd: root,
    roots: [root],
    strict,
    onWarning: (w) => warnings.push(w),
  });
  const names = skills.listSkills().map((skill) => skill.name);
  const description = skills.loadSkill("colon")?.description;
  return description === undefined
    ? { names, warnings }
    : { names, warnings, description };
}

describe("unquoted colons", () => {
  const colon =
    "---\nname: colon\ndescription: Use when: the user asks\nlicense: MIT\n---\nbody\n";

  it("are repaired in default mode, with a yaml_repaired warning naming the file, line and fix", () => {
    const root = tree({ "colon/SKILL.md": colon });
    const { names, warnings, description } = load(root);
    assert.deepEqual(names, ["colon"]);
    assert.equal(description, "Use when: the user asks");
    assert.deepEqual(warnings.map((w) => [w.code, w.path]), [[
      "yaml_repaired",
      join(root, "colon", "SKILL.md"),
    ]]);
    assert.ok(
      warnings[0]?.message.includes(`${join(root, "colon", "SKILL.md")}:3`),
    );
    assert.ok(
      warnings[0]?.message.includes(
        'quote it: description: "Use when: the user asks"',
      ),
    );
  });

  it("are invalid_skill under strict, with the same hint", () => {
    const root = tree({ "colon/SKILL.md": colon });
    assert.throws(() => load(root, true), (error) => {
      assert.ok(error instanceof SkillError);
      assert.equal(error.code, "invalid_skill");
      assert.equal(error.line, 3);
      assert.ok(
        error.message.includes(
          'quote it: description: "Use when: the user asks"',
        ),
        error.message,
      );
      return true;
    });
  });

  it("are repaired only on a top-level key: value line", () => {
    const nested =
      "---\nname: colon\ndescription: ok\nmetadata:\n  note: a: b\n---\n";
    const quoted = "---\nname: colon\ndescription: 'Use when': x\n---\n";
    const block = "---\nname: colon\ndescription: [a: b: c\n---\n";
    for (const text of [nested, quoted, block]) {
      const root = tree({
        "colon/SKILL.md": text,
        "ok/SKILL.md": manifest("ok"),
      });
      const { names, warnings } = load(root);
      assert.deepEqual(names, ["ok"], text);
      assert.deepEqual(warnings.map((w) => w.code), ["invalid_skill"], text);
    }
  });

  it("leave everything that loaded before loading as before, without a warning", () => {
    const root = tree({
      "quoted/SKILL.md":
        '---\nname: quoted\ndescription: "Use when: quoted"\n---\n',
      "url/SKILL.md":
        "---\nname: url\ndescription: See https://example.com/x for details\n---\n",
      "folded/SKILL.md":
        "---\nname: folded\ndescription: >-\n  Use when: folded\n---\n",
    });
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      home: root,
      cwd: root,
      roots: [root],
      onWarning: (w) => warnings.push(w),
    });
    assert.deepEqual(skills.listSkills().map((s) => [s.name, s.description]), [
      ["folded", "Use when: folded"],
      ["quoted", "Use when: quoted"],
      ["url", "See https://example.com/x for details"],
    ]);
    assert.deepEqual(warnings, []);
  });
});

describe("roots reached twice", () => {
  it("are scanned once, by real path, at the highest position, and config.roots says so", () => {
    const home = tree({ ".clarvis/skills/one/SKILL.md": manifest("one") });
    link(join(home, ".clarvis", "skills"), join(home, ".agents", "skills"));
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      home,
      cwd: "/",
      roots: [
        { path: "~/.agents/skills", scope: "user", source: "agents" },
        { path: "~/.clarvis/skills", scope: "user", source: "clarvis" },
      ],
      onWarning: (w) => warnings.push(w),
    });
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
