// What a watch can and cannot see, and what it says of it: a symlinked skill
// directory's target, watched from the moment the watch opens; a manifest
// with a second name (a hard link, as pnpm and `cp -al` make), which the
// watch cannot see edited through that name, so its root is read at every
// refresh(); and onChange's count of the paths it does not list, each path
// once. A watched instance is compared with a polled twin after each step.
// Events are waited for (up to 30 s, failing then); nothing is timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills } from "@clarvis/agent-skills";
import { type WatchChange, watchSkills } from "@clarvis/agent-skills/watch";
import { manifest, tempTrees, waitUntil, withTree } from "../_helpers.ts";
import { watchTwins } from "./_twins.ts";

const tree = tempTrees();

describe("watch(): a symlinked skill directory's target", () => {
  it("is watched from the start: an edit there before the first refresh() calls onChange", async () => {
    const outside = tree({ "linked/SKILL.md": manifest("linked") });
    const root = tree({ "plain/SKILL.md": manifest("plain") });
    symlinkSync(join(outside, "linked"), join(root, "linked"));
    const options = { roots: [root], home: root, cwd: root };
    const watched = createAgentSkills({ ...options, onWarning: () => {} });
    const polled = createAgentSkills({ ...options, onWarning: () => {} });
    const changes: WatchChange[] = [];
    const watch = watchSkills(watched, {
      onChange: (change) => changes.push(change),
      debounce: 30,
    });
    try {
      const target = join(outside, "linked", "SKILL.md");
      writeFileSync(target, manifest("linked", "Edited at its target."));
      await waitUntil(
        () => changes.some((change) => change.paths.includes(target)),
        `onChange for ${target}`,
      );
      const got = watched.refresh();
      assert.deepEqual(
        { ...got, fallback: undefined },
        { ...polled.refresh(), fallback: undefined },
      );
      assert.deepEqual(got.changed, ["linked"]);
      assert.equal(
        watched.loadSkill("linked")?.description,
        "Edited at its target.",
      );
      // The next refresh() vouches for it: nothing to read.
      assert.deepEqual(watched.refresh().fallback, []);
    } finally {
      watch.close();
    }
  });
});

describe("watch(): a manifest with a second name (a hard link)", () => {
  it("edited through its other name, outside the root: its root is read at every refresh(), said with watch_unsupported", () => {
    const outside = tree();
    const root = tree({
      "one/SKILL.md": manifest("one"),
      "two/SKILL.md": manifest("two"),
    });
    const alias = join(outside, "alias.md");
    linkSync(join(root, "one", "SKILL.md"), alias);
    const { watch, compare } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      // No event comes for this edit: the root is read anyway.
      writeFileSync(alias, manifest("one", "Edited through its other name."));
      const got = compare();
      assert.deepEqual(got.changed, ["one"]);
      assert.ok(
        got.fallback?.some((f) =>
          f.code === "watch_unsupported" && f.root === root
        ),
        JSON.stringify(got.fallback),
      );
    } finally {
      watch.close();
    }
  });

  it("made inside the root (cp -al of a skill): both copies are read at every refresh()", async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    const { watch, step, compare } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      const copy = join(root, "one-copy");
      const got = await step(() => {
        mkdirSync(copy);
        linkSync(join(root, "one", "SKILL.md"), join(copy, "SKILL.md"));
      }, [copy]);
      assert.deepEqual(got.added, []);
      writeFileSync(
        join(copy, "SKILL.md"),
        manifest("one", "Edited through the copy."),
      );
      // The edit's own event may come later: the root is read anyway.
      const edited = compare();
      assert.deepEqual(edited.changed, ["one"]);
    } finally {
      watch.close();
    }
  });
});

describe("onChange's count of the paths it leaves out", () => {
  // A busy machine can make the runtime drop events (a queue overflows):
  // the watch then says watch_overflow and counts nothing, which proves
  // nothing either way. Such a run is tried again, a few times; a run that
  // saw every event must count each path once.
  it("counts each path once, however many events it had", async () => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const outcome = await countedOnce();
      outcomes.push(outcome);
      if (outcome === "counted") return;
    }
    assert.fail(`every run overflowed: ${outcomes.join(", ")}`);
  });
});

/**
 * One run: 1,500 files written twice each under a watched root; every path
 * must be listed by an onChange or counted once in its `more`. Returns
 * "overflowed" when the watch lost events (and so vouched for nothing).
 */
async function countedOnce(): Promise<"counted" | "overflowed"> {
  const FILES = 1500;
  let outcome: "counted" | "overflowed" = "counted";
  await withTree({ "one/SKILL.md": manifest("one") }, async (root) => {
    const { watch, changes } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      const dir = join(root, "one", "many");
      mkdirSync(dir);
      await waitUntil(
        () => changes.some((change) => change.paths.includes(dir)),
        `an event at ${dir}`,
      );
      const from = changes.length;
      const written = new Set<string>();
      // Each file written twice, in batches small enough for Deno's
      // queue of events (1,024), which would overflow otherwise.
      for (let i = 0; i < FILES; i++) {
        const path = join(dir, `f${i}`);
        writeFileSync(path, "a");
        writeFileSync(path, "ab");
        written.add(path);
        if (i % 50 === 49) await new Promise((ok) => setTimeout(ok, 10));
      }
      // Every path is listed by some onChange, or counted in its `more`.
      await waitUntil(() => {
        const since = changes.slice(from);
        if (since.some((change) => change.fallback.length > 0)) {
          const codes = since.flatMap((c) => c.fallback.map((f) => f.code));
          // Only a lost event may end the run unjudged.
          assert.deepEqual([...new Set(codes)], ["watch_overflow"]);
          outcome = "overflowed";
          return true;
        }
        const counted = since.reduce(
          (sum, change) => sum + change.paths.length + change.more,
          0,
        );
        return counted >= written.size;
      }, `onChange for the ${FILES} files`);
      if (outcome === "overflowed") return;
      const reported = new Set(
        changes.slice(from).flatMap((change) => change.paths),
      );
      for (const change of changes.slice(from)) {
        assert.ok(change.paths.length <= 1000);
        // No more paths than changed (the files, and the folder itself).
        assert.ok(
          change.paths.length + change.more <= written.size + 1,
          `paths ${change.paths.length}, more ${change.more}`,
        );
      }
      assert.ok(reported.size > 0);
    } finally {
      watch.close();
    }
  });
  return outcome;
}
