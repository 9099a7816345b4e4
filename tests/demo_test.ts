import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { demo, DEMO_DIR } from "../scripts/demo.ts";

describe("demo()", () => {
  it("prints the catalog, one skill and one confined resource path", () => {
    const lines: string[] = [];
    demo((line) => lines.push(line));
    const fill = join(
      DEMO_DIR,
      "user-store",
      "pdf-forms",
      "scripts",
      "fill.py",
    );
    const realFill = realpathSync(fill);
    assert.deepEqual(lines, [
      "Catalog (listSkills):",
      "  commit-messages [user/agents]: Write commit messages: a short imperative subject, a blank line, then why.",
      "  pdf-forms [user/agents]: Fill in and flatten PDF forms. Use when the user asks to complete, inspect or sign a PDF form.",
      "  release-notes [workspace/clarvis]: Draft release notes in this project's house style.",
      "",
      'loadSkill("pdf-forms"):',
      "  allowed tools: Bash(python3:*), Read",
      "  resources: references/fields.md, scripts/fill.py",
      "  body:",
      "    # PDF forms",
      "",
      "    1. List the fields with `python3 scripts/fill.py --list form.pdf`.",
      "    2. Read `references/fields.md` for how each field type is filled.",
      "    3. Fill with `python3 scripts/fill.py form.pdf values.json`.",
      "",
      'resourcePath("pdf-forms", "scripts/fill.py"):',
      `  ${realFill}`,
    ]);
  });
});
