/**
 * `agent-skills show NAME [DIR]...`: one skill's catalog entry, resources
 * and body, from the roots `list` reads (its DIRs, flags and preset).
 *
 * @module
 */

import type { SkillInfo } from "../skill.ts";
import { oneLineSafe } from "../_text.ts";
import { json } from "./json.ts";
import { open } from "./options.ts";
import { bodyText, colors, fail, oneLine, printWarnings } from "./terminal.ts";
import { type CliIO, OK, PROBLEMS, type Values } from "./types.ts";
import { unknownSkillMessage } from "./why.ts";

/**
 * The properties `show` prints after the path, each with its label, in the
 * order of the fields table.
 */
const SHOWN: ReadonlyArray<
  { readonly label: string; value(skill: SkillInfo): string | undefined }
> = [
  {
    label: "allowed tools",
    value: (skill) =>
      skill.allowedTools?.join(", ") || (
        skill.allowedTools === undefined ? undefined : "(none)"
      ),
  },
  {
    label: "user-invocable",
    value: (skill) => skill.userInvocable ? "yes" : "no",
  },
  {
    label: "disable-model-invocation",
    value: (skill) => skill.disableModelInvocation ? "yes" : "no",
  },
];

export function show(
  values: Values,
  [name, ...dirs]: string[],
  io: CliIO,
): number {
  const { skills, warnings } = open(values, io, dirs);
  const skill = skills.loadSkill(name ?? "");
  if (skill === undefined) {
    return fail(io, values, {
      status: PROBLEMS,
      error: {
        code: "unknown_skill",
        message: unknownSkillMessage(skills, name ?? ""),
      },
      warnings,
    });
  }
  const overrides = skills.listOverridden().filter((other) =>
    other.name === skill.name
  );
  if (values.json) {
    json(io, { skill, overrides, warnings });
    return OK;
  }
  printWarnings(io, warnings);
  const c = colors(io);
  const field = (label: string, value: string): void =>
    io.stdout(
      `${c.dim(`${oneLineSafe(label)}:`.padEnd(16))}${oneLineSafe(value)}\n`,
    );
  io.stdout(`${c.bold(oneLineSafe(skill.name))}\n`);
  field("description", oneLine(skill.description));
  field("scope/source", `${skill.scope}/${skill.source}`);
  field("path", skill.path);
  for (const { label, value } of SHOWN) {
    const text = value(skill);
    if (text !== undefined) field(label, text);
  }
  for (const [key, value] of Object.entries(skill.metadata)) {
    field(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  for (const other of overrides) {
    field("overrides", `${other.scope}/${other.source}: ${other.path}`);
  }
  field(
    `resources (${skill.resources.length})`,
    skill.resources.length === 0 ? "(none)" : "",
  );
  for (const resource of skill.resources) {
    io.stdout(`  ${oneLineSafe(resource)}\n`);
  }
  io.stdout(`\n${bodyText(skill.body)}\n`);
  return OK;
}
