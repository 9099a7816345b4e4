// The second process of tests/registry/process/index_retention_test.ts, run
// with the collector exposed: a registry started from a kept index, then
// refreshed ROUNDS times, nothing loaded. Prints, as JSON, how many skills
// each snapshot had taken from the index and whether each snapshot's
// skills-by-path map, the current one's last, is still alive after a
// collection.
//
// Usage: <runtime> tests/registry/process/_index_retention.ts ROUNDS HOME ROOT...

import process from "node:process";
import { createAgentSkills } from "@clarvis/agent-skills";
import { instanceOf } from "../../../src/registry/_instances.ts";

declare const Deno: { args: string[] } | undefined;
const [rounds = "3", home = "", ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const options = { roots, home, cwd: home, onWarning: () => {} };
// Every manifest counts as settled: the test wrote them just before.
const now = Date.now;
Date.now = () => now() + 10_000;
const index = JSON.parse(JSON.stringify(createAgentSkills(options).index()));
Date.now = now;
const skills = createAgentSkills({ ...options, index });
const taken: number[] = [];
const maps: WeakRef<object>[] = [];
/** Notes the current snapshot (in a frame of its own, gone when it returns). */
function note(): void {
  const { byPath } = instanceOf(skills, "test").snapshot();
  taken.push([...byPath.values()].filter((skill) => skill.indexed).length);
  maps.push(new WeakRef(byPath));
}
for (let round = 0; round < Number(rounds); round++) {
  note();
  skills.refresh();
}
note();
const collect = (globalThis as { gc?: () => void }).gc ??
  (() => (globalThis as { Bun?: { gc(full: boolean): void } }).Bun?.gc(true));
// Each collection from the event loop, so that no frame of this module's
// work is left on the stack (Bun's collector reads the stack conservatively).
for (let pass = 0; pass < 3; pass++) {
  await new Promise((done) => setTimeout(done, 0));
  collect();
}
console.log(JSON.stringify({
  taken,
  alive: maps.map((map) => map.deref() !== undefined),
}));
