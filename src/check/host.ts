/**
 * Host profiles: the hosts `checkSkills({ hosts })` knows, the rules it
 * holds a skill to for each (as data, each with its source), and what each
 * host would list for a skill (its name and description as that host
 * renames, collapses or cuts them); each host's verdict is `verdict.ts`'s.
 * docs/hosts.md has the sources.
 *
 * @module
 */

import type { HostName, HostRule } from "./diagnostic.ts";
import { HOST_RULE_ENTRIES } from "./_host_rules.ts";
import { bareName } from "../_names.ts";
import {
  CLAUDE_CODE_LISTING_MAX,
  claudeCodeListing,
  codePointCount,
  collapseWhitespace,
  cutCodePoints,
  geminiName,
} from "./_host_text.ts";
import type { SkillInfo } from "../skill.ts";
import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";
import { HOST_NAMES } from "./_host_names.ts";

// The names alone, in a module of their own: the command line checks
// `--host` without loading the host rules.
export { HOST_NAMES };

/**
 * Every host rule, each with its code, host, severity, sentence and source.
 *
 * @example The rules of one host
 * ```ts
 * import { HOST_RULES } from "@clarvis/agent-skills/check";
 *
 * const gemini = HOST_RULES.filter((rule) => rule.host === "gemini");
 * console.log(gemini.every((rule) => rule.source.length > 0)); // true
 * ```
 */
export const HOST_RULES: readonly HostRule[] = Object.freeze(
  HOST_RULE_ENTRIES.map(({ code, host, severity, rule, source }) =>
    Object.freeze({ code, host, severity, rule, source })
  ),
);

/** What one host would list for a skill. */
export interface HostListing {
  /** The host. */
  readonly host: HostName;
  /** The name as that host shows it. */
  readonly name: string;
  /**
   * The description as that host shows it (for Claude Code, the listing
   * text: the description and `when_to_use`, cut).
   */
  readonly description: string;
  /** What the host changed, one sentence each; empty when nothing. */
  readonly changes: readonly string[];
}

/**
 * What a host would list for a skill: its name and description as that
 * host renames, collapses or cuts them. A pure function of the skill's
 * fields; whether the host loads the skill at all is its verdict, which
 * `hostVerdicts()` gives from `checkSkills({ hosts })` (and
 * `explain(name, { hosts })` beside the listing).
 *
 * @param info The skill.
 * @param host The host.
 * @returns The name, description and changes that host makes.
 * @throws {StartupError} `invalid_option` for a host with no profile, or an
 * `info` without a string name and description.
 *
 * @example
 * ```ts
 * import { type SkillInfo } from "@clarvis/agent-skills";
 * import { hostListing } from "@clarvis/agent-skills/check";
 *
 * const info = {
 *   name: "pdf:forms",
 *   description: "Fill in\n  PDF forms.",
 *   metadata: {},
 * } as unknown as SkillInfo;
 * console.log(hostListing(info, "gemini").name); // "pdf-forms"
 * console.log(hostListing(info, "codex").description); // "Fill in PDF forms."
 * ```
 */
export function hostListing(info: SkillInfo, host: HostName): HostListing {
  checkedListingInput(info, host);
  const changes: string[] = [];
  if (host === "claude-code") {
    const full = claudeCodeListing(info);
    const description = cutCodePoints(full, CLAUDE_CODE_LISTING_MAX);
    if (description !== full) {
      changes.push(
        `listing cut from ${
          codePointCount(full)
        } to ${CLAUDE_CODE_LISTING_MAX} characters`,
      );
    }
    return Object.freeze({
      host,
      name: info.name,
      description,
      changes: Object.freeze(changes),
    });
  }
  if (host === "codex") {
    const name = collapseWhitespace(info.name);
    const description = collapseWhitespace(info.description);
    if (name !== info.name) changes.push("white space in the name collapsed");
    if (description !== info.description) {
      changes.push("white space in the description collapsed to one line");
    }
    return Object.freeze({
      host,
      name,
      description,
      changes: Object.freeze(changes),
    });
  }
  const bare = bareName(info);
  const name = host === "gemini" ? geminiName(bare) : bare;
  if (name !== bare) changes.push(`name "${bare}" shown as "${name}"`);
  return Object.freeze({
    host,
    name,
    description: info.description,
    changes: Object.freeze(changes),
  });
}

/**
 * Refuses, with `invalid_option`, a host with no profile and what is not a
 * skill with a string name and description (never a raw `TypeError`).
 */
function checkedListingInput(info: unknown, host: unknown): void {
  if (!(HOST_NAMES as readonly unknown[]).includes(host)) {
    throw new StartupError(
      "invalid_option",
      `hostListing() takes a host of ${HOST_NAMES.join(", ")}, got ${
        describe(host)
      }`,
    );
  }
  const given = typeof info === "object" && info !== null
    ? info as Partial<Record<keyof SkillInfo, unknown>>
    : undefined;
  if (
    typeof given?.name !== "string" || typeof given.description !== "string"
  ) {
    throw new StartupError(
      "invalid_option",
      `hostListing() takes a skill as skills.listSkills() gives it, with a name and a description, got ${
        describe(info)
      }`,
    );
  }
}
