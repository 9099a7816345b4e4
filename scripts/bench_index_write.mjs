// Writes a host's kept index before the bench times anything
// (scripts/bench_hosts.ts, the "with an index" column): a registry over the
// roots given, its `index()` as JSON text in the file INDEX, as a host keeps
// it. A manifest written within the library's racy window is not indexed
// yet, so when the index holds fewer skills than were read it waits 2.1 s
// and takes the index again; what is still left out then is what the
// library never indexes (a skill whose entry it would refuse, as one of
// anthropics/skills with a character that acts on a terminal), read at
// each start. Run in the runtime that will read the index (its file times
// are that runtime's): Deno with the sources, Node with the npm build.
// Prints the skills served and the index's entries.
//
//   bench_index_write.mjs INDEX HOME ROOT...

import { writeFileSync } from "node:fs";
import { createAgentSkills } from "@clarvis/agent-skills";

const [file, home, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const options = { roots, home, cwd: home, onWarning: () => {} };
for (let attempt = 0;; attempt++) {
  const skills = createAgentSkills(options);
  const index = skills.index();
  const served = skills.listSkills().length;
  const read = served + skills.listOverridden().length;
  if (index.skills.length === read || attempt === 1) {
    writeFileSync(file, JSON.stringify(index));
    console.log(`${served} ${index.skills.length}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 2100));
}
