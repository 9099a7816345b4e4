// `deno task bench --processes` (and the smoke run's process tables): what
// users wait for, as whole processes (issues 48 and 49), measured and
// written as markdown. Each time is the median (min–max) of the rounds' wall
// times; each ratio the median of the rounds' own ratios, its sides taken in
// turn in every round, with the middle half of them (first–third quartile).

import { cpus, loadavg, totalmem } from "node:os";
import { type HostRow, type HostRun, measureHosts } from "./bench_hosts.ts";
import type { BenchArgs } from "./bench_args.ts";
import type { NodeProject } from "./bench_node.ts";
import {
  exportEntries,
  measureProcesses,
  type ProcessRow,
  type Ratio,
} from "./bench_processes.ts";
import type { BenchTree } from "./bench_tree.ts";
import { cell } from "./bench_stats.ts";

/** A ratio's median and the middle half of the rounds': `1.23× (1.1–1.4)`. */
export function ratioCell(r: Ratio | undefined): string {
  if (r === undefined) return "–";
  return `${r.median.toFixed(2)}× (${r.q1.toFixed(2)}–${r.q3.toFixed(2)})`;
}

/** The one-minute load average, as `uptime` prints it. */
export const load = (): string => (loadavg()[0] ?? 0).toFixed(2);

/** What a command prints, trimmed; "" when it fails or cannot run. */
export function output(command: string, args: string[]): string {
  try {
    const result = new Deno.Command(command, { args, stderr: "null" })
      .outputSync();
    return result.success ? new TextDecoder().decode(result.stdout).trim() : "";
  } catch {
    return "";
  }
}

/** The commit measured, and whether the tree had changes beside it. */
export function commitLine(): string {
  const repo = new URL("..", import.meta.url).pathname;
  const commit = output("git", ["-C", repo, "rev-parse", "HEAD"]);
  if (commit === "") return "commit unknown (not a git checkout)";
  const dirty = output("git", ["-C", repo, "status", "--porcelain"]) !== "";
  return `commit \`${commit.slice(0, 12)}\`${
    dirty ? " with uncommitted changes" : ""
  }`;
}

/**
 * The import table: each entry's whole process over an empty one, Deno and
 * Node ("run build:npm" where `node` is false).
 */
export function importTable(p: ProcessRow, node: boolean): string[] {
  const side = (runtime: string, key: string): string[] => {
    if (runtime === "node" && !node) return ["run build:npm", "–"];
    const time = p.startup[`${runtime} ${key}`];
    const ratio = key === "none" ? "1" : ratioCell(
      p.startupRatio[`${runtime} ${key}`],
    );
    return [cell(time), ratio];
  };
  return [
    "| entry | Deno, ms | Deno ÷ empty | Node, ms | Node ÷ empty |",
    "|---|---:|---:|---:|---:|",
    `| an empty process | ${
      [...side("deno", "none"), ...side("node", "none")].join(" | ")
    } |`,
    ...exportEntries().map(([entry, path]) =>
      `| \`import\` of \`${entry}\` (\`${path}\`) | ${
        [...side("deno", entry), ...side("node", entry)].join(" | ")
      } |`
    ),
  ];
}

/**
 * `agent-skills list` over the 100-skill store against a process that only
 * reads each manifest, Deno and Node ("run build:npm" without the build).
 */
export function listTable(processes: ProcessRow): string[] {
  return [
    "| runtime | `agent-skills list` | reads each manifest | list ÷ read |",
    "|---|---:|---:|---:|",
    `| Deno | ${cell(processes.list)} | ${cell(processes.read)} | ${
      ratioCell(processes.listRatio)
    } |`,
    processes.node === undefined
      ? "| Node | run build:npm | | |"
      : `| Node | ${cell(processes.node.list)} | ${
        cell(processes.node.read)
      } | ${ratioCell(processes.node.listRatio)} |`,
  ];
}

function hostLine(row: HostRow): string {
  const label = `${row.label}: ${
    row.skills.toLocaleString("en-US")
  } skills, ${row.roots} root${row.roots === 1 ? "" : "s"}`;
  return `| ${label} | ${row.runtime === "deno" ? "Deno" : "Node"} | ${
    [
      cell(row.naive),
      cell(row.ours),
      ratioCell(row.oursRatio),
      cell(row.skillsRef),
      ratioCell(row.refRatio),
      ratioCell(row.refOverOurs),
      cell(row.indexed.time),
      ratioCell(row.indexed.ratio),
      cell(row.indexFloor.time),
      ratioCell(row.indexFloor.ratio),
      ratioCell(row.indexFloor.indexedOver),
    ].join(" | ")
  } |`;
}

/** The three tables, with a line on the machine, the commit and the load. */
export function processTables(
  { processes, hosts, node, rounds, smoke, loadBefore, nodeVersion }: {
    processes: ProcessRow;
    hosts: HostRun;
    node: boolean;
    rounds: number;
    smoke: boolean;
    loadBefore: string;
    nodeVersion: string;
  },
): string[] {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const today = new Date().toISOString().slice(0, 10);
  return [
    `Measured ${today}, ${commitLine()}; ${cpus().length} × ${cpu}, ${
      (totalmem() / 2 ** 30).toFixed(0)
    } GiB; Deno ${Deno.version.deno}, Node ${
      node ? nodeVersion : "(no npm build)"
    }; load average ${loadBefore} before, ${load()} after; ${rounds} round${
      rounds === 1 ? "" : "s"
    }, each process of a table taken in turn with the others of its row, after one untimed round. Times: wall ms of the whole process, median (min–max); ratios: the median of the rounds' ratios (the middle half of them).${
      smoke ? " **Smoke run: tiny sizes, 2 rounds; it judges nothing.**" : ""
    }`,
    ...hosts.notes.map((note) => `Note: ${note}.`),
    "",
    'Importing each entry of the package (each key of deno.json "exports"; Deno the sources, Node the installed npm build), over a process that imports nothing:',
    "",
    ...importTable(processes, node),
    "",
    "A host's start: import, discover, `renderCatalog` (scripts/bench_host_ours.mjs), against the naive script (readdir + readFileSync + js-yaml of the frontmatter, then a catalog string: scripts/bench_host_naive.mjs) and skills-ref's `toPrompt` (scripts/bench_host_skills_ref.mjs), the same roots given to each; with an index: import, read the index text the host kept (written by the library before the row is timed), `JSON.parse`, start from it, `renderCatalog` (scripts/bench_host_indexed.mjs); the index floor: what any start that serves the same catalog from the same index text must do, and no more (read and parse the index text, list the roots, one `stat` of each manifest it holds, its key compared; a manifest it does not hold read as the naive script reads it; the catalog string: scripts/bench_host_index_floor.mjs):",
    "",
    "| skills | runtime | naive script | ours | ours ÷ naive | skills-ref | skills-ref ÷ naive | skills-ref ÷ ours | with an index | with an index ÷ naive | index floor | index floor ÷ naive | with an index ÷ index floor |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...hosts.rows.map(hostLine),
    "",
    "`agent-skills list` over the 100-skill generated store (4 roots), against a process that only lists the roots and reads each `SKILL.md`:",
    "",
    ...listTable(processes),
  ];
}

/** The rounds of `--processes` without `--rounds=`. */
export const DEFAULT_ROUNDS = 21;

/**
 * Measures and writes the three process tables: `processes` is the smoke
 * run's process row, reused (measured here when absent, over `tree`).
 */
export function processBench(
  args: BenchArgs,
  { base, node, tree, processes }: {
    base: string;
    node: NodeProject | undefined;
    tree: BenchTree;
    processes?: ProcessRow;
  },
): string[] {
  const loadBefore = load();
  const rounds = args.smoke ? 2 : args.rounds ?? DEFAULT_ROUNDS;
  const row = processes ?? measureProcesses(tree, {
    runs: rounds,
    home: base,
    node,
    inProcess: false,
  });
  const hosts = measureHosts({
    stores: args.stores,
    sizes: args.smoke ? [20] : args.sizes,
    rounds,
    home: base,
    node,
  });
  return processTables({
    processes: row,
    hosts,
    node: node !== undefined,
    rounds,
    smoke: args.smoke,
    loadBefore,
    nodeVersion: output("node", ["--version"]),
  });
}
