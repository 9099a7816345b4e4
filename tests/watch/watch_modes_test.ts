// When a watch changes how it watches a tree, it cannot vouch for the
// moment it changed: under Deno on Linux, a tree watched with one recursive
// watch comes to be watched one directory at a time when a folder holding a
// link to a directory appears in it, and the events queued on the watch it
// closes are gone. The next refresh() must read the tree, and say why. In
// every runtime the case runs against a polled twin. Events are waited for
// (up to 30 s, failing then); nothing is timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { reliableWatches, treeWatch } from "../../src/fs/_watch.ts";
import { manifest, tempTrees, waitUntil } from "../_helpers.ts";
import { watchTwins } from "./_twins.ts";

const tree = tempTrees();

/** A root of `count` skills, skill-00 onwards. */
function store(count: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(2, "0")}`;
    files[`${name}/SKILL.md`] = manifest(name);
  }
  return tree(files);
}

describe("watch(): a tree whose way of being watched changes", () => {
  it("a folder holding a link to a directory moved in, and ten manifests edited in the same burst: none is lost", async () => {
    const root = store(12);
    // The link leads to a folder of its own skill (one leading out of it
    // would warn at each listing of its resources, which a polled twin
    // repeats at every refresh).
    const outside = tree({
      "moved/SKILL.md": manifest("moved"),
      "moved/references/notes.md": "notes",
    });
    symlinkSync("references", join(outside, "moved", "linked-folder"));
    const { watch, changes, compare } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      const from = changes.length;
      const moved = join(root, "moved");
      renameSync(join(outside, "moved"), moved);
      for (let i = 0; i < 10; i++) {
        const name = `skill-${String(i).padStart(2, "0")}`;
        writeFileSync(
          join(root, name, "SKILL.md"),
          manifest(name, `Edited in the burst (${i}).`),
        );
      }
      await waitUntil(
        () => changes.slice(from).some((c) => c.paths.includes(moved)),
        `an event at ${moved}`,
      );
      const got = compare();
      assert.deepEqual(got.added, ["moved"]);
      assert.equal(got.changed.length, 10, JSON.stringify(got));
      if (treeWatch === "linkless") {
        const said = changes.slice(from).flatMap((c) => c.fallback);
        assert.ok(
          got.fallback?.some((f) => f.code === "watch_started") &&
            said.some((f) => f.code === "watch_started"),
          JSON.stringify({ got: got.fallback, said }),
        );
      }
      // Watched one directory at a time from now on, it vouches again.
      const file = join(root, "skill-11", "SKILL.md");
      const next = changes.length;
      writeFileSync(file, manifest("skill-11", "After the change."));
      await waitUntil(
        () => changes.slice(next).some((c) => c.paths.includes(file)),
        `an event at ${file}`,
      );
      const after = compare();
      assert.deepEqual(after.changed, ["skill-11"]);
    } finally {
      watch.close();
    }
  });

  it("a directory made in a watched tree, a file written in it at once: the refresh() after its event reads it", async () => {
    const root = store(2);
    const { watch, changes, compare } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      const from = changes.length;
      const dir = join(root, "skill-00", "scripts", "deep");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "run.sh"), "echo");
      mkdirSync(join(root, "fresh"));
      writeFileSync(join(root, "fresh", "SKILL.md"), manifest("fresh"));
      await waitUntil(
        () =>
          changes.slice(from).some((c) =>
            c.paths.includes(join(root, "fresh"))
          ),
        "an event at the new skill",
      );
      const got = compare();
      assert.deepEqual(got.added, ["fresh"]);
    } finally {
      watch.close();
    }
  });

  it("a root inside another's tree, whose link is pointed elsewhere: the outer root still sees what changes where the inner one was", async () => {
    const base = tree({
      "outer/a1/SKILL.md": manifest("a1"),
      "outer/a1/extra/s1/SKILL.md": manifest("s1"),
      "outer/a2/SKILL.md": manifest("a2"),
      "outer/a2/extra/s2/SKILL.md": manifest("s2"),
    });
    const outer = join(base, "outer");
    const inner = join(base, "inner");
    symlinkSync(join(outer, "a1", "extra"), inner);
    const { watch, step } = watchTwins({
      roots: [outer, inner],
      home: base,
      cwd: base,
    });
    try {
      const moved = await step(() => {
        unlinkSync(inner);
        symlinkSync(join(outer, "a2", "extra"), inner);
      }, [inner]);
      assert.deepEqual(moved, {
        added: ["s2"],
        removed: ["s1"],
        changed: [],
        fallback: [{
          code: "root_replaced",
          message:
            `The root ${inner} now leads to ${outer}/a2/extra (was ${outer}/a1/extra): it is read in full`,
          root: inner,
        }],
      });
      // Where the inner root was, the outer one's skill a1 holds a file,
      // written once the watch the inner root no longer needs is released
      // (under Deno, a turn after its close: what it would remove, it has).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const file = join(outer, "a1", "extra", "s1", "notes.md");
      await step(() => writeFileSync(file, "notes"), [file]);
    } finally {
      watch.close();
    }
  });
});

describe("watch(): more directories than the runtime watches one at a time reliably", () => {
  it("120 skills and a link to a directory, 60 edits in a steady run: none lost, and under Deno the root is read at every refresh(), said with watch_limit", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) {
      const name = `skill-${String(i).padStart(3, "0")}`;
      files[`${name}/SKILL.md`] = manifest(name);
      files[`${name}/scripts/run.sh`] = "echo";
    }
    const root = tree(files);
    symlinkSync("scripts", join(root, "skill-000", "linked-scripts"));
    const { watch, watched, changes, compare } = watchTwins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      const settled = watched.refresh();
      if (reliableWatches !== undefined) {
        assert.ok(
          settled.fallback?.some((f) =>
            f.code === "watch_limit" && f.root === root &&
            f.message.includes(`${reliableWatches} watches`)
          ),
          JSON.stringify(settled.fallback),
        );
      }
      const from = changes.length;
      const edited: string[] = [];
      for (let i = 0; i < 60; i++) {
        const name = `skill-${String((i * 7) % 120).padStart(3, "0")}`;
        const file = join(root, name, "scripts", `edit-${i}.sh`);
        writeFileSync(file, "echo");
        edited.push(file);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (reliableWatches === undefined) {
        await waitUntil(() => {
          const seen = new Set(changes.slice(from).flatMap((c) => c.paths));
          return edited.every((file) => seen.has(file));
        }, "the events of the 60 edits");
      }
      compare();
    } finally {
      watch.close();
    }
  });
});
