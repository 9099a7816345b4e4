import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  createAgentSkills,
  SkillError,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { codes, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

function load(
  root: string,
  strict = false,
): { names: string[]; warnings: SkillWarning[]; description?: string } {
  const { options: loadOptions, warnings } = options(root, { strict });
  const skills = createAgentSkills(loadOptions);
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

  const notRepaired: Array<[string, string]> = [
    [
      "a nested key",
      "---\nname: colon\ndescription: ok\nmetadata:\n  note: a: b\n---\n",
    ],
    ["a quoted value", "---\nname: colon\ndescription: 'Use when': x\n---\n"],
    ["a flow collection", "---\nname: colon\ndescription: [a: b: c\n---\n"],
    [
      "a nested value starting with @",
      "---\nname: colon\ndescription: ok\nmetadata:\n  note: @me\n---\n",
    ],
    [
      "a nested flow list followed by text",
      "---\nname: colon\ndescription: ok\nmetadata:\n  hint: [a] [b]\n---\n",
    ],
    [
      "a nested quoted value continued at column 0",
      '---\nname: colon\ndescription: ok\nmetadata:\n  note: "a\nb"\n---\n',
    ],
  ];
  for (const [where, text] of notRepaired) {
    it(`are not repaired in ${where}: the skill stays invalid_skill`, () => {
      const root = tree({
        "colon/SKILL.md": text,
        "ok/SKILL.md": manifest("ok"),
      });
      const { names, warnings } = load(root);
      assert.deepEqual(names, ["ok"]);
      assert.deepEqual(codes(warnings), ["invalid_skill"]);
    });
  }

  it("leave everything that loaded before loading as before, without a warning", () => {
    const root = tree({
      "quoted/SKILL.md":
        '---\nname: quoted\ndescription: "Use when: quoted"\n---\n',
      "url/SKILL.md":
        "---\nname: url\ndescription: See https://example.com/x for details\n---\n",
      "folded/SKILL.md":
        "---\nname: folded\ndescription: >-\n  Use when: folded\n---\n",
    });
    const { options: loadOptions, warnings } = options(root);
    const skills = createAgentSkills(loadOptions);
    assert.deepEqual(skills.listSkills().map((s) => [s.name, s.description]), [
      ["folded", "Use when: folded"],
      ["quoted", "Use when: quoted"],
      ["url", "See https://example.com/x for details"],
    ]);
    assert.deepEqual(warnings, []);
  });
});
