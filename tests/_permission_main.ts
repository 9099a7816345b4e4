// The second process of tests/permission_test.ts: runs under a read grant
// that covers ROOT (a symlink to a store) but not the store itself, and
// prints what the library made of it as one JSON line.
//
// Usage: <runtime> tests/_permission_main.ts ROOT HOME

import process from "node:process";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";

const [root = "", home = ""] = process.argv.slice(2);
const warnings: string[] = [];
const onWarning = (warning: { code: string }) => warnings.push(warning.code);
const skills = createAgentSkills({ home, cwd: home, roots: [root], onWarning });
const names = skills.listSkills().map((skill) => skill.name);
const resources = skills.loadSkill("x")?.resources;
let resourcePath = "ok";
try {
  skills.resourcePath("x", "scripts/run.sh");
} catch (error) {
  if (!(error instanceof SkillError)) throw error;
  resourcePath = error.code;
}
// The preset under a home nobody granted: one line, not one per root or run.
const preset: string[] = [];
const presetSkills = createAgentSkills({
  home,
  cwd: home,
  onWarning: (warning) => preset.push(warning.code),
});
presetSkills.refresh();
console.log(
  JSON.stringify({ names, resources, warnings, resourcePath, preset }),
);
