/**
 * Activation (tier 2) for a host to hand its model: the payload of one skill
 * in the client guide's structured wrapping, a tool definition for a
 * dedicated activation tool, the directories to allow file reads in, and a
 * way to recognise a payload again. Pure: nothing is read, run or sent.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import { checkedOption, COUNT, objectOptions } from "../_option_check.ts";
import { describe } from "../_text.ts";
import { fromXmlText, payloadText, xmlText } from "./_escape.ts";
import { commandsOf } from "./_commands.ts";
import { checkedContent, checkedSkills } from "./_skills.ts";
import type {
  Activation,
  ActivationOptions,
  ActivationTool,
} from "./prompt.ts";
import type { SkillContent, SkillInfo } from "../skill.ts";

/**
 * The payload of one activated skill, as the client guide wraps it:
 * `<skill_content name="…">`, then the body, the skill's directory with the
 * rule that relative paths resolve against it, and a `<skill_resources>`
 * list of its files (listed, never read; at most `maxResources`, with a note
 * when there are more). The name, the directory and the file names are
 * XML-escaped. In the body (the arguments in it), each acting character but
 * a line feed and a tab is a character reference (`&#xE0041;`), a `<` that
 * would open or close one of the payload's own tags is written `&lt;`, and a
 * line that would read as the payload's `Skill directory:` line has its
 * first letter written as a reference, so that nothing hidden reaches the
 * model and the body cannot end the payload, forge another or say the skill
 * is elsewhere. The rest of the body is left as written.
 *
 * A `` !`command` `` (over several lines too) and a fenced block opened
 * with ` ```! `, the two forms Claude Code runs, are left as written and
 * reported in `commands`, with the line of the payload each starts on: every
 * one the model reads, whether the body wrote it or it came in with an
 * argument, the directory or a file name.
 * This library runs nothing. Arguments are substituted only when
 * given (`arguments`), as Claude Code does: `$ARGUMENTS` (all of them),
 * `$ARGUMENTS[N]` and `$N` (the Nth, from 0), `${CLAUDE_SKILL_DIR}` and
 * `${SKILL_DIR}` (the skill's directory); when the body names no argument,
 * they are added at its end as `ARGUMENTS: …`.
 *
 * @param skill The skill, as `registry.loadSkill(name)` returns it.
 * @param options Arguments to substitute, and the resource list's cap.
 * @returns The payload, and what went into it.
 * @throws {StartupError} `invalid_option` for an option of the wrong type,
 * or for a skill that is not one `loadSkill()` returned (a name, a
 * `SkillInfo` without its body, `undefined`).
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
  const truncated = content.resources.length > listed.length;
  const escaped = payloadText(body);
  const text = [
    `<skill_content name="${xmlText(content.name, "line")}">`,
    escaped,
    "",
    `Skill directory: ${xmlText(content.dir, "line")}`,
    "Relative paths in this skill resolve against the skill directory.",
    ...(listed.length === 0 ? [] : [
      "",
      "<skill_resources>",
      ...listed.map((file) => `<file>${xmlText(file, "line")}</file>`),
      ...(truncated
        ? [
          `<!-- ${
            content.resources.length - listed.length
          } more files not listed -->`,
        ]
        : []),
      "</skill_resources>",
    ]),
    "</skill_content>",
  ].join("\n");
  return Object.freeze({
    text,
    name: content.name,
    dir: content.dir,
    resources: Object.freeze(listed),
    truncated,
    commands: Object.freeze(
      commandsOf(text, 1 + escaped.split("\n").length),
    ),
  });
}

/**
 * The name of the skill a payload from {@linkcode renderActivation} is for,
 * or `undefined` when the text is not one: what a host needs to keep
 * activated skills through context compaction, and to activate a skill once.
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
 * `name` is an enum of the model-invocable skills (the client guide's tip
 * against made-up names), sorted; `undefined` when there is none, so that a
 * host offers no tool at all. A skill with `disable-model-invocation: true`
 * is left out.
 *
 * @param skills The skills, usually `registry.listSkills()` (or those a
 * catalog showed).
 * @param options The tool's name.
 * @returns The tool, or `undefined`.
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
  const name = objectOptions(options, "activationTool", ["name"]).name ??
    "activate_skill";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    throw new StartupError(
      "invalid_option",
      `Option "name" must be 1 to 64 letters, digits, "_" or "-", got ${
        describe(name)
      }`,
    );
  }
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
 * its file-reading tool into, so that the model can read a skill's files
 * without a prompt for each.
 */
export function skillDirectories(skills: readonly SkillInfo[]): string[] {
  const checked = checkedSkills(skills, "skillDirectories()", ["dir"]);
  return [...new Set(checked.map((skill) => skill.dir))].sort();
}

function readActivationOptions(
  options: ActivationOptions,
): { args: readonly string[] | undefined; maxResources: number } {
  const { arguments: given, maxResources } = objectOptions(
    options,
    "renderActivation",
    ["arguments", "maxResources"] satisfies (keyof ActivationOptions)[],
  );
  let args: readonly string[] | undefined;
  if (typeof given === "string") {
    args = given.trim() === "" ? [] : given.trim().split(/\s+/);
  } else if (
    Array.isArray(given) && given.every((arg) => typeof arg === "string")
  ) {
    args = given;
  } else if (given !== undefined) {
    throw new StartupError(
      "invalid_option",
      `Option "arguments" must be a string or a list of strings, got ${
        describe(given)
      }`,
    );
  }
  return {
    args,
    maxResources: checkedOption(maxResources, "maxResources", COUNT) ?? 50,
  };
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
