// A kept index (`skills.index()`, `createAgentSkills({ index })`): a fresh
// start takes a skill from it only where the disk matches, serves what a
// start without it serves, and refuses an index that is not one of these
// roots and settings, as a whole.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  type AgentSkills,
  createAgentSkills,
  type SkillIndex,
  type SkillWarning,
  StartupError,
} from "@clarvis/agent-skills";
import { createSkillLock, lockPolicy } from "@clarvis/agent-skills/lock";
import { link, manifest, tempTrees } from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import {
  entries,
  type Entry,
  entryAt,
  keptIndex,
  over,
  pathOf,
  settled,
} from "./_index_forge.ts";

const tree = tempTrees();

/** What a registry serves: its lists, warnings and answers. */
function served(skills: AgentSkills, warnings: SkillWarning[]): unknown {
  return {
    list: skills.listSkills(),
    overridden: skills.listOverridden(),
    warnings: warnings.map((w) => [w.code, w.path, w.message]),
    explain: skills.listSkills().map((info) => skills.explain(info.name)),
    loaded: skills.listSkills().map((info) => skills.loadSkill(info.name)),
  };
}

const STORE = {
  "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
  "a/pdf/scripts/fill.py": "print(1)\n",
  "a/shared/SKILL.md": manifest("shared", "The first shared."),
  "b/shared/SKILL.md": manifest("shared", "The later shared."),
  "b/repaired/SKILL.md":
    "---\nname: repaired\ndescription: Use: this\n---\nbody\n",
  "b/other-dir/SKILL.md": manifest("not-the-dir"),
  "b/broken/SKILL.md": "---\nname: [broken\n---\n",
};

describe("skills.index()", () => {
  it("is plain JSON data: format 2, the roots and settings, each root read from once, each settled skill read", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = settled(() => createAgentSkills(options)).index();
    assert.deepEqual(JSON.parse(JSON.stringify(index)), index);
    assert.equal(index.agentSkillsIndex, 2);
    assert.deepEqual(index.roots, [join(root, "a"), join(root, "b")]);
    assert.deepEqual(index.origins, [
      [join(root, "a"), "custom", "custom", null],
      [join(root, "b"), "custom", "custom", null],
    ]);
    assert.deepEqual(index.settings, {
      strict: false,
      followSymlinks: true,
      maxManifestBytes: 1024 * 1024,
    });
    // Every skill read, the shadowed one too; not the broken manifest.
    assert.equal(index.skills.length, 5);
  });

  it("leaves out a manifest written within the racy window of its read", () => {
    const root = tree(STORE);
    const index = createAgentSkills(over(root).options).index();
    assert.equal(index.skills.length, 0);
  });

  it("is the same index again from a registry started from it", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const again = settled(() => createAgentSkills({ ...options, index }));
    assert.deepEqual(again.index(), index);
  });
});

describe("createAgentSkills({ index })", () => {
  it("serves what a start without it serves: lists, warnings, explain, bodies", () => {
    const root = tree(STORE);
    const plain = over(root);
    const index = keptIndex(plain.options);
    const fromIndex = over(root);
    const a = createAgentSkills(plain.options);
    const b = createAgentSkills({ ...fromIndex.options, index });
    assert.deepEqual(
      served(b, fromIndex.warnings),
      served(a, plain.warnings),
    );
    assert.deepEqual(
      b.resourcePath("pdf", "scripts/fill.py"),
      a.resourcePath("pdf", "scripts/fill.py"),
    );
  });

  it("takes a skill's catalog entry from the index without reading its manifest", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    // Only the index says this: served, the manifest was not read.
    const entry = entryAt(index, "/pdf/SKILL.md");
    entry.info["description"] = "Said by the index.";
    const skills = createAgentSkills({ ...options, index });
    const pdf = skills.listSkills().find((info) => info.name === "pdf");
    assert.equal(pdf?.description, "Said by the index.");
    // Its first load reads it, serves what it says, and the next refresh
    // says it changed.
    assert.equal(skills.loadSkill("pdf")?.description, "Fill PDF forms.");
    assert.deepEqual(skills.refresh().changed, ["pdf"]);
    assert.equal(
      skills.listSkills().find((info) => info.name === "pdf")?.description,
      "Fill PDF forms.",
    );
    // A skill read is indexed as read.
    const again = skills.index();
    const read = entries(again).find((skill) =>
      pathOf(again, skill).endsWith("/pdf/SKILL.md")
    );
    assert.ok(read === undefined || JSON.stringify(read).includes("Fill"));
  });

  it("reads a manifest edited since the index, size and times kept", async () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const path = join(root, "a", "pdf", "SKILL.md");
    const before = statSync(path);
    // A change time may count whole seconds (Deno's does): the edit is made
    // in the next one, as any edit made after the racy window would be.
    const next = (Math.floor(before.ctimeMs / 1000) + 1) * 1000;
    await new Promise((done) => setTimeout(done, next - Date.now() + 20));
    const text = readFileSync(path, "utf8").replace("Fill", "Sign");
    writeFileSync(path, text);
    utimesSync(path, before.atime, before.mtime);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(
      skills.listSkills().find((info) => info.name === "pdf")?.description,
      "Sign PDF forms.",
    );
  });

  it("reads a skill whose directory was swapped for a copy, or for a link to it", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const dir = join(root, "a", "pdf");
    renameSync(dir, join(root, "moved"));
    mkdirSync(dir);
    writeFileSync(join(dir, "SKILL.md"), manifest("pdf", "The copy."));
    const copied = createAgentSkills({ ...options, index });
    assert.equal(copied.loadSkill("pdf")?.description, "The copy.");
    const other = tree(STORE);
    const otherOptions = over(other).options;
    const otherIndex = keptIndex(otherOptions);
    const otherDir = join(other, "a", "pdf");
    renameSync(otherDir, join(other, "real"));
    link(join(other, "real"), otherDir);
    const linked = createAgentSkills({ ...otherOptions, index: otherIndex });
    const pdf = linked.listSkills().find((info) => info.name === "pdf");
    assert.equal(pdf?.description, "Fill PDF forms.");
    assert.equal(
      linked.loadSkill("pdf")?.body,
      createAgentSkills(otherOptions).loadSkill("pdf")?.body,
    );
  });

  it("serves a body edited after the start as read, and the next refresh says it changed", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const skills = createAgentSkills({ ...options, index });
    writeFileSync(
      join(root, "a", "pdf", "SKILL.md"),
      manifest("pdf", "Fill PDF forms.", { body: "New body." }),
    );
    assert.equal(skills.loadSkill("pdf")?.body, "New body.");
    assert.deepEqual(skills.refresh(), {
      added: [],
      removed: [],
      changed: ["pdf"],
    });
  });

  it("proves at its first load a skill a refresh() kept as taken, and serves an edit made after it", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const plain = createAgentSkills(options);
    const skills = createAgentSkills({ ...options, index });
    const taken = takenCount(skills);
    assert.ok(taken > 0);
    // Nothing loaded: the refresh keeps each skill as the index gave it,
    // to be read at its first load as this refresh's scan reads.
    assert.deepEqual(skills.refresh(), { added: [], removed: [], changed: [] });
    assert.equal(takenCount(skills), taken);
    writeFileSync(
      join(root, "a", "pdf", "SKILL.md"),
      manifest("pdf", "Fill PDF forms.", { body: "Edited after." }),
    );
    assert.equal(skills.loadSkill("pdf")?.body, "Edited after.");
    for (const { name } of plain.listSkills()) {
      if (name === "pdf") continue;
      assert.deepEqual(skills.loadSkill(name), plain.loadSkill(name), name);
    }
    assert.deepEqual(skills.refresh().changed, ["pdf"]);
  });

  it("loads a skill renamed since the start as no skill, and refresh() says it went", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const skills = createAgentSkills({ ...options, index });
    writeFileSync(join(root, "a", "pdf", "SKILL.md"), manifest("pdf-2"));
    assert.equal(skills.loadSkill("pdf"), undefined);
    assert.throws(
      () => skills.activate("pdf"),
      (error: unknown) =>
        error instanceof Error && "code" in error &&
        error.code === "unknown_skill",
    );
    const changes = skills.refresh();
    assert.deepEqual([changes.added, changes.removed], [["pdf-2"], ["pdf"]]);
  });

  it("is not used with a lock, whose checks read every manifest", () => {
    const root = tree(STORE);
    const { options } = over(root);
    const index = keptIndex(options);
    const entry = entryAt(index, "/pdf/SKILL.md");
    entry.info["description"] = "Said by the index.";
    const { lock } = createSkillLock(options);
    const skills = createAgentSkills({
      ...options,
      index,
      lock: lockPolicy(lock),
    });
    const pdf = skills.listSkills().find((info) => info.name === "pdf");
    assert.equal(pdf?.description, "Fill PDF forms.");
  });
});

describe("an index refused as a whole", () => {
  const root = tree(STORE);
  const { options } = over(root);
  const good = keptIndex(options);
  const forged = (entry: Record<string, unknown>): unknown => ({
    ...good,
    skills: [{ ...(good.skills[0] as Record<string, unknown>), ...entry }],
  });
  const deep = (depth: number): unknown =>
    depth === 0 ? "x" : { x: deep(depth - 1) };
  const cases: Array<[string, unknown, RegExp]> = [
    ["of format 1", { ...good, agentSkillsIndex: 1 }, /format is 1/],
    ["of another format", { ...good, agentSkillsIndex: 3 }, /format is 3/],
    ["of no format", { ...good, agentSkillsIndex: undefined }, /format/],
    ["of other roots", { ...good, roots: [good.roots[0]] }, /other roots/],
    [
      "of the roots in another order",
      { ...good, roots: [...good.roots].reverse() },
      /other roots/,
    ],
    [
      "made under strict",
      { ...good, settings: { ...good.settings, strict: true } },
      /strict true/,
    ],
    ["that is a string", JSON.stringify(good), /not an object/],
    ["that is null", null, /not an object/],
    ["that is an array", [good], /not an object/],
    ["with an unknown key", { ...good, extra: 1 }, /unknown key/],
    ["whose skills are no list", { ...good, skills: {} }, /not an array/],
    ["without its origins", { ...good, origins: undefined }, /"origins"/],
    ["whose origins are no list", { ...good, origins: {} }, /"origins"/],
    [
      "whose origin is no root's",
      { ...good, origins: [["/a", "custom", "custom"]] },
      /origins\[0\]/,
    ],
    [
      "whose origin's scope is no text",
      { ...good, origins: [[good.roots[0], 1, "custom", null]] },
      /origins\[0\]/,
    ],
    [
      "an entry of no origin",
      forged({ origin: undefined }),
      /skills\[0\]\.origin/,
    ],
    [
      "an entry of an origin the index has not",
      forged({ origin: 99 }),
      /skills\[0\]\.origin/,
    ],
    [
      "an entry whose origin is no whole number",
      forged({ origin: 0.5 }),
      /skills\[0\]\.origin/,
    ],
    [
      "truncated: an entry without its key",
      forged({ key: undefined }),
      /skills\[0\]\.key/,
    ],
    ["an entry of another kind", { ...good, skills: [1] }, /skills\[0\]/],
    [
      "an entry whose key is no number",
      forged({ key: ["1", 2, 3, 4, 5] }),
      /skills\[0\]\.key/,
    ],
    [
      "an entry of the old shape: its path beside its info's",
      forged({ path: pathOf(good, entries(good)[0] as Entry) }),
      /skills\[0\] has an unknown key/,
    ],
    [
      "an entry with a __proto__ key",
      JSON.parse(
        JSON.stringify(good).replace('"key":', '"__proto__":{},"key":'),
      ),
      /unknown key/,
    ],
    [
      "an entry whose metadata nests too deep",
      forged({
        info: {
          ...(good.skills[0] as { info: object }).info,
          metadata: { deep: deep(100) },
        },
      }),
      /nests deeper/,
    ],
    [
      "absurdly large",
      { ...good, skills: new Array(1_000_001) },
      /more than 1000000 skills/,
    ],
    [
      "of absurdly many origins",
      { ...good, origins: new Array(1_000_001) },
      /more than 1000000 origins/,
    ],
    [
      "an entry twice",
      { ...good, skills: [good.skills[0], good.skills[0]] },
      /duplicate/,
    ],
  ];
  for (const [what, index, why] of cases) {
    it(`${what}: index_refused, every manifest read`, () => {
      const warned = over(root);
      const skills = createAgentSkills({
        ...warned.options,
        index: index as SkillIndex,
      });
      const refused = warned.warnings.filter((w) => w.code === "index_refused");
      assert.equal(refused.length, 1, JSON.stringify(warned.warnings));
      assert.match(refused[0]?.message ?? "", why);
      assert.deepEqual(
        skills.listSkills(),
        createAgentSkills(options).listSkills(),
      );
    });
  }

  it("is thrown as invalid_index under strict", () => {
    const clean = tree({ "a/pdf/SKILL.md": manifest("pdf"), "b/.keep": "" });
    const strict = over(clean, { strict: true }).options;
    const index = keptIndex(strict);
    assert.equal(index.skills.length, 1);
    for (
      const refused of [
        { ...index, agentSkillsIndex: 0 },
        keptIndex(over(clean).options), // made without strict
      ]
    ) {
      assert.throws(
        () => createAgentSkills({ ...strict, index: refused }),
        (error: unknown) =>
          error instanceof StartupError && error.code === "invalid_index",
      );
    }
    assert.equal(
      createAgentSkills({ ...strict, index }).listSkills().length,
      1,
    );
  });

  it("says the reason without a raw control character of the index", () => {
    const warned = over(root);
    createAgentSkills({
      ...warned.options,
      index: {
        ...good,
        agentSkillsIndex: "\u001b[2J\u202e",
      } as unknown as SkillIndex,
    });
    const message = warned.warnings[0]?.message ?? "";
    assert.ok(!message.includes("\u001b") && !message.includes("\u202e"));
  });
});
