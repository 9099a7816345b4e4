// `deno run -A --v8-flags=--expose-gc scripts/bench_lock_ab.ts A/mod.ts
// B/mod.ts [rounds] [size]`: what a skill lock costs a cold start, for two
// copies of the library (a worktree of main and one with a change; the lock's
// functions from the main entry, or from lock.ts beside it, made into the
// `lock` option by lockPolicy() where the copy has it), on the
// real-shaped store of scripts/_bench_real.ts (2,000 skills by default).
// Each copy runs in processes of its own, A and B in turn (A, B, B, A, ...):
// a "lock" process times a host's first start with a lock (parseSkillLock of
// the lock file's text, then createAgentSkills with it: first calls, cold
// JIT), then the CPU time of parseSkillLock, of construction without a lock
// and with one, warm, median of 7 in turn; a "plain" process times the first
// construction without a lock. Printed: the median and range of each, per
// copy, and the ratios (with a lock to without) per copy. Issue 47.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { realStore } from "./_bench_real.ts";

const BASE = "/tmp/agent-skills-bench";
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

interface Library {
  createAgentSkills(options: object): unknown;
  createSkillLock(options: object): { lock: unknown };
  formatSkillLock(lock: unknown): string;
  parseSkillLock(text: string): unknown;
  /** The `lock` option of a lock: lockPolicy(), or the lock itself. */
  lockOption(lock: unknown): unknown;
}

/** A copy's functions: the lock's from its main entry, or from ./lock.ts. */
async function library(mod: string): Promise<Library> {
  const main = await import(mod);
  if (typeof main.parseSkillLock === "function") {
    return { ...main, lockOption: (lock: unknown) => lock };
  }
  const lock = await import(new URL("lock.ts", mod).href);
  return {
    ...lock,
    createAgentSkills: main.createAgentSkills,
    lockOption: (given: unknown) => lock.lockPolicy(given),
  };
}

/** The CPU time of `run`, in ms (this process's threads, GC included). */
function cpu(run: () => unknown): number {
  gc();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** One process of one copy: its measures, as JSON on stdout. */
async function one(mod: string, kind: string, size: number): Promise<void> {
  const lib = await library(mod);
  const root = realStore(BASE, size);
  const options = { home: BASE, cwd: BASE, roots: [root], onWarning: () => {} };
  if (kind === "plain") {
    const start = performance.now();
    lib.createAgentSkills(options);
    console.log(JSON.stringify({ firstPlain: performance.now() - start }));
    return;
  }
  const text = readFileSync(join(root, "..", "lock.json"), "utf8");
  const start = performance.now();
  const lock = lib.lockOption(lib.parseSkillLock(text));
  const parsed = performance.now();
  lib.createAgentSkills({ ...options, lock });
  const constructed = performance.now();
  const runs: Record<string, () => unknown> = {
    parse: () => lib.lockOption(lib.parseSkillLock(text)),
    plain: () => lib.createAgentSkills(options),
    locked: () => lib.createAgentSkills({ ...options, lock }),
  };
  const samples: Record<string, number[]> = {
    parse: [],
    plain: [],
    locked: [],
  };
  for (let round = 0; round < 7; round++) {
    const names = Object.keys(runs);
    for (const name of round % 2 === 0 ? names : names.reverse()) {
      samples[name]?.push(cpu(runs[name] ?? (() => {})));
    }
  }
  console.log(JSON.stringify({
    firstParse: parsed - start,
    firstLocked: constructed - parsed,
    ...Object.fromEntries(
      Object.entries(samples).map(([name, times]) => [name, median(times)]),
    ),
  }));
}

if (Deno.args[0] === "--one") {
  await one(Deno.args[1] ?? "", Deno.args[2] ?? "", Number(Deno.args[3]));
} else {
  const [a, b, rounds = "10", size = "2000"] = Deno.args;
  if (a === undefined || b === undefined) {
    throw new Error(
      "usage: bench_lock_ab.ts A/mod.ts B/mod.ts [rounds] [size]",
    );
  }
  const root = realStore(BASE, Number(size));
  const lib = await library(new URL(b, `file://${Deno.cwd()}/`).href);
  const options = { home: BASE, cwd: BASE, roots: [root], onWarning: () => {} };
  writeFileSync(
    join(root, "..", "lock.json"),
    lib.formatSkillLock(lib.createSkillLock(options).lock),
  );
  const results: Record<string, Record<string, number>[]> = { A: [], B: [] };
  for (let round = 0; round < Number(rounds); round++) {
    const order = round % 2 === 0 ? ["A", "B"] : ["B", "A"];
    for (const copy of order) {
      const mod = new URL(copy === "A" ? a : b, `file://${Deno.cwd()}/`).href;
      const measures: Record<string, number> = {};
      for (const kind of ["plain", "lock"]) {
        const { stdout } = new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "-A",
            "--v8-flags=--expose-gc",
            new URL(import.meta.url).pathname,
            "--one",
            mod,
            kind,
            size,
          ],
          stderr: "inherit",
        }).outputSync();
        Object.assign(measures, JSON.parse(new TextDecoder().decode(stdout)));
      }
      results[copy]?.push(measures);
    }
  }
  const shown = (times: number[]): string =>
    `${median(times).toFixed(2)} (${Math.min(...times).toFixed(2)}-${
      Math.max(...times).toFixed(2)
    })`;
  for (const [copy, rows] of Object.entries(results)) {
    const of = (key: string): number[] => rows.map((row) => row[key] ?? NaN);
    const ratio = (top: (row: Record<string, number>) => number, key: string) =>
      shown(rows.map((row) => top(row) / (row[key] ?? NaN)));
    console.log(`${copy} (${copy === "A" ? a : b}), ${rows.length} rounds:`);
    for (
      const key of [
        "firstPlain",
        "firstParse",
        "firstLocked",
        "parse",
        "plain",
        "locked",
      ]
    ) {
      console.log(`  ${key}: ${shown(of(key))} ms`);
    }
    console.log(
      `  first start, parse + locked / plain: ${
        ratio((row) =>
          (row.firstParse ?? NaN) + (row.firstLocked ?? NaN), "firstPlain")
      }x; warm cpu, locked / plain: ${
        ratio((row) => row.locked ?? NaN, "plain")
      }x, parse + locked / plain: ${
        ratio((row) => (row.parse ?? NaN) + (row.locked ?? NaN), "plain")
      }x`,
    );
  }
}
