/**
 * What the registry serves of one skill: its catalog entry, and the entry
 * with its body and resources. A leaf module of types.
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
   * Every other frontmatter key, as JSON in its original spelling (`license`,
   * `metadata`, ...); an empty `license` or `metadata` is left out.
   */
  readonly metadata: { readonly [key: string]: JsonValue };
  /** The frontmatter `allowed-tools` (else `tools`) as a list; absent without either. */
  readonly allowedTools?: readonly string[];
  /** The frontmatter `user-invocable`: whether a user may invoke it by name; `true` when absent. */
  readonly userInvocable: boolean;
  /** The frontmatter `disable-model-invocation`: `true` when only a user should choose it. */
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
  /** The plugin the skill came with (then `name` is `<plugin>:<name>`); else absent. */
  readonly plugin?: string;
}

/** One skill, loaded: its catalog entry, its body and its resource files. */
export interface SkillContent extends SkillInfo {
  /** The markdown after the frontmatter, trimmed, as read at discovery. */
  readonly body: string;
  /** The regular files inside the skill directory (`scripts/run.py`), sorted, the manifest excluded. */
  readonly resources: readonly string[];
}
