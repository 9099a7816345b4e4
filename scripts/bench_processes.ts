// Whole short-lived processes for `deno task bench`: what importing the
// library costs, and `agent-skills list` over the 100-skill store beside a
// process that only reads each manifest, in Deno and (with the npm build,
// `deno task build:npm`) in Node. Runs of what a ratio compares are taken
// in turn.

import { statSync } from "node:fs";
import { join } from "node:path";
import type { BenchTree } from "./bench_tree.ts";
import { type Sample, sampleInTurn, summarise, timed } from "./bench_stats.ts";

/** What a process pays to import and to list 100 skills, next to its floors. */
export interface ProcessRow {
  /** In-process `await import()` times, by runtime and module. */
  imports: Record<string, Sample>;
  /** Deno: `agent-skills list`, and a process that only reads each manifest. */
  list: Sample;
  read: Sample;
  /** The same in Node, with the npm build; absent without it. */
  node?: { list: Sample; read: Sample };
  /**
   * Wall time of a process that imports a module, and of one that imports
   * nothing (`deno none`, `node none`): `deno mod`, `deno cli`, `node mod`,
   * `node cli`.
   */
  startup: Record<string, Sample>;
}

const DENO = Deno.execPath();
const PROCESS_SCRIPT = new URL("./bench_process.ts", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
/** The scratch project build:npm installs the packed package into. */
export const NODE_PROJECT: string =
  new URL("../build/node-test/", import.meta.url).pathname;
const NODE_PACKAGE = join(
  NODE_PROJECT,
  "node_modules",
  "@clarvis",
  "agent-skills",
);

/** Whether build:npm has run here: the installed package of the npm build. */
export function hasNodeBuild(): boolean {
  try {
    return statSync(join(NODE_PACKAGE, "esm", "bin.js")).isFile();
  } catch {
    return false;
  }
}

/** A Deno process that imports `what` (scripts/bench_process.ts), timed. */
const denoImportRun = (what: string) =>
  timed(DENO, [
    "run",
    "--quiet",
    "--allow-read",
    `--config=${CONFIG}`,
    PROCESS_SCRIPT,
    "import",
    what,
  ]);

const denoImport = (what: string) => (): number => denoImportRun(what).ms;

const nodeImport = (specifiers: string[]) => (): number =>
  timed("node", [
    "--input-type=module",
    "-e",
    `await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s)));`,
  ], NODE_PROJECT).ms;

/** A Node process that reads every `<root>/<name>/SKILL.md`, and no more. */
const NODE_READ = `import { readdirSync, readFileSync } from "node:fs";
let count = 0;
for (const root of process.argv.slice(1)) {
  for (const name of readdirSync(root)) {
    try { readFileSync(root + "/" + name + "/SKILL.md"); count++; } catch {}
  }
}
console.log(count);`;

/** Measures the process rows over `tree` (the 100-skill store), `runs` each. */
export function measureProcesses(
  tree: BenchTree,
  { runs, home }: { runs: number; home: string },
): ProcessRow {
  const imports: Record<string, Sample> = {};
  const inProcess = (what: string) => () => Number(denoImportRun(what).out);
  for (const what of ["mod", "deps", "node:fs", "js-yaml", "zod"]) {
    imports[`deno ${what}`] = summarise(
      Array.from({ length: runs }, inProcess(what)),
    );
  }
  const node = hasNodeBuild();
  if (node) {
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
            timed("node", ["--input-type=module", "-e", code], NODE_PROJECT)
              .out,
          )),
      );
    }
  }
  const startup: Record<string, Sample> = {};
  const [denoNone, denoMod, denoCli] = sampleInTurnOf(runs, [
    denoImport("none"),
    denoImport("mod"),
    denoImport("cli"),
  ]);
  Object.assign(startup, {
    "deno none": denoNone,
    "deno mod": denoMod,
    "deno cli": denoCli,
  });
  if (node) {
    const [nodeNone, nodeMod, nodeCli] = sampleInTurnOf(runs, [
      nodeImport([]),
      nodeImport(["@clarvis/agent-skills"]),
      nodeImport(["@clarvis/agent-skills/cli"]),
    ]);
    Object.assign(startup, {
      "node none": nodeNone,
      "node mod": nodeMod,
      "node cli": nodeCli,
    });
  }
  const rootArgs = tree.roots.flatMap((root) => ["--root", root]);
  const [list, read] = sampleInTurnOf(runs, [
    () =>
      timed(DENO, [
        "run",
        "--quiet",
        "--allow-read",
        `--config=${CONFIG}`,
        CLI,
        "list",
        ...rootArgs,
        "--home",
        home,
      ]).ms,
    () =>
      timed(DENO, [
        "run",
        "--quiet",
        "--allow-read",
        PROCESS_SCRIPT,
        "read",
        ...tree.roots,
      ]).ms,
  ]) as [Sample, Sample];
  const row: ProcessRow = { imports, list, read, startup };
  if (node) {
    const [nodeList, nodeRead] = sampleInTurnOf(runs, [
      () =>
        timed("node", [
          join(NODE_PACKAGE, "esm", "bin.js"),
          "list",
          ...rootArgs,
          "--home",
          home,
        ]).ms,
      () =>
        timed("node", [
          "--input-type=module",
          "-e",
          NODE_READ,
          ...tree.roots,
        ]).ms,
    ]) as [Sample, Sample];
    row.node = { list: nodeList, read: nodeRead };
  }
  return row;
}

/**
 * Wall times of processes taken in turn: each function runs one process and
 * returns its wall time, which is what is summarised (not the time of the
 * call around it).
 */
function sampleInTurnOf(
  runs: number,
  fns: ReadonlyArray<() => number>,
): Sample[] {
  const times = fns.map((): number[] => []);
  sampleInTurn(
    runs,
    fns.map((fn, i) => () => times[i]?.push(fn())),
  );
  return times.map(summarise);
}
