// A host's start with this library, as a whole process for the bench's
// host-start table (scripts/bench_hosts.ts): import, discover the roots
// given as arguments, render the catalog. Prints the number of skills and
// the catalog's length (what the bench checks: every contender rendered as
// many skills). Run as it is by Deno (the sources, through deno.json) and by
// Node (the npm build, from a scratch project).
//
//   bench_host_ours.mjs HOME ROOT...

import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";

const [home, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const skills = createAgentSkills({
  roots,
  home,
  cwd: home,
  onWarning: () => {},
});
const listed = skills.listSkills();
const { text } = renderCatalog(listed);
console.log(`${listed.length} ${text.length}`);
