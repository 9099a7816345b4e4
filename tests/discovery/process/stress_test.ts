// Concurrency: a second process mutates a root (tests/discovery/process/_mutator.ts) while this
// one calls refresh(), listSkills(), loadSkill() and resourcePath() in a loop.
// Every listing must be internally consistent, only documented SkillErrors may
// be thrown, and the refresh after the mutator stops must match the tree.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { tempTrees } from "../../_helpers.ts";
import { scriptPath, startScript } from "../../_spawn.ts";

const tree = tempTrees();
const OPERATIONS = 3000;
const MOVED: ReadonlySet<string> = new Set(["not_found", "path_escape"]);

describe("refresh() under concurrent change", () => {
  it("serves only whole versions while another process mutates the root", {
    timeout: 120_000,
  }, async () => {
    const base = tree();
    const root = join(base, "root");
    mkdirSync(root);
    const seed = 1 + Math.floor(Math.random() * 2 ** 30);
    console.log(`stress: mutator seed ${seed}, ${OPERATIONS} operations`);
    const exited = startScript(
      scriptPath("./_mutator.ts", import.meta.url),
      [root, String(OPERATIONS), String(seed)],
      ["--allow-read", "--allow-write"],
    );
    const skills = createAgentSkills({
      home: base,
      cwd: base,
      roots: [root],
      onWarning: () => {},
    });
    const deadline = Date.now() + 90_000;
    let rounds = 0;
    while (!existsSync(join(base, "done"))) {
      assert.ok(Date.now() < deadline, "the mutator did not finish in time");
      skills.refresh();
      for (const info of skills.listSkills()) {
        assert.match(info.description, /^v\d+$/);
        const loaded = skills.loadSkill(info.name);
        assert.equal(loaded?.body, `body ${info.name} ${info.description}`);
        for (const resource of loaded?.resources ?? []) {
          try {
            skills.resourcePath(info.name, resource);
          } catch (error) {
            // A resource deleted since the listing is not_found; one whose
            // skill directory was renamed away mid-resolution now resolves
            // outside the directory it was listed in, and is refused.
            if (!(error instanceof SkillError) || !MOVED.has(error.code)) {
              throw error;
            }
          }
        }
      }
      rounds++;
    }
    assert.equal(await exited, 0);
    console.log(`stress: ${rounds} refresh rounds while mutating`);

    skills.refresh();
    const homes = JSON.parse(readFileSync(join(base, "done"), "utf8")) as Array<
      [string, string]
    >;
    const expected = homes.map(([name, dir]) => {
      const text = readFileSync(join(root, dir, "SKILL.md"), "utf8");
      return [name, join(root, dir), /description: (v\d+)/.exec(text)?.[1]];
    }).sort((a, b) => String(a[0]) < String(b[0]) ? -1 : 1);
    assert.deepEqual(
      skills.listSkills().map((
        skill,
      ) => [skill.name, skill.dir, skill.description]),
      expected,
    );
  });
});
