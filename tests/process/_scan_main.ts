// The second process of tests/process/bounded_test.ts: scans ROOT as a user would
// (default mode, strict mode, and checkSkills), then prints one line with
// what it found; with --resources, it also lists every skill's resources
// (with no entry cap) and says how many it found. The test kills it if it
// takes too long.
//
// Usage: <runtime> tests/process/_scan_main.ts ROOT [--resources]

import process from "node:process";
import {
  checkSkills,
  createAgentSkills,
  SkillError,
} from "@clarvis/agent-skills";

const [root = "", flag] = process.argv.slice(2);
const options = { home: root, cwd: root, roots: [root] };
let warnings = 0;
const loaded = createAgentSkills({ ...options, onWarning: () => warnings++ })
  .listSkills().length;
let strict = "ok";
try {
  createAgentSkills({ ...options, strict: true });
} catch (error) {
  if (!(error instanceof SkillError)) throw error;
  strict = error.code;
}
const report = checkSkills({ paths: [root], home: root });
let resources = "";
if (flag === "--resources") {
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
