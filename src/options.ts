/**
 * The options a caller writes: {@linkcode AgentSkillsOptions} and the skill
 * roots in them, {@linkcode SkillRootOptions}. A leaf module of types;
 * `config.ts` resolves them into a `SkillConfig`.
 *
 * @module
 */

import type { SkillLockPolicy } from "./_lock_policy.ts";
import type { WarnSink } from "./warn.ts";

/** A skill root as a caller writes it: a path, or a path with labels. */
export interface SkillRootOptions {
  /**
   * The directory whose subdirectories are skills. `~` or a leading `~/`
   * expands to `home`; a relative path resolves against `workspace`.
   */
  path: string;
  /**
   * A label for where the root lives, copied onto every skill from it.
   *
   * @default {"custom"}
   */
  scope?: string;
  /**
   * A label for which tool's store the root is, copied onto every skill from
   * it.
   *
   * @default {"custom"}
   */
  source?: string;
  /**
   * How many levels below the root a skill directory may be: `1` reads
   * `<root>/<name>/SKILL.md` only; `3` also reads skills in category folders
   * (`<root>/<a>/<b>/<name>/SKILL.md`). Descent stops at a directory that
   * holds a manifest (a skill's subfolders are its resources, never skills).
   * Below a root deeper than 1, directories whose name starts with `.` and
   * `node_modules` are skipped, and a directory reached twice (through a
   * symlink) is read once, with a `symlink_loop` warning.
   *
   * @default {1}
   */
  depth?: number;
  /**
   * On a root deeper than 1, at most this many directories below the root
   * that are not skills are listed; past it, a directory is read only when
   * one status call finds its `SKILL.md`, no folder is entered, and the root
   * warns once with `discovery_limit`.
   *
   * @default {2000}
   */
  maxDirectories?: number;
  /**
   * On a root deeper than 1, whether folders whose name starts with `.` are
   * skipped (`"skip"`, as Codex does) or read (`"read"`: openai/skills keeps
   * its skills in `.curated/`, `.experimental/` and `.system/`). `.git` and
   * `node_modules` are skipped either way.
   *
   * @default {"skip"}
   */
  hidden?: "skip" | "read";
  /**
   * Which file names are a manifest: `"any-case"` (`SKILL.md`, else
   * `skill.md` or any other case) or `"exact"` (only `SKILL.md`, as Claude
   * Code and Codex read).
   *
   * @default {"any-case"}
   */
  manifestName?: "any-case" | "exact";
  /**
   * Whether a manifest that is a symlink is followed (`"follow"`, when
   * `followSymlinks` is on) or ignored as if absent (`"ignore"`, as Codex
   * does).
   *
   * @default {"follow"}
   */
  manifestLinks?: "follow" | "ignore";
  /**
   * What the root holds: `"skills"`, skill directories; or `"plugins"`,
   * Claude Code plugins: a marketplace (its `.claude-plugin/marketplace.json`
   * lists the plugins) or one plugin (a folder with `skills/`, and
   * `.claude-plugin/plugin.json` optionally). A plugin's skills are named
   * `<plugin>:<skill>`, so that two plugins may each have a `setup`.
   *
   * @default {"skills"}
   */
  kind?: "skills" | "plugins";
  /**
   * Read this relative `path` in the workspace and in each of its ancestors
   * up to the repository's top (the nearest directory holding `.git`), the
   * nearest winning: one root per directory, in ascending precedence from
   * the top down to the workspace. With no `.git` above the workspace, only
   * the workspace's is read. Needs a relative `path`.
   *
   * @default {false}
   */
  ancestors?: boolean;
}

/** The options of {@linkcode createAgentSkills} and {@linkcode resolveConfig}. */
export interface AgentSkillsOptions {
  /**
   * The home directory that `~` expands to. Only when it is not given and a
   * root starts with `~` is `os.homedir()` called (under Deno that needs
   * `--allow-sys=homedir`).
   *
   * @default {os.homedir()}
   */
  home?: string;
  /**
   * The current directory that a relative `workspace` resolves against.
   *
   * @default {process.cwd()}
   */
  cwd?: string;
  /**
   * The workspace (project) directory that relative roots resolve against.
   * Resolved against `cwd`; when given, it must be an existing directory.
   *
   * @default {cwd}
   */
  workspace?: string;
  /**
   * The skill roots in ascending precedence: when two roots hold a skill of
   * the same name, the one from the LATER root wins. Must not be empty.
   *
   * @default {clarvisSkillRoots()}
   */
  roots?: ReadonlyArray<string | SkillRootOptions>;
  /**
   * Throw a {@linkcode SkillError} for a malformed manifest (`invalid_skill`,
   * `not_a_file`) or an in-root duplicate (`duplicate_skill`) instead of
   * warning and skipping it.
   *
   * @default {false}
   */
  strict?: boolean;
  /**
   * Follow a skill directory or a manifest that is a symlink. When `false`,
   * both are ignored. A root that is itself a symlink is always followed.
   *
   * @default {true}
   */
  followSymlinks?: boolean;
  /**
   * Manifests larger than this many bytes are rejected as `invalid_skill`.
   *
   * @default {1048576}
   */
  maxManifestBytes?: number;
  /**
   * Resource enumeration in `loadSkill()` stops after visiting this many
   * entries of one skill directory, with a `resource_limit` warning.
   *
   * @default {10000}
   */
  maxResourceEntries?: number;
  /**
   * Resource enumeration in `loadSkill()` does not descend into directories
   * nested deeper than this below the skill directory, with a
   * `resource_limit` warning.
   *
   * @default {16}
   */
  maxResourceDepth?: number;
  /**
   * `readResource()` refuses files larger than this many bytes, with
   * `too_large`.
   *
   * @default {16777216}
   */
  maxResourceBytes?: number;
  /**
   * A skill lock and what it does, as `lockPolicy()` of
   * `@clarvis/agent-skills/lock` makes it from the lock `parseSkillLock()`
   * reads (the library reads no file it is not given):
   * `lock: lockPolicy(parseSkillLock(text), { mode, verify })`. Only the
   * skills it holds are served, each found where the lock found it and with
   * the bytes it records: a manifest is checked as discovery reads it, a
   * listing as `loadSkill()` lists it, and every other file as
   * `readResource()` reads it (see docs/integrity.md). A skill it does not
   * hold is `unlocked_skill`; one whose manifest or place differ is
   * `integrity_mismatch`: not served, and under `strict` thrown. A file
   * listed or read that differs is refused with `integrity_mismatch`. Under
   * the policy's `mode: "report"`, each is served with a warning instead.
   * Anything else given (a lock itself, a look-alike) is `invalid_option`.
   *
   * @default {undefined} (no lock: every skill is served)
   */
  lock?: SkillLockPolicy;
  /**
   * Receives this instance's warnings, instead of the global sink set with
   * {@linkcode setWarnSink}. What it throws propagates, unchanged, out of the
   * call that warned (`createAgentSkills`, `refresh()`, `loadSkill()`), and
   * stops that scan; a `refresh()` that throws keeps the previous snapshot.
   */
  onWarning?: WarnSink;
  /**
   * Which roots are read at all: the host's decision to make (is this
   * project trusted?). `true` reads every root; `false` reads no root of
   * scope `"workspace"` (the project's: every preset labels its project
   * roots so); a function decides for each resolved root, called once per
   * root when the config resolves, and must return a boolean. A root not
   * trusted is never listed nor read (nor watched, nor probed by
   * `explain()`), its skills are not served, and it is reported once with
   * an `untrusted_root` warning, even under `strict`. The decision is made
   * on the root as configured: a root not trusted is not read even where it
   * leads into a trusted root's directory (that root reads it, in its own
   * place), and a trusted root is read even where it leads into an
   * untrusted one's.
   *
   * @default {true}
   */
  trust?: boolean | ((root: RootToTrust) => boolean);
}

/**
 * A resolved root as the `trust` option's function sees it: its paths and
 * labels, to decide on.
 */
export interface RootToTrust {
  /** The absolute, normalised path of the root, as configured. */
  readonly path: string;
  /** Its real path (symlinks resolved) when it existed; else `path`. */
  readonly realPath: string;
  /**
   * Where the root lives: `user` (personal), `workspace` (the project's),
   * `admin` or `system` (the machine's), `plugin`, or `custom`.
   */
  readonly scope: string;
  /** Which tool's store the root is, e.g. `agents` or `claude`. */
  readonly source: string;
}
