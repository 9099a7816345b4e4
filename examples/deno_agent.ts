// A minimal piece of a Deno agent loop: build the registry with the Clarvis
// preset, render the catalog into a system-prompt section, and serve a
// (simulated) model's requests for a skill body and a resource.
//
//   deno run --allow-read --allow-sys=homedir examples/deno_agent.ts
//   deno run --allow-read examples/deno_agent.ts HOME WORKSPACE   # as CI runs it
//
// In your own project, import from "jsr:@clarvis/agent-skills".

import { readFileSync } from "node:fs";
import {
  clarvisSkillRoots,
  createAgentSkills,
  SkillError,
  type SkillInfo,
} from "@clarvis/agent-skills";

const [home, workspace] = Deno.args;
const skills = createAgentSkills({
  roots: clarvisSkillRoots(),
  ...(home === undefined ? {} : { home }),
  ...(workspace === undefined ? {} : { workspace }),
});

function skillsSection(catalog: readonly SkillInfo[]): string {
  const invocable = catalog.filter((skill) => !skill.disableModelInvocation);
  return [
    "## Skills",
    "Call load_skill(name) before using a skill, and read_resource(name, path) for its files.",
    ...invocable.map((skill) => `- ${skill.name}: ${skill.description}`),
  ].join("\n");
}

type ToolCall = { tool: "load_skill"; name: string } | {
  tool: "read_resource";
  name: string;
  path: string;
};

function handle(call: ToolCall): string {
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

// What a model might ask for, in order: the last one tries to escape.
const calls: ToolCall[] = [
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
