/**
 * The strict-or-warn policy of a discovery run: a problem that leaves a
 * skill out becomes a thrown {@linkcode SkillError} under strict, and every
 * other problem (every problem, without strict) a warning to the sink.
 *
 * @module
 */

import { SkillError, type SkillErrorCode } from "../errors.ts";
import type { SkillWarningCode, WarnSink } from "../warn.ts";
import type { Report } from "./_types.ts";

/** What strict throws for a problem that drops a skill, by warning code. */
const STRICT_CODES: Partial<Record<SkillWarningCode, SkillErrorCode>> = {
  invalid_skill: "invalid_skill",
  duplicate_skill: "duplicate_skill",
  not_a_file: "not_a_file",
  unreadable: "invalid_skill",
  unrepresentable_name: "invalid_skill",
  invalid_plugin: "invalid_plugin",
  duplicate_plugin: "duplicate_plugin",
  reserved_name: "invalid_skill",
  integrity_mismatch: "integrity_mismatch",
  unlocked_skill: "unlocked_skill",
};

/**
 * The report of one discovery run: under strict, a problem that drops a
 * skill throws its {@linkcode SkillError}, with every problem of the
 * manifest and the filesystem error behind it; every other problem warns.
 */
export function reporter(
  { strict, warn }: { strict: boolean; warn: WarnSink },
): Report {
  return (problem) => {
    const { code, message, path, skill, line, column, problems } = problem;
    if (strict && problem.drops) {
      const thrown = STRICT_CODES[code] ?? "invalid_skill";
      const where = { skill, path, line, column, problems };
      throw new SkillError(
        thrown,
        message,
        "cause" in problem ? { ...where, cause: problem.cause } : where,
      );
    }
    warn({ code, message, path });
  };
}
