// Edits inside skill directories with a watch open: refresh() reads only the
// skills edited (no directory is listed when every edit keeps its skill's
// name and says nothing new) and returns what a full refresh returns, with
// the same catalog, the same overridden skills, the same bodies and the
// same new warnings, whether the edit keeps the skill as it was, renames it,
// breaks it, mends it, or touches a skill that a later root overrides, a
// duplicate, or a reserved name. Events are waited for (up to 30 s,
// polling); no duration is asserted. The work is counted, not timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentSkillsOptions, SkillChanges } from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../_helpers.ts";
import { watchTwins } from "./_twins.ts";

const tree = tempTrees();

/**
 * Twins (tests/watch/_twins.ts) and `edit`, which writes (or with null removes)
 * files, waits for their events, refreshes and compares both, and returns
 * the watched change set and how many directories its refresh listed.
 */
function twins(options: AgentSkillsOptions) {
  const made = watchTwins(options);
  const edit = async (
    files: Record<string, string | null>,
  ): Promise<{ got: SkillChanges; listed: number }> => {
    const got = await made.step(() => {
      for (const [path, text] of Object.entries(files)) {
        if (text === null) rmSync(path);
        else writeFileSync(path, text);
      }
    }, Object.keys(files));
    return { got, listed: made.listed };
  };
  return { watch: made.watch, edit };
}

/** Three roots; `shared` in the first two (the second overrides it). */
function roots(): { first: string; second: string; third: string } {
  return {
    first: tree({
      "shared/SKILL.md": manifest("shared", "First's."),
      "alpha/SKILL.md": manifest("alpha"),
    }),
    second: tree({
      "shared/SKILL.md": manifest("shared", "Second's."),
      "beta/SKILL.md": manifest("beta"),
      "beta/scripts/run.sh": "echo\n",
    }),
    third: tree({
      "gamma/SKILL.md": manifest("gamma"),
      "dup-a/SKILL.md": manifest("dup"),
      "dup-b/SKILL.md": manifest("dup", "The second copy."),
    }),
  };
}

describe("refresh() with a watch open, after edits inside skill directories", () => {
  it("reads only what was edited, and agrees with a full refresh", async () => {
    const { first, second, third } = roots();
    const { edit, watch } = twins({
      roots: [first, second, third],
      home: first,
      cwd: first,
    });
    try {
      const body = await edit({
        [join(third, "gamma", "SKILL.md")]: manifest("gamma", "Edited."),
      });
      assert.deepEqual(body.got.changed, ["gamma"]);
      assert.equal(body.listed, 0);

      const hidden = await edit({
        [join(first, "shared", "SKILL.md")]: manifest("shared", "Hidden."),
      });
      assert.deepEqual(body.got.fallback, []);
      assert.deepEqual(hidden.got.changed, []);
      assert.equal(hidden.listed, 0);

      const two = await edit({
        [join(second, "shared", "SKILL.md")]: manifest("shared", "Shown."),
        [join(first, "alpha", "SKILL.md")]: manifest("alpha", "Both."),
      });
      assert.deepEqual(two.got.changed, ["alpha", "shared"]);
      assert.equal(two.listed, 0);

      const resource = await edit({
        [join(second, "beta", "scripts", "run.sh")]: "echo again\n",
      });
      assert.deepEqual(resource.got.changed, []);
      assert.equal(resource.listed, 0);

      const loser = await edit({
        [join(third, "dup-b", "SKILL.md")]: manifest("dup", "Still second."),
      });
      assert.deepEqual(loser.got.changed, []);
      const winner = await edit({
        [join(third, "dup-a", "SKILL.md")]: manifest("dup", "First, edited."),
      });
      assert.deepEqual(winner.got.changed, ["dup"]);
    } finally {
      watch.close();
    }
  });

  it("an edit that renames, breaks, mends or removes a skill", async () => {
    const { first, second, third } = roots();
    const { edit, watch } = twins({
      roots: [first, second, third],
      home: first,
      cwd: first,
    });
    const gamma = join(third, "gamma", "SKILL.md");
    try {
      const renamed = await edit({ [gamma]: manifest("delta") });
      assert.deepEqual(renamed.got.added, ["delta"]);
      assert.deepEqual(renamed.got.removed, ["gamma"]);

      const broken = await edit({
        [gamma]: "---\nname: gamma\ndescription: [unclosed\n---\nBody.\n",
      });
      assert.deepEqual(broken.got.removed, ["delta"]);

      const mended = await edit({ [gamma]: manifest("gamma") });
      assert.deepEqual(mended.got.added, ["gamma"]);

      const repaired = await edit({
        [gamma]: "---\nname: gamma\ndescription: Use when: a colon\n---\nB.\n",
      });
      assert.deepEqual(repaired.got.changed, ["gamma"]);

      const unshadowed = await edit({
        [join(second, "shared", "SKILL.md")]: null,
      });
      assert.deepEqual(unshadowed.got.changed, ["shared"]);

      const gone = await edit({ [join(first, "alpha", "SKILL.md")]: null });
      assert.deepEqual(gone.got.removed, ["alpha"]);
    } finally {
      watch.close();
    }
  });

  it("skills in folders named .git and node_modules, which a watch does not enter: their root is read at every refresh, said with watch_unsupported", () => {
    const root = tree({
      ".git/SKILL.md": manifest("dotgit"),
      "node_modules/SKILL.md": manifest("nm"),
      "plain/SKILL.md": manifest("plain"),
    });
    const { compare, watch } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      // No event comes from inside those folders: each refresh reads the root.
      writeFileSync(join(root, ".git", "SKILL.md"), manifest("dotgit", "E."));
      writeFileSync(
        join(root, "node_modules", "SKILL.md"),
        manifest("nm", "E."),
      );
      const got = compare();
      assert.deepEqual(got.changed, ["dotgit", "nm"]);
      assert.deepEqual(got.fallback?.map((f) => [f.code, f.root]), [
        ["watch_unsupported", root],
      ]);
    } finally {
      watch.close();
    }
  });

  it("an edit of a skill whose name is reserved, and of one that takes such a name", async () => {
    const root = tree({
      "tools/SKILL.md": manifest("kit:tools"),
      "plain/SKILL.md": manifest("plain"),
    });
    const { edit, watch } = twins({ roots: [root], home: root, cwd: root });
    try {
      const reserved = await edit({
        [join(root, "tools", "SKILL.md")]: manifest("kit:tools", "Edited."),
      });
      assert.deepEqual(reserved.got.changed, []);
      const taken = await edit({
        [join(root, "plain", "SKILL.md")]: manifest("kit:plain"),
      });
      assert.deepEqual(taken.got.removed, ["plain"]);
    } finally {
      watch.close();
    }
  });
});
