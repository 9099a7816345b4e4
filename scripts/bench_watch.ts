// `deno task bench:watch`: what refresh() costs with a watch open, beside a
// cold start, on the generated tree (4 roots, 10% overrides): after no
// change, after one edited manifest, and, for comparison, a refresh() of a
// twin without a watch after the same edit. Each edited run waits for the
// watch's onChange before the timed refresh(); waiting is not timed.
//
//   deno task bench:watch                # 10,000 skills, 15 runs
//   deno task bench:watch --sizes=1000   # another size (at most 10,000)

import { readFileSync, writeFileSync } from "node:fs";
import { createAgentSkills } from "@clarvis/agent-skills";
import { benchTree, floorDiscovery } from "./bench_tree.ts";
import { parseBenchArgs } from "./bench_args.ts";
import { type Sample, sampleInTurn, summarise } from "./bench_stats.ts";
import { benchOptions } from "./bench_targets.ts";
import { watchSkills } from "@clarvis/agent-skills/watch";

const BASE = "/tmp/agent-skills-bench";
const RUNS = 15;
const gc = (globalThis as { gc?: () => void }).gc;

let args;
try {
  args = parseBenchArgs(Deno.args);
} catch (error) {
  console.error((error as Error).message);
  Deno.exit(2);
}
const sizes = Deno.args.some((arg) => arg.startsWith("--sizes="))
  ? args.sizes
  : [10_000];

/** A sample's cell: median (min–max), in ms. */
function cell(s: Sample): string {
  return `${s.median.toFixed(2)} (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
}

/** Waits until `ready()`, polling; fails after 60 s. */
async function waitFor(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 5) {
    if (waited > 60_000) throw new Error("no event within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

console.log(
  "| skills | cold | watched refresh, no change | ÷ cold | watched refresh, one edit | ÷ cold | unwatched refresh, one edit | ÷ cold |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const size of sizes) {
  const tree = benchTree(BASE, size, { shape: "generated" });
  const options = benchOptions(tree.roots, BASE);
  floorDiscovery(tree.roots);
  const [cold] = sampleInTurn(RUNS, [() => createAgentSkills(options)], gc) as [
    Sample,
  ];
  const watched = createAgentSkills(options);
  const polled = createAgentSkills(options);
  let events = 0;
  const watch = watchSkills(watched, {
    onChange: () => events++,
    debounce: 20,
    maxWatches: 100_000,
  });
  watched.refresh();
  const quietTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    gc?.();
    const start = performance.now();
    const changes = watched.refresh();
    quietTimes.push(performance.now() - start);
    if (changes.fallback?.length !== 0) {
      throw new Error(`not settled: ${JSON.stringify(changes.fallback)}`);
    }
  }
  const editTimes: number[] = [];
  const pollTimes: number[] = [];
  // A manifest of the last root: no later root overrides its skill.
  const last = tree.roots.at(-1) ?? "";
  const path = tree.manifestPaths.find((p) => p.startsWith(`${last}/`)) ?? "";
  for (let run = 0; run < RUNS; run++) {
    const seen = events;
    const text = readFileSync(path, "utf8").replace(/\n<!-- e\d+ -->$/, "") +
      `\n<!-- e${run} -->`;
    writeFileSync(path, text);
    await waitFor(() => events > seen);
    gc?.();
    let start = performance.now();
    const changes = watched.refresh();
    editTimes.push(performance.now() - start);
    if (changes.changed.length !== 1 || changes.fallback?.length !== 0) {
      throw new Error(`unexpected: ${JSON.stringify(changes)}`);
    }
    gc?.();
    start = performance.now();
    polled.refresh();
    pollTimes.push(performance.now() - start);
  }
  watch.close();
  const quiet = summarise(quietTimes);
  const edited = summarise(editTimes);
  const unwatched = summarise(pollTimes);
  const ratio = (s: Sample): string =>
    `${(100 * s.median / cold.median).toFixed(2)}%`;
  console.log(
    `| ${size} | ${cell(cold)} | ${cell(quiet)} | ${ratio(quiet)} | ${
      cell(edited)
    } | ${ratio(edited)} | ${cell(unwatched)} | ${ratio(unwatched)} |`,
  );
}
