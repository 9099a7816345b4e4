// Terminal text in a kept index. A skill taken from an index is served as
// its entry says, so an entry must say nothing the disk could not: an
// index whose entry holds a character that acts on a terminal (a control,
// a bidi or zero-width character, a separator, a lone surrogate) is refused
// as a whole, and every manifest is read; skills.index() leaves out a skill
// whose texts hold one, which is read at each start, so that what is served
// is what its manifest says.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills, StartupError } from "@clarvis/agent-skills";
import { ACTING_SAMPLES, manifest, tempTrees } from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import {
  type Entry,
  forged,
  keptIndex,
  type Origin,
  over,
} from "./_index_forge.ts";

const tree = tempTrees();

const STORE = {
  "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms.", {
    extra: "metadata:\n  owner: docs\nallowed-tools: Read Grep\n",
  }),
  "a/other/SKILL.md": manifest("other"),
  "b/.keep": "",
};

/**
 * Each text of an entry an index could forge (its origin's too), and how
 * `text` is put in it.
 */
const FIELDS: Array<
  [string, RegExp, (entry: Entry, text: string, origins: Origin[]) => void]
> = [
  ["its name", /\.info\.name /, (entry, text) => {
    entry.info["name"] = `pdf${text}`;
  }],
  ["its description", /\.info\.description /, (entry, text) => {
    entry.info["description"] = `Fill ${text}PDF forms.`;
  }],
  ["a metadata value", /\.info\.metadata /, (entry, text) => {
    entry.info["metadata"] = { owner: `docs${text}` };
  }],
  ["a metadata key", /\.info\.metadata /, (entry, text) => {
    entry.info["metadata"] = { [`own${text}er`]: "docs" };
  }],
  ["an allowed tool", /\.info\.allowedTools /, (entry, text) => {
    entry.info["allowedTools"] = ["Read", `Gr${text}ep`];
  }],
  ["its path", /\.info\.path /, (entry, text) => {
    entry.info["path"] = `pdf${text}/SKILL.md`;
  }],
  ["its dir", /\.info\.dir /, (entry, text) => {
    entry.info["dir"] = `/tmp/pdf${text}`;
  }],
  ...[0, 1, 2, 3].map((
    at,
  ): [
    string,
    RegExp,
    (entry: Entry, text: string, origins: Origin[]) => void,
  ] => [
    `its origin's ${["root", "scope", "source", "plugin"][at]}`,
    /origins\[0\] holds a character that acts/,
    (entry, text, origins) => {
      const origin = origins[entry.origin] as Origin;
      origin[at] = `${origin[at] ?? "plugin"}${text}`;
    },
  ]),
  ["a repair's fix", /\.repairs /, (entry, text) => {
    entry.repairs = [{
      kind: "colon",
      line: 3,
      key: "description",
      fix: `quote it${text}`,
    }];
  }],
];

describe("an index whose entry holds a character that acts on a terminal, which its manifest does not", () => {
  const base = tree(STORE);
  const plain = over(base);
  const index = keptIndex(plain.options);
  const served = createAgentSkills(plain.options);

  for (const [what, where, forge] of FIELDS) {
    it(`in ${what}: refused as a whole (index_refused, without the character), what the disk says served`, () => {
      for (const text of ACTING_SAMPLES) {
        const shown = JSON.stringify(text);
        const { options, warnings } = over(base);
        const skills = createAgentSkills({
          ...options,
          index: forged(
            index,
            "/a/pdf/SKILL.md",
            (entry, origins) => forge(entry, text, origins),
          ),
        });
        assert.deepEqual(
          warnings.map((warning) => warning.code),
          ["index_refused"],
          shown,
        );
        const message = warnings[0]?.message ?? "";
        assert.match(message, where, shown);
        assert.ok(!message.includes(text), `${shown} said raw`);
        assert.equal(takenCount(skills), 0, shown);
        assert.deepEqual(skills.listSkills(), served.listSkills(), shown);
        assert.deepEqual(skills.loadSkill("pdf"), served.loadSkill("pdf"));
      }
    });
  }

  it("is thrown as invalid_index under strict", () => {
    const strict = over(base, { strict: true }).options;
    const bad = forged(keptIndex(strict), "/a/pdf/SKILL.md", (entry) => {
      entry.info["description"] = "\u001b]8;;https://example.invalid\u0007";
    });
    assert.throws(
      () => createAgentSkills({ ...strict, index: bad }),
      (error: unknown) =>
        error instanceof StartupError && error.code === "invalid_index" &&
        !error.message.includes("\u001b"),
    );
  });

  it("serves the index's plain text (its key matched), and refuses it with one acting character more", () => {
    // The control of the two cases above: the same entry, without the
    // character, is taken as the index says it (docs/discovery.md says
    // what a host must protect).
    const { options, warnings } = over(base);
    const said = forged(index, "/a/pdf/SKILL.md", (entry) => {
      entry.info["description"] = "Said by the index.";
    });
    const skills = createAgentSkills({ ...options, index: said });
    assert.deepEqual(warnings, []);
    assert.equal(takenCount(skills), 2);
    assert.equal(
      skills.listSkills().find((info) => info.name === "pdf")?.description,
      "Said by the index.",
    );
  });
});

describe("skills.index() of manifests that hold such characters", () => {
  const acting = {
    ...STORE,
    "a/esc/SKILL.md": manifest("esc", '"Red \\e[31mtext\\e[0m."'),
    "a/bidi/SKILL.md": manifest("bidi", '"Left \\u202Eright."'),
    "a/c1/SKILL.md": manifest("c1", '"A \\x9B31m CSI."'),
    "a/lines/SKILL.md": manifest("lines", "|\n  Two\n  lines."),
    "b/tools/SKILL.md": manifest("tools", "Tools.", {
      extra: 'allowed-tools: ["Read\\u2028Grep"]\n',
    }),
    "b/meta/SKILL.md": manifest("meta", "Meta.", {
      extra: 'metadata:\n  "owner\\u200B": "docs\\x07"\n',
    }),
  };

  it("leaves them out; a start from it reads them, and serves what they say, refusing nothing", () => {
    const base = tree(acting);
    const plain = over(base);
    const reference = createAgentSkills(plain.options);
    // The disk holds them, and a start without an index serves them raw.
    const esc = reference.listSkills().find((info) => info.name === "esc");
    assert.equal(esc?.description, "Red \u001b[31mtext\u001b[0m.");
    const index = keptIndex(plain.options);
    assert.deepEqual(
      index.skills.map((entry) => (entry as unknown as Entry).info["name"])
        .sort(),
      ["other", "pdf"],
    );
    const { options, warnings } = over(base);
    const skills = createAgentSkills({ ...options, index });
    assert.deepEqual(warnings, plain.warnings);
    assert.equal(takenCount(skills), 2);
    assert.deepEqual(skills.listSkills(), reference.listSkills());
    for (const { name } of reference.listSkills()) {
      assert.deepEqual(skills.loadSkill(name), reference.loadSkill(name));
    }
    assert.deepEqual(skills.index(), index);
  });

  it("leaves out each skill of a root whose path holds one, and no origin says it", () => {
    const base = tree({
      "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
      "b\u001b[31m\u202e/red/SKILL.md": manifest("red", "In a red root."),
    });
    const options = {
      ...over(base).options,
      roots: [join(base, "a"), join(base, "b\u001b[31m\u202e")],
    };
    const reference = createAgentSkills(options);
    assert.equal(reference.listSkills().length, 2);
    const index = keptIndex(options);
    assert.deepEqual(
      index.skills.map((entry) => (entry as unknown as Entry).info["name"]),
      ["pdf"],
    );
    assert.deepEqual(index.origins, [[
      join(base, "a"),
      "custom",
      "custom",
      null,
    ]]);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 1);
    assert.deepEqual(skills.listSkills(), reference.listSkills());
  });
});
