// The reference validator's host start, for the bench's host-start table
// (scripts/bench_hosts.ts): list each root, keep each directory holding a
// `SKILL.md` (the first root holding a name wins), and render the prompt
// with skills-ref's `toPrompt` (which reads and parses each manifest). The
// same file runs in Deno and in Node. Prints the number of skills and the
// prompt's length.
//
//   bench_host_skills_ref.mjs HOME ROOT...   (HOME is not read)

import { existsSync, readdirSync } from "node:fs";
import { toPrompt } from "skills-ref";

const [, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const seen = new Set();
const dirs = [];
for (const root of roots) {
  for (const name of readdirSync(root)) {
    if (seen.has(name) || !existsSync(`${root}/${name}/SKILL.md`)) continue;
    seen.add(name);
    dirs.push(`${root}/${name}`);
  }
}
const text = await toPrompt(dirs);
console.log(`${dirs.length} ${text.length}`);
