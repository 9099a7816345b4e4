// `deno task bench [--smoke] [--write]`: times this library against the
// floor (the unavoidable work, measured in the same run) and two peers on
// seeded synthetic stores (scripts/bench_tree.ts) of 100, 1,000 and 10,000
// skills over 4 roots, and discovery alone on a second tree of each size
// shaped like the public stores. Prints a markdown report; --write also saves it as
// BENCHMARKS.md with an SVG chart in docs/bench.svg. --smoke runs 100 skills
// with few repetitions (CI) and checks the results, not the speed.

import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { readProperties } from "skills-ref";
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

const smoke = Deno.args.includes("--smoke");
const write = Deno.args.includes("--write");
const SIZES = smoke ? [100] : [100, 1_000, 10_000];
const BASE = "/tmp/agent-skills-bench";
const gc = (globalThis as { gc?: () => void }).gc;

interface Sample {
  median: number;
  min: number;
  max: number;
}

function summarise(times: number[]): Sample {
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    max: times.at(-1) ?? 0,
  };
}

function sample(runs: number, fn: () => void, setup?: () => void): Sample {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    setup?.();
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

/**
 * Samples of several functions whose ratio is reported, their runs taken in
 * turn (a, b, a, b, ...), so that a slower spell of a shared machine falls on
 * each of them alike rather than on whichever ran then.
 */
function sampleInTurn(
  runs: number,
  fns: ReadonlyArray<() => void>,
  setup?: () => void,
): Sample[] {
  const times = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, index) => {
      setup?.();
      const start = performance.now();
      fn();
      times[index]?.push(performance.now() - start);
    });
  }
  return times.map(summarise);
}

async function sampleAsync(
  runs: number,
  fn: () => Promise<void>,
): Promise<Sample> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

/** Per-call time of `fn` over `calls` calls, as a Sample over `runs` runs. */
function perCall(runs: number, calls: number, fn: (i: number) => void): Sample {
  const total = sample(runs, () => {
    for (let i = 0; i < calls; i++) fn(i);
  });
  return {
    median: total.median / calls,
    min: total.min / calls,
    max: total.max / calls,
  };
}

async function peerSkillsRef(tree: BenchTree): Promise<number> {
  let skills = 0;
  for (const root of tree.roots) {
    const dirs = readdirSync(root).map((name) => join(root, name));
    skills += (await Promise.all(dirs.map((dir) =>
      readProperties(dir)
    ))).length;
  }
  return skills;
}

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

/** Runs a command to completion; its wall time in ms, and its stdout. */
function timed(
  command: string,
  args: string[],
  cwd?: string,
): { ms: number; out: string } {
  const start = performance.now();
  const result = new Deno.Command(command, {
    args,
    ...(cwd === undefined ? {} : { cwd }),
    stdout: "piped",
    stderr: "inherit",
  }).outputSync();
  const ms = performance.now() - start;
  if (result.code !== 0) {
    throw new Error(
      `bench: ${command} ${args.join(" ")} exited ${result.code}`,
    );
  }
  return { ms, out: new TextDecoder().decode(result.stdout).trim() };
}

/** What a process pays to import and to list 100 skills, next to its floors. */
interface ProcessRow {
  imports: Record<string, Sample>;
  list: Sample;
  read: Sample;
}

const DENO = Deno.execPath();
const PROCESS_SCRIPT = new URL("./bench_process.ts", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
/** The installed package of the npm build, when build:npm has run. */
const NODE_PACKAGE = new URL("../build/node-test/", import.meta.url).pathname;

function measureProcesses(tree: BenchTree, runs: number): ProcessRow {
  const imports: Record<string, Sample> = {};
  const deno = (what: string) => () =>
    Number(
      timed(DENO, [
        "run",
        "--quiet",
        "--allow-read",
        `--config=${CONFIG}`,
        PROCESS_SCRIPT,
        "import",
        what,
      ]).out,
    );
  for (const what of ["mod", "deps", "node:fs", "js-yaml", "zod"]) {
    imports[`deno ${what}`] = summarise(
      Array.from({ length: runs }, deno(what)),
    );
  }
  try {
    statSync(join(NODE_PACKAGE, "node_modules", "@clarvis", "agent-skills"));
    const nodeImports: Record<string, string[]> = {
      "@clarvis/agent-skills": ["@clarvis/agent-skills"],
      deps: ["js-yaml", "zod"],
      "js-yaml": ["js-yaml"],
      zod: ["zod"],
    };
    for (const [what, specifiers] of Object.entries(nodeImports)) {
      const code = `const t = performance.now(); await Promise.all(${
        JSON.stringify(specifiers)
      }.map((s) => import(s))); console.log(performance.now() - t);`;
      imports[`node ${what}`] = summarise(
        Array.from({ length: runs }, () =>
          Number(
            timed("node", ["--input-type=module", "-e", code], NODE_PACKAGE)
              .out,
          )),
      );
    }
  } catch {
    // No npm build here: the Deno rows only.
  }
  const rootArgs = tree.roots.flatMap((root) => ["--root", root]);
  const list = sample(runs, () => {
    timed(DENO, [
      "run",
      "--quiet",
      "--allow-read",
      `--config=${CONFIG}`,
      CLI,
      "list",
      ...rootArgs,
      "--home",
      BASE,
    ]);
  });
  const read = sample(runs, () => {
    timed(DENO, [
      "run",
      "--quiet",
      "--allow-read",
      PROCESS_SCRIPT,
      "read",
      ...tree.roots,
    ]);
  });
  return { imports, list, read };
}

interface Row {
  size: number;
  tree: BenchTree;
  cases: Record<string, Sample>;
  floors: Record<string, Sample>;
  heapBytes: number;
  manifestBytes: number;
}

function options(tree: BenchTree) {
  return { home: BASE, cwd: BASE, roots: tree.roots, onWarning: () => {} };
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

/** Cold discovery of the same skills, flat and three levels down in category folders. */
interface CategoryRow {
  size: number;
  flat: Sample;
  deep: Sample;
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

function catalogReport(rows: Row[]): string[] {
  return [
    "",
    "The catalog of the generated tree's skills (`renderCatalog(skills.listSkills(), { budget: { limit: 8000 } })`: XML, every description cut, then most skills left out), against cold construction (issue 24's target: under 10% at 10,000 skills); and `explain()` of a served name, of the same with that budget (which renders the catalog to place the skill in it), and of a name nothing serves (the near misses: every name compared, no listing):",
    "",
    "| skills | catalog with a budget | ÷ cold | explain, served | with the budget | explain, not served |",
    "|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${r.size} | ${cell(r.cases.catalog)} | ${
        ratio(r.cases.catalog, r.cases.cold)
      } | ${cell(r.cases.explainServed)} | ${cell(r.cases.explainBudget)} | ${
        cell(r.cases.explainMissing)
      } |`
    ),
  ];
}

function categoryReport(rows: CategoryRow[]): string[] {
  return [
    "",
    "The generated skills again, each three levels down in category folders (`<root>/c<n>/d<m>/<skill>`, 10 × 10 folders a root, files hard-linked; scripts/bench_tree.ts `categoryTree`), read with `depth: 3`, against the flat tree, in turn:",
    "",
    "| skills | flat, one level | categories, depth 3 | ratio |",
    "|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${r.size} | ${cell(r.flat)} | ${cell(r.deep)} | ${
        ratio(r.deep, r.flat)
      } |`
    ),
  ];
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
  cases.loadFirst = {
    median: first.median / names.length,
    min: first.min / names.length,
    max: first.max / names.length,
  };
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

  if (!smoke) {
    floors.skillsRef = await sampleAsync(
      Math.min(runs, 5),
      async () => void (await peerSkillsRef(tree)),
    );
    floors.skillTools = await sampleAsync(
      Math.min(runs, 5),
      async () => void (await peerSkillTools(tree)),
    );
  }

  return row;
}

/** A sample in one unit: µs below 0.1 ms, else ms. */
const cell = (s: Sample | undefined): string => {
  if (s === undefined) return "–";
  const micro = s.median < 0.1;
  const f = (v: number): string =>
    micro ? (v * 1000).toFixed(2) : v >= 100 ? v.toFixed(0) : v.toFixed(2);
  return `${f(s.median)} (${f(s.min)}–${f(s.max)})${micro ? " µs" : ""}`;
};
const ratio = (a: Sample | undefined, b: Sample | undefined): string =>
  a === undefined || b === undefined || b.median === 0
    ? "–"
    : `${(a.median / b.median).toFixed(2)}×`;

function exponent(rows: Row[], pick: (row: Row) => Sample | undefined): string {
  const points = rows.map((row) =>
    [Math.log(row.size), Math.log(pick(row)?.median ?? NaN)] as const
  )
    .filter(([, y]) => Number.isFinite(y));
  if (points.length < 2) return "–";
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const slope = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) /
    points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return slope.toFixed(2);
}

function svg(rows: Row[]): string {
  const series: Array<[string, string, (row: Row) => Sample | undefined]> = [
    ["@clarvis/agent-skills", "#1f77b4", (row) => row.cases.cold],
    ["floor", "#2ca02c", (row) => row.floors.discovery],
    ["skills-ref", "#d62728", (row) => row.floors.skillsRef],
    ["@skill-tools/core", "#ff7f0e", (row) => row.floors.skillTools],
  ];
  const W = 640, H = 400, L = 70, B = 50, T = 20, R = 170;
  const values = rows.flatMap((row) =>
    series.map(([, , pick]) => pick(row)?.median ?? NaN)
  ).filter(Number.isFinite);
  const [ymin, ymax] = [
    Math.log10(Math.min(...values)) - 0.2,
    Math.log10(Math.max(...values)) + 0.2,
  ];
  const [xmin, xmax] = [
    Math.log10(rows[0]?.size ?? 1),
    Math.log10(rows.at(-1)?.size ?? 10),
  ];
  const x = (size: number) =>
    L + ((Math.log10(size) - xmin) / (xmax - xmin || 1)) * (W - L - R);
  const y = (v: number) =>
    H - B - ((Math.log10(v) - ymin) / (ymax - ymin)) * (H - B - T);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${L}" y="14">Discovery time (ms, log scale) vs skills (log scale), median of runs</text>`,
    `<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${
      H - B
    }" stroke="black"/>`,
    `<line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="black"/>`,
  ];
  for (const row of rows) {
    parts.push(
      `<text x="${x(row.size)}" y="${
        H - B + 18
      }" text-anchor="middle">${row.size}</text>`,
    );
  }
  for (let e = Math.ceil(ymin); e <= Math.floor(ymax); e++) {
    parts.push(
      `<text x="${L - 6}" y="${y(10 ** e) + 4}" text-anchor="end">${
        10 ** e
      }</text>`,
    );
    parts.push(
      `<line x1="${L}" y1="${y(10 ** e)}" x2="${W - R}" y2="${
        y(10 ** e)
      }" stroke="#ddd"/>`,
    );
  }
  series.forEach(([label, color, pick], index) => {
    const points = rows.map((row) => [row.size, pick(row)?.median] as const)
      .filter(([, v]) => v !== undefined);
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${
        points.map(([s, v]) =>
          `${x(s).toFixed(1)},${y(v as number).toFixed(1)}`
        ).join(" ")
      }"/>`,
    );
    parts.push(
      `<rect x="${W - R + 15}" y="${
        T + 20 * index
      }" width="12" height="12" fill="${color}"/>`,
    );
    parts.push(
      `<text x="${W - R + 32}" y="${T + 20 * index + 10}">${label}</text>`,
    );
  });
  parts.push(
    `<text x="${(L + W - R) / 2}" y="${
      H - 12
    }" text-anchor="middle">skills</text>`,
    "</svg>",
  );
  return parts.join("\n") + "\n";
}

function processReport(row: ProcessRow): string[] {
  const names = Object.keys(row.imports);
  const main = (runtime: string): string =>
    runtime === "deno" ? "deno mod" : "node @clarvis/agent-skills";
  const runtimes = ["deno", "node"].filter((runtime) =>
    row.imports[main(runtime)] !== undefined
  );
  return [
    "",
    "Import, in a fresh process (ms; each module with what it imports, so the rows overlap; deps is js-yaml and zod together, the main entry's own dependencies):",
    "",
    `| ${names.map((name) => `\`import\` ${name}`).join(" | ")} |`,
    `|${names.map(() => "---:").join("|")}|`,
    `| ${names.map((name) => cell(row.imports[name])).join(" | ")} |`,
    "",
    "The main entry's import over its dependencies' (target: at most 1.15×):",
    "",
    `| ${runtimes.map((runtime) => `${runtime}: main ÷ deps`).join(" | ")} |`,
    `|${runtimes.map(() => "---:").join("|")}|`,
    `| ${
      runtimes.map((runtime) =>
        ratio(row.imports[main(runtime)], row.imports[`${runtime} deps`])
      ).join(" | ")
    } |`,
    "",
    "A whole short-lived process over the 100-skill store (ms, wall time, Deno startup included):",
    "",
    "| `agent-skills list` (4 roots) | floor: a process that reads each SKILL.md | ratio |",
    "|---:|---:|---:|",
    `| ${cell(row.list)} | ${cell(row.read)} | ${ratio(row.list, row.read)} |`,
  ];
}

function storeReport(rows: Row[]): string[] {
  return [
    "",
    "The second tree, shaped like the public stores (scripts/bench_tree.ts: long quoted and block-scalar descriptions, `metadata` maps, host fields, 2–40 KiB bodies, some CRLF):",
    "",
    "| skills | cold createAgentSkills | floor | ratio | refresh unchanged | ÷ cold | retained heap | ÷ manifest bytes |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${discoveryCells(r)} | ${heapCells(r)} |`),
  ];
}

/** A row's cells for cold discovery, its floor and an unchanged refresh. */
function discoveryCells(r: Row): string {
  return `${r.size} | ${cell(r.cases.cold)} | ${cell(r.floors.discovery)} | ${
    ratio(r.cases.cold, r.floors.discovery)
  } | ${cell(r.cases.refreshUnchanged)} | ${
    ratio(r.cases.refreshUnchanged, r.cases.cold)
  }`;
}

/** A row's cells for the retained heap, and its ratio to the manifest bytes. */
function heapCells(r: Row): string {
  return r.heapBytes > 0
    ? `${(r.heapBytes / 2 ** 20).toFixed(1)} MiB | ${
      (r.heapBytes / r.manifestBytes).toFixed(2)
    }×`
    : "– | –";
}

function report(
  rows: Row[],
  storeRows: Row[],
  { categories, processes }: {
    categories: CategoryRow[];
    processes?: ProcessRow;
  },
): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    `Machine: ${cpus().length} × ${cpu}, ${
      (totalmem() / 2 ** 30).toFixed(0)
    } GiB; Deno ${Deno.version.deno} (V8 ${Deno.version.v8}); page cache warm; times in ms, median (min–max) of ${
      smoke ? 3 : "7 (10,000) or 15"
    } runs.`,
    "",
    "| skills | cold createAgentSkills | floor | ratio | refresh unchanged | ÷ cold | refresh, 1% edited | skills-ref | ÷ ours | @skill-tools/core | ÷ ours |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${discoveryCells(r)} | ${cell(r.cases.refreshEdited)} | ${
        cell(r.floors.skillsRef)
      } | ${ratio(r.floors.skillsRef, r.cases.cold)} | ${
        cell(r.floors.skillTools)
      } | ${ratio(r.floors.skillTools, r.cases.cold)} |`
    ),
    "",
    "| skills | listSkills() | loadSkill() first | loadSkill() repeated | resourcePath() hit | floor (realpath+stat) | ratio | invalid_input | path_escape | not_found | not_a_file | retained heap | ÷ manifest bytes | bytes / skill |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${r.size} | ${cell(r.cases.listSkills)} | ${
        cell(r.cases.loadFirst)
      } | ${cell(r.cases.loadRepeated)} | ${cell(r.cases.resourcePath)} | ${
        cell(r.floors.resourcePath)
      } | ${ratio(r.cases.resourcePath, r.floors.resourcePath)} | ${
        cell(r.cases.invalidInput)
      } | ${cell(r.cases.pathEscape)} | ${cell(r.cases.notFound)} | ${
        cell(r.cases.notAFile)
      } | ${heapCells(r)} | ${
        r.heapBytes > 0 ? Math.round(r.heapBytes / r.size) : "–"
      } |`
    ),
    "",
    `Growth exponent of cold discovery (log-log slope over ${
      rows.map((r) => r.size).join(", ")
    } skills): ours ${exponent(rows, (r) => r.cases.cold)}, floor ${
      exponent(rows, (r) => r.floors.discovery)
    }.`,
    ...storeReport(storeRows),
    ...categoryReport(categories),
    ...catalogReport(rows),
    ...(processes === undefined ? [] : processReport(processes)),
  ];
  return lines.join("\n") + "\n";
}

mkdirSync(BASE, { recursive: true });
const rows: Row[] = [];
const storeRows: Row[] = [];
const categories: CategoryRow[] = [];
for (const size of SIZES) {
  console.error(`bench: ${size} skills...`);
  rows.push(await measure(size));
  console.error(`bench: ${size} skills, store-shaped...`);
  storeRows.push(measureDiscovery(size, "store").row);
  console.error(`bench: ${size} skills, in category folders...`);
  categories.push(measureCategories(size));
}
const processes = measureProcesses(
  benchTree(BASE, 100),
  smoke ? 2 : 9,
);
const text = report(rows, storeRows, { categories, processes });
console.log(text);
if (smoke) {
  const row = rows[0];
  if (row === undefined || !((row.cases.cold?.median ?? 0) > 0)) {
    throw new Error("bench smoke: no timing");
  }
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
