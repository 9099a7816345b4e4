// Host profiles attacked: hostListing() given what is not a skill or not a
// host, and rules the cited sources hold that the profiles first missed
// (each naming the source line).

import { describe, it } from "node:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { startsWithBom } from "../../src/check/_host_text.ts";
import assert from "node:assert/strict";
import { type SkillInfo, StartupError } from "@clarvis/agent-skills";
import { checkSkills, hostListing } from "@clarvis/agent-skills/check";
import { makeFifo, manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** The codes of the host diagnostics of `hosts` over one root. */
function hostCodes(
  files: Record<string, string>,
  hosts: ("codex" | "gemini" | "spec" | "claude-ai")[],
): string[] {
  const report = checkSkills({ paths: [tree(files)], hosts });
  return report.diagnostics.filter((d) => d.host !== undefined).map((d) =>
    d.code
  );
}

function invalidOption(error: unknown): boolean {
  assert.ok(error instanceof StartupError, String(error));
  assert.equal(error.code, "invalid_option");
  return true;
}

describe("hostListing(): what it is given", () => {
  const info = {
    name: "pdf",
    description: "Fill PDF forms.",
    metadata: {},
  } as unknown as SkillInfo;

  it("refuses a host it has no profile of with invalid_option", () => {
    // Before: listed the skill as it is, as if "nope" were a host.
    assert.throws(
      () => hostListing(info, "nope" as never),
      (error: unknown) =>
        invalidOption(error) &&
        /hostListing\(\).*"nope"/.test((error as Error).message),
    );
    assert.throws(() => hostListing(info, "all" as never), invalidOption);
  });

  it("refuses what is not a skill with invalid_option, never a TypeError", () => {
    for (
      const given of [
        null,
        undefined,
        "pdf",
        { name: "pdf" },
        { name: "pdf", description: 5, metadata: {} },
        { name: 1, description: "d", metadata: {} },
      ]
    ) {
      for (const host of ["claude-code", "codex", "gemini"] as const) {
        assert.throws(
          () => hostListing(given as never, host),
          invalidOption,
          `${JSON.stringify(given)} for ${host}`,
        );
      }
    }
  });

  it("takes a skill without metadata (nothing to add to the listing)", () => {
    const bare = { name: "pdf", description: "d" } as unknown as SkillInfo;
    assert.equal(hostListing(bare, "claude-code").description, "d");
  });
});

describe("gemini_fence: Gemini CLI's FRONTMATTER_REGEX is /^---\\r?\\n/", () => {
  // google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts
  // (5411f113): FRONTMATTER_REGEX = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;
  // no match, `return null`: the skill is skipped. This library reads
  // `---` followed by spaces or tabs (manifest/_fence.ts).
  const body = "name: pdf\ndescription: d\n---\nbody\n";
  const cases: [string, string, string[]][] = [
    ["a space", `--- \n${body}`, ["gemini_fence"]],
    ["a tab", `---\t\n${body}`, ["gemini_fence"]],
    ["CRLF", `---\r\n${body.replaceAll("\n", "\r\n")}`, []],
    ["LF", `---\n${body}`, []],
    ["a BOM and a space (said once, as a BOM)", `\ufeff--- \n${body}`, [
      "gemini_bom",
    ]],
  ];
  for (const [label, text, expected] of cases) {
    it(`after the opening ---: ${label}`, () => {
      assert.deepEqual(
        hostCodes({ "pdf/SKILL.md": text }, ["gemini"]),
        expected,
      );
    });
  }
});

describe("rules the cited sources hold, once missed by the profiles", () => {
  // The reference validator counts the description as written:
  // agentskills/agentskills skills-ref validator.py (69ef37e9)
  // `_validate_description`: `if len(description) > MAX_DESCRIPTION_LENGTH`
  // on the value strictyaml parsed, never stripped. This library trims it.
  it("spec fails a description over 1,024 characters with its white space", () => {
    const padded = `"${"d".repeat(1000)}${" ".repeat(100)}"`;
    assert.deepEqual(
      hostCodes({
        "pad/SKILL.md": `---\nname: pad\ndescription: ${padded}\n---\nbody\n`,
      }, ["spec"]),
      ["spec_description_length"],
    );
    // A folded block of 1,024 characters keeps its final line break.
    const folded = `>\n  ${"e".repeat(1024)}\n`;
    assert.deepEqual(
      hostCodes({
        "fold/SKILL.md": `---\nname: fold\ndescription: ${folded}---\nbody\n`,
      }, ["spec"]),
      ["spec_description_length"],
    );
    // Exactly 1,024 as written passes; over 1,024 trimmed is check's own.
    assert.deepEqual(
      hostCodes({
        "exact/SKILL.md": manifest("exact", "f".repeat(1024)),
        "long/SKILL.md": manifest("long", "g".repeat(1025)),
      }, ["spec"]),
      [],
    );
  });

  // skills-ref parser.py (69ef37e9) reads the frontmatter with
  // `strictyaml.load`, which refuses flow style (`[a, b]`, `{a: b}`),
  // anchors and aliases, and tags ("Invalid YAML in frontmatter").
  it("spec fails flow style, anchors and tags (strictyaml)", () => {
    const refused = {
      "flow/SKILL.md": manifest("flow", "Flow.", {
        extra: "allowed-tools: [Read, Bash]\n",
      }),
      "map/SKILL.md": manifest("map", "Map.", {
        extra: "metadata: {a: b}\n",
      }),
      "anchor/SKILL.md": manifest("anchor", "Anchor.", {
        extra: "metadata:\n  a: &x one\n  b: *x\n",
      }),
      "tag/SKILL.md": manifest("tag", "Tag.", {
        extra: "license: !!str MIT\n",
      }),
      "item/SKILL.md": manifest("item", "Item.", {
        extra: "allowed-tools:\n  - !!str Read\n",
      }),
    };
    assert.deepEqual(hostCodes(refused, ["spec"]), [
      "spec_yaml",
      "spec_yaml",
      "spec_yaml",
      "spec_yaml",
      "spec_yaml",
    ]);
    // Text that only looks so: in quotes, in a block, in a comment.
    const taken = {
      "quoted/SKILL.md": manifest("quoted", "Uses [brackets] & *stars*.", {
        extra: "license: '[MIT]'\ncompatibility: \"{any}\" # &c\n",
      }),
      "block/SKILL.md":
        "---\nname: block\ndescription: |\n  - [x] done\n  &amp; *more*\n  !important\nlicense: MIT\n---\nbody\n",
    };
    assert.deepEqual(hostCodes(taken, ["spec"]), []);
  });

  // The reference battery's flow-mapping case: the whole frontmatter
  // written as one flow mapping, which strictyaml refuses at its first
  // character; a plain value wrapped onto a line that starts with one of
  // those characters is text to it.
  it("spec fails a frontmatter written as a flow mapping, not a wrapped plain value", () => {
    assert.deepEqual(
      hostCodes({
        "whole/SKILL.md":
          "---\n{name: whole, description: A flow mapping.}\n---\nbody\n",
        "key/SKILL.md":
          "---\nname: key\ndescription: K.\n&a license: MIT\n---\nb\n",
      }, ["spec"]),
      ["spec_yaml", "spec_yaml"],
    );
    assert.deepEqual(
      hostCodes({
        "wrapped/SKILL.md":
          "---\nname: wrapped\ndescription: Does a thing\n  *well* and\n  [fast] too\n  !really\n---\nbody\n",
      }, ["spec"]),
      [],
    );
  });

  // quick_validate.py (anthropics/skills 9d2f1ae1), which Anthropic's
  // package_skill.py runs before it packs, reads `skill_md.read_text()` (a
  // BOM is kept) and matches `^---\n(.*?)\n---`.
  it("claude-ai says what quick_validate.py says of a BOM, a spaced fence, CRLF", () => {
    assert.deepEqual(
      hostCodes({
        "bom/SKILL.md": `\ufeff${manifest("bom")}`,
        "spaced/SKILL.md": manifest("spaced").replace("---\n", "--- \n"),
        "crlf/SKILL.md": manifest("crlf").replaceAll("\n", "\r\n"),
        "plain/SKILL.md": manifest("plain"),
      }, ["claude-ai"]),
      ["claude_ai_fence", "claude_ai_fence", "claude_ai_fence"],
    );
  });
});

describe("the BOM probe of the host rules", () => {
  it("reads a regular file only: a FIFO or a link to one is never opened to block", () => {
    const root = tree({
      "bom.md": "\ufeff---\n",
      "plain.md": "---\n",
      "short.md": "\ufeff",
    });
    makeFifo(join(root, "fifo"));
    symlinkSync(join(root, "fifo"), join(root, "to-fifo"));
    symlinkSync(join(root, "bom.md"), join(root, "to-bom"));
    assert.equal(startsWithBom(join(root, "bom.md")), true);
    assert.equal(startsWithBom(join(root, "to-bom")), true);
    assert.equal(startsWithBom(join(root, "plain.md")), false);
    assert.equal(startsWithBom(join(root, "short.md")), true);
    // Would block forever if opened for reading without O_NONBLOCK.
    assert.equal(startsWithBom(join(root, "fifo")), false);
    assert.equal(startsWithBom(join(root, "to-fifo")), false);
    assert.equal(startsWithBom(join(root, "missing")), false);
  });
});
