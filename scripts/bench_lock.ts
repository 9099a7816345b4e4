// `deno task bench:lock [--sizes=10000] [--runs=11]`: cold construction of a
// generated store (BENCHMARKS.md) with and without a skill lock, in turn in
// one process; reading the lock file's text (parseSkillLock: JSON.parse and
// the checks), which a host does once before it constructs; and the lock's
// other costs: writing it (createSkillLock, which reads every file) and
// verifying it in full (verifySkillLock). Cold with lockVerify: "eager"
// (every file hashed at construction) is timed too, in fewer runs. Run the
// bench once first, or this generates the tree.

import { parseArgs } from "node:util";
import { join } from "node:path";
import {
  createAgentSkills,
  createSkillLock,
  formatSkillLock,
  parseSkillLock,
  verifySkillLock,
} from "../mod.ts";
import { benchTree } from "./bench_tree.ts";

const BASE = "/tmp/agent-skills-bench";
const { values } = parseArgs({
  args: Deno.args,
  options: {
    sizes: { type: "string", default: "10000" },
    runs: { type: "string", default: "11" },
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

for (const size of (values.sizes ?? "").split(",").map(Number)) {
  const tree = benchTree(BASE, size);
  const dir = join(BASE, `skills-${size}-seed-42`);
  const roots = [0, 1, 2, 3].map((i) => join(dir, `root-${i}`));
  const options = { home: BASE, cwd: BASE, roots, onWarning: () => {} };
  const writing = time(() => createSkillLock(options));
  const { lock, problems } = createSkillLock(options);
  if (problems.length > 0) throw new Error(`${problems.length} problems`);
  const locked = { ...options, lock };
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
  for (let run = 0; run < Number(values.runs); run++) {
    without.push(time(() => createAgentSkills(options)));
    withLock.push(time(() => createAgentSkills(locked)));
    parsing.push(time(() => parseSkillLock(text)));
  }
  const eagerly = { ...locked, lockVerify: "eager" as const };
  const eager: number[] = [];
  for (let run = 0; run < Math.min(Number(values.runs), 5); run++) {
    eager.push(time(() => createAgentSkills(eagerly)));
  }
  const verifying = time(() => verifySkillLock(lock, options));
  const files = lock.skills.reduce((sum, skill) => sum + skill.files.length, 0);
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
