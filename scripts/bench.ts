// `deno task bench [--smoke] [--write] [--targets] [--sizes=N,M]`, or
// `deno task bench --processes [--sizes=N,M] [--stores=DIR] [--rounds=N]`
// (only the whole-process tables of issues 48 and 49:
// scripts/bench_process_report.ts), or `deno task bench --index
// [--sizes=N,M] [--rounds=N]` (only issue 49's one-process table of a kept
// index: scripts/bench_index.ts); --smoke runs both at a tiny size. Times
// this library against the floor (the unavoidable work, measured in the same
// run) and two peers on seeded synthetic stores (scripts/bench_tree.ts) of
// 100, 1,000 and 10,000 skills over 4 roots, and discovery alone on a
// second tree of each size shaped like the public stores. Prints a markdown
// report, issue 32's targets first (scripts/bench_targets.ts, read at the
// largest size); --write also saves it as BENCHMARKS.md with an SVG chart
// in docs/bench.svg. --smoke runs 100 skills with few repetitions (CI) and
// checks the results, not the speed. --targets measures only what the
// targets table needs. --sizes= picks the sizes (at most 10,000 each:
// scripts/bench_args.ts).

import {
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { parseSkill, resolveSkillFiles } from "@skill-tools/core";
import {
  type AgentSkills,
  createAgentSkills,
  renderCatalog,
  SkillError,
} from "@clarvis/agent-skills";
import {
  type BenchShape,
  type BenchTree,
  benchTree,
  categoryTree,
  floorDiscovery,
} from "./bench_tree.ts";
import { parseBenchArgs } from "./bench_args.ts";
import { realTree } from "./bench_real.ts";
import { measureProcesses, type ProcessRow } from "./bench_processes.ts";
import { nodeProject } from "./bench_node.ts";
import { processBench } from "./bench_process_report.ts";
import { indexBench } from "./bench_index.ts";
import { measureProofs } from "./bench_proofs.ts";
import {
  type CategoryRow,
  machineLine,
  report,
  type Row,
  svg,
} from "./bench_report.ts";
import {
  perCall,
  type Sample,
  sample,
  sampleAsync,
  sampleInTurn,
  scaled,
} from "./bench_stats.ts";
import {
  benchOptions,
  keepingPair,
  type Pair,
  peerPair,
  targetsReport,
} from "./bench_targets.ts";

let args;
try {
  args = parseBenchArgs(Deno.args);
} catch (error) {
  console.error((error as Error).message);
  Deno.exit(2);
}
const { smoke, write, sizes: SIZES } = args;
const targetsOnly = args.targets;
const BASE = "/tmp/agent-skills-bench";
const gc = (globalThis as { gc?: () => void }).gc;

async function peerSkillTools(tree: BenchTree): Promise<number> {
  let skills = 0;
  for (const root of tree.roots) {
    const files = await resolveSkillFiles(root);
    skills += (await Promise.all(files.map((file) =>
      parseSkill(file.skillFile)
    ))).length;
  }
  return skills;
}

function options(tree: BenchTree): ReturnType<typeof benchOptions> {
  return benchOptions(tree.roots, BASE);
}

const runsFor = (size: number): number => smoke ? 3 : size >= 10_000 ? 7 : 15;

/**
 * Cold discovery beside its floor, and an unchanged refresh, on the tree of
 * one shape: the rows both shapes report.
 */
function measureDiscovery(
  size: number,
  shape: BenchShape,
): { row: Row; skills: AgentSkills } {
  const tree = benchTree(BASE, size, { shape });
  const runs = runsFor(size);
  const cases: Record<string, Sample> = {};
  const floors: Record<string, Sample> = {};

  // Warm the page cache and the JIT the same way for everyone.
  floorDiscovery(tree.roots);
  const check = createAgentSkills(options(tree));
  if (check.listSkills().length !== size) {
    throw new Error(
      `${shape}: expected ${size} skills, got ${check.listSkills().length}`,
    );
  }

  // Each run starts from a collected heap, so that no run pays for the
  // garbage of the one before (an instance keeps every body: 140 MiB at
  // 10,000 skills); what a run allocates itself, it still pays for.
  [floors.discovery, cases.cold] = sampleInTurn(runs, [
    () => floorDiscovery(tree.roots),
    () => createAgentSkills(options(tree)),
  ], gc) as [Sample, Sample];
  const skills = createAgentSkills(options(tree));
  cases.refreshUnchanged = sample(runs, () => skills.refresh(), gc);
  const heapBytes = retainedHeap(tree);
  return {
    row: {
      size,
      tree,
      cases,
      floors,
      heapBytes,
      manifestBytes: tree.manifestBytes,
    },
    skills,
  };
}

/**
 * Cold discovery of the generated tree, against the same skills in category
 * folders three levels down read with `depth: 3`, in turn.
 */
function measureCategories(size: number): CategoryRow {
  const flat = benchTree(BASE, size);
  const tree = categoryTree(flat);
  const deep = {
    ...options(tree),
    roots: tree.roots.map((path) => ({ path, depth: 3 })),
  };
  const found = createAgentSkills(deep).listSkills().length;
  if (found !== size) {
    throw new Error(`categories: expected ${size} skills, got ${found}`);
  }
  const [flatSample, deepSample] = sampleInTurn(runsFor(size), [
    () => createAgentSkills(options(flat)),
    () => createAgentSkills(deep),
  ], gc) as [Sample, Sample];
  return { size, flat: flatSample, deep: deepSample };
}

/** The heap one instance keeps over `tree`, or 0 without --expose-gc. */
function retainedHeap(tree: BenchTree): number {
  if (gc === undefined) return 0;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = createAgentSkills(options(tree));
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  if (kept.listSkills().length !== tree.skills) {
    throw new Error("heap run lost skills");
  }
  return bytes;
}

/** Everything, on the generated tree: discovery, the tiers, the peers. */
async function measure(size: number): Promise<Row> {
  const { row, skills } = measureDiscovery(size, "generated");
  const { tree, cases, floors } = row;
  const runs = runsFor(size);
  // The peers first, while one instance is alive, as beside the floor.
  if (!smoke) {
    const peer = await peerPair(tree.roots, {
      runs: Math.min(runs, 5),
      home: BASE,
      ...(gc === undefined ? {} : { gc }),
    });
    floors.skillsRef = peer.other;
    cases.besidePeer = peer.ours;
    floors.skillTools = await sampleAsync(
      Math.min(runs, 5),
      async () => void (await peerSkillTools(tree)),
    );
  }

  let edit = 0;
  const edited = tree.manifestPaths.slice(
    0,
    Math.max(1, Math.floor(tree.manifestPaths.length / 100)),
  );
  cases.refreshEdited = sample(runs, () => skills.refresh(), () => {
    edit++;
    for (const path of edited) {
      const text = readFileSync(path, "utf8").replace(
        /^(# skill-\d+)( e\d+)?$/m,
        `$1 e${edit}`,
      );
      writeFileSync(path, text);
    }
  });
  cases.listSkills = perCall(runs, 100, () => skills.listSkills());
  const listed = skills.listSkills();
  cases.catalog = sample(
    runs,
    () => renderCatalog(listed, { budget: { limit: 8000 } }),
    gc,
  );
  const middle = listed[Math.floor(listed.length / 2)]?.name ?? "";
  cases.explainServed = sample(runs, () => skills.explain(middle), gc);
  cases.explainBudget = sample(
    runs,
    () => skills.explain(middle, { catalog: { budget: { limit: 8000 } } }),
    gc,
  );
  cases.explainMissing = sample(
    runs,
    () => skills.explain("no-such-skill"),
    gc,
  );
  const names = skills.listSkills().map((skill) => skill.name).slice(0, 100);
  let fresh = createAgentSkills(options(tree));
  const first = sample(
    runs,
    () => names.forEach((name) => fresh.loadSkill(name)),
    () => {
      fresh = createAgentSkills(options(tree));
    },
  );
  cases.loadFirst = scaled(first, 1 / names.length);
  names.forEach((name) => skills.loadSkill(name)); // "repeated": resources already listed
  cases.loadRepeated = perCall(
    runs,
    names.length,
    (i) => skills.loadSkill(names[i] as string),
  );

  const [skill, rel] = tree.resources[0] ?? ["", ""];
  const hit = skills.resourcePath(skill, rel);
  const calls = 1000;
  cases.resourcePath = perCall(
    runs,
    calls,
    () => skills.resourcePath(skill, rel),
  );
  floors.resourcePath = perCall(runs, calls, () => {
    statSync(realpathSync(hit));
  });
  const refuse = (input: string) => () => {
    try {
      skills.resourcePath(skill, input);
    } catch (error) {
      if (!(error instanceof SkillError)) throw error;
    }
  };
  cases.invalidInput = perCall(runs, calls, refuse(""));
  cases.pathEscape = perCall(runs, calls, refuse("../x"));
  cases.notFound = perCall(runs, calls, refuse("missing.txt"));
  cases.notAFile = perCall(runs, calls, refuse(rel.split("/")[0] ?? "."));

  return row;
}

/**
 * Issue 32's targets at `size` (the largest of the run): the keeping floor
 * on the generated and the real tree, skills-ref in turn with ours, and the
 * per-step costs of a read; the refresh pair from `row` (measured here when
 * the run has no size table).
 */
async function measureTargets(
  size: number,
  processes: ProcessRow,
  row?: Row,
): Promise<string[]> {
  const tree = benchTree(BASE, size);
  const runs = runsFor(size);
  const withGc = { runs, home: BASE, ...(gc === undefined ? {} : { gc }) };
  console.error(`bench: targets at ${size} skills, generated...`);
  const generated = keepingPair(tree.roots, withGc);
  console.error(`bench: targets at ${size} skills, real manifests...`);
  const real = realTree(BASE, size);
  if (real.note !== undefined) console.error(`bench: note: ${real.note}`);
  const served = createAgentSkills(benchOptions(real.roots, BASE)).listSkills()
    .length;
  if (served !== size) {
    throw new Error(`real: expected ${size} skills, got ${served}`);
  }
  const realPair = keepingPair(real.roots, withGc);
  // As the size table reads it: the cold runs beside the floor, the
  // refreshes of one instance alone.
  const discovery = row ?? measureDiscovery(size, "generated").row;
  const refresh: Pair = {
    ours: discovery.cases.refreshUnchanged as Sample,
    other: discovery.cases.cold as Sample,
  };
  let peer: Pair | undefined;
  if (!smoke) {
    // Again, with no instance alive (the size table's runs share their
    // process with the instances of the rows after them).
    console.error(`bench: targets at ${size} skills, skills-ref...`);
    peer = await peerPair(tree.roots, { ...withGc, runs: Math.min(runs, 5) });
  }
  console.error(`bench: targets at ${size} skills, each step of a read...`);
  const proofs = measureProofs(tree.manifestPaths, smoke ? 3 : 7);
  return targetsReport({
    size,
    smoke,
    generated,
    real: { ...realPair, tree: real },
    ...(peer === undefined ? {} : { peer }),
    refresh,
    processes,
    proofs,
    proofManifests: tree.manifestPaths.length,
  });
}

mkdirSync(BASE, { recursive: true });
const node = nodeProject(BASE);
if (args.processes || args.index) {
  const tables = args.index
    ? indexBench(args, { base: BASE, node })
    : processBench(args, { base: BASE, node, tree: benchTree(BASE, 100) });
  console.log(tables.join("\n"));
  Deno.exit(0);
}
const rows: Row[] = [];
const storeRows: Row[] = [];
const categories: CategoryRow[] = [];
if (!targetsOnly) {
  for (const size of SIZES) {
    console.error(`bench: ${size} skills...`);
    rows.push(await measure(size));
    console.error(`bench: ${size} skills, store-shaped...`);
    storeRows.push(measureDiscovery(size, "store").row);
    console.error(`bench: ${size} skills, in category folders...`);
    categories.push(measureCategories(size));
  }
}
console.error("bench: processes over 100 skills...");
const processTree = benchTree(BASE, 100);
const processes = measureProcesses(processTree, {
  runs: smoke ? 2 : 9,
  home: BASE,
  node,
});
const largest = SIZES.at(-1) ?? 100;
const targets = await measureTargets(
  largest,
  processes,
  rows.find((row) => row.size === largest),
);
const text = targetsOnly
  ? [machineLine(smoke), "", ...targets].join("\n") + "\n"
  : report(rows, storeRows, { categories, processes, targets, smoke });
console.log(text);
if (smoke) {
  const row = rows[0];
  if (row === undefined || !((row.cases.cold?.median ?? 0) > 0)) {
    throw new Error("bench smoke: no timing");
  }
  // What users wait for, at a tiny size: the process tables cannot rot.
  console.log("\nWhat users wait for (smoke):\n");
  const tables = processBench(args, {
    base: BASE,
    node,
    tree: processTree,
    processes,
  });
  console.log(tables.join("\n"));
  console.log("\n" + indexBench(args, { base: BASE, node }).join("\n"));
  console.log(
    "bench smoke: ok (100 skills; results checked, speed not judged)",
  );
}
if (write) {
  mkdirSync("docs", { recursive: true });
  writeFileSync("docs/bench.svg", svg(rows));
  const template = readFileSync("BENCHMARKS.md", "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const before = template.slice(0, template.indexOf(start) + start.length);
  const after = template.slice(template.indexOf(end));
  writeFileSync("BENCHMARKS.md", `${before}\n${text}${after}`);
  console.error("bench: wrote BENCHMARKS.md and docs/bench.svg");
}
