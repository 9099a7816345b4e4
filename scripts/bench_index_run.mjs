// One process's construction with and without a kept index (issue 49,
// item 2), for `deno task bench --index` (scripts/bench_index.ts): the index
// text a host stored (scripts/bench_index_write.mjs wrote it, in this
// runtime) is read once; then, each run from a collected heap,
// `createAgentSkills(options)` and `createAgentSkills({ ...options, index:
// JSON.parse(text) })` are timed in turn (the parse is part of the second),
// after one untimed run of each. The two must list and render the same, and
// the index must not be refused. Prints one JSON line: the skills served,
// the index's size, each side's times (ms). Run as it is by Deno (the
// sources, through deno.json, `--v8-flags=--expose-gc`) and by Node (the
// npm build, `--expose-gc`).
//
//   bench_index_run.mjs INDEX ROUNDS HOME ROOT...

import { readFileSync } from "node:fs";
import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";

const [file, rounds, home, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const gc = globalThis.gc ?? (() => {
  throw new Error("bench_index_run.mjs: run with the collector exposed");
});
const options = {
  roots,
  home,
  cwd: home,
  onWarning: (warning) => {
    if (warning.code === "index_refused") throw new Error(warning.message);
  },
};
const text = readFileSync(file, "utf8");
const plain = () => createAgentSkills(options);
const indexed = () =>
  createAgentSkills({ ...options, index: JSON.parse(text) });
const shown = (skills) => {
  const listed = skills.listSkills();
  return JSON.stringify([listed, renderCatalog(listed).text]);
};
const served = shown(plain());
if (shown(indexed()) !== served) {
  throw new Error(`bench_index_run.mjs: a start from ${file} serves otherwise`);
}

const times = [[], []];
for (let round = -1; round < Number(rounds); round++) {
  [plain, indexed].forEach((run, i) => {
    gc();
    const start = performance.now();
    run();
    const ms = performance.now() - start;
    if (round >= 0) times[i].push(ms);
  });
}
console.log(JSON.stringify({
  skills: JSON.parse(served)[0].length,
  indexBytes: new TextEncoder().encode(text).length,
  plain: times[0],
  indexed: times[1],
}));
