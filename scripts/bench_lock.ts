// `deno task bench:lock [--sizes=10000] [--runs=11]`: cold construction of a
// generated store (BENCHMARKS.md) with and without a skill lock, in turn in
// one process; reading the lock file's text (parseSkillLock: JSON.parse and
// the checks), which a host does once before it constructs; and the lock's
// other costs: writing it (createSkillLock, which reads every file) and
// verifying it in full (verifySkillLock). Cold with verify: "eager"
// (every file hashed at construction) is timed too, in fewer runs. Run the
// bench once first, or this generates the tree.
//
// `deno task bench:lock --shape=real [--sizes=2000] [--runs=41]`: a store
// shaped like a real one instead (one root; a short frontmatter, a body of
// 1-8 KiB, 0-6 resource files, some in scripts/ and references/), generated
// here once per size. Cold without a lock, with one, and with one parsed
// from its text first (a host's start) are taken in turn, each round in the
// other order than the last; the median of each and its range are printed,
// with the ratio of the medians and the median and range of each round's
// ratio: what issue 47 measured.

import { parseArgs } from "node:util";
import { join } from "node:path";
import process from "node:process";
import { createAgentSkills } from "../mod.ts";
import {
  createSkillLock,
  formatSkillLock,
  lockPolicy,
  parseSkillLock,
  verifySkillLock,
} from "../lock.ts";
import { benchTree } from "./bench_tree.ts";
import { realStore } from "./_bench_real.ts";

const BASE = "/tmp/agent-skills-bench";
const { values } = parseArgs({
  args: Deno.args,
  options: {
    sizes: { type: "string" },
    runs: { type: "string" },
    shape: { type: "string", default: "generated" },
  },
});
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;
const time = (run: () => unknown): number => {
  gc();
  const start = performance.now();
  run();
  return performance.now() - start;
};
const range = (samples: number[]): string =>
  `${Math.min(...samples).toFixed(2)}-${Math.max(...samples).toFixed(2)}`;

if (values.shape === "real") {
  for (const size of (values.sizes ?? "2000").split(",").map(Number)) {
    const root = realStore(BASE, size);
    const options = {
      home: BASE,
      cwd: BASE,
      roots: [root],
      onWarning: () => {},
    };
    const { lock, problems } = createSkillLock(options);
    if (problems.length > 0) throw new Error(`${problems.length} problems`);
    const locked = { ...options, lock: lockPolicy(lock) };
    const text = formatSkillLock(lock);
    // A host's start with a lock: the lock file's text parsed, then used.
    const host = { ...options, lock: lockPolicy(parseSkillLock(text)) };
    const runs: Array<{ name: string; run: () => unknown }> = [
      { name: "cold", run: () => createAgentSkills(options) },
      { name: "with a lock", run: () => createAgentSkills(locked) },
      {
        name: "parseSkillLock + with a lock",
        run: () => {
          host.lock = lockPolicy(parseSkillLock(text));
          createAgentSkills(host);
        },
      },
    ];
    for (const { run } of runs) run();
    const wall = runs.map((): number[] => []);
    const cpu = runs.map((): number[] => []);
    for (let round = 0; round < Number(values.runs ?? "41"); round++) {
      // In turn, each round in the other order than the last.
      const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
      for (const i of order) {
        gc();
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        runs[i]?.run();
        wall[i]?.push(performance.now() - start);
        const used = process.cpuUsage(cpuStart);
        cpu[i]?.push((used.user + used.system) / 1000);
      }
    }
    const files = lock.skills.reduce(
      (sum, skill) => sum + skill.files.length,
      0,
    );
    console.log(
      `real-shaped ${size} skills (${files} files, lock ${
        (text.length / 1024).toFixed(0)
      } KiB), ${
        wall[0]?.length
      } rounds in turn; median (range), and the ratio of each round to its cold run:`,
    );
    for (const [kind, times] of [["wall", wall], ["cpu", cpu]] as const) {
      const base = times[0] ?? [];
      runs.forEach(({ name }, i) => {
        const own = times[i] ?? [];
        const ratios = own.map((t, round) => t / (base[round] ?? NaN));
        console.log(
          `  ${kind} ${name}: ${median(own).toFixed(2)} ms (${range(own)})${
            i === 0
              ? ""
              : `, ${median(ratios).toFixed(3)}x (${
                Math.min(...ratios).toFixed(3)
              }-${Math.max(...ratios).toFixed(3)})`
          }`,
        );
      });
    }
  }
} else {
  for (const size of (values.sizes ?? "10000").split(",").map(Number)) {
    const tree = benchTree(BASE, size);
    const dir = join(BASE, `skills-${size}-seed-42`);
    const roots = [0, 1, 2, 3].map((i) => join(dir, `root-${i}`));
    const options = { home: BASE, cwd: BASE, roots, onWarning: () => {} };
    const writing = time(() => createSkillLock(options));
    const { lock, problems } = createSkillLock(options);
    if (problems.length > 0) throw new Error(`${problems.length} problems`);
    const locked = { ...options, lock: lockPolicy(lock) };
    const served = createAgentSkills(locked).listSkills().length;
    if (served !== createAgentSkills(options).listSkills().length) {
      throw new Error("the lock serves another set of skills");
    }
    const text = formatSkillLock(lock);
    const parsing: number[] = [];
    const without: number[] = [];
    const withLock: number[] = [];
    createAgentSkills(options);
    createAgentSkills(locked);
    for (let run = 0; run < Number(values.runs ?? "11"); run++) {
      without.push(time(() => createAgentSkills(options)));
      withLock.push(time(() => createAgentSkills(locked)));
      parsing.push(time(() => parseSkillLock(text)));
    }
    const eagerly = {
      ...options,
      lock: lockPolicy(lock, { verify: "eager" }),
    };
    const eager: number[] = [];
    for (let run = 0; run < Math.min(Number(values.runs ?? "11"), 5); run++) {
      eager.push(time(() => createAgentSkills(eagerly)));
    }
    const verifying = time(() => verifySkillLock(lock, options));
    const files = lock.skills.reduce(
      (sum, skill) => sum + skill.files.length,
      0,
    );
    console.log(
      `${size} skills (${files} files, ${tree.manifestPaths.length} manifests):` +
        ` cold ${median(without).toFixed(2)} ms,` +
        ` with a lock ${median(withLock).toFixed(2)} ms` +
        ` (${(median(withLock) / median(without)).toFixed(3)}x);` +
        ` parseSkillLock of its ${(text.length / 1024).toFixed(0)} KiB` +
        ` ${median(parsing).toFixed(2)} ms (with it, ${
          ((median(withLock) + median(parsing)) / median(without)).toFixed(3)
        }x);` +
        ` eager ${median(eager).toFixed(0)} ms (${
          (median(eager) / median(without)).toFixed(2)
        }x);` +
        ` createSkillLock ${writing.toFixed(0)} ms,` +
        ` verifySkillLock ${verifying.toFixed(0)} ms`,
    );
  }
}
