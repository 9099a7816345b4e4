// A root of plugins whose skill's SKILL.md is swapped, from a second process
// (tests/_swapper.ts), with a symlink to a file outside the
// marketplace, for two seconds while refresh() reads it again and again:
// the outside file is never served. The proof is made on the open file, by
// the kernel's path where the runtime can read it, else by the path's real
// path and an lstat there of the file opened (Deno with scoped
// permissions, as this file runs), and a swap undone in between fails it.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills, type SkillWarning } from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../../_helpers.ts";
import { race } from "../../_race.ts";

const tree = tempTrees();

for (const followSymlinks of [true, false]) {
  describe(`a plugin skill's SKILL.md swapped for a link outside, followSymlinks: ${followSymlinks}`, () => {
    it("is never served from outside", { timeout: 90_000 }, async () => {
      const base = tree({
        "m/.claude-plugin/marketplace.json": JSON.stringify({
          plugins: [{ name: "p", source: "./p" }],
        }),
        "m/p/skills/x/SKILL.md": manifest("x", "inside"),
        "out/SKILL.md": manifest("x", "OUTSIDE"),
      });
      const market = join(base, "m");
      const warnings: SkillWarning[] = [];
      const skills = createAgentSkills({
        home: market,
        roots: [{ path: market, kind: "plugins" }],
        followSymlinks,
        onWarning: (warning) => warnings.push(warning),
      });
      const counts = { loaded: 0, left: 0 };
      const { swaps } = await race({
        mode: "link",
        path: join(market, "p", "skills", "x", "SKILL.md"),
        target: join(base, "out", "SKILL.md"),
      }, () => {
        skills.refresh();
        const skill = skills.loadSkill("p:x");
        if (skill === undefined) counts.left++;
        else {
          assert.equal(skill.description, "inside");
          counts.loaded++;
        }
      });
      console.log(
        `race: ${swaps} swaps of a plugin skill's SKILL.md and a symlink outside; ${counts.loaded} loads, ${counts.left} left out, 0 from outside`,
      );
      assert.ok(counts.left > 0, JSON.stringify(counts));
      for (const warning of warnings) {
        assert.ok(!warning.message.includes("OUTSIDE"), warning.message);
      }
      skills.refresh();
      assert.equal(skills.loadSkill("p:x")?.description, "inside");
    });
  });
}
