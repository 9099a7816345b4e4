/**
 * What makes a manifest unusable, as data: each problem at its file position,
 * and the `invalid_skill` error that carries all of them.
 *
 * @module
 */

import { SkillError } from "../errors.ts";

/** One problem that makes a manifest unusable, at its file position. */
export interface ManifestProblem {
  readonly line: number;
  readonly column?: number | undefined;
  readonly message: string;
}

/** `invalid_skill` for one manifest, with each of its problems. */
export class InvalidManifest extends SkillError {
  /** Every problem found, in file order of discovery; never empty. */
  readonly problems: readonly ManifestProblem[];

  /**
   * @param path The manifest's path.
   * @param problems Every problem found; the first positions the error.
   */
  constructor(
    path: string,
    problems: readonly ManifestProblem[],
  ) {
    const first = problems[0] ?? { line: 1, message: "unusable manifest" };
    const where = first.column === undefined
      ? `${path}:${first.line}`
      : `${path}:${first.line}:${first.column}`;
    super(
      "invalid_skill",
      `Invalid skill manifest ${where}: ${
        problems.map((p) => p.message).join("; ")
      }`,
      { path, line: first.line, column: first.column },
    );
    this.problems = problems;
  }
}

/**
 * Builds the error for an unusable manifest: positioned at its first
 * problem, with every problem in the message and in `problems`.
 */
export function invalid(
  path: string,
  problems: readonly ManifestProblem[],
): InvalidManifest {
  return new InvalidManifest(path, problems);
}
