// The second process of tests/watch/process/watch_test.ts.
//
// Usage: <runtime> tests/watch/process/_watch_main.ts MODE ROOT
//
// - `open`: opens a watch over ROOT and returns without closing it; the
//   process must end by itself (an open watch keeps nothing alive).
// - `edit`: opens a watch, refreshes, adds ROOT/added/SKILL.md, waits for
//   onChange (up to 30 s), refreshes, and prints what the two refreshes said
//   as one JSON line. Run with a read grant of ROOT alone (not its parent).

import process from "node:process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills } from "@clarvis/agent-skills";
import { watchSkills } from "@clarvis/agent-skills/watch";

const [mode = "", root = ""] = process.argv.slice(2);
const skills = createAgentSkills({
  home: root,
  cwd: root,
  roots: [root],
  onWarning: () => {},
});
let changes = 0;
const watch = watchSkills(skills, { onChange: () => changes++, debounce: 20 });
if (mode === "edit") {
  const first = skills.refresh();
  mkdirSync(join(root, "added"));
  writeFileSync(
    join(root, "added", "SKILL.md"),
    "---\nname: added\ndescription: Added while watched.\n---\nBody\n",
  );
  for (let waited = 0; changes === 0 && waited < 30_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const second = skills.refresh();
  watch.close();
  console.log(JSON.stringify({
    changes,
    first: first.fallback?.map((fallback) => fallback.code),
    added: second.added,
    second: second.fallback?.map((fallback) => fallback.code),
  }));
} else {
  console.log(JSON.stringify({ open: !watch.closed }));
}
