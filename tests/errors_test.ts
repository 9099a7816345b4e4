import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { SkillError } from "@clarvis/agent-skills";

describe("new SkillError(code, message, options)", () => {
  it("takes where it happened and the cause in one options object", () => {
    const cause = new Error("ENOENT: no such file");
    const error = new SkillError("not_found", "Resource gone", {
      skill: "pdf",
      path: "/skills/pdf/forms.md",
      line: 3,
      column: 7,
      cause,
    });
    assert.equal(error.name, "SkillError");
    assert.equal(error.code, "not_found");
    assert.equal(error.message, "Resource gone");
    assert.equal(error.skill, "pdf");
    assert.equal(error.path, "/skills/pdf/forms.md");
    assert.equal(error.line, 3);
    assert.equal(error.column, 7);
    assert.equal(error.cause, cause);
    assert.deepEqual(error.problems, []);
  });

  it("has no cause when none is given, and every problem when some are", () => {
    const problems = [
      { line: 2, message: "frontmatter.name: expected a string" },
      { line: 3, column: 1, message: "bad indentation" },
    ];
    const error = new SkillError("invalid_skill", "Skipped", {
      path: "/skills/x/SKILL.md",
      problems,
    });
    assert.equal("cause" in error, false);
    assert.deepEqual(error.problems, problems);
    assert.equal(new SkillError("path_escape", "Refused").skill, undefined);
  });
});
