// Where a skill taken from a kept index is proved (docs/confinement.md): at
// start, its manifest's key at the directory the root reaches, the same way
// (a real directory or a link, at the same real path); at its first touch
// (loadSkill, activate, resourcePath, readResource), its directory's
// identity and its manifest's bytes, with every proof of a scan. Work is
// counted (status calls, listings), never timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type AgentSkills, createAgentSkills } from "@clarvis/agent-skills";
import {
  countListings,
  countStatuses,
  manifest,
  tempTrees,
} from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import { entryAt, forged, keptIndex, over, settled } from "./_index_forge.ts";

const tree = tempTrees();

/** A store of `count` skills in root `a`, each with one resource. */
function store(count: number): Record<string, string> {
  const files: Record<string, string> = { "b/.keep": "" };
  for (let i = 0; i < count; i++) {
    files[`a/s${i}/SKILL.md`] = manifest(`s${i}`, `Skill ${i}.`);
    files[`a/s${i}/notes.md`] = `notes ${i}\n`;
  }
  return files;
}

describe("a start from a kept index", () => {
  it("asks one status a skill it takes (its manifest's) and lists each root once", () => {
    const work = [2, 7].map((count) => {
      const { options } = over(tree(store(count)));
      const index = keptIndex(options);
      const { result, statused } = countStatuses(() =>
        countListings(() => createAgentSkills({ ...options, index }))
      );
      assert.equal(takenCount(result.result), count);
      const manifests = statused.filter((path) => path.endsWith("SKILL.md"));
      assert.equal(manifests.length, count, "a manifest's status each");
      return { statuses: statused.length, listings: result.listed.length };
    });
    const [small, large] = work;
    assert.equal(large?.statuses, (small?.statuses ?? 0) + 5, "per skill");
    assert.equal(large?.listings, small?.listings, "the roots, once each");
  });
});

describe("a skill taken from an index whose directory is not the one it names", () => {
  // The index says another device and inode for a/s0: the entry of a host
  // that kept it on another machine, or of a forger. The start takes it
  // (its manifest's key matches); its first touch reads it, and what is
  // served from then on is the disk's.
  const forgeries = {
    "another inode": (place: [unknown, number, number, number, boolean]) => {
      place[2] += 1;
    },
    "another device": (place: [unknown, number, number, number, boolean]) => {
      place[1] += 1;
    },
    "another birth time": (
      place: [unknown, number, number, number, boolean],
    ) => {
      place[3] += 1;
    },
  };
  const touches: Record<string, (skills: AgentSkills) => unknown> = {
    loadSkill: (skills) => skills.loadSkill("s0")?.body,
    activate: (skills) => skills.activate("s0").text.length > 0,
    resourcePath: (skills) => skills.resourcePath("s0", "notes.md"),
    readResource: (skills) =>
      new TextDecoder().decode(skills.readResource("s0", "notes.md")),
  };
  for (const [forgery, forge] of Object.entries(forgeries)) {
    for (const [touch, call] of Object.entries(touches)) {
      it(`${forgery}, first touched by ${touch}: served as the disk holds it`, () => {
        const base = tree(store(2));
        const { options } = over(base);
        const plain = createAgentSkills(options);
        const kept = keptIndex(options);
        const index = forged(kept, "/a/s0/SKILL.md", (entry) => {
          forge(entry.place);
        });
        const skills = createAgentSkills({ ...options, index });
        assert.equal(takenCount(skills), 2);
        assert.deepEqual(call(skills), call(plain));
        // Every tier from then on, as the disk holds it.
        for (const other of Object.values(touches)) {
          assert.deepEqual(other(skills), other(plain));
        }
        assert.equal(
          readFileSync(skills.resourcePath("s0", "notes.md"), "utf8"),
          "notes 0\n",
        );
        // The next refresh reads it again, and its index is the disk's.
        // (Read with the clock late, as a manifest written seconds ago.)
        assert.deepEqual(settled(() => skills.refresh()), {
          added: [],
          removed: [],
          changed: [],
        });
        assert.deepEqual(
          entryAt(skills.index(), "/a/s0/SKILL.md").place,
          entryAt(kept, "/a/s0/SKILL.md").place,
        );
        assert.deepEqual(skills.listSkills(), plain.listSkills());
        assert.equal(
          skills.resourcePath("s0", "notes.md"),
          join(base, "a", "s0", "notes.md"),
        );
      });
    }
  }
});
