// The host-start rows of `deno task bench --processes` (issues 48 and 49):
// whole processes that import, discover and render the catalog
// (scripts/bench_host_ours.mjs), beside the naive script
// (scripts/bench_host_naive.mjs), skills-ref's `toPrompt`
// (scripts/bench_host_skills_ref.mjs), a host that starts from its kept
// index (scripts/bench_host_indexed.mjs; the index written by the library
// before the row is timed) and the floor of such a start
// (scripts/bench_host_index_floor.mjs: the same index, no library), in turn,
// in Deno (the sources) and in Node (the npm build: scripts/bench_node.ts),
// over anthropics/skills, the four public stores together, and, at each
// size, a tree of real manifests (scripts/bench_real.ts) and the generated
// tree (scripts/bench_tree.ts). Every contender is given the same roots and
// must render as many skills; the runs of a row are taken in turn.

import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { runtimesOf, scriptCommand, writeIndex } from "./_bench_scripts.ts";
import type { NodeProject } from "./bench_node.ts";
import { pairedRatio, type Ratio, timesInTurn } from "./bench_processes.ts";
import { realTree } from "./bench_real.ts";
import { type Sample, summarise, timed } from "./bench_stats.ts";
import { benchTree } from "./bench_tree.ts";

/** A public store: its checkout's folder name, and where its skills are. */
export interface Store {
  /** The folder under the stores folder (and under fixtures/public). */
  readonly name: string;
  readonly repo: string;
  /**
   * The folders that hold its skill directories, relative to the checkout;
   * a `*` component stands for every folder there (trailofbits' plugins).
   */
  readonly roots: readonly string[];
}

/** The four public stores, each root as a host would configure it. */
export const STORES: readonly Store[] = [
  { name: "anthropics-skills", repo: "anthropics/skills", roots: ["skills"] },
  {
    name: "openai-skills",
    repo: "openai/skills",
    roots: ["skills/.curated", "skills/.experimental", "skills/.system"],
  },
  { name: "obra-superpowers", repo: "obra/superpowers", roots: ["skills"] },
  {
    name: "trailofbits-skills",
    repo: "trailofbits/skills",
    roots: ["plugins/*/skills"],
  },
];

const REPO = new URL("..", import.meta.url).pathname;

/**
 * The contenders of a row, each run with HOME and the roots; the last two,
 * the host that starts from its kept index and that start's floor, with the
 * index's file first.
 */
const CONTENDERS = [
  "bench_host_naive.mjs",
  "bench_host_ours.mjs",
  "bench_host_skills_ref.mjs",
  "bench_host_indexed.mjs",
  "bench_host_index_floor.mjs",
] as const;

const WITH_INDEX = new Set([
  "bench_host_indexed.mjs",
  "bench_host_index_floor.mjs",
]);

/** The roots of a store, from its checkout or, without one, the fixtures. */
export function storeRoots(
  stores: string,
  store: Store,
): { roots: string[]; note?: string } {
  const checkout = join(stores, store.name);
  if (!existsSync(checkout)) {
    return {
      roots: [join(REPO, "fixtures", "public", store.name)],
      note:
        `${store.name}: no checkout at ${checkout}; fixtures/public/${store.name} instead (its manifests only, a subset)`,
    };
  }
  const roots = store.roots.flatMap((pattern) => {
    const [before, after] = pattern.split("/*/");
    if (after === undefined) return [join(checkout, pattern)];
    const parent = join(checkout, before ?? "");
    return readdirSync(parent).sort().map((name) => join(parent, name, after))
      .filter((path) => existsSync(path) && statSync(path).isDirectory());
  });
  const missing = roots.find((root) => !existsSync(root));
  if (missing !== undefined || roots.length === 0) {
    throw new Error(
      `bench: ${checkout} is not a checkout of ${store.repo}: ${
        missing ?? store.roots.join(", ")
      } is missing (see BENCHMARKS.md, "What users wait for")`,
    );
  }
  return { roots };
}

/** What a row's contenders did, over one set of roots in one runtime. */
export interface HostRow {
  readonly label: string;
  readonly runtime: "deno" | "node";
  /** The skills every contender rendered. */
  readonly skills: number;
  readonly roots: number;
  readonly naive: Sample;
  readonly ours: Sample;
  readonly skillsRef: Sample;
  /** Round by round: ours ÷ naive, skills-ref ÷ naive, skills-ref ÷ ours. */
  readonly oursRatio: Ratio;
  readonly refRatio: Ratio;
  readonly refOverOurs: Ratio;
  /** A start from the host's kept index (issue 49), and its ratio to naive. */
  readonly indexed: { time: Sample; ratio: Ratio };
  /**
   * The floor of a start from that index (no library), its ratio to naive,
   * and round by round the library's start from the index ÷ this floor.
   */
  readonly indexFloor: { time: Sample; ratio: Ratio; indexedOver: Ratio };
}

/** What the host-start table ran over, and what it says about the inputs. */
export interface HostRun {
  readonly rows: HostRow[];
  readonly notes: string[];
}

/**
 * The host-start rows: anthropics/skills, the four stores together, and a
 * tree of real manifests and the generated tree of each of `sizes`, each in
 * Deno and (with the npm build) in Node, `rounds` rounds in turn.
 */
export function measureHosts(
  { stores, sizes, rounds, home, node }: {
    stores: string;
    sizes: readonly number[];
    rounds: number;
    home: string;
    node: NodeProject | undefined;
  },
): HostRun {
  const notes: string[] = [];
  const byStore = STORES.map((store) => {
    const found = storeRoots(stores, store);
    if (found.note !== undefined) notes.push(found.note);
    return found.roots;
  });
  const sets: [string, string[]][] = [
    ["anthropics/skills", byStore[0] ?? []],
    ["four public stores", byStore.flat()],
    ...sizes.flatMap((size): [string, string[]][] => {
      const tree = realTree(home, size);
      if (tree.note !== undefined) notes.push(tree.note);
      return [
        ["real manifests", tree.roots],
        ["generated", benchTree(home, size).roots],
      ];
    }),
  ];
  const rows: HostRow[] = [];
  for (const [at, [label, roots]] of sets.entries()) {
    for (const runtime of runtimesOf(node)) {
      console.error(`bench: host start, ${label}, ${runtime}...`);
      // Kept before the row is timed, by the library, in this runtime.
      const index = writeIndex(runtime, `host-${at}`, { home, roots, node });
      const run = (script: string) => {
        const [bin = "", ...args] = [
          ...scriptCommand(runtime, script, node),
          ...(WITH_INDEX.has(script) ? [index.file] : []),
          home,
          ...roots,
        ];
        return timed(bin, args);
      };
      // Results checked, not only timed: each renders the same skills.
      const printed = CONTENDERS.map((script) => run(script).out.split(" "));
      const counts = printed.map((out) => Number(out[0]));
      if (
        !counts.every((count) => count === index.skills && count > 0)
      ) {
        throw new Error(
          `bench: ${label}, ${runtime}: the host scripts rendered ${
            CONTENDERS.map((s, i) => `${s}: ${counts[i]}`).join(", ")
          } skills, the index's writer ${index.skills}; each must render the same, and some`,
        );
      }
      // The floor must take every entry from the index, or it times reads.
      const floorAt = CONTENDERS.indexOf("bench_host_index_floor.mjs");
      const served = Number(printed[floorAt]?.[2]);
      if (served !== index.entries) {
        throw new Error(
          `bench: ${label}, ${runtime}: the index floor took ${served} manifests from the index's ${index.entries} entries; it must take them all`,
        );
      }
      const [naive = [], ours = [], ref = [], indexed = [], floor = []] =
        timesInTurn(
          rounds,
          CONTENDERS.map((script) => () => run(script).ms),
        );
      rows.push({
        label,
        runtime,
        skills: counts[1] ?? 0,
        roots: roots.length,
        oursRatio: pairedRatio(ours, naive),
        refRatio: pairedRatio(ref, naive),
        refOverOurs: pairedRatio(ref, ours),
        indexed: {
          ratio: pairedRatio(indexed, naive),
          time: summarise([...indexed]),
        },
        indexFloor: {
          ratio: pairedRatio(floor, naive),
          time: summarise([...floor]),
          indexedOver: pairedRatio(indexed, floor),
        },
        naive: summarise([...naive]),
        ours: summarise([...ours]),
        skillsRef: summarise([...ref]),
      });
    }
  }
  return { rows, notes };
}
