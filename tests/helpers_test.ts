// The temp-tree helpers keep every runtime's hooks short: Bun gives an
// after() hook five seconds, so a tree too large to remove in that time is
// made with withTree(), inside its test and its timeout.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { HOOK_TREE_FILES, tempTrees, withTree } from "./_helpers.ts";

const tree = tempTrees();

function files(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`s${i}/SKILL.md`, ""]),
  );
}

describe("tempTrees()", () => {
  it(`makes a tree of ${HOOK_TREE_FILES} files`, () => {
    assert.ok(existsSync(`${tree(files(HOOK_TREE_FILES))}/s0/SKILL.md`));
  });

  it("refuses a larger one, which its after() hook would remove", () => {
    assert.throws(
      () => tree(files(HOOK_TREE_FILES + 1)),
      /A tree of 1001 files .* make it with withTree\(\)/,
    );
  });
});

describe("withTree()", () => {
  it("removes its tree once the test's work has settled", async () => {
    let made = "";
    const result = await withTree(files(2), async (dir) => {
      made = dir;
      await Promise.resolve();
      assert.ok(existsSync(`${dir}/s1/SKILL.md`));
      return "done";
    });
    assert.equal(result, "done");
    assert.equal(existsSync(made), false);
  });

  it("removes it when the work throws", async () => {
    let made = "";
    await assert.rejects(
      withTree(files(1), (dir) => {
        made = dir;
        throw new Error("boom");
      }),
      /boom/,
    );
    assert.equal(existsSync(made), false);
  });
});
