// The shape of a kept index's entry: no path said twice. Its manifest's path
// is its info.path; its info.dir is null where it is the manifest's own
// directory, and its real directory null where it is its info.dir, each
// rebuilt on read, so that a start from it serves the very catalog entries
// (values and key order) a start without it serves.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { link, manifest, tempTrees } from "../_helpers.ts";
import { entries, keptIndex, over } from "./_index_forge.ts";
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
    for (const entry of entries(index)) {
      const path = entry.info["path"] as string;
      assert.equal("path" in entry, false, `${path}: an entry-level path`);
      assert.equal(entry.info["dir"], null, `${path}: its dir written`);
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
      Object.assign(entry, { path: entry.info["path"] });
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
