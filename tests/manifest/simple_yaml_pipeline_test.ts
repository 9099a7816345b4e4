// What the YAML fast path reads since issue 32 (double-quoted escapes, the
// core schema's booleans) changes nothing after the YAML step: a hostile
// frontmatter it reads gives the same skills, warnings, check report and CLI
// output as the same frontmatter with a line of blanks added, which the fast
// path leaves to js-yaml, and no character an escape decodes reaches a
// terminal raw.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createAgentSkills,
  renderCatalog,
  setWarnSink,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";
import { runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/**
 * Frontmatters the fast path reads: booleans where a string is expected, and
 * escapes that decode to characters that act on a terminal or show as
 * nothing, in each field.
 */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ["a boolean name", "name: true\ndescription: d"],
  ["an upper-case boolean name", "name: TRUE\ndescription: d"],
  ["a boolean description", "name: x\ndescription: false"],
  ["a boolean license", "name: x\ndescription: d\nlicense: TRUE"],
  ["a boolean compatibility", "name: x\ndescription: d\ncompatibility: true"],
  ["a boolean allowed-tools", "name: x\ndescription: d\nallowed-tools: True"],
  [
    "a list of booleans as allowed-tools",
    "name: x\ndescription: d\nallowed-tools:\n  - true\n  - FALSE",
  ],
  [
    "a boolean among allowed-tools",
    'name: x\ndescription: d\nallowed-tools:\n- Read\n- false\n- "Bash(x:*)"',
  ],
  ["booleans in metadata", "name: x\ndescription: d\nmetadata:\n  x: true"],
  ["a boolean metadata", "name: x\ndescription: d\nmetadata: False"],
  [
    "booleans as the invocation flags",
    "name: x\ndescription: d\nuser-invocable: False\ndisable-model-invocation: TRUE",
  ],
  [
    "a string where the invocation flags are booleans",
    'name: x\ndescription: d\nuser-invocable: "false"',
  ],
  [
    "keys every object inherits",
    "name: x\ndescription: d\nconstructor: true\nmetadata:\n  toString: false\n  hasOwnProperty: x",
  ],
  [
    "escapes in the description",
    'name: x\ndescription: "a\\0b\\x1bc\\u202Ed\\e[2J\\u200be\\N\\Lf\\P\\a\\v\\x7f\\uFEFF"',
  ],
  ["an escape in the name", 'name: "x\\e[31m"\ndescription: d'],
  ["a zero-width name", 'name: "x\\u200b"\ndescription: d'],
  ["an escaped path as the name", 'name: "..\\/..\\/etc"\ndescription: d'],
  ["a name spelled in escapes", 'name: "\\x78"\ndescription: d'],
  [
    "escapes in the license and compatibility",
    'name: x\ndescription: d\nlicense: "MIT\\e]0;pwn\\a"\ncompatibility: "\\u202Eabc"',
  ],
  [
    "escapes in allowed-tools",
    'name: x\ndescription: d\nallowed-tools:\n  - "Bash(\\e[2J)"\n  - "\\u202E\\0"',
  ],
  [
    "escapes in metadata and another key",
    'name: x\ndescription: d\nmetadata:\n  a: "\\e[31mred\\0"\nx-evil: "\\e[2J\\u2028"',
  ],
  ["an escaped blank description", 'name: x\ndescription: "\\ "'],
  ["an escaped line feed as description", 'name: x\ndescription: "\\n"'],
  // Numbers, nulls, empty values and flow lists (issue 49).
  ["a number as the name", "name: 2048\ndescription: d"],
  ["a negative zero as the name", "name: -0\ndescription: d"],
  ["a hex number as the description", "name: x\ndescription: 0x1f"],
  [
    "floats as the license and compatibility",
    "name: x\ndescription: d\nlicense: 1.0\ncompatibility: 1e3",
  ],
  ["a null description", "name: x\ndescription: ~"],
  ["an empty description", "name: x\ndescription:"],
  [
    "empty fields",
    "name: x\ndescription: d\nlicense:\nmetadata:\nallowed-tools:\ncompatibility:",
  ],
  [
    "numbers and nulls as the invocation flags",
    "name: x\ndescription: d\nuser-invocable: 0\ndisable-model-invocation: ~",
  ],
  [
    "a flow list as allowed-tools",
    "name: x\ndescription: d\nallowed-tools: [Read, Grep, Bash(git add:*)]",
  ],
  [
    "numbers, nulls and booleans in a flow list as allowed-tools",
    "name: x\ndescription: d\nallowed-tools: [1, ~, true, -0, 0o17, '']",
  ],
  [
    "an empty flow list as allowed-tools",
    "name: x\ndescription: d\nallowed-tools: []",
  ],
  ["a flow list as the name", "name: [x]\ndescription: d"],
  [
    "flow lists as the description and license",
    "name: x\ndescription: [a, b]\nlicense: [MIT, Apache-2.0]",
  ],
  [
    "a flow list with a comment as argument-hint",
    "name: x\ndescription: d\nargument-hint: [file] # then options",
  ],
  [
    "escapes in a flow list in metadata",
    'name: x\ndescription: d\nmetadata:\n  tags: ["\\e[31m", "\\u202E", x]\n  version: 2.0',
  ],
];

/** The characters the escapes above decode to that must never show raw. */
const DECODED_ACTING: readonly string[] = [
  ..."\0\x07\x0b\x1b\x7f\x85\u200b\u2028\u2029\u202e\ufeff",
];

/** A line of blanks: nothing to js-yaml, where the fast path reads no further. */
const BLANKS = "  ";

/** Each outcome of the library and the CLI for one root, its path made `<root>`. */
function outcomes(root: string): string {
  const warnings: SkillWarning[] = [];
  const results: unknown[] = [];
  setWarnSink((warning) => warnings.push(warning));
  try {
    const skills = createAgentSkills({ home: root, cwd: root, roots: [root] });
    const listed = skills.listSkills();
    results.push(listed);
    for (const format of ["xml", "markdown", "json"] as const) {
      results.push(renderCatalog(listed, { format }).text);
    }
    for (const { name } of listed) results.push(skills.loadSkill(name));
    results.push(checkSkills({ paths: [root] }));
  } catch (error) {
    results.push(String(error));
  } finally {
    setWarnSink(null);
  }
  results.push(warnings);
  return rooted(JSON.stringify(results), root);
}

/** `text` with `root`'s path, absolute or as SARIF's relative URI, made `<root>`. */
function rooted(text: string, root: string): string {
  return text.replaceAll(root, "<root>").replaceAll(root.slice(1), "<root>");
}

/** What each command prints over `root`, its path made `<root>`. */
async function cliOutputs(root: string): Promise<Array<[string, string]>> {
  const name = "x";
  const printed: Array<[string, string]> = [];
  for (
    const args of [
      ["list", root],
      ["list", root, "--json"],
      ["show", name, root],
      ["show", name, root, "--json"],
      ["catalog", root],
      ["why", name, root],
      ["check", root],
      ["check", root, "--format", "json"],
      ["check", root, "--format", "github"],
      ["check", root, "--format", "sarif"],
    ]
  ) {
    const { code, out, err } = await runMain(args, { columns: 100, cwd: "/" });
    printed.push([
      rooted(args.join(" "), root),
      rooted(`${code}\n${out}\n${err}`, root),
    ]);
  }
  return printed;
}

/** A root with one skill directory `x` whose frontmatter is `yaml`. */
function rootWith(yaml: string): string {
  return tree({ "x/SKILL.md": `---\n${yaml}\n---\nbody\n` });
}

describe("what the YAML fast path reads, after the YAML step", () => {
  for (const [what, yaml] of HOSTILE) {
    it(`gives what js-yaml's reading gives, for ${what}`, async () => {
      const slow = `${yaml}\n${BLANKS}`;
      assert.notEqual(simpleYaml(yaml), undefined, "the fast path reads it");
      assert.equal(simpleYaml(slow), undefined, "js-yaml reads it");
      const fastRoot = rootWith(yaml);
      const slowRoot = rootWith(slow);
      assert.equal(outcomes(fastRoot), outcomes(slowRoot));
      assert.deepEqual(await cliOutputs(fastRoot), await cliOutputs(slowRoot));
    });
  }

  it("never prints a character an escape decoded raw, in any command", async () => {
    for (const [what, yaml] of HOSTILE) {
      for (const [args, text] of await cliOutputs(rootWith(yaml))) {
        for (const char of DECODED_ACTING) {
          assert.ok(
            !text.includes(char),
            `${what}: ${args}: ${JSON.stringify(text)}`,
          );
        }
      }
    }
  });
});
