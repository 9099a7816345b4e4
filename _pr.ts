import { createAgentSkills } from "./mod.ts";
import { benchTree } from "./scripts/bench_tree.ts";
const tree = benchTree("/tmp/agent-skills-bench", 10000);
const opts = { home: "/tmp/agent-skills-bench", cwd: "/tmp/agent-skills-bench", roots: tree.roots, onWarning: () => {} };
const s = createAgentSkills(opts);
for (let i = 0; i < 8; i++) s.refresh();
