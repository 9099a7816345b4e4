// A skill directory swapped by a second process (the rename dance of
// tests/registry/process/_index_swapper.ts: the indexed directory, another
// with a different SKILL.md and resource, a symlink to a same-named skill
// outside the root, with nothing between each) while this process starts
// from a kept index again and again, lists, loads the skill and reads its
// resource. Symlinks are not followed, so the only skill "x" is a directory
// in the root: every catalog entry, body and resource served must be one
// of the two written there (entry and body of one version), and nothing
// of the outside one is ever served; every refusal is a SkillError.
//
// That rests on the kernel's path of an open file (/proc/self/fd on Linux):
// Node and Bun read it always, Deno only under --allow-all, which is why the
// Deno test task runs this file with -A. With scoped permissions a status
// call before and after a read cannot see a swap undone in between (the
// symlink put in and taken out again, the indexed directory renamed back),
// and docs/security.md says that such a swap may pass; run so, this race saw
// the outside manifest in two of three runs. The states one at a time are
// process/index_race_test.ts, under scoped permissions.
//
// The verdict does not depend on timing: the swapper makes a bounded number
// of rounds, every wait has a deadline and fails at it, and nothing counts
// what a race happened to see.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { scriptPath, startScript } from "../../_spawn.ts";
import { takenCount } from "../_index_twins.ts";
import { probe, store } from "../_index_race.ts";

const ROUNDS = 20_000;
const DEADLINE_MS = 120_000;

describe("a skill directory swapped while starts from a kept index load it", () => {
  it(
    `while another process swaps it ${ROUNDS} rounds, serves only what was written in the root`,
    { timeout: DEADLINE_MS + 30_000 },
    async () => {
      const made = store();
      const { base, dir, alt, outside } = made;
      const done = join(base, "done");
      const exited = startScript(
        scriptPath("../process/_index_swapper.ts", import.meta.url),
        [String(ROUNDS), done, dir, alt, outside],
        ["--allow-read", "--allow-write"],
      );
      const deadline = Date.now() + DEADLINE_MS;
      const seen = { starts: 0, taken: 0, listed: 0, loaded: 0, read: 0 };
      try {
        while (!existsSync(done)) {
          assert.ok(
            Date.now() < deadline,
            "the swapper did not finish in time",
          );
          const served = probe(made);
          seen.starts++;
          seen.taken += takenCount(served.skills);
          if (served.listed >= 0) seen.listed++;
          if (served.loaded >= 0) seen.loaded++;
          if (served.read >= 0) seen.read++;
        }
      } finally {
        // A failed probe waits for the swapper too, so that it does not
        // swap in a tree being removed.
        assert.equal(await exited, 0);
      }
      console.log(
        `index race: ${ROUNDS} rounds of the rename dance; ${seen.starts} starts from the index, ${seen.taken} took x from it, ${seen.listed} listed x, ${seen.loaded} loaded it, ${seen.read} read its resource; 0 from outside`,
      );
      // Left as it was found: the indexed directory, taken and served.
      const last = probe(made);
      assert.deepEqual([last.listed, last.loaded, last.read], [0, 0, 0]);
      assert.equal(takenCount(last.skills), 1);
    },
  );
});
