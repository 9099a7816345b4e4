/**
 * The options a caller writes: {@linkcode AgentSkillsOptions} and its
 * {@linkcode SkillRootOptions}. A leaf module of types (docs/configuration.md
 * says what each does).
 *
 * @module
 */

import type { WarnSink } from "./warn.ts";
import type { JsonValue } from "./skill.ts";

/** A skill root as a caller writes it: a path, or a path with labels. */
export interface SkillRootOptions {
  /** The directory whose subdirectories are skills (`~` is `home`). */
  path: string;
  /**
   * A label for where the root lives, copied onto each of its skills.
   *
   * @default {"custom"}
   */
  scope?: string;
  /**
   * A label for which tool's store the root is, copied onto its skills.
   *
   * @default {"custom"}
   */
  source?: string;
  /**
   * How many levels below the root a skill directory may be.
   *
   * @default {1}
   */
  depth?: number;
  /**
   * On a root deeper than 1, the most folders it lists (`discovery_limit`).
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
   * Whether a manifest is `SKILL.md` in any letter case, or exactly.
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
   * Whether the root holds skills, or Claude Code plugins (`<plugin>:<skill>`).
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
   * The home directory `~` expands to (`os.homedir()` only when a root needs it).
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
   * The project directory relative roots resolve against; it must exist.
   *
   * @default {cwd}
   */
  workspace?: string;
  /**
   * The skill roots in ascending precedence: the later root's skill wins.
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
   * Resource listing stops after this many entries (`resource_limit`).
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
   * A kept index, as `skills.index()` of an earlier registry gave it (after
   * `JSON.parse`): a skill whose manifest and directory are what the index
   * says is taken from it without its manifest being read (its body is read
   * on its first load); everything else is read. An index of another format,
   * of other roots or settings, or that is no index is refused as a whole
   * (`index_refused`; thrown under `strict`). Not used with a `lock`, whose
   * checks need each manifest's bytes. See docs/discovery.md.
   *
   * @default {undefined} (every manifest is read)
   */
  index?: SkillIndex;
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

/**
 * A registry's kept index, as `skills.index()` gives it: plain JSON data for
 * the host to keep (written where the skills' writers cannot write: it
 * decides the catalog of every skill whose keys it matches), and to give
 * back to `createAgentSkills({ index })` at the next start.
 */
export interface SkillIndex {
  /** The index's format: 2. */
  readonly agentSkillsIndex: number;
  /** The resolved roots it was made for, in order. */
  readonly roots: readonly string[];
  /** The settings it was made under. */
  readonly settings: {
    readonly strict: boolean;
    readonly followSymlinks: boolean;
    readonly maxManifestBytes: number;
  };
  /**
   * The roots its skills were read from (a configured root, or a plugin's
   * below one): path, scope, source and plugin, which each skill names by
   * its place in this list.
   */
  readonly origins: readonly JsonValue[];
  /**
   * Each skill read: its manifest's key (device, inode, size, modification
   * and change times), its directory's identity, its origin, its catalog
   * entry (its path below its origin's root) and findings, and its body's
   * hash.
   */
  readonly skills: readonly JsonValue[];
}
