// The same agent-loop piece as deno_agent.ts, in plain Node ESM on the npm
// package. From a clone of the repository, build and install the package
// (node_modules/ is git-ignored), then run it:
//
//   npx --yes deno@2 task build:npm
//   npm install --no-save ./build/clarvis-agent-skills-0.1.0.tgz
//   node examples/node_agent.mjs [HOME WORKSPACE]
//
// In your own project, install that tarball (or, once published,
// `npm install @clarvis/agent-skills`).

import process from "node:process";
import {
  activationTool,
  clarvisSkillRoots,
  createAgentSkills,
  renderActivation,
  renderCatalog,
  SkillError,
} from "@clarvis/agent-skills";

const [home, workspace] = process.argv.slice(2);
const skills = createAgentSkills({
  roots: clarvisSkillRoots(),
  ...(home === undefined ? {} : { home }),
  ...(workspace === undefined ? {} : { workspace }),
});

// The system prompt's skills section, and the tool that activates a skill
// (undefined when no skill may be activated by the model).
const catalog = skills.listSkills();
const { text: section } = renderCatalog(catalog, {
  format: "markdown",
  instructions: "tool",
});
const tool = activationTool(catalog);

function handle(call) {
  if (call.tool === "activate_skill") {
    const skill = skills.loadSkill(call.name);
    if (skill === undefined) return `error: no skill named ${call.name}`;
    return renderActivation(skill).text;
  }
  try {
    return new TextDecoder().decode(skills.readResource(call.name, call.path))
      .trimEnd();
  } catch (error) {
    if (error instanceof SkillError) return `error: ${error.code}`;
    throw error;
  }
}

// This loop prints to a terminal what a model would get: the control and
// format characters a skill may hold (ANSI escapes, bidi overrides) are
// shown as \u{...} escapes there. The model gets the text as it is.
function shown(text) {
  return text.replace(
    /[\p{Cc}\p{Cf}]/gu,
    (c) =>
      c === "\n" || c === "\t"
        ? c
        : `\\u{${
          c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")
        }}`,
  );
}

// What a model might ask for, in order: the last read tries to escape.
const calls = [
  { tool: "activate_skill", name: "pdf" },
  { tool: "read_resource", name: "pdf", path: "references/forms.md" },
  { tool: "read_resource", name: "pdf", path: "../code-review/SKILL.md" },
  { tool: "activate_skill", name: "no-such-skill" },
];

console.log(shown(section));
console.log(shown(`\nTool: ${JSON.stringify(tool)}`));
for (const call of calls) {
  console.log(
    shown(
      `\n> ${call.tool}(${
        call.tool === "activate_skill"
          ? call.name
          : `${call.name}, ${call.path}`
      })`,
    ),
  );
  console.log(shown(handle(call)));
}
