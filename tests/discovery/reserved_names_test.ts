// A plain skill never takes a name that reads as `<plugin>:<skill>`: a `:`,
// or a character that looks like one (its NFKC form is `:`, or Unicode lists
// it as confusable with `:`), is reserved_name; the messages show the name
// as it is, never normalised.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { colonIn } from "../../src/_names.ts";
import { listed, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** Characters that look like `:`: NFKC to `:`, then Unicode's confusables. */
const LOOKALIKES = [
  "\uff1a", // FULLWIDTH COLON
  "\ufe55", // SMALL COLON
  "\ufe13", // PRESENTATION FORM FOR VERTICAL COLON
  "\ua789", // MODIFIER LETTER COLON
  "\u2236", // RATIO
  "\u02d0", // MODIFIER LETTER TRIANGULAR COLON
  "\u02f8", // MODIFIER LETTER RAISED COLON
  "\u0589", // ARMENIAN FULL STOP
  "\u05c3", // HEBREW PUNCTUATION SOF PASUQ
  "\u0703", // SYRIAC SUPRALINEAR COLON
  "\u0704", // SYRIAC SUBLINEAR COLON
  "\u0903", // DEVANAGARI SIGN VISARGA
  "\u0a83", // GUJARATI SIGN VISARGA
  "\u16ec", // RUNIC MULTIPLE PUNCTUATION
  "\u1803", // MONGOLIAN FULL STOP
  "\u1809", // MONGOLIAN MANCHU FULL STOP
  "\u205a", // TWO DOT PUNCTUATION
  "\ua4fd", // LISU LETTER TONE MYA JEU
  "\ufe30", // PRESENTATION FORM FOR VERTICAL TWO DOT LEADER
];

/** A plain root holding one skill per name (its directory named alike). */
function store(names: readonly string[]): string {
  return tree(Object.fromEntries(
    names.map((name) => [`${name}/SKILL.md`, manifest(name)]),
  ));
}

describe("a plain skill whose name holds a look-alike colon", () => {
  for (const colon of LOOKALIKES) {
    const hex = colon.codePointAt(0)!.toString(16).toUpperCase().padStart(
      4,
      "0",
    );
    it(`is skipped with reserved_name for U+${hex}`, () => {
      const name = `git-tools${colon}setup`;
      const root = store([name, "ok"]);
      const { names, warnings } = listed({ path: root });
      assert.deepEqual(names, ["ok"]);
      assert.deepEqual(warnings, ["reserved_name"]);
    });
  }

  it("says which character, with the name as it is", () => {
    const name = "git-tools\uff1asetup";
    const root = store([name]);
    const { messages } = listed({ path: root });
    assert.deepEqual(messages, [
      `Skipped ${
        join(root, name, "SKILL.md")
      }: its name "${name}" holds U+FF1A, a character that looks like ":", which is reserved for plugin skills (<plugin>:<skill>); rename it without ":" or anything like it (a skill of a plugin gets its prefix from the plugin)`,
    ]);
  });

  it("is not what a lookup of the plugin-style name reaches, and is refused under strict", () => {
    const root = store(["git-tools\uff1asetup"]);
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    assert.equal(skills.loadSkill("git-tools:setup"), undefined);
    assert.equal(skills.loadSkill("git-tools\uff1asetup"), undefined);
    assert.throws(
      () => listed({ path: root }, { strict: true }),
      (error) => error instanceof SkillError && error.code === "invalid_skill",
    );
  });

  it("is found at the end of a name of 20,000 characters", () => {
    const name = `${"\u00e9".repeat(20_000)}\u2236x`;
    assert.equal(colonIn(name), "\u2236");
    assert.equal(colonIn("\u00e9".repeat(20_000)), undefined);
  });
});

describe("a plain skill whose name has other characters beyond ASCII", () => {
  it("is served: only a colon and its look-alikes are reserved", () => {
    const names = [
      "caf\u00e9",
      "\u6570\u636e",
      "a\u00b7b",
      "x.y",
      "na\u00efve",
    ];
    const { names: served, warnings } = listed({ path: store(names) });
    assert.deepEqual(served, [...names].sort());
    assert.deepEqual(warnings, []);
  });
});

describe("check on a name with a look-alike colon", () => {
  it("shows the name as it is in its message, not its NFKC form", () => {
    const name = "git-tools\uff1asetup";
    const root = store([name]);
    const report = checkSkills({ paths: [root], home: root });
    const messages = report.diagnostics.map((diagnostic) => diagnostic.message);
    assert.deepEqual(messages, [
      `frontmatter.name: "${name}" has characters other than letters, digits and -`,
    ]);
  });
});
