// watch() and a directory whose name is not UTF-8, created while watched: its
// events can only name the folder it is in, and a refresh() with the watch
// open says what a full one says (the unrepresentable name warned about,
// nothing served from it). In the process tests because the name is made by
// a shell (no string can name it).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createAgentSkills } from "@clarvis/agent-skills";
import { type WatchChange, watchSkills } from "@clarvis/agent-skills/watch";
import { makeNonUtf8, manifest, tempTrees, waitUntil } from "../../_helpers.ts";

const tree = tempTrees();

describe("watch() and names that are not UTF-8", () => {
  it("a directory so named, created while watched: the event names its folder, the refresh agrees with a full one", async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    const options = { roots: [root], home: root, cwd: root };
    const seen: string[] = [];
    const watched = createAgentSkills({
      ...options,
      onWarning: (warning) => seen.push(warning.code),
    });
    const polledSeen: string[] = [];
    const polled = createAgentSkills({
      ...options,
      onWarning: (warning) => polledSeen.push(warning.code),
    });
    const changes: WatchChange[] = [];
    const watch = watchSkills(watched, {
      onChange: (change) => changes.push(change),
      debounce: 30,
    });
    try {
      watched.refresh();
      makeNonUtf8(root, "bad", 0xfe);
      await waitUntil(
        () => changes.some((change) => change.paths.includes(root)),
        `an event naming ${root}`,
      );
      const got = watched.refresh();
      const { added, removed, changed } = got;
      assert.deepEqual({ added, removed, changed }, polled.refresh());
      assert.deepEqual(watched.listSkills(), polled.listSkills());
      assert.deepEqual(seen, polledSeen);
      assert.ok(seen.includes("unrepresentable_name"), seen.join(", "));
    } finally {
      watch.close();
    }
  });
});
