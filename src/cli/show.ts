/**
 * `agent-skills show NAME [DIR]...`: one skill's catalog entry, resources
 * and body, from the roots `list` reads (its DIRs, flags and preset).
 *
 * @module
 */

import type { SkillInfo } from "../skill.ts";
import { json } from "./json.ts";
import { open } from "./args.ts";
import { colors, type Output } from "./output.ts";
import {
  hintTexts,
  loadedBy,
  printHints,
  rootVerdict,
  verdictError,
} from "./roots.ts";
import { fail, oneLine, printWarnings } from "./terminal.ts";
import { type KeptIndex, OK, PROBLEMS, type Values } from "./types.ts";
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

/**
 * The column of the values: after the longest label of those every skill
 * has, and its colon (a longer one, a metadata key, is followed by a space).
 */
const LABEL_WIDTH = Math.max(
  ..."description scope/source path overrides".split(" ")
    .concat(SHOWN.map(({ label }) => label))
    .map((label) => label.length + 2),
);

export function show(
  values: Values,
  [name, ...dirs]: string[],
  io: Output,
  index?: KeptIndex,
): number {
  const { skills, warnings } = open(values, io, dirs, index);
  const verdict = rootVerdict(
    { ...loadedBy(skills), values, dirs, warnings, held: false },
    io,
  );
  const skill = skills.loadSkill(name ?? "");
  if (skill === undefined) {
    // A root named that was not read is why, before any near miss.
    return fail(io, values, {
      status: PROBLEMS,
      error: verdictError(verdict) ?? {
        code: "unknown_skill",
        message: unknownSkillMessage(skills, name ?? ""),
      },
      warnings,
    });
  }
  const overrides = skills.listOverridden().filter((other) =>
    other.name === skill.name
  );
  // A root named that was not read fails it, as it fails `list`.
  const status = verdict.hints.length > 0 ? PROBLEMS : OK;
  if (values.json) {
    json(io, { skill, overrides, warnings, hints: hintTexts(verdict) });
    return status;
  }
  printWarnings(io, warnings);
  printHints(io, verdict);
  const c = colors();
  // A label and its value, the values in one column; nothing after a label
  // without a value.
  const field = (label: string, value: string): void =>
    io.out(
      value === ""
        ? c.dim(`${label}:`)
        : [c.dim(`${label}:`.padEnd(LABEL_WIDTH - 1)), " ", value],
    );
  io.out(c.bold(skill.name));
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
  for (const resource of skill.resources) io.out(`  ${resource}`);
  io.out("");
  io.outText(skill.body);
  return status;
}
