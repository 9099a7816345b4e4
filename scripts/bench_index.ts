// `deno task bench --index` (and the smoke run, at its tiny size): issue 49's
// kept index in one process. For each size, on the generated tree
// (scripts/bench_tree.ts) and on the tree of real manifests
// (scripts/bench_real.ts), in Deno (the sources) and in Node (the npm build:
// scripts/bench_node.ts): the index is written once by the library
// (scripts/bench_index_write.mjs, in the runtime that reads it), then one
// process times construction without it and from it, the `JSON.parse` of the
// stored text included, in turn, each run from a collected heap
// (scripts/bench_index_run.mjs). The target: from it ÷ without it at most
// 0.4× at 1,000 and 10,000 skills.

import { cpus } from "node:os";
import {
  type Runtime,
  runtimesOf,
  scriptCommand,
  writeIndex,
} from "./_bench_scripts.ts";
import type { BenchArgs } from "./bench_args.ts";
import type { NodeProject } from "./bench_node.ts";
import { pairedRatio, type Ratio } from "./bench_processes.ts";
import { commitLine, load, output, ratioCell } from "./bench_process_report.ts";
import { realTree } from "./bench_real.ts";
import { cell, type Sample, summarise, timed } from "./bench_stats.ts";
import { benchTree } from "./bench_tree.ts";

/** The bound issue 49 sets on construction from an index ÷ without one. */
export const INDEX_TARGET = 0.4;

/** One row: construction without and with an index, in one process. */
export interface IndexRow {
  readonly tree: "generated" | "real manifests";
  readonly skills: number;
  readonly runtime: Runtime;
  /** The index's JSON text, in bytes. */
  readonly indexBytes: number;
  readonly plain: Sample;
  readonly indexed: Sample;
  /** Round by round: with the index ÷ without it. */
  readonly ratio: Ratio;
}

/** The rounds of a size without `--rounds=`: fewer at 10,000 skills. */
export const indexRounds = (size: number, smoke: boolean): number =>
  smoke ? 3 : size >= 10_000 ? 9 : 15;

/** The rows of the index table: each size, each tree, each runtime. */
export function measureIndex(
  { sizes, rounds, smoke, home, node }: {
    sizes: readonly number[];
    rounds?: number;
    smoke: boolean;
    home: string;
    node: NodeProject | undefined;
  },
): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const size of sizes) {
    const trees: [IndexRow["tree"], string[]][] = [
      ["generated", benchTree(home, size).roots],
      ["real manifests", realTree(home, size).roots],
    ];
    for (const [tree, roots] of trees) {
      for (const runtime of runtimesOf(node)) {
        console.error(`bench: index, ${tree}, ${size} skills, ${runtime}...`);
        const name = `one-${tree.split(" ")[0]}-${size}`;
        const { file, skills } = writeIndex(runtime, name, {
          home,
          roots,
          node,
        });
        if (skills !== size) {
          throw new Error(
            `bench: index, ${tree}: ${skills} skills served, not ${size}`,
          );
        }
        const [bin = "", ...args] = scriptCommand(
          runtime,
          "bench_index_run.mjs",
          node,
          { gc: true },
        );
        const n = rounds ?? indexRounds(size, smoke);
        const run = JSON.parse(
          timed(bin, [...args, file, String(n), home, ...roots]).out,
        ) as {
          skills: number;
          indexBytes: number;
          plain: number[];
          indexed: number[];
        };
        rows.push({
          tree,
          skills: run.skills,
          runtime,
          indexBytes: run.indexBytes,
          ratio: pairedRatio(run.indexed, run.plain),
          plain: summarise(run.plain),
          indexed: summarise(run.indexed),
        });
      }
    }
  }
  return rows;
}

/** The index table, as markdown lines, each row judged unless `smoke`. */
export function indexTable(
  rows: readonly IndexRow[],
  smoke: boolean,
): string[] {
  const bound = `≤ ${INDEX_TARGET.toFixed(2)}×`;
  return [
    `| tree | skills | runtime | index | without an index, ms | from the index, parse included, ms | from ÷ without | target ${bound} |`,
    "|---|---:|---|---:|---:|---:|---:|---|",
    ...rows.map((row) =>
      `| ${row.tree} | ${row.skills.toLocaleString("en-US")} | ${
        row.runtime === "deno" ? "Deno" : "Node"
      } | ${(row.indexBytes / 2 ** 20).toFixed(1)} MiB | ${cell(row.plain)} | ${
        cell(row.indexed)
      } | ${ratioCell(row.ratio)} | ${
        smoke
          ? "not judged (smoke)"
          : row.skills < 1_000
          ? "set at 1,000 and 10,000"
          : row.ratio.median <= INDEX_TARGET
          ? "met"
          : "**missed**"
      } |`
    ),
  ];
}

/** Measures and writes the index table, with a line on how it was run. */
export function indexBench(
  args: BenchArgs,
  { base, node }: { base: string; node: NodeProject | undefined },
): string[] {
  const loadBefore = load();
  const rows = measureIndex({
    sizes: args.sizes,
    ...(args.rounds === undefined ? {} : { rounds: args.rounds }),
    smoke: args.smoke,
    home: base,
    node,
  });
  const rounds = args.rounds === undefined
    ? args.sizes.map((size) => indexRounds(size, args.smoke)).join(" or ")
    : String(args.rounds);
  return [
    `Construction in one process, from a kept index and without one (issue 49, item 2). Measured ${
      new Date().toISOString().slice(0, 10)
    }, ${commitLine()}; ${cpus().length} × ${
      cpus()[0]?.model ?? "unknown CPU"
    }; Deno ${Deno.version.deno}, Node ${
      node === undefined ? "(no npm build)" : output("node", ["--version"])
    }; load average ${loadBefore} before, ${load()} after; ${rounds} rounds in turn after an untimed one, each run from a collected heap. Times: median (min–max) ms; ratio: the median of the rounds' ratios (the middle half of them).${
      args.smoke ? " **Smoke run: a tiny size; it judges nothing.**" : ""
    }`,
    "",
    ...indexTable(rows, args.smoke),
  ];
}
