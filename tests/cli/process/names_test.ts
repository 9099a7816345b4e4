// Names on disk that are not valid UTF-8 cannot be held in a string, so
// they cannot be opened by name: each is skipped with a warning that names
// its directory and its bytes, never dropped without a word. (The shell
// makes them, so this file runs with --allow-run.)

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { main } from "@clarvis/agent-skills/cli";
import {
  codes,
  makeNonUtf8,
  manifest,
  options,
  tempTrees,
} from "../../_helpers.ts";

const tree = tempTrees();

/**
 * The name `<prefix><byte>` as a message shows it: its bytes, each outside
 * printable ASCII as `\xNN`; or under Deno, which decodes the bytes away,
 * the decoded name with `\u` escapes, said to be decoded (and how many
 * other names of the directory decode alike).
 */
function shown(prefix: string, byte: number, alike = 0): string {
  if (!("Deno" in globalThis)) return `"${prefix}\\x${byte.toString(16)}"`;
  const others = alike === 0
    ? ""
    : `, like ${alike} other name${alike === 1 ? "" : "s"} here`;
  return `"${prefix}\\ufffd" (as this runtime decodes it${others}; it does not give the bytes)`;
}

/** The warning about a skill directory `<prefix><byte>` in `root`. */
function skipped(root: string, prefix: string, byte: number, alike = 0) {
  return `Skipped a skill directory in ${root}: its name ${
    shown(prefix, byte, alike)
  } is not valid UTF-8, so it cannot be opened by name; rename it`;
}

describe("names that are not UTF-8", () => {
  it("skip a skill directory so named with an unrepresentable_name warning", () => {
    const root = tree({ "good/SKILL.md": manifest("good") });
    makeNonUtf8(root, "sk", 0xff);
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["good"]);
    assert.deepEqual(codes(warnings), ["unrepresentable_name"]);
    assert.equal(warnings[0]?.path, root);
    assert.equal(warnings[0]?.message, skipped(root, "sk", 0xff));
  });

  it("refuse such a skill directory under strict, and call it an error in check", () => {
    const root = tree({ "good/SKILL.md": manifest("good") });
    makeNonUtf8(root, "sk", 0xff);
    assert.throws(
      () => createAgentSkills({ ...options(root).options, strict: true }),
      (error) => error instanceof SkillError && error.code === "invalid_skill",
    );
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.severity, d.code, d.path]),
      [["error", "unrepresentable_name", root]],
    );
  });

  it("tell a valid x\uFFFD from its non-UTF-8 twin by their bytes, each once", () => {
    const root = tree({
      "x\uFFFD/SKILL.md": manifest("x\uFFFD"),
      "x\uFFFD/r\uFFFD.txt": "a valid name",
    });
    // The twin is empty: opened by the name it decodes to, it would be the
    // valid one again, a duplicate of itself.
    makeNonUtf8(root, "x", 0xfe);
    makeNonUtf8(join(root, "x\uFFFD"), "r", 0xfe, "bad name");
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "x\uFFFD",
    ]);
    assert.deepEqual(codes(warnings), ["unrepresentable_name"]);
    assert.equal(warnings[0]?.message, skipped(root, "x", 0xfe));
    assert.deepEqual(skills.loadSkill("x\uFFFD")?.resources, ["r\uFFFD.txt"]);
    assert.deepEqual(codes(warnings), [
      "unrepresentable_name",
      "unrepresentable_name",
    ]);
    assert.match(
      warnings[1]?.message ?? "",
      new RegExp(`: its name ${escaped(shown("r", 0xfe))} is not valid UTF-8,`),
    );
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.severity, d.code]),
      [
        ["error", "unrepresentable_name"],
        ["warning", "unrepresentable_name"],
        ["error", "name_characters"],
      ],
    );
  });

  it("leave out a resource so named with a warning, and keep a real U+FFFD", () => {
    const root = tree({
      "tool/SKILL.md": manifest("tool"),
      "tool/real\uFFFD.txt": "a valid name",
    });
    makeNonUtf8(join(root, "tool"), "r", 0xfe, "bad name");
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.loadSkill("tool")?.resources, ["real\uFFFD.txt"]);
    assert.deepEqual(codes(warnings), ["unrepresentable_name"]);
    assert.equal(warnings[0]?.path, join(root, "tool"));
    assert.equal(
      warnings[0]?.message,
      `Skipped a resource in ${join(root, "tool")} of skill "tool": its name ${
        shown("r", 0xfe)
      } is not valid UTF-8, so it cannot be opened by name; rename it`,
    );
    assert.equal(
      skills.resourcePath("tool", "real\uFFFD.txt"),
      join(root, "tool", "real\uFFFD.txt"),
    );
  });

  it("show each name by its bytes, so bad\\xff and bad\\xfe read apart, never as a raw U+FFFD", () => {
    const root = tree({ "good/SKILL.md": manifest("good") });
    makeNonUtf8(root, "bad", 0xff);
    makeNonUtf8(root, "bad", 0xfe);
    makeNonUtf8(root, "e\x1b[2J", 0xff);
    const { options: opts, warnings } = options(root);
    createAgentSkills(opts);
    const messages = warnings.map((warning) => warning.message).sort();
    // Deno lists both bad names as one decoded name, twice.
    assert.deepEqual(
      messages,
      [
        skipped(root, "bad", 0xfe, 1),
        skipped(root, "bad", 0xff, 1),
        skipped(root, "e\\u001b[2J", 0xff),
      ].map((message) =>
        "Deno" in globalThis ? message : message.replace("e\\u001b", "e\\x1b")
      ).sort(),
    );
    for (const message of messages) {
      assert.ok(
        !message.includes("\uFFFD") && !message.includes("\x1b"),
        message,
      );
    }
  });
});

describe("a path to check whose own name is not UTF-8", () => {
  /** A root `<base>/root<0xff>` holding a skill, as a path given as text names it. */
  function rootNamed(): { base: string; given: string } {
    const base = tree();
    makeNonUtf8(base, "root", 0xff);
    const real = join(base, "root\uFFFD");
    return { base, given: real };
  }

  it("is unrepresentable_name, not a path that does not exist", () => {
    const { base, given } = rootNamed();
    const report = checkSkills({ paths: [given], home: base });
    assert.deepEqual(report.diagnostics, [{
      severity: "error",
      code: "unrepresentable_name",
      message: `Cannot check ${given}: it exists, but its name in ${base}, ${
        shown("root", 0xff)
      }, is not valid UTF-8, so no path given as text can name it; rename it`,
      path: given,
    }]);
  });

  it("is so for a path below it, and for list, which fails", async () => {
    const { base, given } = rootNamed();
    const below = join(given, "pdf");
    const report = checkSkills({ paths: [below], home: base });
    assert.deepEqual(report.diagnostics.map((d) => d.code), [
      "unrepresentable_name",
    ]);
    let stderr = "";
    const code = await main(["list", below, "--home", base], {
      stdout: () => {},
      stderr: (text) => (stderr += text),
      color: false,
      columns: 80,
      cwd: base,
    });
    assert.equal(code, 1);
    assert.equal(
      stderr,
      `agent-skills: cannot read root\uFFFD/pdf: it exists, but its name in ${base}, ${
        shown("root", 0xff)
      }, is not valid UTF-8, so no path given as text can name it; rename it\n`,
    );
  });

  it("is path_not_found where no name decodes to it, or a real U+FFFD leads on", () => {
    const base = tree({ "real\uFFFD/.keep": "" });
    makeNonUtf8(base, "other", 0xff);
    for (
      const path of [
        join(base, "gone\uFFFD"),
        join(base, "real\uFFFD", "missing"),
        join(base, "real\uFFFD", "gone\uFFFD"),
      ]
    ) {
      const report = checkSkills({ paths: [path], home: base });
      assert.deepEqual(
        report.diagnostics.map((d) => [d.code, d.message]),
        [["path_not_found", `Path does not exist: ${path}`]],
      );
    }
  });
});

/** `text` as a regular expression that matches it literally. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
