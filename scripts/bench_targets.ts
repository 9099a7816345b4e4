// Issue 32's targets as one table, printed first by `deno task bench`: each
// ratio from the medians of runs taken in turn (each from a collected heap
// where the runs are in-process), its target, whether it is met, and the
// command that reproduces it.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readProperties } from "skills-ref";
import { createAgentSkills } from "@clarvis/agent-skills";
import { keepingFloorDiscovery } from "./bench_tree.ts";
import type { RealTree } from "./bench_real.ts";
import type { ProcessRow } from "./bench_processes.ts";
import { PROOF_STEPS } from "./bench_proofs.ts";
import { type Sample, sampleInTurn, sampleInTurnAsync } from "./bench_stats.ts";

/** A pair of samples whose ratio is a target: `ours` over `other`. */
export interface Pair {
  ours: Sample;
  other: Sample;
}

/** Everything the targets table reads. */
export interface TargetInputs {
  /** The size the in-process rows were read at. */
  size: number;
  smoke: boolean;
  /** a. Cold discovery and the keeping floor, generated tree. */
  generated: Pair;
  /** b. The same on the tree of real manifests. */
  real: Pair & { tree: RealTree };
  /** c. Ours and skills-ref (`other`), generated tree. */
  peer?: Pair;
  /** d. Unchanged refresh (`ours`) and cold discovery (`other`). */
  refresh: Pair;
  /** e, f. The process rows. */
  processes: ProcessRow;
  /** g. Each step of a read, per manifest (ms). */
  proofs: Map<string, Sample>;
  /** How many manifests the proofs were timed over. */
  proofManifests: number;
}

/** Options of createAgentSkills for a bench tree's roots. */
export function benchOptions(
  roots: string[],
  home: string,
): Parameters<typeof createAgentSkills>[0] {
  return { home, cwd: home, roots, onWarning: () => {} };
}

/**
 * Cold discovery against the keeping floor over `roots`, in turn (floor,
 * ours, floor, ours, ...), each run from a collected heap.
 */
export function keepingPair(
  roots: string[],
  { runs, home, gc }: { runs: number; home: string; gc?: () => void },
): Pair {
  keepingFloorDiscovery(roots);
  createAgentSkills(benchOptions(roots, home));
  const [other, ours] = sampleInTurn(runs, [
    () => keepingFloorDiscovery(roots),
    () => createAgentSkills(benchOptions(roots, home)),
  ], gc) as [Sample, Sample];
  return { ours, other };
}

/** skills-ref's properties of every skill, all reads of a root concurrent. */
export async function peerSkillsRef(roots: string[]): Promise<number> {
  let skills = 0;
  for (const root of roots) {
    const dirs = readdirSync(root).map((name) => join(root, name));
    skills += (await Promise.all(dirs.map((dir) => readProperties(dir))))
      .length;
  }
  return skills;
}

/** Ours and skills-ref over `roots`, in turn, each run from a collected heap. */
export async function peerPair(
  roots: string[],
  { runs, home, gc }: { runs: number; home: string; gc?: () => void },
): Promise<Pair> {
  const [ours, other] = await sampleInTurnAsync(runs, [
    () => createAgentSkills(benchOptions(roots, home)),
    () => peerSkillsRef(roots),
  ], gc) as [Sample, Sample];
  return { ours, other };
}

const x = (value: number): string => `${value.toFixed(2)}×`;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** One row: measure, value, target, verdict, command. */
type Line = [string, string, string, string, string];

function judged(
  measure: string,
  value: number | undefined,
  target: { op: "≤" | "≥"; bound: number },
  command: string,
): Line {
  if (value === undefined || !Number.isFinite(value)) {
    return [measure, "–", `${target.op} ${x(target.bound)}`, "–", command];
  }
  const met = target.op === "≤" ? value <= target.bound : value >= target.bound;
  return [
    measure,
    x(value),
    `${target.op} ${x(target.bound)}`,
    met ? "met" : "**missed**",
    command,
  ];
}

const over = (p: Pair | undefined): number | undefined =>
  p === undefined ? undefined : p.ours.median / p.other.median;

/** The targets table, as markdown lines. */
export function targetsReport(t: TargetInputs): string[] {
  const n = t.size.toLocaleString("en-US");
  const bench = t.smoke
    ? "`deno task bench --smoke`"
    : `\`deno task bench --targets --sizes=${t.size}\``;
  const proc = t.smoke
    ? "`deno task bench --smoke`"
    : "`deno task bench --targets`";
  const p = t.processes;
  const lines: Line[] = [
    judged(
      `a. cold \`createAgentSkills\` ÷ keeping floor, generated, ${n} skills`,
      over(t.generated),
      { op: "≤", bound: 1.1 },
      bench,
    ),
    judged(
      `b. the same, ${t.real.tree.used} real manifests (${t.real.tree.source}) replicated`,
      over(t.real),
      { op: "≤", bound: 0.9 },
      bench,
    ),
    t.peer === undefined
      ? [
        `c. skills-ref ÷ ours, generated, ${n} skills`,
        "not run (--smoke)",
        "≥ 2.50×",
        "–",
        "`deno task bench --targets`",
      ]
      : judged(
        `c. skills-ref ÷ ours, generated, ${n} skills`,
        t.peer.other.median / t.peer.ours.median,
        { op: "≥", bound: 2.5 },
        bench,
      ),
    judged(
      `d. unchanged \`refresh()\` ÷ cold, generated, ${n} skills`,
      over(t.refresh),
      { op: "≤", bound: 0.15 },
      bench,
    ),
    judged(
      "e. `agent-skills list` ÷ a process that reads each manifest, 100 skills, Deno",
      p.list.median / p.read.median,
      { op: "≤", bound: 1.3 },
      proc,
    ),
    p.node === undefined
      ? [
        "e. the same, Node (npm build)",
        "run build:npm",
        "≤ 1.30×",
        "–",
        "`deno task build:npm`, then " + proc,
      ]
      : judged(
        "e. the same, Node (npm build)",
        p.node.list.median / p.node.read.median,
        { op: "≤", bound: 1.3 },
        proc,
      ),
    ...(["deno", "node"] as const).flatMap((runtime) =>
      ([".", "./cli"] as const).map((what): Line => {
        const full = p.startup[`${runtime} ${what}`];
        const none = p.startup[`${runtime} none`];
        return [
          `f. import of ${
            what === "." ? "`mod.ts`" : "the CLI (`cli.ts`)"
          } over an empty process, ${runtime === "deno" ? "Deno" : "Node"}`,
          full === undefined || none === undefined
            ? "run build:npm"
            : ms(full.median - none.median),
          "stated",
          "–",
          proc,
        ];
      })
    ),
    ...PROOF_STEPS.map(([step, proof]): Line => {
      const s = t.proofs.get(step);
      return [
        `g. ${step}${proof ? " (a proof)" : ""}, per skill`,
        s === undefined ? "–" : `${(s.median * 1000).toFixed(2)} µs`,
        "stated",
        "–",
        bench,
      ];
    }),
  ];
  const note = t.smoke
    ? `**Smoke run: ratios at ${n} skills, not the ${
      (10_000).toLocaleString("en-US")
    } the targets are set at; they judge nothing.**`
    : `Median of runs taken in turn at ${n} skills (4 roots, 10% overrides; each in-process run from a collected heap); g timed alone over the ${t.proofManifests} manifests of the generated tree, 500 at a time.`;
  const real = t.real.tree;
  return [
    "Issue 32's targets:",
    "",
    note,
    `The real tree: ${real.used} of ${real.found} SKILL.md files under ${real.source}, copied round robin, \`name:\` rewritten to \`<name>-<n>\`; skipped: ${real.skippedName} whose name could not be rewritten, ${real.skippedRefused} the library does not serve${
      real.note === undefined ? "" : ` (${real.note})`
    }.`,
    "",
    "| measure | value | target | | reproduce |",
    "|---|---:|---:|---|---|",
    ...lines.map((line) =>
      `| ${
        (t.smoke && line[3] !== "–"
          ? [line[0], line[1], line[2], "not judged (smoke)", line[4]]
          : line).join(" | ")
      } |`
    ),
  ];
}
