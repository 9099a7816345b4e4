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
import {
  hintTexts,
  loadedBy,
  printHints,
  rootVerdict,
  verdictError,
} from "./roots.ts";
import { fail, printWarnings } from "./terminal.ts";
import { type KeptIndex, OK, PROBLEMS, type Values } from "./types.ts";
import { unknownSkillMessage } from "./why.ts";

export function path(
  values: Values,
  [name, rel, ...dirs]: string[],
  io: Output,
  index?: KeptIndex,
): number {
  const { skills, warnings } = open(values, io, dirs, index);
  const verdict = rootVerdict(
    { ...loadedBy(skills), values, dirs, warnings, held: false },
    io,
  );
  let path: string;
  try {
    path = skills.resourcePath(name ?? "", rel ?? "");
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    const unknown = error.code === "unknown_skill";
    if (!unknown && !values.json) printHints(io, verdict);
    // A one-shot command has no refresh(): say it as `show` does; a root
    // named that was not read is why, before any near miss.
    return fail(io, values, {
      status: PROBLEMS,
      error: (unknown ? verdictError(verdict) : undefined) ?? {
        code: error.code,
        message: unknown
          ? unknownSkillMessage(skills, name ?? "")
          : error.message,
      },
      warnings,
    });
  }
  if (values.json) {
    json(io, { path, warnings, hints: hintTexts(verdict) });
  } else {
    printWarnings(io, warnings);
    printHints(io, verdict);
    io.out(path);
  }
  // A root named that was not read fails it, as it fails `list`.
  return verdict.hints.length > 0 ? PROBLEMS : OK;
}
