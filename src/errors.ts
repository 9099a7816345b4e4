/**
 * The errors this library throws. Each is a class with a stable `code`, so
 * callers branch on `error.code` rather than on message text.
 *
 * @module
 */

/**
 * Why {@linkcode createAgentSkills} or {@linkcode resolveConfig} refused the
 * options it was given.
 *
 * - `invalid_workspace`: the explicit `workspace` is not an existing directory
 *   (one the process may not look at is taken as given).
 * - `empty_roots`: `roots` (or `checkSkills`'s `paths`) was given as an empty
 *   list.
 * - `invalid_option`: the options are not a plain object, hold a key the
 *   function does not take (the message names the closest it takes), an
 *   option has the wrong type or an impossible value, a list of roots has a
 *   hole, `checkSkills` was given no `paths`, or a prompt helper was given
 *   something other than the skills it takes (`renderActivation()` a name or
 *   a `SkillInfo`), or the `lock` option is not a policy `lockPolicy()` made.
 * - `home_unavailable`: `home` was not given and `os.homedir()` failed (under
 *   Deno: `--allow-sys=homedir` was not granted).
 * - `invalid_lock`: a skill lock (given to `lockPolicy()`, or the text given
 *   to `parseSkillLock()`) is not one: not JSON, a field of the wrong type, a
 *   path that is absolute or holds `..`, a malformed digest, a skill whose
 *   digest is not the one its files give, or more entries than a lock may
 *   hold; the message names the field (`skills[2].files[0].path`).
 */
export type StartupErrorCode =
  | "home_unavailable"
  | "invalid_workspace"
  | "empty_roots"
  | "invalid_option"
  | "invalid_lock";

/**
 * Thrown while options are resolved, before any root is scanned: the
 * configuration itself cannot work.
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

  /**
   * Creates a startup error.
   *
   * @param code What was wrong with the options.
   * @param message A sentence naming the bad value.
   * @param options The underlying error, as `cause`, when there is one.
   */
  constructor(
    code: StartupErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "StartupError";
    this.code = code;
  }
}

/**
 * Why a skill could not be served or loaded.
 *
 * - `invalid_skill`: a manifest could not be read, split, parsed or validated
 *   (thrown by discovery only under `strict: true`).
 * - `duplicate_skill`: two directories of one root declare the same name
 *   (thrown by discovery only under `strict: true`).
 * - `path_escape`: a resource path leaves the skill's directory, lexically
 *   (`../`) or through a symlink; or the skill's directory changed since the
 *   snapshot; or, for `readResource()`, the file was swapped while opened.
 * - `invalid_input`: a resource path that is empty, absolute, not a string or
 *   contains a NUL byte, or a skill name that is not a string.
 * - `unknown_skill`: no skill of that name in the current snapshot (for
 *   `resourcePath()`, `readResource()` and `activate()`; `loadSkill()`
 *   returns `undefined`).
 * - `not_found`: a resource that does not exist, or a skill's directory gone
 *   from disk.
 * - `not_a_file`: a resource (or, under `strict: true`, a manifest) that is a
 *   directory, FIFO, socket or device rather than a regular file.
 * - `unreadable`: a resource (or its skill's directory) that the process may
 *   not read: permission denied, or outside Deno's `--allow-read` grant
 *   (which must cover the real paths that symlinks lead to).
 * - `too_large`: a resource larger than `maxResourceBytes`, for
 *   `readResource()`.
 * - `integrity_mismatch`: with the `lock` option, a file whose bytes differ
 *   from the lock or that the lock does not hold (`loadSkill()`,
 *   `activate()`, `readResource()`, `resourcePath()`), or under
 *   `strict: true` a skill whose manifest or place differs (discovery).
 * - `unlocked_skill`: under `strict: true` with the `lock` option, a skill
 *   the lock does not hold (discovery).
 * - `invalid_plugin`: under `strict: true`, a plugin or marketplace manifest
 *   (`plugin.json`, `marketplace.json`) of a root of kind `"plugins"` that
 *   cannot be used.
 * - `duplicate_plugin`: under `strict: true`, a marketplace entry whose plugin
 *   another entry loads already (the same directory, or the same name).
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
  /**
   * For `invalid_skill`: each problem of the manifest at its own position
   * (the first is also `line` and `column`).
   */
  problems?: readonly SkillProblem[] | undefined;
}

/** What a {@linkcode SkillError} is created with: where, and its cause. */
export interface SkillErrorOptions extends SkillErrorDetails {
  /** The underlying error (a filesystem error, say), when there is one. */
  cause?: unknown;
}

/**
 * Thrown for a skill that cannot be served: by `resourcePath()` always, and
 * by discovery (construction and `refresh()`) under `strict: true`.
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
  /**
   * For `invalid_skill`: every problem of the manifest, each at its own
   * position, in the order found; empty for the other codes.
   */
  readonly problems: readonly SkillProblem[];

  /**
   * Creates a skill error.
   *
   * @param code What went wrong.
   * @param message A sentence a user can act on, naming the path and value.
   * @param options Where it happened, and the underlying error as `cause`.
   */
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
