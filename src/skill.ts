/**
 * What the registry serves of one skill: {@linkcode SkillInfo}, its catalog
 * entry, and {@linkcode SkillContent}, the entry with its body and resources;
 * {@linkcode JsonValue} is what its metadata is made of. A leaf module of
 * types.
 *
 * @module
 */

/** A JSON value: what skill metadata is made of. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** What the catalog says about one skill: everything but its body. */
export interface SkillInfo {
  /** The skill's identity: its frontmatter `name`. */
  readonly name: string;
  /** The frontmatter `description`: when an agent should use the skill. */
  readonly description: string;
  /**
   * Every other frontmatter key, as plain JSON data in its original
   * spelling (`license`, `compatibility`, `metadata`, `argument-hint`, ...).
   * The keys that have a field of their own (`name`, `description`,
   * `allowed-tools`, `tools`, `user-invocable`, `disable-model-invocation`)
   * are not repeated here; an empty `license` or `metadata` is left out.
   */
  readonly metadata: { readonly [key: string]: JsonValue };
  /**
   * The frontmatter `allowed-tools` (or, when absent, `tools`) as a list.
   * Absent when neither key is set.
   */
  readonly allowedTools?: readonly string[];
  /**
   * The frontmatter `user-invocable` (Claude Code's): whether a user may
   * invoke the skill by name; `true` when absent.
   */
  readonly userInvocable: boolean;
  /**
   * The frontmatter `disable-model-invocation` (Claude Code's): `true` when
   * only a user, never the model, should choose the skill, so a host leaves
   * it out of the catalog it shows the model; `false` when absent.
   */
  readonly disableModelInvocation: boolean;
  /** The `scope` label of the root the skill came from. */
  readonly scope: string;
  /** The `source` label of the root the skill came from. */
  readonly source: string;
  /** The absolute path of the root the skill came from. */
  readonly root: string;
  /** The absolute path of the skill's directory (`<root>/<directory name>`). */
  readonly dir: string;
  /** The absolute path of the skill's manifest (`<dir>/SKILL.md`). */
  readonly path: string;
  /**
   * The plugin the skill came with, on a root of kind `"plugins"`: then
   * `name` is `<plugin>:<frontmatter name>`. Absent for other skills.
   */
  readonly plugin?: string;
}

/** One skill, loaded: its catalog entry, its body and its resource files. */
export interface SkillContent extends SkillInfo {
  /** The markdown after the frontmatter, trimmed, as read at discovery. */
  readonly body: string;
  /**
   * The regular files inside the skill directory, as sorted POSIX paths
   * relative to it (`scripts/run.py`), the manifest excluded. Listed on the
   * first `loadSkill()` of the snapshot, then kept.
   */
  readonly resources: readonly string[];
}
