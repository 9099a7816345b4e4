// watch() against what a hostile tree can do (names that are not UTF-8:
// tests/watch/process/watch_names_test.ts): symlink loops and links to the whole filesystem inside a root, a tree
// deeper than the bound, more changed paths than the watch keeps, and a
// skill directory swapped for a link that leads outside. After each, a
// watched instance and a polled twin must agree, and the watch must stay
// within its bound. Events are waited for (up to 30 s); nothing is timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { AgentSkillsOptions } from "@clarvis/agent-skills";
import { manifest, tempTrees, waitUntil, withTree } from "../_helpers.ts";
import { type WatchTwins, watchTwins } from "./_twins.ts";

const tree = tempTrees();

/** Twins (tests/watch/_twins.ts) with the watch bounded by `maxWatches`. */
function twins(options: AgentSkillsOptions, maxWatches?: number): WatchTwins {
  return watchTwins(
    options,
    maxWatches === undefined ? {} : { maxWatches },
  );
}

describe("watch() on a hostile tree", () => {
  it("symlink loops and a link to / inside a root: never followed, the watch stays small", async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    symlinkSync("..", join(root, "one", "loop"));
    symlinkSync("/", join(root, "one", "everything"));
    symlinkSync(root, join(root, "self"));
    const { watch, watched, changes, agree } = twins({
      roots: [root],
      home: root,
      cwd: root,
    }, 16);
    try {
      const settled = watched.refresh();
      assert.deepEqual(settled.fallback, []);
      const from = changes.length;
      writeFileSync(join(root, "one", "SKILL.md"), manifest("one", "Edited."));
      const got = await agree(from);
      assert.deepEqual(got.changed, ["one"]);
      assert.deepEqual(got.fallback, []);
    } finally {
      watch.close();
    }
  });

  it("a tree deeper than the bound: watch_limit, read in full, still right", () => {
    const files: Record<string, string> = { "one/SKILL.md": manifest("one") };
    files[`one/${Array(200).fill("d").join("/")}/leaf.txt`] = "deep";
    const root = tree(files);
    const { watch, compare } = twins({
      roots: [root],
      home: root,
      cwd: root,
    }, 50);
    try {
      mkdirSync(join(root, "two"));
      writeFileSync(join(root, "two", "SKILL.md"), manifest("two"));
      // No event is waited for: the root is not watched, and is read anyway.
      const got = compare();
      assert.ok(
        got.fallback?.some((f) => f.code === "watch_limit" && f.root === root),
        JSON.stringify(got.fallback),
      );
      assert.deepEqual(got.added, ["two"]);
    } finally {
      watch.close();
    }
  });

  it("more changed paths than the watch keeps: watch_overflow, a full read, still right", async () => {
    await withTree({ "one/SKILL.md": manifest("one") }, async (root) => {
      const { watch, changes, watched, compare } = twins({
        roots: [root],
        home: root,
        cwd: root,
      });
      try {
        const many = join(root, "one", "many");
        mkdirSync(many);
        // Its own watch starts with the event of its creation.
        await waitUntil(
          () => changes.some((c) => c.paths.includes(many)),
          `an event at ${many}`,
        );
        for (let i = 0; i < 10_050; i++) {
          writeFileSync(join(root, "one", "many", `f${i}`), "");
        }
        writeFileSync(join(root, "one", "SKILL.md"), manifest("one", "Many."));
        await waitUntil(
          () =>
            changes.some((c) =>
              c.fallback.some((f) => f.code === "watch_overflow")
            ),
          "watch_overflow",
        );
        const got = compare();
        assert.ok(got.fallback?.some((f) => f.code === "watch_overflow"));
        assert.deepEqual(got.changed, ["one"]);
        // Past the overflow, the watch vouches again: a refresh() with no
        // reason to read in full comes (within waitUntil's 30 s, or fails).
        await waitUntil(
          () => watched.refresh().fallback?.length === 0,
          "a refresh() that reads nothing in full",
        );
      } finally {
        watch.close();
      }
    });
  });

  it("a skill directory swapped for a link that leads outside a root of plugins: refused as a full refresh refuses it", async () => {
    const outside = tree({ "evil/SKILL.md": manifest("setup", "Outside.") });
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        plugins: [{ name: "tools", source: "./plugins/tools" }],
      }),
      "plugins/tools/skills/setup/SKILL.md": manifest("setup"),
    });
    const { watch, changes, agree } = twins({
      roots: [{ path: root, kind: "plugins" }],
      home: root,
      cwd: root,
    });
    try {
      const skillDir = join(root, "plugins", "tools", "skills", "setup");
      const from = changes.length;
      // Moved out of the skills folder, which would serve it under its old name.
      renameSync(skillDir, join(root, "setup.old"));
      symlinkSync(join(outside, "evil"), skillDir);
      const got = await agree(from);
      assert.deepEqual(got.removed, ["tools:setup"]);
      rmSync(join(root, "setup.old"), { recursive: true });
    } finally {
      watch.close();
    }
  });
});
