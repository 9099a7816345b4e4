// check next to the Agent Skills reference validator. tests/reference_battery.json
// holds small skill directories, one or more per rule of the reference
// (skills-ref's validator.py and parser.py) and per behaviour of check, each
// with the messages the reference gives (recorded by running it:
// scripts/reference_battery.py) and the diagnostics check gives. Each case
// must give those diagnostics, and the same verdict as the reference unless
// the case says why it differs; README lists those cases (docs_test holds the
// table to the battery).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { checkSkills } from "@clarvis/agent-skills/check";
import { main } from "@clarvis/agent-skills/cli";
import { RULES } from "../src/check/_rules.ts";
import { battery } from "../scripts/update_docs.ts";
import { tempTrees } from "./_helpers.ts";

const tree = tempTrees();
const CASES = battery();

/** Every message validator.py and parser.py can give, as a pattern. */
const REFERENCE_RULES: readonly RegExp[] = [
  /^Path does not exist: /,
  /^Not a directory: /,
  /^Missing required file: SKILL\.md$/,
  /^SKILL\.md must start with YAML frontmatter \(---\)$/,
  /^SKILL\.md frontmatter not properly closed with ---$/,
  /^Invalid YAML in frontmatter: /,
  /^SKILL\.md frontmatter must be a YAML mapping$/,
  /^Unexpected fields in frontmatter: /,
  /^Missing required field in frontmatter: name$/,
  /^Field 'name' must be a non-empty string$/,
  /^Skill name '.*' exceeds 64 character limit/,
  /^Skill name '.*' must be lowercase$/,
  /^Skill name cannot start or end with a hyphen$/,
  /^Skill name cannot contain consecutive hyphens$/,
  /^Skill name '.*' contains invalid characters/,
  /^Directory name '.*' must match skill name '.*'$/,
  /^Missing required field in frontmatter: description$/,
  /^Field 'description' must be a non-empty string$/,
  /^Description exceeds 1024 character limit/,
  /^Field 'compatibility' must be a string$/,
  /^Compatibility exceeds 500 character limit/,
];

describe("check next to the reference validator", () => {
  for (const c of CASES) {
    it(`${c.id}: ${c.item}`, async () => {
      const base = tree(c.files);
      const path = join(base, c.path);
      const report = checkSkills({ paths: [path], home: base });
      assert.deepEqual(
        report.diagnostics.map((d) => [
          d.severity,
          d.code,
          d.path.slice(base.length + 1),
          ...(d.line === undefined ? [] : [d.line]),
        ]),
        c.ours,
      );
      const fails = report.counts.error > 0;
      const referenceFails = c.reference.length > 0;
      if (c.differs === undefined) {
        assert.equal(fails, referenceFails, "the reference's verdict");
      } else {
        assert.notEqual(
          fails,
          referenceFails,
          `differs on purpose: ${c.differs}`,
        );
      }
      // The command gives the same verdict as its exit status.
      const quiet = { stdout() {}, stderr() {}, color: false, columns: 80 };
      assert.equal(
        await main(["check", path, "--home", base], { ...quiet, cwd: base }),
        fails ? 1 : 0,
      );
    });
  }

  it("has a case for every message of the reference validator", () => {
    const messages = CASES.flatMap((c) => c.reference);
    for (const rule of REFERENCE_RULES) {
      assert.ok(messages.some((m) => rule.test(m)), `no case for ${rule}`);
    }
    // And every message recorded is one of those.
    for (const message of messages) {
      assert.ok(REFERENCE_RULES.some((rule) => rule.test(message)), message);
    }
  });

  it("has a case for every rule of check", () => {
    const found = new Set(
      CASES.flatMap((c) => c.ours.map((d) => `${d[0]} ${d[1]}`)),
    );
    for (const rule of RULES) {
      assert.ok(
        found.has(`${rule.severity} ${rule.code}`),
        `no case for ${rule.code} (${rule.severity})`,
      );
    }
  });

  it("names each case once", () => {
    const ids = CASES.map((c) => c.id);
    assert.deepEqual([...new Set(ids)], ids);
  });
});
