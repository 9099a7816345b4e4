/**
 * Activation (tier 2): a skill's payload, an activation tool, the skills'
 * directories, a payload recognised. Pure: nothing is read, run or sent.
 *
 * @module
 */

import { checkedOption, objectOptions } from "../_option_check.ts";
import { fromXmlText, payloadText, xmlText } from "./_format.ts";
import {
  checkedContent,
  checkedSkills,
  readActivationOptions,
  TOOL_NAME,
} from "./_options.ts";
import type {
  Activation,
  ActivationOptions,
  ActivationTool,
  SkillCommand,
} from "./prompt.ts";
import type { SkillContent, SkillInfo } from "../skill.ts";

/**
 * The payload of one activated skill in the client guide's wrapping: the
 * body (arguments substituted when given; escaped so that nothing hidden
 * shows and nothing ends or forges the payload), the skill's directory, its
 * files listed, never read, and the shell commands in it, never run (see
 * docs/prompt.md).
 *
 * @param skill The skill, as `registry.loadSkill(name)` returns it.
 * @throws {StartupError} `invalid_option` for an option of the wrong type, or
 * a skill `loadSkill()` did not return (a name, a `SkillInfo`, `undefined`).
 *
 * @example Hand a skill to the model
 * ```ts
 * import { createAgentSkills, renderActivation } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const skill = skills.loadSkill("pdf-forms");
 * if (skill !== undefined) console.log(renderActivation(skill).text);
 * ```
 */
export function renderActivation(
  skill: SkillContent,
  options: ActivationOptions = {},
): Activation {
  const content = checkedContent(skill, "renderActivation()");
  const { args, maxResources } = readActivationOptions(options);
  const body = args === undefined
    ? content.body
    : substitute(content.body, { args, dir: content.dir });
  const listed = content.resources.slice(0, maxResources);
  const more = content.resources.length - listed.length;
  const escaped = payloadText(body);
  const text = [
    `<skill_content name="${xmlText(content.name, "line")}">`,
    escaped,
    "",
    `Skill directory: ${xmlText(content.dir, "line")}`,
    "Relative paths in this skill resolve against the skill directory.",
    ...(listed.length === 0 ? [] : [
      "\n<skill_resources>",
      ...listed.map((file) => `<file>${xmlText(file, "line")}</file>`),
      ...(more > 0 ? [`<!-- ${more} more files not listed -->`] : []),
      "</skill_resources>",
    ]),
    "</skill_content>",
  ].join("\n");
  return Object.freeze({
    text,
    name: content.name,
    dir: content.dir,
    resources: Object.freeze(listed),
    truncated: more > 0,
    commands: Object.freeze(
      commandsOf(text, 1 + escaped.split("\n").length),
    ),
  });
}

/**
 * The name of the skill a payload from {@linkcode renderActivation} is for,
 * or `undefined` when the text is not one.
 *
 * @example Activate each skill once
 * ```ts
 * import { activatedSkill } from "@clarvis/agent-skills";
 *
 * const text = '<skill_content name="pdf">\nUse it.\n</skill_content>';
 * console.log(activatedSkill(text)); // "pdf"
 * ```
 */
export function activatedSkill(text: string): string | undefined {
  const match = /^<skill_content name="([^"]*)">\n[\s\S]*\n<\/skill_content>$/
    .exec(text);
  return match === null ? undefined : fromXmlText(match[1] ?? "");
}

/**
 * A tool definition for a dedicated activation tool, whose one parameter
 * `name` is an enum of the model-invocable skills, sorted; `undefined` when
 * there is none, so that a host offers no tool at all.
 *
 * @param skills The skills, usually `registry.listSkills()`.
 * @throws {StartupError} `invalid_option` for a name that is not 1 to 64
 * letters, digits, `_` or `-`, or a list that is not of skills.
 *
 * @example
 * ```ts
 * import { activationTool, createAgentSkills } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const tool = activationTool(skills.listSkills());
 * console.log(tool?.parameters.properties.name.enum);
 * ```
 */
export function activationTool(
  skills: readonly SkillInfo[],
  options: { name?: string } = {},
): ActivationTool | undefined {
  const { name: given } = objectOptions(options, "activationTool", ["name"]);
  const name = checkedOption(given, "name", TOOL_NAME) ?? "activate_skill";
  const names = [
    ...new Set(
      checkedSkills(skills, "activationTool()", ["name"])
        .filter((s) => !s.disableModelInvocation).map((s) => s.name),
    ),
  ].sort();
  if (names.length === 0) return undefined;
  return {
    name,
    description:
      "Load a skill's full instructions, and the list of its files, before a task that matches its description.",
    parameters: {
      type: "object",
      properties: {
        name: {
          type: "string",
          enum: names,
          description: "The name of the skill, as the catalog gives it.",
        },
      },
      required: ["name"],
      additionalProperties: false,
    },
  };
}

/**
 * The directories of the skills, sorted and each once: what a host allows
 * its file-reading tool into.
 * @throws {StartupError} `invalid_option` for a list that is not of skills.
 */
export function skillDirectories(skills: readonly SkillInfo[]): string[] {
  const checked = checkedSkills(skills, "skillDirectories()", ["dir"]);
  return [...new Set(checked.map((skill) => skill.dir))].sort();
}

/** The body with the arguments and the skill's directory put in, as Claude Code does. */
function substitute(
  body: string,
  { args, dir }: { args: readonly string[]; dir: string },
): string {
  const all = args.join(" ");
  let used = false;
  const text = body.replace(
    /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$\{(?:CLAUDE_)?SKILL_DIR\}|\$(\d+)/g,
    (token, index?: string, short?: string) => {
      if (token.startsWith("${")) return dir;
      used = true;
      if (token === "$ARGUMENTS") return all;
      return args[Number(index ?? short)] ?? "";
    },
  );
  return used || all === "" ? text : `${text}\n\nARGUMENTS: ${all}`;
}

const BLOCK_OPEN = /^[ \t]*```!/;
const BLOCK_CLOSE = /^[ \t]*```[ \t]*$/;

/**
 * The commands of a payload's `text`, in the order they start: each inline
 * `` !`command` `` wherever its `!` is (a superset of what Claude Code
 * runs), and each block opened with ` ```! ` in the body, which ends at line
 * `bodyEnd` (so does a block without its closing fence).
 */
function commandsOf(text: string, bodyEnd: number): SkillCommand[] {
  const commands: SkillCommand[] = [];
  let line = 1;
  let counted = 0;
  for (const match of text.matchAll(/!`([^`]+)`/g)) {
    for (; counted < match.index; counted++) {
      if (text.charCodeAt(counted) === 10) line++;
    }
    commands.push({ line, command: match[1] ?? "" });
  }
  const lines = text.split("\n").slice(0, bodyEnd);
  for (let index = 0; index < lines.length; index++) {
    if (!BLOCK_OPEN.test(lines[index] ?? "")) continue;
    let end = index + 1;
    while (end < lines.length && !BLOCK_CLOSE.test(lines[end] ?? "")) end++;
    const command = lines.slice(index + 1, end).join("\n");
    commands.push({ line: index + 1, command });
    index = end;
  }
  return commands.sort((a, b) => a.line - b.line);
}
