// The host-start rows of `deno task bench --processes` (issues 48 and 49):
// whole processes that import, discover and render the catalog
// (scripts/bench_host_ours.mjs), beside the naive script
// (scripts/bench_host_naive.mjs) and skills-ref's `toPrompt`
// (scripts/bench_host_skills_ref.mjs), in turn, in Deno (the sources) and
// in Node (the npm build: scripts/bench_node.ts), over anthropics/skills,
// the four public stores together, and trees of real manifests
// (scripts/bench_real.ts). Every contender is given the same roots and must
// render as many skills; the runs of a row are taken in turn.

import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { NodeProject } from "./bench_node.ts";
import {
  DENO_RUN,
  pairedRatio,
  type Ratio,
  timesInTurn,
} from "./bench_processes.ts";
import { realTree } from "./bench_real.ts";
import { type Sample, summarise, timed } from "./bench_stats.ts";

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
const SCRIPTS = new URL(".", import.meta.url).pathname;

/** The contenders of a row: each a host script, run with HOME and the roots. */
const CONTENDERS = [
  "bench_host_naive.mjs",
  "bench_host_ours.mjs",
  "bench_host_skills_ref.mjs",
] as const;

// ISSUE 49 HOOK: the "with an index" column. When the library has
// `skills.index()` and `createAgentSkills({ ...options, index })`, write
// scripts/bench_host_indexed.mjs (the same arguments as bench_host_ours.mjs:
// on its untimed first run it writes the index where a host keeps its state,
// under HOME, and every later run parses it, starts from it and renders the
// catalog), add it to HOST_SCRIPTS in scripts/bench_node.ts, and name it
// here: its runs then join the row's others in turn, and the column reads
// its time and its ratio to the naive script. Until then the column says
// "issue 49", not a number.
const INDEXED: string | undefined = undefined;

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
  /** With an index (issue 49), when INDEXED names its script. */
  readonly indexed?: { time: Sample; ratio: Ratio };
}

/** What the host-start table ran over, and what it says about the inputs. */
export interface HostRun {
  readonly rows: HostRow[];
  readonly notes: string[];
}

/**
 * The host-start rows: anthropics/skills, the four stores together, and a
 * tree of real manifests of each of `sizes`, each in Deno and (with the npm
 * build) in Node, `rounds` rounds in turn.
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
    ...sizes.map((size): [string, string[]] => {
      const tree = realTree(home, size);
      if (tree.note !== undefined) notes.push(tree.note);
      return ["real manifests", tree.roots];
    }),
  ];
  const scripts = INDEXED === undefined
    ? [...CONTENDERS]
    : [...CONTENDERS, INDEXED];
  const rows: HostRow[] = [];
  for (const [label, roots] of sets) {
    const runtimes: ["deno" | "node", (script: string) => string[]][] = [
      [
        "deno",
        (script) => [Deno.execPath(), ...DENO_RUN, join(SCRIPTS, script)],
      ],
    ];
    if (node !== undefined) {
      runtimes.push(["node", (script) => ["node", join(node.dir, script)]]);
    }
    for (const [runtime, command] of runtimes) {
      console.error(`bench: host start, ${label}, ${runtime}...`);
      const run = (script: string) => {
        const [bin = "", ...args] = [...command(script), home, ...roots];
        return timed(bin, args);
      };
      // Results checked, not only timed: each renders the same skills.
      const counts = scripts.map((script) =>
        Number(run(script).out.split(" ")[0])
      );
      if (!counts.every((count) => count === counts[1] && count > 0)) {
        throw new Error(
          `bench: ${label}, ${runtime}: the host scripts rendered ${
            scripts.map((s, i) => `${s}: ${counts[i]}`).join(", ")
          } skills; each must render the same, and some`,
        );
      }
      const [naive = [], ours = [], ref = [], indexed] = timesInTurn(
        rounds,
        scripts.map((script) => () => run(script).ms),
      );
      rows.push({
        label,
        runtime,
        skills: counts[1] ?? 0,
        roots: roots.length,
        oursRatio: pairedRatio(ours, naive),
        refRatio: pairedRatio(ref, naive),
        refOverOurs: pairedRatio(ref, ours),
        ...(indexed === undefined ? {} : {
          indexed: {
            ratio: pairedRatio(indexed, naive),
            time: summarise([...indexed]),
          },
        }),
        naive: summarise([...naive]),
        ours: summarise([...ours]),
        skillsRef: summarise([...ref]),
      });
    }
  }
  return { rows, notes };
}
