// A registry started from a kept index against one started without, over
// seeded runs of random steps on two roots (tests/registry/_index_steps.ts):
// manifests edited (description, body, name), edited keeping their size and
// modification time (in a later second, or at once after the step that
// wrote them), made invalid and valid again, swapped for a hard link or a
// copy; skill directories added, removed, renamed, swapped by name, swapped
// for a symlink to another skill or to themselves moved outside, the link
// retargeted and taken back; a same-named skill in the later root, a name
// unlike its directory, a repaired YAML line, a value cut at " #", a
// resource. The first tree holds one of each finding, so that the first
// index does.
//
// After each step: (1) the registries of the step before (started from an
// index, loaded or never loaded, and one without) are refreshed and must
// return the same changes, then serve the same; (2) a registry started from
// the index the step before wrote, as a host keeps it (JSON text), and one
// started without serve the same (lists, overridden, warnings, explain()
// of every name served and of every name the run wrote, each skill loaded,
// its manifest's real path and bytes as a resource), and write the same
// index but for manifests within the racy window of one start and not the
// other (tests/registry/_index_twins.ts).
//
// No clock is faked: an index keeps only manifests whose times were settled
// (older than 2 s before the scan that read them), and a change time may
// count whole seconds (Deno's does). So the tree is built, then real time
// passes before the first index, and a "settle" step lets 2.1 s pass, so
// that what was edited is indexed too. Nothing is timed; every wait is
// forward. A failure names the seed and the steps, to replay.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { AgentSkillsOptions, SkillIndex } from "@clarvis/agent-skills";
import { seededRandom, tempTrees } from "../_helpers.ts";
import {
  choices,
  pick,
  plant,
  type Run,
  SETTLE_MS,
  sleep,
  STEPS_BY_NAME,
} from "./_index_steps.ts";
import {
  attempt,
  kept,
  type Made,
  make,
  sameIndex,
  sameServed,
  takenCount,
} from "./_index_twins.ts";

const tree = tempTrees();
/** Each seed's options: one does not follow symlinks. */
const SEEDS: ReadonlyArray<[number, Partial<AgentSkillsOptions>]> = [
  [1, {}],
  [2, { followSymlinks: false }],
  [3, {}],
  [4, {}],
];
const STEPS = 25;
/** The registries of one step: from an index (loaded, and never loaded), and without. */
interface Twins {
  readonly plain: Made;
  readonly indexed: Made;
  readonly unloaded: Made;
}

/**
 * After a step: the twins of the step before refreshed (the same changes,
 * then the same served), and new ones from `index`; returns them, the
 * index the new one wrote, and how many skills it took from `index`.
 */
function check(
  run: Run,
  options: AgentSkillsOptions,
  before: Twins,
  index: SkillIndex,
): { twins: Twins; index: SkillIndex; taken: number } {
  const names = [...run.names, "none-such"];
  const marks = [before.plain, before.indexed, before.unloaded].map((made) =>
    made.warnings.length
  );
  const want = attempt(() => before.plain.skills.refresh());
  for (
    const [at, made] of [[1, before.indexed], [2, before.unloaded]] as const
  ) {
    assert.deepEqual(
      attempt(() => made.skills.refresh()),
      want,
      `refresh() of a registry started from an index (${at})`,
    );
    sameServed(made, before.plain, {
      names,
      from: [marks[at] ?? 0, marks[0] ?? 0],
    }, "served after refresh()");
  }
  const startedMs = Date.now();
  const plain = make(options);
  const indexed = make(options, index);
  const unloaded = make(options, index);
  // The index is written before the loads or after them, at random.
  const early = run.random() < 0.5 ? kept(indexed.skills) : undefined;
  sameServed(indexed, plain, { names }, "served from the index");
  assert.deepEqual(unloaded.skills.listSkills(), plain.skills.listSkills());
  assert.deepEqual(unloaded.warnings, plain.warnings);
  sameIndex(kept(indexed.skills), kept(plain.skills), startedMs);
  return {
    twins: { plain, indexed, unloaded },
    index: early ?? kept(indexed.skills),
    taken: takenCount(indexed.skills),
  };
}

describe("createAgentSkills({ index }) serves what a start without it serves, after every step", () => {
  for (const [seed, extra] of SEEDS) {
    it(
      `seed ${seed}${
        Object.keys(extra).length === 0 ? "" : ` ${JSON.stringify(extra)}`
      }: ${STEPS} random steps`,
      { timeout: 120_000 },
      async () => {
        const base = tree();
        const roots = [join(base, "a"), join(base, "b")] as const;
        const outside = join(base, "outside");
        mkdirSync(outside);
        const run: Run = {
          roots,
          outside,
          random: seededRandom(seed),
          count: 0,
          swapped: [],
          names: new Set(),
        };
        mkdirSync(roots[0]);
        mkdirSync(roots[1]);
        plant(run);
        const options: AgentSkillsOptions = {
          roots: [...roots],
          home: base,
          cwd: base,
          ...extra,
        };
        await sleep(SETTLE_MS);
        const first = make(options);
        let index = kept(first.skills);
        // Every manifest settled: all but the invalid one (and the
        // symlinked one, where symlinks are not followed) indexed.
        assert.equal(
          index.skills.length,
          extra.followSymlinks === false ? 11 : 12,
          "every manifest settled",
        );
        let twins: Twins = {
          plain: first,
          indexed: make(options, index),
          unloaded: make(options, index),
        };
        sameServed(twins.indexed, first, { names: run.names }, "first start");
        const log: string[] = [];
        let taken = 0;
        for (let i = 1; i <= STEPS; i++) {
          run.count = i;
          const name = pick(run.random, choices(run)) ?? "description";
          log.push(await (STEPS_BY_NAME[name]?.(run) ?? ""));
          try {
            const next = check(run, options, twins, index);
            ({ twins, index } = next);
            taken += next.taken;
          } catch (error) {
            assert.fail(
              `seed ${seed}, after ${JSON.stringify(log)}: ${
                (error as Error).message
              }`,
            );
          }
        }
        console.log(
          `seed ${seed}: ${taken} skills taken from an index over ${STEPS} steps: ${
            log.join("; ")
          }`,
        );
        // The index was used: most skills were taken from it, not read.
        assert.ok(taken >= STEPS * 3, `${taken} skills taken from an index`);
      },
    );
  }
});
