// Whole short-lived processes for `deno task bench`: what importing each
// entry of the package costs over an empty process, what importing a module
// costs inside a process, and `agent-skills list` over the 100-skill store
// beside a process that only reads each manifest, in Deno and (with the npm
// build, `deno task build:npm`: scripts/bench_node.ts) in Node. The runs a
// ratio compares are taken in turn (A, B, A, B, ...), after one untimed
// round.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchTree } from "./bench_tree.ts";
import { CHECKOUT_KEY, type NodeProject } from "./bench_node.ts";
import { type Sample, summarise, timed } from "./bench_stats.ts";

/** What a process pays to import and to list 100 skills, next to its floors. */
export interface ProcessRow {
  /** In-process `await import()` times, by runtime and module. */
  imports: Record<string, Sample>;
  /** Deno: `agent-skills list`, and a process that only reads each manifest. */
  list: Sample;
  read: Sample;
  /** The median and range of the rounds' ratios list ÷ read. */
  listRatio: Ratio;
  /** The same in Node, with the npm build; absent without it. */
  node?: { list: Sample; read: Sample; listRatio: Ratio };
  /**
   * Wall time of a process that imports one entry of the package (`deno .`,
   * `deno ./cli`, ..., `node .`, ...: each key of deno.json "exports"), and
   * of one that imports nothing (`deno none`, `node none`).
   */
  startup: Record<string, Sample>;
  /** Each entry's ratio to the empty process, round by round, summarised. */
  startupRatio: Record<string, Ratio>;
}

const DENO = Deno.execPath();
const PROCESS_SCRIPT = new URL("./bench_process.ts", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
/** The repository's deno.json: every Deno process of the bench reads it. */
export const CONFIG: string = new URL("../deno.json", import.meta.url).pathname;
/**
 * The flags of every Deno process the process tables compare (skills-ref's
 * `fs.access` asks for the user id under Deno): the same for each side.
 */
export const DENO_RUN: readonly string[] = [
  "run",
  "--quiet",
  "--allow-read",
  "--allow-sys=uid",
  `--config=${CONFIG}`,
];

/** The package's entries: each key of deno.json "exports", and its file. */
export function exportEntries(): [string, string][] {
  const config = JSON.parse(readFileSync(CONFIG, "utf8")) as {
    exports: Record<string, string>;
  };
  return Object.entries(config.exports);
}

/** A file name for an entry: "." is "main", "./cli" is "cli". */
const slug = (entry: string): string =>
  entry === "." ? "main" : entry.replace(/^\.\//, "").replace(/\W/g, "_");

/**
 * Wall times (ms) of processes taken in turn, `rounds` rounds after one
 * untimed round: each function runs one process and returns its wall time.
 */
export function timesInTurn(
  rounds: number,
  fns: ReadonlyArray<() => number>,
): number[][] {
  fns.forEach((fn) => fn());
  const times = fns.map((): number[] => []);
  for (let i = 0; i < rounds; i++) {
    fns.forEach((fn, index) => times[index]?.push(fn()));
  }
  return times;
}

/**
 * A ratio taken round by round: the median of the rounds' ratios and the
 * middle half of them (first and third quartiles, nearest rank), which one
 * slow round of a shared machine does not move.
 */
export interface Ratio {
  median: number;
  q1: number;
  q3: number;
}

/** The rounds' ratios `a[i] / b[i]`, summarised. */
export function pairedRatio(
  a: readonly number[],
  b: readonly number[],
): Ratio {
  const ratios = a.map((time, i) => time / (b[i] ?? NaN)).sort((x, y) => x - y);
  const at = (q: number): number =>
    ratios[Math.round(q * (ratios.length - 1))] ?? NaN;
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

/**
 * Processes that import each entry, and an empty one, in turn: the Deno
 * ones import the sources, the Node ones the installed npm build.
 */
function measureImports(
  rounds: number,
  home: string,
  node: NodeProject | undefined,
): Pick<ProcessRow, "startup" | "startupRatio"> {
  const startup: Record<string, Sample> = {};
  const startupRatio: Record<string, Ratio> = {};
  const entries = exportEntries();
  const dir = join(home, `imports-${CHECKOUT_KEY}`);
  mkdirSync(dir, { recursive: true });
  const file = (folder: string, name: string, text: string): string => {
    writeFileSync(join(folder, name), text);
    return join(folder, name);
  };
  const sides: [string, string[], (file: string) => number][] = [[
    "deno",
    [
      file(dir, "empty.mjs", "// imports nothing\n"),
      ...entries.map(([entry, path]) =>
        file(
          dir,
          `${slug(entry)}.mjs`,
          `import ${JSON.stringify(join(CONFIG, "..", path))};\n`,
        )
      ),
    ],
    (path) => timed(DENO, [...DENO_RUN, path]).ms,
  ]];
  if (node !== undefined) {
    sides.push([
      "node",
      [
        file(node.dir, "import-empty.mjs", "// imports nothing\n"),
        ...entries.map(([entry]) =>
          file(
            node.dir,
            `import-${slug(entry)}.mjs`,
            `import ${
              JSON.stringify(`@clarvis/agent-skills${entry.slice(1)}`)
            };\n`,
          )
        ),
      ],
      (path) => timed("node", [path], node.dir).ms,
    ]);
  }
  for (const [runtime, files, run] of sides) {
    const times = timesInTurn(rounds, files.map((path) => () => run(path)));
    const empty = times[0] ?? [];
    startup[`${runtime} none`] = summarise([...empty]);
    entries.forEach(([entry], i) => {
      const mine = times[i + 1] ?? [];
      startupRatio[`${runtime} ${entry}`] = pairedRatio(mine, empty);
      startup[`${runtime} ${entry}`] = summarise([...mine]);
    });
  }
  return { startup, startupRatio };
}

/** In-process `await import()` times (bench_process.ts), `runs` each. */
function measureInProcess(
  runs: number,
  node: NodeProject | undefined,
): Record<string, Sample> {
  const imports: Record<string, Sample> = {};
  for (const what of ["mod", "deps", "node:fs", "js-yaml", "zod"]) {
    imports[`deno ${what}`] = summarise(
      Array.from({ length: runs }, () =>
        Number(
          timed(DENO, [...DENO_RUN, PROCESS_SCRIPT, "import", what]).out,
        )),
    );
  }
  if (node === undefined) return imports;
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
          timed("node", ["--input-type=module", "-e", code], node.dir).out,
        )),
    );
  }
  return imports;
}

/** A Node process that reads every `<root>/<name>/SKILL.md`, and no more. */
const NODE_READ = `import { readdirSync, readFileSync } from "node:fs";
let count = 0;
for (const root of process.argv.slice(1)) {
  for (const name of readdirSync(root)) {
    try { readFileSync(root + "/" + name + "/SKILL.md"); count++; } catch {}
  }
}
console.log(count);`;

/**
 * Measures the process rows over `tree` (the 100-skill store), `runs`
 * rounds each; `inProcess: false` leaves out the in-process import times
 * (the process tables of `--processes` do not read them).
 */
export function measureProcesses(
  tree: BenchTree,
  { runs, home, node, inProcess = true }: {
    runs: number;
    home: string;
    node: NodeProject | undefined;
    inProcess?: boolean;
  },
): ProcessRow {
  const imports = inProcess ? measureInProcess(runs, node) : {};
  const { startup, startupRatio } = measureImports(runs, home, node);
  const rootArgs = tree.roots.flatMap((root) => ["--root", root]);
  const [list = [], read = []] = timesInTurn(runs, [
    () =>
      timed(DENO, [...DENO_RUN, CLI, "list", ...rootArgs, "--home", home]).ms,
    () => timed(DENO, [...DENO_RUN, PROCESS_SCRIPT, "read", ...tree.roots]).ms,
  ]);
  const row: ProcessRow = {
    imports,
    listRatio: pairedRatio(list, read),
    list: summarise([...list]),
    read: summarise([...read]),
    startup,
    startupRatio,
  };
  if (node !== undefined) {
    const [nodeList = [], nodeRead = []] = timesInTurn(runs, [
      () => timed("node", [node.bin, "list", ...rootArgs, "--home", home]).ms,
      () =>
        timed("node", ["--input-type=module", "-e", NODE_READ, ...tree.roots])
          .ms,
    ]);
    row.node = {
      listRatio: pairedRatio(nodeList, nodeRead),
      list: summarise([...nodeList]),
      read: summarise([...nodeRead]),
    };
  }
  return row;
}
