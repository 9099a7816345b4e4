// The same agent-loop piece as deno_agent.ts, in plain Node ESM on the npm
// package:
//
//   npm install @clarvis/agent-skills
//   node examples/node_agent.mjs [HOME WORKSPACE]

import { readFileSync } from "node:fs";
import process from "node:process";
import {
  clarvisSkillRoots,
  createAgentSkills,
  SkillError,
} from "@clarvis/agent-skills";

const [home, workspace] = process.argv.slice(2);
const skills = createAgentSkills({
  roots: clarvisSkillRoots(),
  ...(home === undefined ? {} : { home }),
  ...(workspace === undefined ? {} : { workspace }),
});

function skillsSection(catalog) {
  const invocable = catalog.filter((skill) => !skill.disableModelInvocation);
  return [
    "## Skills",
    "Call load_skill(name) before using a skill, and read_resource(name, path) for its files.",
    ...invocable.map((skill) => `- ${skill.name}: ${skill.description}`),
  ].join("\n");
}

function handle(call) {
  if (call.tool === "load_skill") {
    const skill = skills.loadSkill(call.name);
    if (skill === undefined) return `error: no skill named ${call.name}`;
    return `${skill.body}\n\n(resources: ${
      skill.resources.join(", ") || "none"
    })`;
  }
  try {
    return readFileSync(skills.resourcePath(call.name, call.path), "utf8")
      .trimEnd();
  } catch (error) {
    if (error instanceof SkillError) return `error: ${error.code}`;
    throw error;
  }
}

const calls = [
  { tool: "load_skill", name: "pdf" },
  { tool: "read_resource", name: "pdf", path: "references/forms.md" },
  { tool: "read_resource", name: "pdf", path: "../code-review/SKILL.md" },
  { tool: "load_skill", name: "no-such-skill" },
];

console.log(skillsSection(skills.listSkills()));
for (const call of calls) {
  console.log(
    `\n> ${call.tool}(${
      call.tool === "load_skill" ? call.name : `${call.name}, ${call.path}`
    })`,
  );
  console.log(handle(call));
}
