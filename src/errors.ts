/**
 * The errors this library throws: classes with a stable `code` to branch on.
 *
 * @module
 */

/**
 * Why the options were refused (docs/errors.md):
 *
 * - `invalid_workspace`: the explicit `workspace` is not an existing directory.
 * - `empty_roots`: `roots` (or `checkSkills`'s `paths`) is an empty list.
 * - `invalid_option`: an option of the wrong type or value, or a key the function does not take.
 * - `home_unavailable`: no `home` given, and `os.homedir()` failed.
 * - `invalid_lock`: a skill lock that is not one (the message names the field).
 * - `invalid_index`: under `strict`, an `index` refused (another format, other roots or settings, or no index).
 */
export type StartupErrorCode =
  | "home_unavailable"
  | "invalid_workspace"
  | "empty_roots"
  | "invalid_option"
  | "invalid_lock"
  | "invalid_index";

/**
 * Thrown while options are resolved, before any root is scanned.
 *
 * @example Branch on the code
 * ```ts
 * import { createAgentSkills, StartupError } from "@clarvis/agent-skills";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => createAgentSkills({ home: "/nonexistent", cwd: "/", roots: [] }),
 *   (error) => error instanceof StartupError && error.code === "empty_roots",
 * );
 * ```
 */
export class StartupError extends Error {
  /** What was wrong with the options. */
  readonly code: StartupErrorCode;

  /** Creates a startup error: `options.cause` is the underlying error. */
  constructor(code: StartupErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
    this.code = code;
  }
}

/**
 * Why a skill could not be served or loaded (docs/errors.md):
 *
 * - `invalid_skill`: a manifest could not be read, split, parsed or validated (under `strict`).
 * - `duplicate_skill`: two directories of one root declare one name (under `strict`).
 * - `path_escape`: a resource path leaves the skill's directory, or that directory changed.
 * - `invalid_input`: a resource path empty, absolute, with NUL or not a string; a name not a string.
 * - `unknown_skill`: no skill of that name in the current snapshot.
 * - `not_found`: a resource that does not exist, or a skill's directory gone.
 * - `not_a_file`: a resource (or, under `strict`, a manifest) that is not a regular file.
 * - `unreadable`: a resource or skill directory the process may not read.
 * - `too_large`: a resource larger than `maxResourceBytes`, for `readResource()`.
 * - `invalid_plugin`: under `strict`, a plugin or marketplace manifest that cannot be used.
 * - `duplicate_plugin`: under `strict`, a marketplace entry whose plugin another loads already.
 * - `integrity_mismatch`: with the `lock` option, a file or skill that differs from the lock.
 * - `unlocked_skill`: under `strict` with the `lock` option, a skill the lock does not hold.
 */
export type SkillErrorCode =
  | "invalid_skill"
  | "duplicate_skill"
  | "path_escape"
  | "invalid_input"
  | "unknown_skill"
  | "not_found"
  | "not_a_file"
  | "unreadable"
  | "too_large"
  | "invalid_plugin"
  | "duplicate_plugin"
  | "integrity_mismatch"
  | "unlocked_skill";

/** One problem that makes a manifest unusable, at its file position. */
export interface SkillProblem {
  /** The 1-based line in the manifest. */
  readonly line: number;
  /** The 1-based column, for YAML syntax errors. */
  readonly column?: number | undefined;
  /** What is wrong there, and what was expected. */
  readonly message: string;
}

/** Where a {@linkcode SkillError} happened, as far as it is known. */
export interface SkillErrorDetails {
  /** The skill's name (or its directory name when no name could be read). */
  skill?: string | undefined;
  /** The absolute path of the file or directory concerned. */
  path?: string | undefined;
  /** The 1-based line in `path`, for problems inside a manifest. */
  line?: number | undefined;
  /** The 1-based column in `path`, for YAML syntax errors. */
  column?: number | undefined;
  /** For `invalid_skill`: each problem of the manifest (the first is also `line`). */
  problems?: readonly SkillProblem[] | undefined;
}

/** What a {@linkcode SkillError} is created with: where, and its cause. */
export interface SkillErrorOptions extends SkillErrorDetails {
  /** The underlying error (a filesystem error, say), when there is one. */
  cause?: unknown;
}

/**
 * Thrown for a skill that cannot be served: by the tiers, and by discovery
 * under `strict: true`.
 *
 * @example Branch on the code
 * ```ts
 * import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
 * import assert from "node:assert/strict";
 *
 * const skills = createAgentSkills({
 *   home: "/nonexistent",
 *   cwd: "/",
 *   roots: ["/nonexistent/skills"],
 * });
 * assert.throws(
 *   () => skills.resourcePath("missing", "notes.md"),
 *   (error) => error instanceof SkillError && error.code === "unknown_skill",
 * );
 * ```
 */
export class SkillError extends Error {
  /** What went wrong. */
  readonly code: SkillErrorCode;
  /** The skill's name, when known. */
  readonly skill: string | undefined;
  /** The absolute path concerned, when known. */
  readonly path: string | undefined;
  /** The 1-based line in `path`, when known. */
  readonly line: number | undefined;
  /** The 1-based column in `path`, when known. */
  readonly column: number | undefined;
  /** For `invalid_skill`: every problem of the manifest, in order; else empty. */
  readonly problems: readonly SkillProblem[];

  /** Creates a skill error: where it happened, and the underlying error as `cause`. */
  constructor(
    code: SkillErrorCode,
    message: string,
    options: SkillErrorOptions = {},
  ) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
    this.name = "SkillError";
    this.code = code;
    this.skill = options.skill;
    this.path = options.path;
    this.line = options.line;
    this.column = options.column;
    this.problems = options.problems ?? NO_PROBLEMS;
  }
}

const NO_PROBLEMS: readonly SkillProblem[] = Object.freeze([]);
