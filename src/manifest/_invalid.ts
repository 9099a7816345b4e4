/**
 * What makes a manifest unusable, as data: each problem at its file position,
 * carried by the one `invalid_skill` error, positioned at the first.
 *
 * @module
 */

import { SkillError, type SkillProblem } from "../errors.ts";

/**
 * The `invalid_skill` error of one manifest: positioned at its first
 * problem, with every problem in the message and in `problems`.
 */
export function invalid(
  path: string,
  problems: readonly SkillProblem[],
): SkillError {
  const first = problems[0] ?? { line: 1, message: "unusable manifest" };
  const where = first.column === undefined
    ? `${path}:${first.line}`
    : `${path}:${first.line}:${first.column}`;
  return new SkillError(
    "invalid_skill",
    `Invalid skill manifest ${where}: ${
      problems.map((problem) => problem.message).join("; ")
    }`,
    { path, line: first.line, column: first.column, problems },
  );
}
