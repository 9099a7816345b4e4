/**
 * What the core asks of a skill lock, never importing its code: `lockPolicy()`
 * (`src/lock/`) makes a policy with these checks, and the core finds them here.
 *
 * @module
 */

import { markLockPolicy, type SkillConfig } from "../config/config.ts";
import type { SkillLockPolicy } from "../options.ts";
import type { DiscoveredSkill, Problem } from "../discovery/_types.ts";
import type { WarnSink } from "../warn.ts";

/** The checks of a lock policy, as discovery and the tiers call them. */
export interface LockChecks {
  /** The digest of a manifest's bytes, taken as discovery reads them. */
  readonly digest: (bytes: Uint8Array) => string;
  /** Why the lock refuses a skill discovery read (`drops` when enforced), or `undefined`. */
  readonly admit: (
    skill: DiscoveredSkill,
    config: SkillConfig,
  ) => Problem | undefined;
  /** The checks of the tiers, warning to `warn` when the lock reports. */
  readonly guard: (warn: WarnSink) => ReadGuard;
}

/** What the tiers check against a lock: `integrity_mismatch` thrown, or warned. */
export interface ReadGuard {
  /** A skill's resource listing, as `loadSkill()` lists it. */
  listing(skill: DiscoveredSkill, resources: readonly string[]): void;
  /** A path given to `resourcePath()`, and the real path it resolved to. */
  path(skill: DiscoveredSkill, rel: string, path: string): void;
  /** The bytes `readResource()` read. */
  read(skill: DiscoveredSkill, rel: string, bytes: Uint8Array): void;
}

const CHECKS = new WeakMap<SkillLockPolicy, LockChecks>();

/** A frozen policy of `mode` and `verify` carrying `checks`, one the config takes. */
export function makeLockPolicy(
  { mode, verify }: SkillLockPolicy,
  checks: LockChecks,
): SkillLockPolicy {
  const policy = Object.freeze({ mode, verify });
  CHECKS.set(policy, checks);
  markLockPolicy(policy);
  return policy;
}

/** The checks of a policy `makeLockPolicy()` made (the config takes no other). */
export function lockChecks(policy: SkillLockPolicy): LockChecks {
  const checks = CHECKS.get(policy);
  if (checks === undefined) throw new TypeError("not a lock policy");
  return checks;
}
