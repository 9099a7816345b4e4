/**
 * Structured warnings and where they go: the global sink (the library's one
 * module-level state) and each instance's.
 *
 * @module
 */

import process from "node:process";
import { oneLineSafe } from "./_text.ts";

/**
 * What a warning is about, to filter on (docs/errors.md has each in full):
 *
 * - `invalid_skill`: a manifest could not be read, split, parsed or validated; skipped.
 * - `duplicate_skill`: a second directory in one root declares a taken name; skipped.
 * - `not_a_file`: a manifest that is a directory, FIFO, socket, device or dangling symlink.
 * - `name_mismatch`: the frontmatter `name` differs from the directory name; it is used.
 * - `ambiguous_manifest`: several case variants of `SKILL.md` in one directory; one chosen.
 * - `unreadable`: a root, skill directory, manifest or resource directory cannot be read.
 * - `root_not_directory`: a configured root exists but is not a directory.
 * - `resource_escape`: a resource symlink leads outside the skill, or a directory changed.
 * - `dangling_symlink`: a skill directory or resource symlink leads nowhere; skipped.
 * - `resource_limit`: resource listing stopped at the entry or depth cap.
 * - `symlink_loop`: on a deeper root, a folder reached again; read once.
 * - `discovery_limit`: a deeper root listed its `maxDirectories` folders.
 * - `invalid_plugin`: a plugin or marketplace manifest that cannot be used; its skills left out.
 * - `duplicate_plugin`: a marketplace entry with an earlier entry's plugin name; skipped.
 * - `reserved_name`: a plain root's skill named with `:` or a look-alike; skipped.
 * - `unrepresentable_name`: a name on disk that is not valid UTF-8; skipped.
 * - `yaml_repaired`: an unquoted `: ` in a top-level value; loaded as if quoted.
 * - `yaml_indicator`: a top-level value starting with `@` or a backtick; loaded as if quoted.
 * - `yaml_flow_text`: a top-level `[list]` or `{mapping}` followed by text; loaded as if quoted.
 * - `yaml_continuation`: a quoted top-level value went on at column 0; loaded as PyYAML reads it.
 * - `yaml_comment`: YAML cut a top-level plain value at ` #`; loaded as cut.
 * - `integrity_mismatch`: with the `lock` option, a skill or file that differs from the lock.
 * - `unlocked_skill`: with the `lock` option, a skill the lock does not hold.
 * - `untrusted_root`: a root the `trust` option does not trust; not read, said once.
 * - `index_refused`: the `index` option is no index of these roots and settings; every manifest read.
 */
export type SkillWarningCode =
  | "invalid_skill"
  | "duplicate_skill"
  | "not_a_file"
  | "name_mismatch"
  | "ambiguous_manifest"
  | "unreadable"
  | "root_not_directory"
  | "resource_escape"
  | "dangling_symlink"
  | "resource_limit"
  | "symlink_loop"
  | "discovery_limit"
  | "invalid_plugin"
  | "duplicate_plugin"
  | "reserved_name"
  | "unrepresentable_name"
  | "yaml_repaired"
  | "yaml_indicator"
  | "yaml_flow_text"
  | "yaml_continuation"
  | "yaml_comment"
  | "integrity_mismatch"
  | "unlocked_skill"
  | "untrusted_root"
  | "index_refused";

/** One warning: a code to filter on, a readable message, and the path. */
export interface SkillWarning {
  /** What the warning is about. */
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  /** The absolute path concerned, when there is one. */
  readonly path?: string;
}

/** Receives warnings; what it throws propagates out of the call that warned. */
export type WarnSink = (warning: SkillWarning) => void;

/**
 * Redirects the warnings of every instance without `onWarning`; `null`
 * restores the default, one line each to `process.stderr`:
 * `agent-skills: warning [code] message`.
 *
 * @example Collect warnings in tests
 * ```ts
 * import { setWarnSink, type SkillWarning } from "@clarvis/agent-skills";
 *
 * const seen: SkillWarning[] = [];
 * setWarnSink((warning) => seen.push(warning));
 * // ... createAgentSkills(...) ...
 * setWarnSink(null);
 * ```
 */
export function setWarnSink(sink: WarnSink | null): void {
  globalSink = sink ?? writeToStderr;
}

/** One line per warning: names from disk cannot forge other lines. */
function writeToStderr(warning: SkillWarning): void {
  process.stderr.write(
    `agent-skills: warning [${warning.code}] ${oneLineSafe(warning.message)}\n`,
  );
}

/** Where warnings of instances without `onWarning` go: the process-wide sink. */
let globalSink: WarnSink = writeToStderr;

/** An instance's sink: its own, else the global one as it is at each warning. */
export function warnerFor(onWarning: WarnSink | undefined): WarnSink {
  return onWarning ?? ((warning) => globalSink(warning));
}
