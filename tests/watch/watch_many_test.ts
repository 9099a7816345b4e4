// A watch over a large tree (6,001 directories): every edit in a loop of
// edits is reported and refresh() right after it says what changed. Deno
// 2.9 on Linux, given one watch per directory at this size, stopped handing
// events to some of them after a few edits (and refresh() then returned no
// change), so on that runtime a tree with no link to a directory is watched
// with one recursive watch. Each step waits for its event (up to 30 s,
// polling); no duration is asserted.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, tempTrees, waitUntil } from "../_helpers.ts";
import { watchedRoot } from "./_twins.ts";

const tree = tempTrees();
const SKILLS = 1200;
const EDITS = 20;

/** A root of SKILLS skills, each with four folders: 6,001 directories. */
function largeStore(): string {
  const root = tree();
  for (let i = 0; i < SKILLS; i++) {
    const name = skillName(i);
    const dir = join(root, name);
    mkdirSync(join(dir, "assets", "images"), { recursive: true });
    mkdirSync(join(dir, "scripts"));
    mkdirSync(join(dir, "references"));
    writeFileSync(join(dir, "SKILL.md"), manifest(name));
  }
  return root;
}

function skillName(i: number): string {
  return `skill-${String(i).padStart(4, "0")}`;
}

describe("watch() over a large tree", () => {
  it(
    `reports each of ${EDITS} edits in a row, and refresh() right after each says what changed`,
    { timeout: 600_000 },
    async () => {
      const root = largeStore();
      const { skills, changes, watch } = watchedRoot(root);
      try {
        const first = skills.refresh();
        assert.deepEqual(first.fallback?.map((f) => f.code), [
          "watch_started",
        ]);
        for (let edit = 0; edit < EDITS; edit++) {
          const name = skillName((edit * 97) % SKILLS);
          const file = join(root, name, "SKILL.md");
          const from = changes.length;
          writeFileSync(file, manifest(name, `Edit ${edit}.`));
          await waitUntil(
            () => changes.slice(from).some((c) => c.paths.includes(file)),
            `the event of edit ${edit} (${file})`,
          );
          const got = skills.refresh();
          assert.deepEqual(
            { changed: got.changed, fallback: got.fallback },
            { changed: [name], fallback: [] },
            `edit ${edit}`,
          );
          assert.equal(skills.loadSkill(name)?.description, `Edit ${edit}.`);
        }
      } finally {
        watch.close();
      }
    },
  );
});
