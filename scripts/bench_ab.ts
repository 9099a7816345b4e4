// `deno run -A --v8-flags=--expose-gc scripts/bench_ab.ts A/mod.ts B/mod.ts
// [generated|store|real] [rounds]`: cold construction at 10,000 skills of two
// copies of the library (say, a worktree of main and one with a change), as
// a ratio to the floor (`floorDiscovery`: reads and parses, keeps nothing)
// and to the keeping floor (`keepingFloorDiscovery`: the same, each result
// kept, issue 32's and 49's yardstick), each copy in processes of its own
// (A, B, A, B, ...).
// Two copies in one process share the inline caches of what they both call
// (node:fs, js-yaml), which hides differences of a few percent; one process
// per copy shows them. Run the bench once first, so the trees exist.

import { join } from "node:path";
import { realTree } from "./bench_real.ts";
import { floorDiscovery, keepingFloorDiscovery } from "./bench_tree.ts";

const [a, b, shape = "generated", rounds = "6"] = Deno.args;
const BASE = "/tmp/agent-skills-bench";

if (Deno.args[0] === "--one") {
  console.log(
    JSON.stringify(await one(Deno.args[1] ?? "", Deno.args[2] ?? "")),
  );
} else {
  if (a === undefined || b === undefined) {
    throw new Error(
      "usage: bench_ab.ts A/mod.ts B/mod.ts [generated|store|real] [rounds]",
    );
  }
  const ratios: Record<string, number[]> = { [a]: [], [b]: [] };
  const keeping: Record<string, number[]> = { [a]: [], [b]: [] };
  for (let round = 0; round < Number(rounds); round++) {
    for (const mod of [a, b]) {
      const { stdout } = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--v8-flags=--expose-gc",
          new URL(import.meta.url).pathname,
          "--one",
          mod,
          shape,
        ],
        stderr: "inherit",
      }).outputSync();
      const { ratio, keepingRatio } = JSON.parse(
        new TextDecoder().decode(stdout),
      );
      ratios[mod]?.push(ratio);
      keeping[mod]?.push(keepingRatio);
    }
  }
  const median = (values: number[]): number =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
  for (const [mod, values] of Object.entries(ratios)) {
    const kept = keeping[mod] ?? [];
    console.log(
      `${mod}: cold ÷ floor ${
        values.map((v) => v.toFixed(3)).join(" ")
      }, median ${median(values).toFixed(3)}; cold ÷ keeping floor ${
        kept.map((v) => v.toFixed(3)).join(" ")
      }, median ${median(kept).toFixed(3)}`,
    );
  }
  console.log(
    `B ÷ A: ${(median(ratios[b] ?? []) / median(ratios[a] ?? [])).toFixed(3)}`,
  );
}

/** One process's medians of 7 alternating floor, keeping floor and cold runs. */
async function one(
  mod: string,
  shape: string,
): Promise<
  {
    floor: number;
    keepingFloor: number;
    cold: number;
    ratio: number;
    keepingRatio: number;
  }
> {
  const { createAgentSkills } = await import(mod);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const prefix = shape === "store" ? "store" : "skills";
  const dir = join(BASE, `${prefix}-10000-seed-42`);
  const roots = shape === "real"
    ? realTree(BASE, 10_000).roots
    : [0, 1, 2, 3].map((i) => join(dir, `root-${i}`));
  const options = { home: BASE, cwd: BASE, roots, onWarning: () => {} };
  const floor = (): number => floorDiscovery(roots);
  floor();
  keepingFloorDiscovery(roots);
  createAgentSkills(options);
  const floors: number[] = [];
  const keepingFloors: number[] = [];
  const colds: number[] = [];
  for (let i = 0; i < 7; i++) {
    gc();
    let start = performance.now();
    floor();
    floors.push(performance.now() - start);
    gc();
    start = performance.now();
    keepingFloorDiscovery(roots);
    keepingFloors.push(performance.now() - start);
    gc();
    start = performance.now();
    createAgentSkills(options);
    colds.push(performance.now() - start);
  }
  const mid = (values: number[]): number =>
    values.sort((x, y) => x - y)[3] ?? NaN;
  const cold = mid(colds);
  return {
    floor: mid(floors),
    keepingFloor: mid(keepingFloors),
    cold,
    ratio: cold / mid(floors),
    keepingRatio: cold / mid(keepingFloors),
  };
}
