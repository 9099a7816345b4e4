// The second process of tests/registry/process/index_retention_test.ts, run
// with the collector exposed: a registry started from a kept index, then
// refreshed ROUNDS times, nothing loaded. Prints, as JSON, how many skills
// each snapshot had taken from the index and whether each snapshot's
// skills-by-path map, the current one's last, is still alive after a
// collection; and whether, right after the start, the metadata of an entry
// the start did not take (EDITED, a manifest this script rewrites after the
// index is made) and of one it took are.
//
// Usage: <runtime> tests/registry/process/_index_retention.ts ROUNDS HOME EDITED ROOT...

import { appendFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import process from "node:process";
import { createAgentSkills } from "@clarvis/agent-skills";
import { instanceOf } from "../../../src/registry/_instances.ts";

declare const Deno: { args: string[] } | undefined;
const [rounds = "3", home = "", edited = "", ...roots] =
  typeof Deno === "object" ? Deno.args : process.argv.slice(2);
const options = { roots, home, cwd: home, onWarning: () => {} };
// Every manifest counts as settled: the test wrote them just before.
const now = Date.now;
Date.now = () => now() + 10_000;
let index = JSON.parse(JSON.stringify(createAgentSkills(options).index()));
Date.now = now;
// An entry whose manifest changes after the index is made is not taken.
appendFileSync(edited, "\nEdited.\n");
const metadataOf = (name: string): WeakRef<object> =>
  new WeakRef(
    index.skills.find((entry: { info: { name: string } }) =>
      entry.info.name === name
    ).info.metadata,
  );
// The edited manifest's skill is named as its directory is.
const unserved = metadataOf(basename(dirname(edited)));
const served = metadataOf("pdf");
const skills = createAgentSkills({ ...options, index });
index = undefined;
const collect = (globalThis as { gc?: () => void }).gc ??
  (() => (globalThis as { Bun?: { gc(full: boolean): void } }).Bun?.gc(true));
/** Collects from the event loop, so that no frame of this module's work is left on the stack (Bun's collector reads it conservatively). */
async function collected(): Promise<void> {
  for (let pass = 0; pass < 3; pass++) {
    await new Promise((done) => setTimeout(done, 0));
    collect();
  }
}
// Before any refresh: the start holds what it serves, not the index.
await collected();
const held = {
  unserved: unserved.deref() !== undefined,
  served: served.deref() !== undefined,
};
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
await collected();
console.log(JSON.stringify({
  taken,
  alive: maps.map((map) => map.deref() !== undefined),
  ...held,
}));
