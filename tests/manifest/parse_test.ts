import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { SkillError } from "@clarvis/agent-skills";
import { parseManifest } from "../../src/manifest/_parse.ts";

const PATH = "/skills/demo/SKILL.md";

function parse(text: string): ReturnType<typeof parseManifest> {
  return parseManifest(text, { path: PATH });
}

function assertInvalid(
  text: string,
  expected: { line: number; column?: number; includes: string[] },
): void {
  assert.throws(() => parse(text), (error) => {
    assert.ok(error instanceof SkillError, `expected SkillError, got ${error}`);
    assert.equal(error.code, "invalid_skill");
    assert.equal(error.path, PATH);
    assert.equal(error.line, expected.line);
    assert.equal(error.column, expected.column);
    const where = expected.column === undefined
      ? `${PATH}:${expected.line}:`
      : `${PATH}:${expected.line}:${expected.column}:`;
    for (const part of [where, ...expected.includes]) {
      assert.ok(
        error.message.includes(part),
        `message ${JSON.stringify(error.message)} should include ${
          JSON.stringify(part)
        }`,
      );
    }
    return true;
  });
}

describe("parseManifest()", () => {
  it("returns name, description, defaults and the trimmed body", () => {
    const parsed = parse(
      "---\nname: pdf\ndescription: Fill PDF forms.\n---\n\n# PDF\n\nSteps.\n\n",
    );
    assert.deepEqual(parsed, {
      yaml: "name: pdf\ndescription: Fill PDF forms.",
      name: "pdf",
      description: "Fill PDF forms.",
      metadata: {},
      userInvocable: true,
      disableModelInvocation: false,
      body: "# PDF\n\nSteps.",
      repairs: [],
      truncations: [],
      coercions: [],
    });
  });

  it("strips a UTF-8 BOM", () => {
    assert.equal(
      parse("\uFEFF---\nname: a\ndescription: b\n---\nbody").name,
      "a",
    );
  });

  it("accepts CRLF line endings and returns an LF body", () => {
    const parsed = parse(
      "---\r\nname: a\r\ndescription: b\r\n---\r\nline 1\r\nline 2\r\n",
    );
    assert.equal(parsed.description, "b");
    assert.equal(parsed.body, "line 1\nline 2");
  });

  it("accepts trailing blanks on fence lines and an empty body", () => {
    const parsed = parse("---  \nname: a\ndescription: b\n--- \t");
    assert.equal(parsed.name, "a");
    assert.equal(parsed.body, "");
  });

  it("closes the fence at the first line that is --- alone", () => {
    const parsed = parse(
      "---\nname: a\ndescription: uses --- inside\n---\nbody\n---\nmore body\n",
    );
    assert.equal(parsed.description, "uses --- inside");
    assert.equal(parsed.body, "body\n---\nmore body");
  });

  it("rejects a file without a fence", () => {
    assertInvalid("# Just markdown\n", {
      line: 1,
      includes: ["missing frontmatter"],
    });
  });

  it("rejects an unclosed fence", () => {
    assertInvalid("---\nname: a\ndescription: b\n", {
      line: 1,
      includes: ["unclosed frontmatter"],
    });
  });

  it("rejects empty frontmatter", () => {
    assertInvalid("---\n---\nbody", {
      line: 2,
      includes: ["empty frontmatter"],
    });
  });

  it("reports YAML syntax errors at their file line and column", () => {
    assertInvalid("---\nname: a\ndescription: [unclosed\n---\n", {
      line: 3,
      column: 23,
      includes: ["invalid YAML", "flow collection"],
    });
    assertInvalid("---\nname: a\ndescription: Use when: the user asks\n---\n", {
      line: 3,
      column: 22,
      includes: ["invalid YAML"],
    });
  });

  it("rejects duplicate keys at the line of the second one", () => {
    assertInvalid("---\nname: a\ndescription: b\nname: c\n---\n", {
      line: 4,
      column: 1,
      includes: ["duplicated mapping key"],
    });
  });

  it("rejects frontmatter that is not a mapping", () => {
    assertInvalid("---\n- a\n- b\n---\n", {
      line: 2,
      includes: ["got a list"],
    });
    assertInvalid("---\njust text\n---\n", {
      line: 2,
      includes: ["got a string"],
    });
    assertInvalid("---\n~\n---\n", { line: 2, includes: ["got null"] });
  });

  it("names the field, its line and what was expected for schema failures", () => {
    // A number there is read as its text; a list or a mapping is refused.
    assertInvalid("---\nname: a\ndescription: [4, 2]\n---\n", {
      line: 3,
      includes: ["frontmatter.description: expected string, received array"],
    });
    assertInvalid("---\ndescription: no name\n---\n", {
      line: 1,
      includes: ["frontmatter.name: is required"],
    });
    assertInvalid('---\nname: "  "\ndescription: b\n---\n', {
      line: 2,
      includes: ["frontmatter.name: must not be empty"],
    });
    assertInvalid(
      "---\nname: a\ndescription: b\nallowed-tools:\n  - Read\n  - 3\n---\n",
      {
        line: 4,
        includes: [
          "frontmatter.allowed-tools[1]: expected string, received number",
        ],
      },
    );
    assertInvalid(
      "---\nname: a\ndescription: b\nallowed-tools: {a: 1}\n---\n",
      {
        line: 4,
        includes: [
          "frontmatter.allowed-tools: expected a string or a list of strings",
        ],
      },
    );
    assertInvalid(
      "---\nname: a\ndescription: b\nuser-invocable: maybe\n---\n",
      {
        line: 4,
        includes: ["frontmatter.user-invocable: expected true or false"],
      },
    );
  });

  it("reports every schema problem, not just the first", () => {
    assertInvalid("---\nname: [1]\ndescription: {a: 2}\n---\n", {
      line: 2,
      includes: [
        "frontmatter.name: expected string",
        "; frontmatter.description: expected string",
      ],
    });
  });

  it("lists each schema problem at its own line in problems", () => {
    assert.throws(
      () => parse("---\nname: [1]\nlicense: MIT\ndescription:\n  a: 2\n---\n"),
      (error) => {
        assert.ok(error instanceof SkillError);
        assert.deepEqual(error.problems, [
          {
            line: 2,
            message: "frontmatter.name: expected string, received array",
          },
          {
            line: 4,
            message:
              "frontmatter.description: expected string, received object",
          },
        ]);
        return true;
      },
    );
  });

  it("splits allowed-tools strings on spaces and commas outside parentheses", () => {
    const spaced = parse(
      "---\nname: a\ndescription: b\nallowed-tools: Bash(python3:*) Read  Write\n---\n",
    );
    assert.deepEqual(spaced.allowedTools, ["Bash(python3:*)", "Read", "Write"]);
    const commas = parse(
      "---\nname: a\ndescription: b\nallowed-tools: Bash(git add:*), Bash(git status:*),Read\n---\n",
    );
    assert.deepEqual(commas.allowedTools, [
      "Bash(git add:*)",
      "Bash(git status:*)",
      "Read",
    ]);
  });

  it("keeps allowed-tools lists item by item", () => {
    const parsed = parse(
      "---\nname: a\ndescription: b\nallowed-tools:\n  - Bash(git add:*)\n  - Read\n---\n",
    );
    assert.deepEqual(parsed.allowedTools, ["Bash(git add:*)", "Read"]);
  });

  it("falls back to tools when allowed-tools is absent", () => {
    const parsed = parse(
      "---\nname: a\ndescription: b\ntools: Read, Grep\n---\n",
    );
    assert.deepEqual(parsed.allowedTools, ["Read", "Grep"]);
    const both = parse(
      "---\nname: a\ndescription: b\ntools: Grep\nallowed-tools: Read\n---\n",
    );
    assert.deepEqual(both.allowedTools, ["Read"]);
  });

  it("leaves allowedTools out when neither key is set", () => {
    assert.equal(
      "allowedTools" in parse("---\nname: a\ndescription: b\n---\n"),
      false,
    );
    assert.equal(
      "allowedTools" in
        parse("---\nname: a\ndescription: b\nallowed-tools:\n---\n"),
      false,
    );
  });

  it("maps user-invocable to userInvocable, default true", () => {
    assert.equal(
      parse("---\nname: a\ndescription: b\nuser-invocable: false\n---\n")
        .userInvocable,
      false,
    );
    assert.equal(
      parse("---\nname: a\ndescription: b\nuser-invocable: true\n---\n")
        .userInvocable,
      true,
    );
    assert.equal(
      parse("---\nname: a\ndescription: b\n---\n").userInvocable,
      true,
    );
  });

  it("keeps unknown keys in metadata as plain JSON data", () => {
    const parsed = parse([
      "---",
      "name: a",
      "description: b",
      "license: Complete terms in LICENSE.txt",
      "metadata:",
      "  short-description: Fills forms",
      "  version: 1.2",
      "released: 2024-01-31",
      "argument-hint: '[file]'",
      "weight: .inf",
      "empty:",
      "allowed-tools: Read",
      "---",
      "",
    ].join("\n"));
    assert.deepEqual(parsed.metadata, {
      license: "Complete terms in LICENSE.txt",
      metadata: { "short-description": "Fills forms", version: 1.2 },
      released: "2024-01-31",
      "argument-hint": "[file]",
      weight: ".inf",
      empty: null,
    });
    assert.equal(
      JSON.parse(JSON.stringify(parsed.metadata)).released,
      "2024-01-31",
    );
    assert.ok(Object.isFrozen(parsed.metadata));
    assert.ok(Object.isFrozen(parsed.metadata.metadata));
  });

  it("keeps __proto__ and constructor as plain keys without polluting prototypes", () => {
    const parsed = parse(
      "---\nname: a\ndescription: b\n__proto__:\n  polluted: yes\nconstructor: {prototype: {polluted: yes}}\n---\n",
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(parsed.metadata), Object.prototype);
    assert.deepEqual(Object.keys(parsed.metadata), [
      "__proto__",
      "constructor",
    ]);
  });

  it("rejects YAML tags outside the core schema", () => {
    assertInvalid("---\nname: a\ndescription: b\nx: !!js/function 'f'\n---\n", {
      line: 4,
      column: 4,
      includes: ["unknown scalar tag"],
    });
  });

  it("reads a float word where a string is wanted as its source text", () => {
    const parsed = parse(
      "---\nname: .NaN\ndescription: -.Inf\nlicense: .inf\n---\n",
    );
    assert.equal(parsed.name, ".NaN");
    assert.equal(parsed.description, "-.Inf");
    assert.deepEqual(parsed.metadata, { license: ".inf" });
    assert.deepEqual(parsed.coercions.map((c) => c.key), [
      "name",
      "description",
      "license",
    ]);
  });

  it("rejects an alias chain that nests deeper than 100 levels, counting through the aliases", () => {
    // 44 anchors of 97 levels, each holding the one before: each is within
    // js-yaml's nesting limit, and the last is over 4,000 levels deep.
    const lines = ["---", "name: a", "description: b"];
    for (let i = 0; i < 44; i++) {
      const inner = i === 0 ? "x" : `*a${i - 1}`;
      lines.push(
        `a${i}: &a${i} ${"[".repeat(97)}${inner}${"]".repeat(97)}`,
      );
    }
    lines.push("---", "");
    assertInvalid(lines.join("\n"), {
      line: 2,
      includes: [
        "frontmatter nests deeper than 100 levels, counted through its YAML aliases",
      ],
    });
  });

  it("says what the value cap counted: a plain list too long names no alias", () => {
    const items = Array(116_000).fill("1").join(",");
    assertInvalid(`---\nname: a\ndescription: b\nx: [${items}]\n---\n`, {
      line: 2,
      includes: [
        "frontmatter holds more than 100000 values (each mapping, list, key's value and list item counts one)",
      ],
    });
  });

  it("rejects frontmatter that aliases expand beyond the value cap", () => {
    const lines = [
      "---",
      "name: a",
      "description: b",
      'l0: &l0 ["x","x","x","x","x","x","x","x","x","x"]',
    ];
    for (let level = 1; level <= 6; level++) {
      lines.push(
        `l${level}: &l${level} [${Array(10).fill(`*l${level - 1}`).join(",")}]`,
      );
    }
    lines.push("---", "");
    assertInvalid(lines.join("\n"), {
      line: 2,
      includes: ["more than 100000 values once its YAML aliases are expanded"],
    });
  });
});
