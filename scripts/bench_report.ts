// The report of `deno task bench` (scripts/bench.ts): its markdown tables
// and the SVG chart of discovery against size.

import { cpus, totalmem } from "node:os";
import type { BenchTree } from "./bench_tree.ts";
import type { ProcessRow } from "./bench_processes.ts";
import { importTable, listTable } from "./bench_process_report.ts";
import { cell, ratio, type Sample, slope } from "./bench_stats.ts";

/** One size of the generated (or store-shaped) tree: what was measured. */
export interface Row {
  size: number;
  tree: BenchTree;
  cases: Record<string, Sample>;
  floors: Record<string, Sample>;
  heapBytes: number;
  manifestBytes: number;
}

/** Cold discovery of the same skills, flat and three levels down in category folders. */
export interface CategoryRow {
  size: number;
  flat: Sample;
  deep: Sample;
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

function exponent(rows: Row[], pick: (row: Row) => Sample | undefined): string {
  return slope(rows.map((row) => [row.size, pick(row)?.median ?? NaN]));
}

/** The chart of cold discovery, its floor and the peers against size. */
export function svg(rows: Row[]): string {
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
    "A whole short-lived process over the 100-skill store (ms, wall time, runtime startup included; the two taken in turn):",
    "",
    ...listTable(row),
    "",
    "Wall time of a process that imports an entry of the package, over one that imports nothing (ms; taken in turn; ratios: the rounds' ratios):",
    "",
    ...importTable(row, row.node !== undefined),
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

/** The machine, the runtime and how many runs each median is of. */
export function machineLine(smoke: boolean): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  return `Machine: ${cpus().length} × ${cpu}, ${
    (totalmem() / 2 ** 30).toFixed(0)
  } GiB; Deno ${Deno.version.deno} (V8 ${Deno.version.v8}); page cache warm; times in ms, median (min–max) of ${
    smoke ? 3 : "7 (10,000) or 15"
  } runs.`;
}

/**
 * The whole report: the targets table (`targets`, already written) first,
 * then the tables of each size.
 */
export function report(
  rows: Row[],
  storeRows: Row[],
  { categories, processes, targets, smoke }: {
    categories: CategoryRow[];
    processes?: ProcessRow;
    targets: string[];
    smoke: boolean;
  },
): string {
  const lines = [
    machineLine(smoke),
    "",
    ...targets,
    "",
    "| skills | cold createAgentSkills | floor | ratio | refresh unchanged | ÷ cold | refresh, 1% edited | skills-ref | ÷ ours | @skill-tools/core | ÷ ours |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${discoveryCells(r)} | ${cell(r.cases.refreshEdited)} | ${
        cell(r.floors.skillsRef)
      } | ${ratio(r.floors.skillsRef, r.cases.besidePeer ?? r.cases.cold)} | ${
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
