// A skill directory swapped (the states of the rename dance of
// tests/registry/process/_index_swapper.ts: the indexed directory, another
// with a different SKILL.md and resource, a symlink to a same-named skill
// outside the root, with nothing between each), one state at a time, under
// Deno with scoped permissions (the test task's): each state serves its own
// version or nothing, never the skill behind the symlink, whether the state
// is in place at the start or made between the start and the first touch. The same
// dance against a second process, where only the kernel's path of an open
// file can prove what was read, is allow_all/index_race_proc_test.ts.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renameSync, symlinkSync, unlinkSync } from "node:fs";
import { createAgentSkills } from "@clarvis/agent-skills";
import { takenCount } from "../_index_twins.ts";
import { probe, store } from "../_index_race.ts";

describe("a skill directory swapped while starts from a kept index load it", () => {
  it("in lockstep, each state serves its own version, or nothing; never the skill behind the symlink", () => {
    const made = store();
    const { dir, alt, outside } = made;
    const parked = `${alt}.parked`;
    // The indexed directory: taken from the index, then loaded.
    const first = probe(made);
    assert.deepEqual([first.listed, first.loaded, first.read], [0, 0, 0]);
    assert.equal(takenCount(first.skills), 1);
    // Each state of one round, as the swapper makes them.
    const states: Array<[string, () => void, number]> = [
      ["nothing", () => renameSync(dir, parked), -1],
      ["the other directory", () => renameSync(alt, dir), 1],
      ["nothing", () => renameSync(dir, alt), -1],
      ["a symlink to outside", () => symlinkSync(outside, dir), -1],
      ["nothing", () => unlinkSync(dir), -1],
      ["the indexed directory again", () => renameSync(parked, dir), 0],
    ];
    for (const [what, make, expected] of states) {
      make();
      const after = probe(made);
      assert.deepEqual(
        [after.listed, after.loaded, after.read],
        [expected, expected, expected],
        what,
      );
      if (what === "a symlink to outside") {
        // The control: where symlinks are followed, the outside skill is
        // what this state serves.
        const following = createAgentSkills({
          ...made.options,
          followSymlinks: true,
        });
        assert.equal(following.loadSkill("x")?.body, "OUTSIDE");
      }
    }
  });

  it("started from the index, loaded after a swap: what the directory holds then, or nothing; its resource refused", () => {
    const made = store();
    const { dir, alt, outside } = made;
    const parked = `${alt}.parked`;
    const swaps: Array<[string, () => void, () => void, number]> = [
      ["nothing", () => renameSync(dir, parked), () => {}, -1],
      [
        "the other directory",
        () => {
          renameSync(dir, parked);
          renameSync(alt, dir);
        },
        () => renameSync(dir, alt),
        1,
      ],
      [
        "a symlink to outside",
        () => {
          renameSync(dir, parked);
          symlinkSync(outside, dir);
        },
        () => unlinkSync(dir),
        -1,
      ],
    ];
    for (const [what, swap, undo, loaded] of swaps) {
      const served = probe(made, (skills) => {
        assert.equal(takenCount(skills), 1, what);
        swap();
      });
      // Listed as taken; loaded as read now, with every proof; its resource
      // that read's (the directory's identity proved at the first touch:
      // docs/confinement.md), never one behind the symlink.
      assert.deepEqual(
        [served.listed, served.loaded, served.read],
        [0, loaded, loaded],
        what,
      );
      undo();
      renameSync(parked, dir);
    }
  });
});
