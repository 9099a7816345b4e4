// The shape of a kept index's entry: no path said twice. Its manifest's path
// is its origin's root (the index's origins say each root read from once,
// with its scope, source and plugin) and its info.path below it; its
// info.dir is absent where it is the manifest's own directory, its flags
// where they are the defaults, and its real directory null where it is its
// info.dir, each rebuilt on read, so that a start from it serves the very
// catalog entries (values and key order) a start without it serves.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isAbsolute, join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { link, manifest, tempTrees } from "../_helpers.ts";
import { entries, keptIndex, over, pathOf } from "./_index_forge.ts";
import { takenCount } from "./_index_twins.ts";

const tree = tempTrees();

const STORE = {
  "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
  "a/lower/skill.md": manifest("lower", "A lower-case manifest name."),
  "out/linked/SKILL.md": manifest("linked", "Reached through a symlink."),
  "b/shared/SKILL.md": manifest("shared", "The later root."),
};

/** What a registry serves of its catalog, as JSON text and as data. */
function catalog(options: AgentSkillsOptions, index?: SkillIndex): {
  text: string;
  keys: string[][];
  list: unknown;
} {
  const skills = createAgentSkills(
    index === undefined ? options : { ...options, index },
  );
  const list = [...skills.listSkills(), ...skills.listOverridden()];
  return {
    text: JSON.stringify(list),
    keys: list.map((info) => Object.keys(info)),
    list,
  };
}

describe("a kept index's entry", () => {
  it("of a plain root says no path twice, and a start from it serves the same entries", () => {
    const base = tree(STORE);
    link(join(base, "out", "linked"), join(base, "a", "linked"));
    const options = over(base).options;
    const index = keptIndex(options);
    assert.equal(index.skills.length, 4);
    assert.equal(index.origins.length, 2, "each root read from, once");
    for (const entry of entries(index)) {
      const path = pathOf(index, entry);
      assert.equal("path" in entry, false, `${path}: an entry-level path`);
      assert.ok(!isAbsolute(entry.info["path"] as string), path);
      for (const key of ["dir", "root", "scope", "source", "plugin"]) {
        assert.equal(key in entry.info, false, `${path}: its ${key} written`);
      }
      assert.equal("userInvocable" in entry.info, false, path);
      assert.equal("disableModelInvocation" in entry.info, false, path);
      // Real directory: only the one reached through a symlink says it.
      const linked = path.includes("/linked/");
      assert.equal(
        entry.place[0],
        linked ? join(base, "out", "linked") : null,
        path,
      );
    }
    const plain = catalog(options);
    const fromIndex = catalog(options, index);
    assert.equal(fromIndex.text, plain.text);
    assert.deepEqual(fromIndex.keys, plain.keys);
    assert.deepEqual(fromIndex.list, plain.list);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 4, "each skill taken from the index");
    assert.equal(
      skills.loadSkill("linked")?.body,
      createAgentSkills(options).loadSkill("linked")?.body,
    );
    // Each taken from the index, not read: its body matched at first load.
    assert.deepEqual(skills.refresh(), createAgentSkills(options).refresh());
  });

  it("of a plugin root, and of flags and tools not the defaults: the same entries, each origin said once", () => {
    const base = tree({
      "m/.claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        plugins: [
          { name: "git-tools", source: "./plugins/git-tools" },
          { name: "docs", source: "./plugins/docs" },
        ],
      }),
      "m/plugins/git-tools/skills/setup/SKILL.md": manifest("setup", "Git.", {
        extra: "allowed-tools: [Read, Grep]\nuser-invocable: false\n",
      }),
      "m/plugins/git-tools/skills/commit/SKILL.md": manifest("commit", "Go.", {
        extra: "disable-model-invocation: true\n",
      }),
      "m/plugins/docs/skills/setup/SKILL.md": manifest("setup", "Docs."),
      "a/pdf/SKILL.md": manifest("pdf", "Fill.", {
        extra: "user-invocable: false\ndisable-model-invocation: true\n",
      }),
    });
    const options = over(base, {
      roots: [
        { path: join(base, "m"), kind: "plugins", scope: "user" },
        join(base, "a"),
      ],
    }).options;
    const index = keptIndex(options);
    assert.equal(index.skills.length, 4);
    assert.deepEqual(
      index.origins.map((origin) => (origin as string[])[3]),
      ["git-tools", "docs", null],
    );
    const plain = catalog(options);
    const fromIndex = catalog(options, index);
    assert.equal(fromIndex.text, plain.text);
    assert.deepEqual(fromIndex.keys, plain.keys);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 4, "each skill taken from the index");
    assert.deepEqual(
      skills.listSkills().map((info) => info.name).sort(),
      ["docs:setup", "git-tools:commit", "git-tools:setup", "pdf"],
    );
  });

  it("rebuilds its paths without writing to the host's index", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = keptIndex(options);
    const text = JSON.stringify(index);
    createAgentSkills({ ...options, index }).listSkills();
    assert.equal(JSON.stringify(index), text);
    const freeze = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      Object.values(value).forEach(freeze);
      Object.freeze(value);
    };
    freeze(index);
    assert.equal(catalog(options, index).text, catalog(options).text);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 3, "each skill taken from the index");
    assert.equal(JSON.stringify(index), text);
  });

  it("of an old shape (an entry-level path) is refused whole", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = keptIndex(options);
    for (const entry of entries(index)) {
      Object.assign(entry, { path: pathOf(index, entry) });
    }
    const warned: string[] = [];
    const skills = createAgentSkills({
      ...options,
      index,
      onWarning: (warning) => warned.push(warning.code),
    });
    assert.deepEqual(warned, ["index_refused"]);
    assert.equal(catalog(options, index).text, catalog(options).text);
    assert.equal(skills.listSkills().length, 3);
  });
});
