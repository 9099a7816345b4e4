// The second process of tests/discovery/process/bounded_test.ts: scans ROOT as a user would
// (default mode, strict mode, and checkSkills), then prints one line with
// what it found; with --resources, it also lists every skill's resources
// (with no entry cap) and says how many it found; with --bounded, ROOT is
// read three levels deep and lists one folder at most (maxDirectories: 1).
// The test kills it if it takes too long.
//
// Usage: <runtime> tests/discovery/process/_scan_main.ts ROOT [--resources] [--bounded]

import process from "node:process";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";

const [root = "", ...flags] = process.argv.slice(2);
const roots = flags.includes("--bounded")
  ? [{ path: root, depth: 3, maxDirectories: 1 }]
  : [root];
const options = { home: root, cwd: root, roots };
let warnings = 0;
const loaded = createAgentSkills({ ...options, onWarning: () => warnings++ })
  .listSkills().length;
let strict = "ok";
try {
  // What it warns about the count above gave already.
  createAgentSkills({ ...options, strict: true, onWarning: () => {} });
} catch (error) {
  if (!(error instanceof SkillError)) throw error;
  strict = error.code;
}
const report = checkSkills({ paths: roots, home: root });
let resources = "";
if (flags.includes("--resources")) {
  let resourceWarnings = 0;
  const skills = createAgentSkills({
    ...options,
    maxResourceEntries: 1_000_000,
    onWarning: () => resourceWarnings++,
  });
  const count = skills.listSkills().reduce(
    (sum, skill) => sum + (skills.loadSkill(skill.name)?.resources.length ?? 0),
    0,
  );
  resources = `, ${count} resources with ${resourceWarnings} warnings`;
}
console.log(
  `scanned: ${loaded} loaded, ${warnings} warnings, strict ${strict}, check ${report.diagnostics.length} diagnostics${resources}`,
);
