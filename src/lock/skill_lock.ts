/**
 * What a skill lock records: each skill's name, where it was found, its
 * digest and each of its files' digests and sizes. A leaf module of types;
 * docs/integrity.md defines the digests.
 *
 * @module
 */

/** One file of a locked skill. */
export interface LockedFile {
  /**
   * Its path relative to the skill directory, `/`-separated: the manifest
   * (`SKILL.md`) is one of them.
   */
  readonly path: string;
  /** `sha256:` and 64 lowercase hex digits, over the file's raw bytes. */
  readonly digest: string;
  /** Its length in bytes. */
  readonly size: number;
}

/** One skill as a lock records it. */
export interface LockedSkill {
  /** The name it is served under (a plugin's skill with its prefix). */
  readonly name: string;
  /**
   * Its directory relative to the root it was found in, `/`-separated
   * (`pdf`, `tools/pdf`, `my-plugin/skills/pdf`).
   */
  readonly path: string;
  /** The skill's digest, over its files (see docs/integrity.md). */
  readonly digest: string;
  /** Every file of the skill, in code point order of their paths. */
  readonly files: readonly LockedFile[];
}

/**
 * A skill lock: what `agent-skills lock` writes (as JSON), parsed
 * (`parseSkillLock()`), and what `lockPolicy()` makes into the `lock`
 * option of `createAgentSkills()`. Skills are in code point order of their
 * names.
 */
export interface SkillLock {
  /** The lock format's version: 1. */
  readonly agentSkillsLock: 1;
  /** Each locked skill. */
  readonly skills: readonly LockedSkill[];
}
