/**
 * A skill lock policy as the core sees it: what `config.lock` shows, and
 * whether a value is one that `lockPolicy()` (`@clarvis/agent-skills/lock`)
 * made. The core loads none of the lock's code: the policy carries it
 * (`registry/_integrity.ts`), and the `lock` option takes only a policy so
 * made, never a look-alike.
 *
 * @module
 */

/**
 * A skill lock and what it does, as `lockPolicy()` of
 * `@clarvis/agent-skills/lock` makes it for the `lock` option: what
 * `config.lock` shows. Its checks are internal; only a policy that
 * `lockPolicy()` made is taken.
 */
export interface SkillLockPolicy {
  /** `"enforce"` refuses what does not match; `"report"` warns and serves. */
  readonly mode: "enforce" | "report";
  /** `"eager"`: discovery checks every file of a skill, not only its manifest. */
  readonly verify: "lazy" | "eager";
}

/** The policies `lockPolicy()` made (through `registry/_integrity.ts`). */
const MADE = new WeakSet<object>();

/** Whether `value` is a policy that `lockPolicy()` made. */
export function isLockPolicy(value: unknown): value is SkillLockPolicy {
  return typeof value === "object" && value !== null && MADE.has(value);
}

/** Records a policy as made (frozen, with its checks registered). */
export function markLockPolicy(policy: SkillLockPolicy): void {
  MADE.add(policy);
}
