/**
 * Structured warnings and where they go: the global sink that
 * {@linkcode setWarnSink} sets (the one module-level state of the library),
 * and the sink of each instance.
 *
 * @module
 */

import process from "node:process";
import { oneLineSafe } from "./_text.ts";

/**
 * What a warning is about. Consumers filter on it.
 *
 * - `invalid_skill`: a manifest was skipped because it could not be read,
 *   split, parsed or validated.
 * - `duplicate_skill`: a second directory in one root declares a name already
 *   taken in that root; it was skipped.
 * - `not_a_file`: a manifest that is a directory, FIFO, socket, device or a
 *   dangling symlink; the skill was skipped.
 * - `name_mismatch`: the frontmatter `name` differs from the directory name;
 *   the frontmatter name is used.
 * - `ambiguous_manifest`: a directory holds several case variants of
 *   `SKILL.md`; one was chosen (`SKILL.md` first, else the first in sorted
 *   order).
 * - `unreadable`: a root, skill directory, manifest or resource directory
 *   cannot be read (permission denied), or a skill directory is gone by the
 *   time its resources are listed.
 * - `root_not_directory`: a configured root exists but is not a directory.
 * - `resource_escape`: a symlink inside a skill directory points outside it,
 *   or a directory inside it changed while it was listed (a symlink or another
 *   file stands there now); it is not listed as a resource.
 * - `dangling_symlink`: a skill directory or a resource is a symlink that
 *   points nowhere (or into a loop); it was skipped.
 * - `resource_limit`: resource enumeration stopped at the entry or depth cap.
 * - `symlink_loop`: on a root that reads deeper than one level, a folder
 *   whose real directory was read already (a symlink loop, or a second link
 *   to one folder); it was read once.
 * - `discovery_limit`: a root that reads deeper than one level listed its
 *   `maxDirectories` folders; past the bound, no folder was listed or
 *   entered, and a directory was read only where it holds `SKILL.md`.
 * - `invalid_plugin`: a `marketplace.json` or `plugin.json` of a root of kind
 *   `"plugins"` that cannot be used (not JSON, no plugin list, a source or
 *   skills folder outside it or, by its real path, outside the root, or
 *   reached through a symlink when symlinks are not followed, a name that
 *   cannot prefix skill names); the skills of the plugins it stands for were
 *   left out. Also a skill directory or `SKILL.md` of a root of plugins that
 *   leads outside the root's real directory; that skill was left out.
 * - `duplicate_plugin`: a marketplace entry whose plugin has the name of an
 *   earlier entry's (from the same folder, however reached, or another); the
 *   first entry is kept, the later skipped.
 * - `reserved_name`: a skill of a plain root whose name holds `:` or a
 *   character that looks like one (U+FF1A, U+2236, U+A789, ...: see
 *   docs/discovery.md), the form `<plugin>:<skill>` that belongs to plugins;
 *   it was skipped.
 * - `unrepresentable_name`: a skill directory or resource whose name on disk
 *   is not valid UTF-8, so it cannot be named in a string; it was skipped (a
 *   skill so named is refused under `strict`).
 * - `yaml_repaired`: a top-level `key: value` line had an unquoted `: ` in its
 *   value (`description: Use when: ...`); the skill was loaded as if the value
 *   were quoted. Quote it to silence the warning (`strict` refuses the skill).
 * - `yaml_indicator`: a top-level value started with a character YAML
 *   reserves (`@`, a backtick); loaded as if quoted (`strict` refuses it).
 * - `yaml_flow_text`: a top-level value started as a YAML list or mapping and
 *   went on after it (`argument-hint: [file] [options]`); loaded as if quoted
 *   (`strict` refuses it).
 * - `yaml_continuation`: a quoted top-level value went on at the start of a
 *   line, which YAML refuses and PyYAML reads; loaded as PyYAML reads it
 *   (`strict` refuses it).
 * - `integrity_mismatch`: with the `lock` option, a skill whose manifest,
 *   place or files differ from the lock: not served (discovery), or its
 *   listing or read refused (`loadSkill()`, `readResource()`); under the
 *   policy's `mode: "report"`, served with this warning instead.
 * - `unlocked_skill`: with the `lock` option, a skill the lock does not
 *   hold: not served, or served with this warning under the policy's
 *   `mode: "report"`.
 * - `yaml_comment`: YAML cut a top-level plain value at ` #`, reading the rest
 *   as a comment (`description: Fix bugs #123 first` is "Fix bugs"); loaded
 *   as YAML reads it. Quote the value if the rest is part of it.
 * - `untrusted_root`: a configured root the `trust` option does not trust
 *   (with `trust: false`, each root of scope `workspace`: the project's); it
 *   was neither listed nor read, and its skills are not served. Said once
 *   per root, and never an error, not even under `strict`.
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
  | "untrusted_root";

/** One warning: a code to filter on, a readable message, and the path. */
export interface SkillWarning {
  /** What the warning is about. */
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  /** The absolute path concerned, when there is one. */
  readonly path?: string;
}

/**
 * Receives warnings; whatever it returns is ignored. What it throws is not
 * caught: it propagates, unchanged, out of the call that warned, which stops
 * there (a `refresh()` that throws keeps the previous snapshot).
 */
export type WarnSink = (warning: SkillWarning) => void;

/**
 * Redirects the warnings of every instance that has no `onWarning` option.
 * By default each warning is written to `process.stderr` as one line,
 * `agent-skills: warning [code] message`. Pass `null` to restore that default.
 *
 * @param sink The function that receives warnings, or `null` for the default.
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

/**
 * The sink an instance uses: its own, else the global one read at the time
 * of each warning (so that `setWarnSink` applies to live instances). For the
 * library's own use: not exported from the package.
 */
export function warnerFor(onWarning: WarnSink | undefined): WarnSink {
  return onWarning ?? ((warning) => globalSink(warning));
}
