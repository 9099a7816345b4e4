// A minimal piece of a Deno agent loop: build the registry with the Clarvis
// preset, put the catalog and the activation tool in front of the model, and
// serve a (simulated) model's calls: activate a skill, read one of its files.
//
// From a clone of the repository (its deno.json maps the package's name to
// mod.ts):
//
//   deno run --allow-read --allow-sys=homedir examples/deno_agent.ts
//   deno run --allow-read examples/deno_agent.ts HOME WORKSPACE   # as CI runs it
//
// In your own project, map the name as README.md says (or, once published,
// import from "jsr:@clarvis/agent-skills").

import {
  activationTool,
  clarvisSkillRoots,
  createAgentSkills,
  renderActivation,
  renderCatalog,
  SkillError,
} from "@clarvis/agent-skills";

const [home, workspace] = Deno.args;
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

type ToolCall = { tool: "activate_skill"; name: string } | {
  tool: "read_resource";
  name: string;
  path: string;
};

function handle(call: ToolCall): string {
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
function shown(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cf}]/gu,
    (c) =>
      c === "\n" || c === "\t"
        ? c
        : `\\u{${
          c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")
        }}`,
  );
}

// What a model might ask for, in order: the last read tries to escape.
const calls: ToolCall[] = [
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
