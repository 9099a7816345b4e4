// A host's start from its kept index, as a whole process for the "with an
// index" column of the bench's host-start table (scripts/bench_hosts.ts):
// import, read the index text the host stored (scripts/bench_index_write.mjs
// wrote it before the timing, in the same runtime), parse it, start from it
// over the roots given, render the catalog. Prints the number of skills and
// the catalog's length, as bench_host_ours.mjs does; an index the library
// refuses stops it (the column would time a start without one). Run as it
// is by Deno (the sources, through deno.json) and by Node (the npm build).
//
//   bench_host_indexed.mjs INDEX HOME ROOT...

import { readFileSync } from "node:fs";
import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";

const [file, home, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const skills = createAgentSkills({
  roots,
  home,
  cwd: home,
  index: JSON.parse(readFileSync(file, "utf8")),
  onWarning: (warning) => {
    if (warning.code === "index_refused") throw new Error(warning.message);
  },
});
const listed = skills.listSkills();
const { text } = renderCatalog(listed);
console.log(`${listed.length} ${text.length}`);
