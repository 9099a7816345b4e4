import { closeSync, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { createAgentSkills } from "./mod.ts";
import { benchTree } from "./scripts/bench_tree.ts";
const size = Number(Deno.args[0] ?? 10000);
const tree = benchTree("/tmp/agent-skills-bench", size);
function floor() {
  for (const root of tree.roots) {
    for (const name of readdirSync(root)) {
      let fd;
      try {
        fd = openSync(join(root, name, "SKILL.md"), "r");
      } catch {
        continue;
      }
      const s = fstatSync(fd).size;
      const b = new Uint8Array(s);
      readSync(fd, b, 0, s, 0);
      closeSync(fd);
      const t = new TextDecoder().decode(b);
      load(t.slice(4, t.indexOf("\n---", 3)));
    }
  }
}
const opts = {
  home: "/tmp/agent-skills-bench",
  cwd: "/tmp/agent-skills-bench",
  roots: tree.roots,
  onWarning: () => {},
};
const time = (f: () => void, n = 7) => {
  const ts = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    f();
    ts.push(performance.now() - s);
  }
  ts.sort((a, b) => a - b);
  return ts[Math.floor(n / 2)]!;
};
floor();
createAgentSkills(opts);
const fl = time(floor);
const cold = time(() => createAgentSkills(opts));
const sk = createAgentSkills(opts);
const ref = time(() => sk.refresh());
console.log(
  `floor ${fl.toFixed(1)} cold ${cold.toFixed(1)} (${
    (cold / fl).toFixed(2)
  }x) refresh ${ref.toFixed(1)} (${(ref / cold).toFixed(2)}x)`,
);
