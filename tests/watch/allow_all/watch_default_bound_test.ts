// The default bound on the directories a watch holds (maxWatches), from the
// system's own (/proc/sys/fs/inotify/max_user_watches, less what is in use),
// which Deno lets a program read only under --allow-all: hence this folder.
// A root of more directories than the fallback bound (8,192) is watched
// where the system allows more, and read in full (watch_limit) where the
// bound is given lower. Events are waited for (up to 30 s, failing then);
// nothing is timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { createAgentSkills } from "@clarvis/agent-skills";
import { type WatchChange, watchSkills } from "@clarvis/agent-skills/watch";
import { inotifyWatchesFree } from "../../../src/fs/_inotify.ts";
import { manifest, waitUntil, withTree } from "../../_helpers.ts";

const DIRECTORIES = 8_300;

describe("watch()'s default bound", {
  skip: process.platform !== "linux" && "the system's bound is read on Linux",
}, () => {
  it(
    `a root of ${DIRECTORIES} directories is watched where the system allows it`,
    {
      timeout: 300_000,
      skip: (inotifyWatchesFree() ?? 0) < 2 * DIRECTORIES + 100 &&
        "this system has too few inotify watches left",
    },
    async () => {
      await withTree({ "one/SKILL.md": manifest("one") }, async (root) => {
        for (let i = 0; i < DIRECTORIES; i++) {
          mkdirSync(join(root, "one", "assets", `d${i}`), { recursive: true });
        }
        const skills = createAgentSkills({
          roots: [root],
          home: root,
          cwd: root,
          onWarning: () => {},
        });
        const changes: WatchChange[] = [];
        const watch = watchSkills(skills, {
          onChange: (change) => changes.push(change),
          debounce: 30,
        });
        try {
          const first = skills.refresh();
          assert.deepEqual(
            first.fallback?.map((f) => f.code),
            ["watch_started"],
          );
          const file = join(root, "one", "SKILL.md");
          writeFileSync(file, manifest("one", "Edited."));
          await waitUntil(
            () => changes.some((change) => change.paths.includes(file)),
            `an event at ${file}`,
          );
          const got = skills.refresh();
          assert.deepEqual(
            { changed: got.changed, fallback: got.fallback },
            { changed: ["one"], fallback: [] },
          );
        } finally {
          watch.close();
        }
      });
    },
  );
});
