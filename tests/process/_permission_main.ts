// The second process of tests/process/permission_test.ts: runs under a read grant
// that covers ROOT (a symlink to a store) but not the store itself, and
// prints what the library made of it as one JSON line.
//
// Usage: <runtime> tests/process/_permission_main.ts ROOT HOME UNGRANTED
//
// UNGRANTED is an existing directory outside the grant, given as the
// workspace: it must not stop the granted root from loading. It holds
// .agents/skills/x/SKILL.md: as the home of `agent-skills check`, its preset
// root exists but cannot be looked at, which check must say, never that no
// preset root exists.

import process from "node:process";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { main } from "@clarvis/agent-skills/cli";

const [root = "", home = "", ungranted = ""] = process.argv.slice(2);
const warnings: string[] = [];
const onWarning = (warning: { code: string }) => warnings.push(warning.code);
const skills = createAgentSkills({ home, cwd: home, roots: [root], onWarning });
const names = skills.listSkills().map((skill) => skill.name);
const resources = skills.loadSkill("x")?.resources;
/** What resourcePath() says of `rel`: "ok", or the code it threw. */
function codeOf(rel: string): string {
  try {
    skills.resourcePath("x", rel);
    return "ok";
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    return error.code;
  }
}
const resourcePath = codeOf("scripts/run.sh");
// A file that does not exist, under the same ungranted directory: the same
// answer, so that the answer does not tell whether an ungranted file exists.
const missing = codeOf("scripts/missing.sh");
// An explicit workspace outside the grant: the root (absolute) still loads.
let workspace: string[] | string;
try {
  workspace = createAgentSkills({
    home,
    cwd: home,
    workspace: ungranted,
    roots: [root],
    onWarning: () => {},
  }).listSkills().map((skill) => skill.name);
} catch (error) {
  workspace = error instanceof Error && "code" in error
    ? String(error.code)
    : String(error);
}
// check with no DIR, under a home that exists but is not granted.
let out = "";
await main(["check", "--home", ungranted, "--json"], {
  stdout: (text) => (out += text),
  stderr: (text) => (out += text),
  color: false,
  columns: 80,
  cwd: home,
});
const report = JSON.parse(out) as {
  diagnostics?: Array<{ code: string }>;
  error?: { code: string };
};
const check = report.error?.code ??
  [...new Set(report.diagnostics?.map((d) => d.code))].join(",");
// The preset under a home nobody granted: one line, not one per root or run.
const preset: string[] = [];
const presetSkills = createAgentSkills({
  home,
  cwd: home,
  onWarning: (warning) => preset.push(warning.code),
});
presetSkills.refresh();
// explain() says what became of a root outside the grant.
const ungrantedRoot = createAgentSkills({
  home,
  cwd: home,
  roots: [ungranted],
  onWarning: () => {},
}).explain("x").roots.map((explained) => explained.state);
console.log(
  JSON.stringify({
    names,
    resources,
    warnings,
    resourcePath,
    missing,
    workspace,
    check,
    preset,
    ungrantedRoot,
  }),
);
