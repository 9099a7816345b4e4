/**
 * What `checkSkills` reports: one diagnostic per problem, its severity and
 * its code, and the rules it checks. A leaf module of types, so that the
 * check, its rules and the command can all name them.
 *
 * @module
 */

import type { SkillWarningCode } from "../warn.ts";

/**
 * How much a diagnostic matters.
 *
 * - `error`: `createAgentSkills` would skip the skill (or throw under strict),
 *   other hosts would, the skill breaks a requirement of the Agent Skills
 *   spec (a "must"), or there is nothing to check at a path given.
 * - `warning`: the skill loads, but something is likely wrong.
 * - `info`: the spec's advice, and fields outside the spec: never a failure,
 *   not even under `--strict`.
 */
export type DiagnosticSeverity = "error" | "warning" | "info";

/**
 * What a diagnostic is about: a {@linkcode SkillWarningCode} from discovery,
 * or one of the spec checks:
 *
 * - `name_length`: `name` is longer than 64 characters (code points, NFKC).
 * - `name_case`: `name` has upper-case letters (in any script).
 * - `name_characters`: `name` has characters other than letters and digits
 *   (of any script) and `-`.
 * - `name_hyphens`: `name` starts or ends with a hyphen or has `--`.
 * - `description_length`: `description` is longer than 1024 characters
 *   (code points).
 * - `compatibility_length`: `compatibility` is empty or longer than 500
 *   characters.
 * - `field_type`: `license` or `compatibility` is not a string, or
 *   `metadata` is not a map of strings to strings.
 * - `body_length`: `SKILL.md` is longer than 500 lines, blank lines
 *   included (advice: `info`).
 * - `allowed_tools_list`: `allowed-tools` is a YAML list, where the spec
 *   writes a space-separated string (advice: `info`).
 * - `unknown_field`: a frontmatter key the spec does not define (`info`).
 * - `shell_command`: a `` !`command` `` in the body, which Claude Code runs
 *   before the model reads the skill and this library never runs (`info`).
 * - `manifest_name`: the manifest is not named `SKILL.md` (an error, as other
 *   hosts miss it; `skill.md`, which the reference validator accepts, a
 *   warning).
 * - `path_not_found`: a path given to check does not exist.
 * - `no_skills`: a path given to check holds no skill: no manifest in it, or
 *   in any directory one level below (or, for a root of plugins, in any of
 *   its plugins' skills folders).
 * - `unread_skills`: a path given to check loaded skills, but holds more
 *   deeper than the check looks (skill directories up to six levels down,
 *   in category folders, under dot-directories, in plugins): an error, with
 *   the depth, the roots or the kind to check them with.
 * - `search_limit`: below a path given to check, the search for skills
 *   deeper than the check looks listed its 2,000 directories and stopped:
 *   skill directories past them may sit unchecked (an error, with the roots
 *   or the depth to check them with).
 * - `shadowed_skill`: a skill that a same-named skill of a later path
 *   replaces, so it is never served (a warning, naming both paths).
 * - `locked_skill_gone`, `unlockable_skill` (and `unlocked_skill`,
 *   `integrity_mismatch`): what `agent-skills verify` reports against a
 *   lock: a locked skill no longer served, a served skill whose files cannot
 *   be read to compare, a served skill not in the lock, a file that differs
 *   (errors).
 *
 * - `coerced_value`, `empty_field`: a value discovery read as the reference
 *   validator and Claude Code read it, not as YAML 1.2 types it (notes).
 *
 * - `too_many_files`, `too_large`, `nested_archive`, `plugin_manifest`,
 *   `manifest_count`, `duplicate_entry`: with the host `claude-ai`, a skill
 *   folder that breaks a rule of the upload (`ARCHIVE_LIMITS` of
 *   `@clarvis/agent-skills/archive`, which `packSkill()` applies with the
 *   same codes): more files or bytes than it takes, an archive or a
 *   plugin's manifest inside, not exactly one `SKILL.md` at its top, two
 *   names that are one once extracted (errors).
 *
 * A discovery code may be more severe in a check than in discovery:
 * `yaml_repaired`, `yaml_indicator`, `yaml_flow_text` and `yaml_continuation`
 * are errors (every other host drops such a skill), `discovery_limit` is an
 * error (what it did not read is unchecked), and `root_not_directory` is an
 * error for a path given to check.
 */
export type DiagnosticCode =
  | SkillWarningCode
  | "manifest_name"
  | "path_not_found"
  | "no_skills"
  | "unread_skills"
  | "search_limit"
  | "shadowed_skill"
  | "name_length"
  | "name_case"
  | "name_characters"
  | "name_hyphens"
  | "description_length"
  | "compatibility_length"
  | "field_type"
  | "body_length"
  | "allowed_tools_list"
  | "coerced_value"
  | "empty_field"
  | "unknown_field"
  | "shell_command"
  | "locked_skill_gone"
  | "unlockable_skill"
  | UploadRuleCode
  | HostRuleCode;

/**
 * The code of a diagnostic about a skill folder that claude.ai's upload
 * refuses (see `ARCHIVE_LIMITS`): the code `packSkill()` throws for it.
 */
export type UploadRuleCode =
  | "too_many_files"
  | "too_large"
  | "nested_archive"
  | "plugin_manifest"
  | "manifest_count"
  | "duplicate_entry";

/**
 * A host whose rules `checkSkills({ hosts })` applies: `claude-code`,
 * `codex`, `claude-ai` (claude.ai, Claude Desktop and the Skills API
 * upload), `gemini` (Gemini CLI) and `spec` (the reference validator,
 * skills-ref). docs/hosts.md lists each rule and its source.
 */
export type HostName =
  | "claude-code"
  | "codex"
  | "claude-ai"
  | "gemini"
  | "spec";

/**
 * The code of a host rule's diagnostics (see `HOST_RULES` and
 * docs/hosts.md): what one host rejects, ignores, changes or reads
 * otherwise.
 *
 * - `claude_ai_field`: a top-level key claude.ai's upload refuses.
 * - `claude_ai_reserved_name`: a name holding "claude" or "anthropic".
 * - `claude_ai_name_characters`: a name other than ASCII `a-z`, `0-9`, `-`.
 * - `claude_ai_angle_brackets`: `<` or `>` in the description.
 * - `claude_ai_archive_layout`: an archive without a top folder.
 * - `claude_ai_fence`: a file that does not start `---` and a line feed
 *   (a BOM, white space after the fence, CRLF), which Anthropic's packer
 *   refuses.
 * - `claude_code_listing_cut`: a listing Claude Code cuts at 1,536
 *   characters.
 * - `claude_code_bom`: a BOM that Claude Code before 2.1.239 ignored the
 *   file for.
 * - `codex_name_length`, `codex_description_length`,
 *   `codex_short_description_length`: a value over Codex's bound (it skips
 *   the skill).
 * - `codex_whitespace`: whitespace Codex collapses to single spaces.
 * - `codex_bom`, `codex_hidden`, `codex_depth`: a skill Codex never reads.
 * - `gemini_name_characters`: characters Gemini CLI turns into `-`.
 * - `gemini_bom`, `gemini_fence`, `gemini_not_found`: a skill Gemini CLI
 *   never reads.
 * - `gemini_fields`: fields Gemini CLI does not read.
 * - `spec_field`, `spec_bom`, `spec_yaml` (flow style, anchors, aliases,
 *   tags), `spec_description_length` (counted as written): what the
 *   reference validator fails that `check` alone only notes or accepts.
 */
export type HostRuleCode =
  | "claude_ai_field"
  | "claude_ai_reserved_name"
  | "claude_ai_name_characters"
  | "claude_ai_angle_brackets"
  | "claude_ai_archive_layout"
  | "claude_ai_fence"
  | "claude_code_listing_cut"
  | "claude_code_bom"
  | "codex_name_length"
  | "codex_description_length"
  | "codex_short_description_length"
  | "codex_whitespace"
  | "codex_bom"
  | "codex_hidden"
  | "codex_depth"
  | "gemini_name_characters"
  | "gemini_bom"
  | "gemini_fence"
  | "gemini_not_found"
  | "gemini_fields"
  | "spec_field"
  | "spec_bom"
  | "spec_yaml"
  | "spec_description_length";

/** One rule of a host, as {@linkcode HOST_RULES} lists it. */
export interface HostRule {
  /** The code of its diagnostics. */
  readonly code: HostRuleCode;
  /** The host it is about. */
  readonly host: HostName;
  /**
   * `error` when the host rejects or ignores the skill, `warning` when it
   * changes it, `info` for a difference in meaning.
   */
  readonly severity: DiagnosticSeverity;
  /** What the host does, as one sentence. */
  readonly rule: string;
  /**
   * Where it comes from: a file of the host's repository at a commit, or an
   * issue of its tracker (marked "tracker" when no source shows it).
   */
  readonly source: string;
}

/**
 * One of check's own rules (a spec rule, or a problem of discovery's) that a
 * host applies too, as `HOST_BASE_RULES` lists it: its diagnostics count in
 * that host's verdict, at the severity they have there.
 */
export interface HostBaseRule {
  /** The code of check's diagnostics it is about. */
  readonly code: DiagnosticCode;
  /** The host that applies it. */
  readonly host: HostName;
  /**
   * What its diagnostics are to the host: `error` when the host does not
   * load the skill for it.
   */
  readonly severity: DiagnosticSeverity;
  /** What the host does, as one sentence. */
  readonly rule: string;
  /** Where it comes from, as for a {@linkcode HostRule}. */
  readonly source: string;
}

/**
 * What a host does with a skill: `loads` it as it is, `changes` it (loads
 * it renamed, cut or collapsed: a warning), or `refuses` it (skips it,
 * refuses its upload, fails it: an error; the skill never reaches a model
 * there).
 */
export type HostVerdictKind = "loads" | "changes" | "refuses";

/** One host's verdict on one skill, and why. */
export interface HostVerdict {
  /** The host. */
  readonly host: HostName;
  /** What it does with the skill. */
  readonly verdict: HostVerdictKind;
  /** How many of `reasons` there are of each severity. */
  readonly counts: { readonly [severity in DiagnosticSeverity]: number };
  /**
   * Why: the diagnostics of the host's rules, and those of check's own
   * rules that the host applies too (`HOST_BASE_RULES`), each naming the
   * host, with the severity and the source it has there; by line.
   */
  readonly reasons: readonly SkillDiagnostic[];
}

/** One spec rule {@linkcode checkSkills} holds each loadable skill to. */
export interface CheckRule {
  /** The code of its diagnostics. */
  readonly code: DiagnosticCode;
  /** The severity of its diagnostics. */
  readonly severity: DiagnosticSeverity;
  /** What the spec says, as one sentence. */
  readonly spec: string;
}

/** One problem, at a file position where one is known. */
export interface SkillDiagnostic {
  /** How much it matters. */
  readonly severity: DiagnosticSeverity;
  /** What it is about. */
  readonly code: DiagnosticCode;
  /** A sentence naming the field or path and what was expected. */
  readonly message: string;
  /** The absolute path of the manifest, directory or root concerned. */
  readonly path: string;
  /** The 1-based line in `path`, for problems inside a manifest. */
  readonly line?: number;
  /** The 1-based column in `path`, for YAML syntax errors. */
  readonly column?: number;
  /** The skill's name (or its directory name when no name could be read). */
  readonly skill?: string;
  /**
   * For a rule's finding about one frontmatter key: that key (`name`,
   * `compatibility`), whose line `line` is.
   */
  readonly key?: string;
  /** For a host rule's diagnostic: the host it is about. */
  readonly host?: HostName;
  /** For a host rule's diagnostic: where the rule comes from. */
  readonly source?: string;
}
