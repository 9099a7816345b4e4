// A watched registry against a polled one, over seeded runs of random steps
// on a root: manifests edited (one, or many in one burst), skill folders
// added, removed and renamed, resources written, a manifest with a second
// name outside the root written through it (no event comes), a skill
// copied with `cp -al` (its manifest hard-linked), and a folder holding a
// link to a directory moved in. After each step the watch's events are
// waited for (a write in a second root, after the step's, must be reported:
// up to 30 s, failing then), and both registries must agree
// (tests/watch/_twins.ts). A failure names the seed and the steps, to replay.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { manifest, seededRandom, tempTrees, waitUntil } from "../_helpers.ts";
import { watchTwins } from "./_twins.ts";

const tree = tempTrees();
const SEEDS = [1, 2, 3, 4];
const STEPS = 25;

/** One random step on `root`, named for the log. */
type Step = (at: Run) => string;

/** What a run works on. */
interface Run {
  readonly root: string;
  readonly outside: string;
  readonly random: () => number;
  count: number;
}

function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** The skill folders of the root now (real folders, not links). */
function folders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const STEPS_BY_NAME: Record<string, Step> = {
  edit: ({ root, random, count }) => {
    const name = pick(random, folders(root));
    if (name === undefined) return "edit: none";
    writeFileSync(
      join(root, name, "SKILL.md"),
      manifest(name, `Edit ${count}.`),
    );
    return `edit ${name}`;
  },
  burst: ({ root, random, count }) => {
    const names = folders(root).filter(() => random() < 0.6);
    for (const name of names) {
      writeFileSync(
        join(root, name, "SKILL.md"),
        manifest(name, `Burst ${count}.`),
      );
    }
    return `burst ${names.join(",")}`;
  },
  add: ({ root, count }) => {
    const name = `added-${count}`;
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, "SKILL.md"), manifest(name));
    return `add ${name}`;
  },
  remove: ({ root, random }) => {
    const name = pick(random, folders(root));
    if (name === undefined) return "remove: none";
    rmSync(join(root, name), { recursive: true, force: true });
    return `remove ${name}`;
  },
  rename: ({ root, random, count }) => {
    const name = pick(random, folders(root));
    if (name === undefined) return "rename: none";
    renameSync(join(root, name), join(root, `renamed-${count}`));
    return `rename ${name}`;
  },
  resource: ({ root, random, count }) => {
    const name = pick(random, folders(root));
    if (name === undefined) return "resource: none";
    mkdirSync(join(root, name, "scripts"), { recursive: true });
    writeFileSync(join(root, name, "scripts", `run-${count}.sh`), "echo");
    return `resource ${name}`;
  },
  // A manifest's second name, made before the watch opened (as pnpm makes
  // them): one made later from outside makes no event anywhere, which
  // docs/reloading.md says the watch cannot see.
  alias: ({ outside, random, count }) => {
    const aliases = readdirSync(outside).filter((name) =>
      name.startsWith("alias-")
    );
    const alias = pick(random, aliases);
    if (alias === undefined) return "alias: none";
    const name = alias.slice("alias-".length, -".md".length);
    writeFileSync(
      join(outside, alias),
      manifest(name, `Through its other name ${count}.`),
    );
    return `alias ${name}`;
  },
  copy: ({ root, random, count }) => {
    const name = pick(random, folders(root));
    if (name === undefined) return "copy: none";
    const copy = join(root, `copy-${count}`);
    mkdirSync(copy);
    linkSync(join(root, name, "SKILL.md"), join(copy, "SKILL.md"));
    return `copy ${name}`;
  },
  linkMovedIn: ({ root, outside, count }) => {
    const name = `moved-${count}`;
    const staged = join(outside, name);
    mkdirSync(join(staged, "references"), { recursive: true });
    writeFileSync(join(staged, "SKILL.md"), manifest(name));
    writeFileSync(join(staged, "references", "notes.md"), "notes");
    symlinkSync("references", join(staged, "linked"));
    renameSync(staged, join(root, name));
    return `linkMovedIn ${name}`;
  },
};

describe("watch(): a watched registry and a polled one agree after every step", () => {
  for (const seed of SEEDS) {
    it(
      `seed ${seed}: ${STEPS} random steps`,
      { timeout: 300_000 },
      async () => {
        const files: Record<string, string> = {};
        for (let i = 0; i < 8; i++) {
          files[`skill-${i}/SKILL.md`] = manifest(`skill-${i}`);
        }
        const root = tree(files);
        const outside = tree();
        for (const i of [1, 5]) {
          linkSync(
            join(root, `skill-${i}`, "SKILL.md"),
            join(outside, `alias-skill-${i}.md`),
          );
        }
        const beacon = tree();
        const run: Run = {
          root,
          outside,
          random: seededRandom(seed),
          count: 0,
        };
        const { watch, changes, compare } = watchTwins({
          roots: [root, beacon],
          home: outside,
          cwd: outside,
        });
        const names = Object.keys(STEPS_BY_NAME);
        const log: string[] = [];
        try {
          for (let i = 0; i < STEPS; i++) {
            run.count = i;
            const name = pick(run.random, names) ?? "edit";
            log.push(STEPS_BY_NAME[name]?.(run) ?? "");
            // Written after the step: once reported, the step's are too.
            const mark = join(beacon, `mark-${i}`);
            writeFileSync(mark, "");
            await waitUntil(
              () => changes.some((change) => change.paths.includes(mark)),
              `the event at ${mark}`,
            );
            try {
              compare();
            } catch (error) {
              assert.fail(
                `seed ${seed}, after ${JSON.stringify(log)}: ${
                  (error as Error).message
                }`,
              );
            }
          }
          assert.ok(existsSync(root));
        } finally {
          watch.close();
        }
      },
    );
  }
});
