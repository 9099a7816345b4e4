// The frontmatter mistakes real authors make (fixtures/sloppy): what the
// loader repairs (a warning naming file:line and the fix; invalid_skill
// under strict, at that line, with the same hint), what it only warns about
// (a value YAML cut at " #"), and what it reads as hosts read it (silently,
// under strict too; a note in checkSkills).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createAgentSkills,
  SkillError,
  type SkillInfo,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { tempTrees } from "../_helpers.ts";

const SLOPPY = fileURLToPath(
  new URL("../../fixtures/sloppy/", import.meta.url),
);
const tree = tempTrees();

/** A root holding one fixture of fixtures/sloppy, and nothing else. */
function rootOf(name: string): string {
  const root = tree();
  cpSync(join(SLOPPY, name), join(root, name), { recursive: true });
  return root;
}

function load(root: string, strict = false): {
  skill?: SkillInfo;
  warnings: SkillWarning[];
} {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    roots: [root],
    home: root,
    cwd: root,
    strict,
    onWarning: (warning) => warnings.push(warning),
  });
  const [skill] = skills.listSkills();
  return skill === undefined ? { warnings } : { skill, warnings };
}

/** What a repaired fixture loads as, and the warning's code, line and fix. */
const REPAIRED: Array<{
  name: string;
  code: string;
  line: number;
  fix: string;
  fields: Partial<Record<keyof SkillInfo, unknown>>;
}> = [
  {
    name: "at-sign",
    code: "yaml_indicator",
    line: 3,
    fix:
      'quote it: description: "@deploy-bot ships the current branch to staging."',
    fields: {
      description: "@deploy-bot ships the current branch to staging.",
    },
  },
  {
    name: "backtick",
    code: "yaml_indicator",
    line: 3,
    fix:
      'quote it: description: "`make release` tags and publishes a version."',
    fields: { description: "`make release` tags and publishes a version." },
  },
  {
    name: "flow-text",
    code: "yaml_flow_text",
    line: 4,
    fix: 'quote it: argument-hint: "[file] [options]"',
    fields: {
      description: "Review one file.",
      metadata: { "argument-hint": "[file] [options]" },
    },
  },
  {
    name: "continued",
    code: "yaml_continuation",
    line: 4,
    fix:
      'indent it, or write it on one line: description: "Summarise a long document in five bullet points"',
    fields: {
      description: "Summarise a long document in five bullet points",
    },
  },
  {
    name: "continued-single",
    code: "yaml_continuation",
    line: 4,
    fix:
      'indent it, or write it on one line: description: "Translate a text into plain English"',
    fields: { description: "Translate a text into plain English" },
  },
];

describe("sloppy frontmatter that YAML refuses", () => {
  for (const { name, code, line, fix, fields } of REPAIRED) {
    it(`${name}: loads with ${code} at line ${line} and the fix`, () => {
      const root = rootOf(name);
      const path = join(root, name, "SKILL.md");
      const { skill, warnings } = load(root);
      assert.equal(skill?.name, name);
      for (const [key, value] of Object.entries(fields)) {
        assert.deepEqual(skill?.[key as keyof SkillInfo], value, key);
      }
      assert.deepEqual(warnings.map((w) => [w.code, w.path]), [[code, path]]);
      assert.ok(
        warnings[0]?.message.startsWith(
          `Loaded ${path}:${line} after repairing its YAML: `,
        ),
        warnings[0]?.message,
      );
      assert.ok(warnings[0]?.message.endsWith(fix), warnings[0]?.message);
    });

    it(`${name}: is invalid_skill under strict, at line ${line}, with the same fix`, () => {
      const root = rootOf(name);
      assert.throws(() => load(root, true), (error) => {
        assert.ok(error instanceof SkillError);
        assert.equal(error.code, "invalid_skill");
        assert.equal(error.path, join(root, name, "SKILL.md"));
        assert.equal(error.line, line);
        assert.ok(error.message.endsWith(`${fix})`), error.message);
        return true;
      });
    });

    it(`${name}: is an error in checkSkills, at line ${line}`, () => {
      const root = rootOf(name);
      const report = checkSkills({ paths: [root], home: root });
      const found = report.diagnostics.filter((d) => d.code === code);
      assert.deepEqual(
        found.map((d) => [d.severity, d.line]),
        [["error", line]],
      );
      assert.equal(report.skills.length, 1);
    });
  }
});

describe("a value YAML cuts at ' #'", () => {
  it("loads as YAML reads it, with a yaml_comment warning and the fix, under strict too", () => {
    const root = rootOf("comment");
    const path = join(root, "comment", "SKILL.md");
    for (const strict of [false, true]) {
      const { skill, warnings } = load(root, strict);
      assert.equal(skill?.description, "Fix bugs");
      assert.deepEqual(warnings.map((w) => [w.code, w.path]), [[
        "yaml_comment",
        path,
      ]]);
      assert.equal(
        warnings[0]?.message,
        `${path}:3: YAML reads "description" as "Fix bugs" and the rest of the line, from " #", as a comment; if it is part of the value, quote it: description: "Fix bugs #123 first, then the rest."`,
      );
    }
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.severity, d.code, d.line]),
      [["warning", "yaml_comment", 3]],
    );
  });

  it("leaves a # with no blank before it alone", () => {
    const root = tree({
      "csharp/SKILL.md":
        "---\nname: csharp\ndescription: Use for C# projects\nlicense: MIT # see LICENSE\n---\n",
    });
    const { skill, warnings } = load(root);
    assert.equal(skill?.description, "Use for C# projects");
    // A comment after a value that YAML keeps whole is still reported.
    assert.deepEqual(warnings.map((w) => w.code), ["yaml_comment"]);
    assert.match(
      warnings[0]?.message ?? "",
      /SKILL\.md:4: YAML reads "license" as "MIT"/,
    );
  });
});

/** What a coerced fixture loads as, and the note checkSkills gives. */
const COERCED: Array<{
  name: string;
  fields: Partial<Record<keyof SkillInfo, unknown>>;
  notes: Array<[string, number, string]>;
}> = [
  {
    name: "2048",
    fields: { name: "2048", description: "Play the 2048 game." },
    notes: [[
      "coerced_value",
      2,
      'frontmatter.name: YAML reads 2048 as a number; read as the string "2048" (quote it to say so)',
    ]],
  },
  {
    name: "number-description",
    fields: { description: "42" },
    notes: [[
      "coerced_value",
      3,
      'frontmatter.description: YAML reads 42 as a number; read as the string "42" (quote it to say so)',
    ]],
  },
  {
    name: "float-words",
    fields: { description: "-.Inf", metadata: { compatibility: ".NaN" } },
    notes: [
      [
        "coerced_value",
        3,
        'frontmatter.description: YAML reads -.Inf as a number; read as the string "-.Inf" (quote it to say so)',
      ],
      [
        "coerced_value",
        4,
        'frontmatter.compatibility: YAML reads .NaN as a number; read as the string ".NaN" (quote it to say so)',
      ],
    ],
  },
  {
    name: "boolean-description",
    fields: { description: "true" },
    notes: [[
      "coerced_value",
      3,
      'frontmatter.description: YAML reads true as a boolean; read as the string "true" (quote it to say so)',
    ]],
  },
  {
    name: "yes-no",
    fields: { userInvocable: true, disableModelInvocation: true },
    notes: [
      [
        "coerced_value",
        4,
        'frontmatter.user-invocable: "yes" is a YAML 1.1 boolean that YAML 1.2 reads as a string; read as true (write true)',
      ],
      [
        "coerced_value",
        5,
        'frontmatter.disable-model-invocation: "On" is a YAML 1.1 boolean that YAML 1.2 reads as a string; read as true (write true)',
      ],
    ],
  },
  {
    name: "quoted-no",
    fields: { userInvocable: false, disableModelInvocation: false },
    notes: [[
      "coerced_value",
      4,
      'frontmatter.user-invocable: "no" is a YAML 1.1 boolean that YAML 1.2 reads as a string; read as false (write false)',
    ]],
  },
  {
    name: "empty-fields",
    fields: { metadata: {} },
    notes: ["license", "metadata", "allowed-tools"].map((key, i) => [
      "empty_field",
      4 + i,
      `frontmatter.${key}: has no value, so it is read as absent; give it a value or remove the line`,
    ]),
  },
];

describe("harmless typing, read as hosts read it", () => {
  for (const { name, fields, notes } of COERCED) {
    it(`${name}: loads silently, under strict too, with its values`, () => {
      const root = rootOf(name);
      for (const strict of [false, true]) {
        const { skill, warnings } = load(root, strict);
        assert.equal(skill?.dir, join(root, name));
        for (const [key, value] of Object.entries(fields)) {
          assert.deepEqual(skill?.[key as keyof SkillInfo], value, key);
        }
        assert.deepEqual(warnings, []);
      }
    });

    it(`${name}: is a note in checkSkills, at its line`, () => {
      const root = rootOf(name);
      const report = checkSkills({ paths: [root], home: root });
      assert.deepEqual(
        report.diagnostics
          .filter((d) => d.code === "coerced_value" || d.code === "empty_field")
          .map((d) => [d.code, d.line, d.message]),
        notes,
      );
      assert.ok(report.diagnostics.every((d) => d.severity === "info"));
    });
  }

  it("keeps an empty compatibility, which the spec calls an error in check", () => {
    const root = rootOf("empty-compatibility");
    const { skill, warnings } = load(root, true);
    assert.deepEqual(skill?.metadata, { compatibility: null });
    assert.deepEqual(warnings, []);
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.severity, d.code, d.line]),
      [["error", "field_type", 4]],
    );
  });

  it("leaves a list or a mapping where a string is wanted invalid_skill", () => {
    const root = tree({
      "listed/SKILL.md": "---\nname: listed\ndescription: [a, b]\n---\n",
      "mapped/SKILL.md": "---\nname: mapped\ndescription:\n  a: b\n---\n",
      "maybe/SKILL.md":
        "---\nname: maybe\ndescription: d\nuser-invocable: maybe\n---\n",
    });
    const { skill, warnings } = load(root);
    assert.equal(skill, undefined);
    assert.deepEqual(
      warnings.map((w) => [w.code, w.path?.slice(root.length + 1)]),
      [
        ["invalid_skill", "listed/SKILL.md"],
        ["invalid_skill", "mapped/SKILL.md"],
        ["invalid_skill", "maybe/SKILL.md"],
      ],
    );
  });

  it("reads a number by its source text, not JavaScript's rendering of it", () => {
    const root = tree({
      "0x1f/SKILL.md": "---\nname: 0x1F\ndescription: 1e3\n---\n",
      "007/SKILL.md": "---\nname: 007\ndescription: { a: 1 }\n---\n",
      "flow/SKILL.md": "---\n{name: flow, description: 12.50}\n---\n",
    });
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      roots: [root],
      home: root,
      onWarning: (w) => warnings.push(w),
    });
    assert.deepEqual(
      skills.listSkills().map((s) => [s.name, s.description]),
      [["0x1F", "1e3"], ["flow", "12.50"]],
    );
    assert.deepEqual(warnings.map((w) => w.code), [
      "invalid_skill", // 007's description is a mapping
      "name_mismatch", // 0x1F in 0x1f/
    ]);
  });
});

describe("fixtures/sloppy", () => {
  it("loads every skill in it, whatever its YAML", () => {
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      roots: [SLOPPY],
      home: SLOPPY,
      onWarning: (w) => warnings.push(w),
    });
    assert.equal(skills.listSkills().length, 14);
    assert.deepEqual(
      [...new Set(warnings.map((w) => w.code))].sort(),
      [
        "yaml_comment",
        "yaml_continuation",
        "yaml_flow_text",
        "yaml_indicator",
      ],
    );
  });
});

describe("the real stores", () => {
  it("load with zero warnings, as before the repairs", () => {
    const fixtures = fileURLToPath(new URL("../../fixtures/", import.meta.url));
    for (
      const store of [
        "stores/user-store",
        "stores/workspace-store",
        "demo/user-store",
        "demo/workspace-store",
      ]
    ) {
      const root = join(fixtures, store);
      const warnings: SkillWarning[] = [];
      const skills = createAgentSkills({
        roots: [root],
        home: root,
        strict: true,
        onWarning: (w) => warnings.push(w),
      });
      assert.ok(skills.listSkills().length > 0, store);
      assert.deepEqual(warnings, [], store);
    }
  });
});
