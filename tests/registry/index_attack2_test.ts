// Hostile kept indexes, second round: a skill folder two plugins share (the
// second plugin's copy must load from an index as it does without one), an
// origin whose root is huge and named by many entries (the index's memory
// must stay within its size, not its size times its entries), and a value
// of no JSON kind (a symbol) whose description holds characters that act on
// a terminal (never said raw in index_refused). Work is counted (bytes of
// heap held), never timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { memoryUsage } from "node:process";
import { join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { readIndex } from "../../src/registry/_index_read.ts";
import { manifest, tempTrees } from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import { entries, keptIndex, origins, over } from "./_index_forge.ts";

const tree = tempTrees();
const MIB = 1024 * 1024;

describe("a skills folder two plugins of a marketplace share", () => {
  /** A marketplace whose plugins "one" and "two" are the same folder. */
  const shared = (): string =>
    tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        owner: { name: "Ada" },
        plugins: [
          { name: "one", source: "./plugins/p" },
          { name: "two", source: "./plugins/p" },
        ],
      }),
      "plugins/p/skills/s/SKILL.md": manifest("s", "Shared."),
      "plugins/p/skills/s/x.txt": "x",
    });

  const cases = [["one:s", "two:s"], ["two:s", "one:s"]].flatMap((order) =>
    [false, true].map((refreshed) => ({ order, refreshed }))
  );
  for (const { order, refreshed } of cases) {
    const first = refreshed ? ", after a refresh() that kept it" : "";
    it(`started from an index, serves each plugin's copy as without one (${order[0]} touched first${first})`, () => {
      const root = shared();
      const options = {
        roots: [{ path: root, kind: "plugins" as const, scope: "user" }],
        home: root,
        cwd: root,
        onWarning: () => {},
      };
      const plain = createAgentSkills(options);
      assert.deepEqual(plain.listSkills().map((info) => info.name), [
        "one:s",
        "two:s",
      ]);
      const skills = createAgentSkills({
        ...options,
        index: keptIndex(options),
      });
      assert.equal(takenCount(skills), 1, "the folder's skill taken");
      if (refreshed) {
        assert.deepEqual(skills.refresh(), {
          added: [],
          removed: [],
          changed: [],
        });
        assert.equal(takenCount(skills), 1, "kept as taken");
      }
      assert.deepEqual(skills.listSkills(), plain.listSkills());
      for (const name of order) {
        assert.deepEqual(skills.loadSkill(name), plain.loadSkill(name), name);
        assert.equal(
          skills.resourcePath(name, "x.txt"),
          join(root, "plugins", "p", "skills", "s", "x.txt"),
        );
        assert.deepEqual(skills.activate(name), plain.activate(name));
      }
      // Read as the index said: nothing to read again, nothing left out.
      assert.deepEqual(skills.refresh(), {
        added: [],
        removed: [],
        changed: [],
      });
      assert.equal(skills.index().skills.length, 1);
    });
  }
});

describe("an index whose origin's root is huge, named by many entries", () => {
  it("is read in memory of its own size, not its root's size times its entries", () => {
    const base = tree({ "a/pdf/SKILL.md": manifest("pdf"), "b/.keep": "" });
    const { options } = over(base);
    const index = keptIndex(options);
    const [entry] = entries(index);
    assert.ok(entry !== undefined);
    // One origin of a 1 MiB root, and 128 entries below it: about 1 MiB.
    const root = join(base, "a", "x".repeat(MIB));
    const at = origins(index).push([root, "custom", "custom", null]) - 1;
    for (let i = 0; i < 128; i++) {
      entries(index).push({
        ...entry,
        origin: at,
        info: { ...entry.info, path: `s${i}/SKILL.md` },
      });
    }
    const config = resolveConfig(options);
    const before = memoryUsage().heapUsed;
    const read = readIndex(index, config);
    const held = memoryUsage().heapUsed - before;
    assert.ok("previous" in read, JSON.stringify(read));
    // Each entry's path, spelt out whole, would hold 128 MiB.
    assert.ok(held < 32 * MIB, `${Math.round(held / MIB)} MiB held`);
    // Still used: the skill on disk is taken from it.
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 1);
  });
});

describe("a plain root at the path of a plugin's skills folder", () => {
  // Two origins at one root path: the plugin's scan and the plain root's
  // each take what is theirs, and each skill is read again at its first
  // load as its own scan reads (a scan that does not take it binds nothing).
  const cases = [[false, false], [true, false], [false, true], [true, true]];
  for (const [plainFirst, single] of cases) {
    const order = plainFirst ? "the plain root first" : "the plugins first";
    const lists = single ? ", the plugin listing s alone" : "";
    it(`started from an index, serves as without one (${order}${lists})`, () => {
      const base = tree({
        "m/.claude-plugin/marketplace.json": JSON.stringify({
          name: "market",
          owner: { name: "Ada" },
          plugins: [{
            name: "p",
            source: "./plugins/p",
            ...(single ? { skills: ["./skills/s"] } : {}),
          }],
        }),
        "m/plugins/p/skills/s/SKILL.md": manifest("s", "Shared."),
        "m/plugins/p/skills/t/SKILL.md": manifest("t", "Other."),
      });
      const plugins = {
        path: join(base, "m"),
        kind: "plugins" as const,
        scope: "user",
      };
      const plain = join(base, "m", "plugins", "p", "skills");
      const options = {
        roots: plainFirst ? [plain, plugins] : [plugins, plain],
        home: base,
        cwd: base,
        onWarning: () => {},
      };
      const without = createAgentSkills(options);
      const skills = createAgentSkills({
        ...options,
        index: keptIndex(options),
      });
      assert.ok(takenCount(skills) > 0, "skills taken from the index");
      assert.deepEqual(skills.listSkills(), without.listSkills());
      for (const { name } of without.listSkills()) {
        assert.deepEqual(skills.loadSkill(name), without.loadSkill(name), name);
      }
    });
  }
});

describe("an index holding a value of no JSON kind", () => {
  const cases: Array<[string, (index: SkillIndex) => unknown]> = [
    ["its format a symbol", (index) => ({
      ...index,
      agentSkillsIndex: Symbol("\u001b[2J\u202e\n"),
    })],
    ["a setting a symbol", (index) => ({
      ...index,
      settings: { ...index.settings, strict: Symbol("\u001b[2J\u202e\n") },
    })],
  ];
  for (const [what, forge] of cases) {
    it(`${what} whose description acts on a terminal: refused, the character escaped`, () => {
      const base = tree({ "a/pdf/SKILL.md": manifest("pdf"), "b/.keep": "" });
      const { options, warnings } = over(base);
      const index = forge(keptIndex(options)) as SkillIndex;
      createAgentSkills({ ...options, index });
      assert.deepEqual(warnings.map((w) => w.code), ["index_refused"]);
      const message = warnings[0]?.message ?? "";
      assert.match(message, /Symbol\(\\u001b\[2J\\u202e\\n\)/);
      for (const raw of ["\u001b", "\u202e", "\n"]) {
        assert.ok(!message.includes(raw), JSON.stringify(raw));
      }
    });
  }
});
