import { createAgentSkills } from "./mod.ts";
import { benchTree } from "./scripts/bench_tree.ts";
const tree = benchTree("/tmp/agent-skills-bench", 10000);
const opts = { home: "/tmp/agent-skills-bench", cwd: "/tmp/agent-skills-bench", roots: tree.roots, onWarning: () => {} };
const s = createAgentSkills(opts);
console.log("reads at construction", (globalThis as any).__reads);
(globalThis as any).__reads = 0; (globalThis as any).__log = true;
s.refresh();
console.log("reads at refresh", (globalThis as any).__reads);
