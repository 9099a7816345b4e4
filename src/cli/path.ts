/**
 * `agent-skills path NAME REL [DIR]...`: the confined absolute path of one
 * of a skill's files, from the roots `list` reads (its DIRs, flags and
 * preset).
 *
 * @module
 */

import { SkillError } from "../errors.ts";
import { json } from "./json.ts";
import { open } from "./args.ts";
import type { Output } from "./output.ts";
import { fail, printWarnings } from "./terminal.ts";
import { OK, PROBLEMS, type Values } from "./types.ts";
import { unknownSkillMessage } from "./why.ts";

export function path(
  values: Values,
  [name, rel, ...dirs]: string[],
  io: Output,
): number {
  const { skills, warnings } = open(values, io, dirs);
  let path: string;
  try {
    path = skills.resourcePath(name ?? "", rel ?? "");
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    // A one-shot command has no refresh(): say it as `show` does.
    return fail(io, values, {
      status: PROBLEMS,
      error: {
        code: error.code,
        message: error.code === "unknown_skill"
          ? unknownSkillMessage(skills, name ?? "")
          : error.message,
      },
      warnings,
    });
  }
  if (values.json) {
    json(io, { path, warnings });
  } else {
    printWarnings(io, warnings);
    io.out(path);
  }
  return OK;
}
