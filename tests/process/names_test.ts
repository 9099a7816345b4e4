// Names on disk that are not valid UTF-8 cannot be held in a string, so
// they cannot be opened by name: each is skipped with a warning that names
// its directory and its bytes, never dropped without a word. (The shell
// makes them, so this file runs with --allow-run.)

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  checkSkills,
  createAgentSkills,
  SkillError,
} from "@clarvis/agent-skills";
import {
  codes,
  makeNonUtf8,
  manifest,
  options,
  tempTrees,
} from "../_helpers.ts";

const tree = tempTrees();
/** The bytes as the warning shows them: hex, or (Deno) the decoded name. */
const BYTES_REGEXP = /\(bytes (73 6b ff|"sk\uFFFD")\)/;

describe("names that are not UTF-8", () => {
  it("skip a skill directory so named with an unrepresentable_name warning", () => {
    const root = tree({ "good/SKILL.md": manifest("good") });
    makeNonUtf8(root, "sk", 0xff);
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["good"]);
    assert.deepEqual(codes(warnings), ["unrepresentable_name"]);
    assert.equal(warnings[0]?.path, root);
    assert.match(warnings[0]?.message ?? "", BYTES_REGEXP);
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
    assert.match(warnings[0]?.message ?? "", /\(bytes (78 fe|"x\uFFFD")\)/);
    assert.deepEqual(skills.loadSkill("x\uFFFD")?.resources, ["r\uFFFD.txt"]);
    assert.deepEqual(codes(warnings), [
      "unrepresentable_name",
      "unrepresentable_name",
    ]);
    assert.match(warnings[1]?.message ?? "", /\(bytes (72 fe|"r\uFFFD")\)/);
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
    assert.match(warnings[0]?.message ?? "", /\(bytes (72 fe|"r\uFFFD")\)/);
    assert.equal(
      skills.resourcePath("tool", "real\uFFFD.txt"),
      join(root, "tool", "real\uFFFD.txt"),
    );
  });
});
