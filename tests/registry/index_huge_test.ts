// Huge and deep kept indexes. An entry may say no more than its manifest
// holds: more text than the manifest's size (its key's), a manifest larger
// than maxManifestBytes, or metadata that is no tree (shared values, walked
// no further than that size) refuse the index as a whole; skills.index()
// leaves out a skill whose entry would be (YAML aliases expand what a
// manifest holds; js-yaml nests deeper than an index may), which is then
// read at each start. An index of 100,000 entries that match nothing costs
// no filesystem work beyond the start without them. Work is counted
// (status calls, listings, values walked, skills taken), never timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills, type SkillIndex } from "@clarvis/agent-skills";
import {
  countListings,
  countStatuses,
  manifest,
  tempTrees,
} from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import {
  entries,
  type Entry,
  entryAt,
  forged,
  keptIndex,
  over,
} from "./_index_forge.ts";

const tree = tempTrees();
const MIB = 1024 * 1024;

const STORE = {
  "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
  "a/other/SKILL.md": manifest("other"),
  "b/.keep": "",
};

/** Runs `run`, counting the status calls and listings the library makes. */
function counted<T>(run: () => T): { result: T; work: number[] } {
  const { result, statused } = countStatuses(() => countListings(run));
  return {
    result: result.result,
    work: [statused.length, result.listed.length],
  };
}

/**
 * A value of `depth` levels, each an object of two keys that lead to one
 * shared value below: a tree of 2^depth leaves drawn in depth objects.
 * Every value read is counted in `walked`; past `limit` the read throws,
 * so that a walk without a bound fails instead of running on.
 */
function shared(
  depth: number,
  walked: { count: number },
  limit: number,
): Record<string, unknown> {
  let below: unknown = "x";
  for (let level = 0; level < depth; level++) {
    const next = below;
    const read = (): unknown => {
      if (++walked.count > limit) {
        throw new Error(`walked more than ${limit} values`);
      }
      return next;
    };
    below = Object.defineProperties({}, {
      left: { get: read, enumerable: true },
      right: { get: read, enumerable: true },
    });
  }
  return below as Record<string, unknown>;
}

describe("an index whose entry says more than its manifest holds", () => {
  const base = tree(STORE);
  const plain = over(base);
  const index = keptIndex(plain.options);
  const served = createAgentSkills(plain.options).listSkills();
  const cases: Array<[string, RegExp, (entry: Entry) => void]> = [
    ["a metadata string of 4 MiB", /more text than its manifest/, (entry) => {
      entry.info["metadata"] = { blob: "x".repeat(4 * MIB) };
    }],
    [
      "a description longer than its manifest",
      /more text than its manifest/,
      (entry) => {
        entry.info["description"] = "y".repeat(entry.key[2] ?? 0);
      },
    ],
    [
      "100,000 allowed tools",
      /more text than its manifest/,
      (entry) => {
        entry.info["allowedTools"] = new Array(100_000).fill("Read");
      },
    ],
    [
      "metadata of 100,000 empty keys",
      /more text than its manifest/,
      (entry) => {
        entry.info["metadata"] = Object.fromEntries(
          Array.from({ length: 100_000 }, (_, at) => [`${at}`, ""]),
        );
      },
    ],
    [
      "a manifest larger than maxManifestBytes",
      /larger than maxManifestBytes/,
      (entry) => {
        entry.key[2] = 2 * MIB;
      },
    ],
  ];
  for (const [what, why, forge] of cases) {
    it(`${what}: refused as a whole, every manifest read`, () => {
      const { options, warnings } = over(base);
      const skills = createAgentSkills({
        ...options,
        index: forged(index, "/a/pdf/SKILL.md", forge),
      });
      assert.deepEqual(warnings.map((w) => w.code), ["index_refused"]);
      assert.match(warnings[0]?.message ?? "", why);
      assert.equal(takenCount(skills), 0);
      assert.deepEqual(skills.listSkills(), served);
    });
  }

  it("metadata that is no tree (values shared 64 levels deep): refused, no more values walked than its manifest's size and the levels down", () => {
    const { options, warnings } = over(base);
    const walked = { count: 0 };
    const bad = forged(index, "/a/pdf/SKILL.md", () => {});
    const entry = entryAt(bad, "/a/pdf/SKILL.md");
    // Made after the copy: structuredClone would read every leaf.
    entry.info["metadata"] = shared(64, walked, 1_000_000);
    const skills = createAgentSkills({ ...options, index: bad });
    assert.deepEqual(warnings.map((w) => w.code), ["index_refused"]);
    // Each value walked spends a byte of its manifest's size once walked,
    // and at most the 64 levels on the way down wait to be spent.
    const size = entry.key[2] ?? 0;
    assert.ok(walked.count <= size + 64, `${walked.count} values walked`);
    assert.match(warnings[0]?.message ?? "", /more text than its manifest/);
    assert.deepEqual(skills.listSkills(), served);
  });
});

describe("skills.index() of a skill whose entry would say more than an index takes", () => {
  const big = "z".repeat(10_000);
  const aliases = new Array(20).fill("*x").join(", ");
  const nested = (depth: number): string =>
    depth === 0 ? "x" : `{k: ${nested(depth - 1)}}`;
  const cases: Array<[string, string]> = [
    [
      "metadata its YAML aliases expand 20 times",
      `  a: &x ${big}\n  b: [${aliases}]\n`,
    ],
    ["metadata nested 70 levels", `  deep: ${nested(70)}\n`],
  ];
  for (const [what, metadata] of cases) {
    it(`${what}: left out, read at each start, the index refused never`, () => {
      const base = tree({
        ...STORE,
        "a/huge/SKILL.md": manifest("huge", "Huge.", {
          extra: `metadata:\n${metadata}`,
        }),
      });
      const plain = over(base);
      const reference = createAgentSkills(plain.options);
      assert.ok(reference.listSkills().some((info) => info.name === "huge"));
      const index = keptIndex(plain.options);
      assert.deepEqual(
        entries(index).map((entry) => entry.info["name"]).sort(),
        ["other", "pdf"],
      );
      const { options, warnings } = over(base);
      const skills = createAgentSkills({ ...options, index });
      assert.deepEqual(warnings, plain.warnings);
      assert.equal(takenCount(skills), 2);
      assert.deepEqual(skills.listSkills(), reference.listSkills());
      assert.deepEqual(skills.loadSkill("huge"), reference.loadSkill("huge"));
    });
  }
});

describe("an index of 100,000 entries that match nothing on disk", () => {
  it("is used: the skills it matches taken, at the filesystem work of the index without them", () => {
    const base = tree(STORE);
    const plain = over(base);
    const index = keptIndex(plain.options);
    const pdf = entryAt(index, "/a/pdf/SKILL.md");
    // Root b, read from by none of the index's skills, is the second origin.
    const origins = [...index.origins, [
      join(base, "b"),
      "custom",
      "custom",
      null,
    ]];
    const made: Entry[] = [];
    for (let at = 0; at < 100_000; at++) {
      const origin = at % 2 === 0 ? pdf.origin : origins.length - 1;
      const dir = join(base, at % 2 === 0 ? "a" : "b", `gone-${at}`);
      made.push({
        ...pdf,
        key: [pdf.key[0] ?? 0, 1e9 + at, 60, 1e12, 1e12],
        place: [dir, pdf.place[1], 2e9 + at, 1e12, false],
        origin,
        info: { ...pdf.info, name: `gone-${at}`, path: `gone-${at}/SKILL.md` },
      });
    }
    // As a host keeps it: JSON text, parsed again.
    const huge: SkillIndex = JSON.parse(
      JSON.stringify({
        ...index,
        origins,
        skills: [...index.skills, ...made],
      }),
    );
    const without = over(base);
    const small = counted(() =>
      createAgentSkills({ ...without.options, index })
    );
    const { options, warnings } = over(base);
    const large = counted(() => createAgentSkills({ ...options, index: huge }));
    assert.deepEqual(warnings, without.warnings);
    assert.deepEqual(large.work, small.work, "[status calls, listings]");
    assert.equal(takenCount(large.result), 2);
    assert.deepEqual(
      large.result.listSkills(),
      createAgentSkills(plain.options).listSkills(),
    );
    // Its index holds what the disk holds, nothing of the 100,000.
    assert.equal(large.result.index().skills.length, 2);
  });
});
