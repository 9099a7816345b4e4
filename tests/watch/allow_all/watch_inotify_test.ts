// What a watch holds open, read from the kernel: the inotify watches of this
// process, each with the inode it watches (/proc/self/fdinfo, Linux only).
// Nothing outside a root may be watched, though a runtime's own watch of a
// tree follows symbolic links to directories (Deno on Linux): a link inside
// a skill that leads outside, there from the start or brought in later
// inside a directory moved into the root, never puts a watch on its target.
// Deno reads /proc only under --allow-all, which is why this file is in
// allow_all/. Events are waited for (up to 30 s, polling); no duration is
// asserted.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { manifest, tempTrees, waitUntil } from "../../_helpers.ts";
import { watchedRoot } from "../_twins.ts";

const tree = tempTrees();
const LINUX = process.platform === "linux";

/** The inodes this process's inotify instances watch. */
function watchedInodes(): Set<number> {
  const inodes = new Set<number>();
  for (const fd of readdirSync("/proc/self/fdinfo")) {
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${fd}`, "utf8");
    } catch {
      continue; // closed meanwhile
    }
    for (const match of info.matchAll(/^inotify wd:\S+ ino:([0-9a-f]+)/gm)) {
      inodes.add(Number.parseInt(match[1] ?? "", 16));
    }
  }
  return inodes;
}

function inode(path: string): number {
  return statSync(path).ino;
}

/** A tree outside every root, three directories deep; their inodes. */
function outsideTree(): { path: string; inodes: number[] } {
  const path = tree({ "deep/er/file.md": "x\n" });
  return {
    path,
    inodes: [path, join(path, "deep"), join(path, "deep", "er")].map(inode),
  };
}

describe("what a watch holds open, as the kernel tells", {
  skip: !LINUX && "inotify's own account is read from /proc on Linux",
}, () => {
  it("a link inside a skill that leads outside: its target is not watched", async () => {
    const outside = outsideTree();
    const root = tree({ "one/SKILL.md": manifest("one") });
    symlinkSync(outside.path, join(root, "one", "refs"));
    const { skills, watch } = watchedRoot(root);
    try {
      skills.refresh();
      const own = [root, join(root, "one")].map(inode);
      await waitUntil(
        () => own.every((ino) => watchedInodes().has(ino)),
        "the root and its skill to be watched",
      );
      const watched = watchedInodes();
      assert.deepEqual(outside.inodes.filter((ino) => watched.has(ino)), []);
    } finally {
      watch.close();
    }
  });

  it("a directory moved into the root that holds such a link: its target is not watched, and the watch goes on", async () => {
    const outside = outsideTree();
    const root = tree({ "one/SKILL.md": manifest("one") });
    const staging = tree({ "two/SKILL.md": manifest("two") });
    symlinkSync(outside.path, join(staging, "two", "refs"));
    const { skills, watch, changes } = watchedRoot(root);
    const seen = (path: string): boolean =>
      changes.some((change) => change.paths.includes(path));
    try {
      skills.refresh();
      await waitUntil(
        () => watchedInodes().has(inode(join(root, "one"))),
        "the skill to be watched",
      );
      const moved = join(root, "two");
      renameSync(join(staging, "two"), moved);
      await waitUntil(() => seen(moved), "the event of the move");
      assert.deepEqual(skills.refresh().added, ["two"]);
      await waitUntil(
        () => watchedInodes().has(inode(moved)),
        "the moved directory to be watched",
      );
      await waitUntil(
        () => outside.inodes.every((ino) => !watchedInodes().has(ino)),
        "no watch on the link's target",
      );
      // still watched: an edit in the moved skill is seen and read
      const file = join(moved, "SKILL.md");
      writeFileSync(file, manifest("two", "Edited."));
      await waitUntil(() => seen(file), "the event of an edit after the move");
      assert.deepEqual(skills.refresh().changed, ["two"]);
      assert.deepEqual(
        outside.inodes.filter((i) => watchedInodes().has(i)),
        [],
      );
    } finally {
      watch.close();
    }
  });

  it("close() releases every inotify watch it added", async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    mkdirSync(join(root, "one", "scripts"));
    const own = [root, join(root, "one"), join(root, "one", "scripts")].map(
      inode,
    );
    const { skills, watch } = watchedRoot(root);
    skills.refresh();
    await waitUntil(
      () => own.every((ino) => watchedInodes().has(ino)),
      "the tree to be watched",
    );
    watch.close();
    await waitUntil(
      () => own.every((ino) => !watchedInodes().has(ino)),
      "every watch of the tree to be released",
    );
  });
});
