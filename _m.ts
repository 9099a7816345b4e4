import { closeSync, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { createAgentSkills } from "./mod.ts";
import { benchTree } from "./scripts/bench_tree.ts";
const size = Number(Deno.args[0] ?? 10000);
const tree = benchTree("/tmp/agent-skills-bench", size);
function floor() {
  for (const root of tree.roots) for (const name of readdirSync(root)) {
    let fd; try { fd = openSync(join(root, name, "SKILL.md"), "r"); } catch { continue; }
    const s = fstatSync(fd).size; const b = new Uint8Array(s); readSync(fd, b, 0, s, 0); closeSync(fd);
    const t = new TextDecoder().decode(b); load(t.slice(4, t.indexOf("\n---", 3)));
  }
}
const opts = { home: "/tmp/agent-skills-bench", cwd: "/tmp/agent-skills-bench", roots: tree.roots, onWarning: () => {} };
floor(); createAgentSkills(opts);
const fls: number[] = [], colds: number[] = [], ratios: number[] = [];
for (let i = 0; i < 11; i++) {
  let t = performance.now(); floor(); const f = performance.now() - t;
  t = performance.now(); createAgentSkills(opts); const c = performance.now() - t;
  fls.push(f); colds.push(c); ratios.push(c / f);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const sk = createAgentSkills(opts);
const refs: number[] = []; for (let i = 0; i < 7; i++) { const t = performance.now(); sk.refresh(); refs.push(performance.now() - t); }
console.log(`floor ${med(fls).toFixed(1)} cold ${med(colds).toFixed(1)} ratio ${med(ratios).toFixed(2)}x refresh ${med(refs).toFixed(1)} (${(med(refs) / med(colds)).toFixed(2)}x)`);
