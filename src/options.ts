/**
 * The options a caller writes: {@linkcode AgentSkillsOptions} and its
 * {@linkcode SkillRootOptions}. A leaf module of types (docs/configuration.md
 * says what each does).
 *
 * @module
 */

import type { WarnSink } from "./warn.ts";

/** A skill root as a caller writes it: a path, or a path with labels. */
export interface SkillRootOptions {
  /**
   * The directory whose subdirectories are skills: `~` expands to `home`, a
   * relative path resolves against `workspace`.
   */
  path: string;
  /**
   * A label for where the root lives, copied onto each of its skills.
   *
   * @default {"custom"}
   */
  scope?: string;
  /**
   * A label for which tool's store the root is, copied onto each of its skills.
   *
   * @default {"custom"}
   */
  source?: string;
  /**
   * How many levels below the root a skill directory may be; descent stops
   * at a directory that holds a manifest.
   *
   * @default {1}
   */
  depth?: number;
  /**
   * On a root deeper than 1, the most directories that are not skills it
   * lists; past it, `discovery_limit`.
   *
   * @default {2000}
   */
  maxDirectories?: number;
  /**
   * On a root deeper than 1, whether dot-directories are skipped or read.
   *
   * @default {"skip"}
   */
  hidden?: "skip" | "read";
  /**
   * Which file names are a manifest: `SKILL.md` in any letter case, or only
   * `SKILL.md` (as Claude Code and Codex read).
   *
   * @default {"any-case"}
   */
  manifestName?: "any-case" | "exact";
  /**
   * Whether a symlinked manifest is followed or ignored as if absent.
   *
   * @default {"follow"}
   */
  manifestLinks?: "follow" | "ignore";
  /**
   * What the root holds: skill directories, or Claude Code plugins (a
   * marketplace or one plugin), whose skills are named `<plugin>:<skill>`.
   *
   * @default {"skills"}
   */
  kind?: "skills" | "plugins";
  /**
   * Read the relative `path` in the workspace and each ancestor up to the
   * repository's top (the nearest holding `.git`), the nearest winning.
   *
   * @default {false}
   */
  ancestors?: boolean;
}

/** The options of {@linkcode createAgentSkills} and {@linkcode resolveConfig}. */
export interface AgentSkillsOptions {
  /**
   * The home directory `~` expands to; `os.homedir()` is called only when a
   * root needs it (under Deno, `--allow-sys=homedir`).
   *
   * @default {os.homedir()}
   */
  home?: string;
  /**
   * The current directory a relative `workspace` resolves against.
   *
   * @default {process.cwd()}
   */
  cwd?: string;
  /**
   * The project directory relative roots resolve against; when given, an
   * existing directory.
   *
   * @default {cwd}
   */
  workspace?: string;
  /**
   * The skill roots in ascending precedence (the later root's skill wins);
   * not empty.
   *
   * @default {clarvisSkillRoots()}
   */
  roots?: ReadonlyArray<string | SkillRootOptions>;
  /**
   * Throw a {@linkcode SkillError} for a malformed manifest or an in-root
   * duplicate instead of warning and skipping it.
   *
   * @default {false}
   */
  strict?: boolean;
  /**
   * Follow a skill directory or manifest that is a symlink (a root always is).
   *
   * @default {true}
   */
  followSymlinks?: boolean;
  /**
   * Larger manifests are `invalid_skill`, in bytes.
   *
   * @default {1048576}
   */
  maxManifestBytes?: number;
  /**
   * Resource listing stops after this many entries of one skill (`resource_limit`).
   *
   * @default {10000}
   */
  maxResourceEntries?: number;
  /**
   * Resource listing goes no deeper below a skill (`resource_limit`).
   *
   * @default {16}
   */
  maxResourceDepth?: number;
  /**
   * `readResource()` refuses larger files (`too_large`), in bytes.
   *
   * @default {16777216}
   */
  maxResourceBytes?: number;
  /**
   * A lock policy, `lockPolicy(parseSkillLock(text), { mode, verify })` of
   * `@clarvis/agent-skills/lock`: only the skills and bytes of the lock are
   * served (docs/integrity.md); anything else is `invalid_option`.
   *
   * @default {undefined} (no lock: every skill is served)
   */
  lock?: SkillLockPolicy;
  /**
   * Receives this instance's warnings instead of the global sink; what it
   * throws propagates out of the call that warned.
   */
  onWarning?: WarnSink;
  /**
   * Which roots are read at all: every root, none of scope `"workspace"`
   * (`false`), or a function's answer for each resolved root. A root not
   * trusted is never listed nor read, and said once as `untrusted_root`.
   *
   * @default {true}
   */
  trust?: boolean | ((root: RootToTrust) => boolean);
}

/** A resolved root as the `trust` option's function sees it. */
export interface RootToTrust {
  /** The absolute, normalised path of the root, as configured. */
  readonly path: string;
  /** Its real path when it existed; else `path`. */
  readonly realPath: string;
  /** Where the root lives: `user`, `workspace`, `admin`, `system`, `plugin` or `custom`. */
  readonly scope: string;
  /** Which tool's store the root is, e.g. `agents` or `claude`. */
  readonly source: string;
}

/**
 * A skill lock and what it does, as `lockPolicy()` of
 * `@clarvis/agent-skills/lock` makes it: what `config.lock` shows. Only a
 * policy `lockPolicy()` made is taken.
 */
export interface SkillLockPolicy {
  /** `"enforce"` refuses what does not match; `"report"` warns and serves. */
  readonly mode: "enforce" | "report";
  /** `"eager"`: discovery checks every file of a skill, not only its manifest. */
  readonly verify: "lazy" | "eager";
}
