// A skill directory swapped by a second process (the rename dance of
// tests/registry/process/_index_swapper.ts: the indexed directory, another
// with a different SKILL.md and resource, a symlink to a same-named skill
// outside the root, with nothing between each) while this process starts
// from a kept index again and again, lists, loads the skill and reads its
// resource. Symlinks are not followed, so the only skill "x" is a directory
// in the root: every catalog entry, body and resource served must be one
// of the two written there (entry and body of one version), and nothing
// of the outside one is ever served; every refusal is a SkillError.
//
// This file runs under Deno with scoped permissions (the test task's), where
// the library proves a directory by status calls before and after a read,
// not by the kernel's path of an open file (docs/security.md: a swap made and
// undone between two checks may pass). The dance leaves nothing between any
// two states, so that would take several renames of the swapper between two
// consecutive status calls of this process: 126,066 starts in a run of
// 300,000 rounds served nothing from outside.
//
// The verdict does not depend on timing: the swapper makes a bounded number
// of rounds, every wait has a deadline and fails at it, and nothing counts
// what a race happened to see. What each state serves is shown first in
// lockstep, each state made by this process (with, as the control, the
// outside skill served at the symlink where symlinks are followed).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, renameSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../../_helpers.ts";
import { scriptPath, startScript } from "../../_spawn.ts";
import { takenCount } from "../_index_twins.ts";
import { keptIndex } from "../_index_forge.ts";

const tree = tempTrees();
const ROUNDS = 20_000;
const DEADLINE_MS = 120_000;
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** What was written in the root, in turn: [description, body, resource]. */
const VERSIONS = [
  ["The first x.", "Body one.", "resource one"],
  ["The second x.", "Body two.", "resource two"],
] as const;

/** A skill "x" in `root/x`, its other version beside the root, and one outside. */
function store(): {
  base: string;
  dir: string;
  alt: string;
  outside: string;
  options: AgentSkillsOptions;
  index: SkillIndex;
} {
  const files: Record<string, string> = {
    "outside/x/SKILL.md": manifest("x", "OUTSIDE", { body: "OUTSIDE" }),
    "outside/x/file.txt": "OUTSIDE",
  };
  for (const [at, where] of [[0, "root/x"], [1, "alt/x"]] as const) {
    const [description, body, resource] = VERSIONS[at];
    files[`${where}/SKILL.md`] = manifest("x", description, { body });
    files[`${where}/file.txt`] = resource;
  }
  const base = tree(files);
  const options: AgentSkillsOptions = {
    roots: [join(base, "root")],
    home: base,
    cwd: base,
    followSymlinks: false,
  };
  return {
    base,
    dir: join(base, "root", "x"),
    alt: join(base, "alt", "x"),
    outside: join(base, "outside", "x"),
    options,
    index: keptIndex(options),
  };
}

/** Calls `call`: its value, or the code of the SkillError it threw. */
function tried<T>(call: () => T): T | { refused: string } {
  try {
    return call();
  } catch (error) {
    if (error instanceof SkillError) return { refused: error.code };
    throw error;
  }
}

/** What one start served: the version listed, loaded and read (-1: none). */
interface Served {
  readonly skills: AgentSkills;
  readonly listed: number;
  readonly loaded: number;
  readonly read: number;
}

/**
 * Starts from `index`, lists, loads "x" and reads its resource, and asserts
 * that each is one of the versions written in the root, or nothing.
 */
function probe(
  { options, index, dir }: ReturnType<typeof store>,
  then: (skills: AgentSkills) => void = () => {},
): Served {
  const said: string[] = [];
  const skills = createAgentSkills({
    ...options,
    index,
    onWarning: (warning) => said.push(warning.message),
  });
  then(skills);
  const listed = skills.listSkills().map((info) => {
    assert.deepEqual([info.name, info.dir], ["x", dir]);
    return version(info.description);
  });
  const content = tried(() => skills.loadSkill("x"));
  const loaded = content === undefined || "refused" in content
    ? -1
    : version(content.description, content.body);
  const path = tried(() => skills.resourcePath("x", "file.txt"));
  if (typeof path === "string") assert.equal(path, join(dir, "file.txt"));
  const bytes = tried(() => skills.readResource("x", "file.txt"));
  const text = bytes instanceof Uint8Array ? decode(bytes) : undefined;
  const read = VERSIONS.findIndex(([, , resource]) => resource === text);
  assert.ok(text === undefined || read >= 0, `read ${text}`);
  assert.ok(!said.some((message) => message.includes("OUTSIDE")), `${said}`);
  return { skills, listed: listed[0] ?? -1, loaded, read };
}

/** The version a description (and its body, when loaded) is; fails for any other. */
function version(description: string, body?: string): number {
  const at = VERSIONS.findIndex(([d]) => d === description);
  assert.ok(at >= 0, `served ${JSON.stringify(description)}`);
  if (body !== undefined) {
    assert.equal(body, VERSIONS[at]?.[1], `served ${description} with ${body}`);
  }
  return at;
}

describe("a skill directory swapped while starts from a kept index load it", () => {
  it("in lockstep, each state serves its own version, or nothing; never the skill behind the symlink", () => {
    const made = store();
    const { dir, alt, outside } = made;
    const parked = `${alt}.parked`;
    // The indexed directory: taken from the index, then loaded.
    const first = probe(made);
    assert.deepEqual([first.listed, first.loaded, first.read], [0, 0, 0]);
    assert.equal(takenCount(first.skills), 1);
    // Each state of one round, as the swapper makes them.
    const states: Array<[string, () => void, number]> = [
      ["nothing", () => renameSync(dir, parked), -1],
      ["the other directory", () => renameSync(alt, dir), 1],
      ["nothing", () => renameSync(dir, alt), -1],
      ["a symlink to outside", () => symlinkSync(outside, dir), -1],
      ["nothing", () => unlinkSync(dir), -1],
      ["the indexed directory again", () => renameSync(parked, dir), 0],
    ];
    for (const [what, make, expected] of states) {
      make();
      const after = probe(made);
      assert.deepEqual(
        [after.listed, after.loaded, after.read],
        [expected, expected, expected],
        what,
      );
      if (what === "a symlink to outside") {
        // The control: where symlinks are followed, the outside skill is
        // what this state serves.
        const following = createAgentSkills({
          ...made.options,
          followSymlinks: true,
        });
        assert.equal(following.loadSkill("x")?.body, "OUTSIDE");
      }
    }
  });

  it("started from the index, loaded after a swap: what the directory holds then, or nothing; its resource refused", () => {
    const made = store();
    const { dir, alt, outside } = made;
    const parked = `${alt}.parked`;
    const swaps: Array<[string, () => void, () => void, number]> = [
      ["nothing", () => renameSync(dir, parked), () => {}, -1],
      [
        "the other directory",
        () => {
          renameSync(dir, parked);
          renameSync(alt, dir);
        },
        () => renameSync(dir, alt),
        1,
      ],
      [
        "a symlink to outside",
        () => {
          renameSync(dir, parked);
          symlinkSync(outside, dir);
        },
        () => unlinkSync(dir),
        -1,
      ],
    ];
    for (const [what, swap, undo, loaded] of swaps) {
      const served = probe(made, (skills) => {
        assert.equal(takenCount(skills), 1, what);
        swap();
      });
      // Listed as taken; loaded as read now; the resource refused, its
      // directory no longer the one discovered.
      assert.deepEqual(
        [served.listed, served.loaded, served.read],
        [0, loaded, -1],
        what,
      );
      undo();
      renameSync(parked, dir);
    }
  });

  it(
    `while another process swaps it ${ROUNDS} rounds, serves only what was written in the root`,
    { timeout: DEADLINE_MS + 30_000 },
    async () => {
      const made = store();
      const { base, dir, alt, outside } = made;
      const done = join(base, "done");
      const exited = startScript(
        scriptPath("./_index_swapper.ts", import.meta.url),
        [String(ROUNDS), done, dir, alt, outside],
        ["--allow-read", "--allow-write"],
      );
      const deadline = Date.now() + DEADLINE_MS;
      const seen = { starts: 0, taken: 0, listed: 0, loaded: 0, read: 0 };
      try {
        while (!existsSync(done)) {
          assert.ok(
            Date.now() < deadline,
            "the swapper did not finish in time",
          );
          const served = probe(made);
          seen.starts++;
          seen.taken += takenCount(served.skills);
          if (served.listed >= 0) seen.listed++;
          if (served.loaded >= 0) seen.loaded++;
          if (served.read >= 0) seen.read++;
        }
      } finally {
        // A failed probe waits for the swapper too, so that it does not
        // swap in a tree being removed.
        assert.equal(await exited, 0);
      }
      console.log(
        `index race: ${ROUNDS} rounds of the rename dance; ${seen.starts} starts from the index, ${seen.taken} took x from it, ${seen.listed} listed x, ${seen.loaded} loaded it, ${seen.read} read its resource; 0 from outside`,
      );
      // Left as it was found: the indexed directory, taken and served.
      const last = probe(made);
      assert.deepEqual([last.listed, last.loaded, last.read], [0, 0, 0]);
      assert.equal(takenCount(last.skills), 1);
    },
  );
});
