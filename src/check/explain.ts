/**
 * `explainHosts()`: a registry's `explain()`, with each host's verdict on
 * the served skill and its listing of it, as `checkSkills({ hosts })`
 * decides them.
 *
 * @module
 */

import type { AgentSkills } from "../agent_skills.ts";
import type {
  ExplainOptions,
  SkillCandidate,
  SkillExplanation,
} from "../explain/explanation.ts";
import { instanceOf } from "../registry/_instances.ts";
import { withTexts } from "../discovery/_read_skill.ts";
import { objectOptions } from "../_option_check.ts";
import { problemDiagnostics } from "./_diagnostics.ts";
import { checkedHosts } from "./_hosts_option.ts";
import { skillDiagnostics } from "./_skill_diagnostics.ts";
import type { HostName, HostVerdict } from "./diagnostic.ts";
import { type HostListing, hostListing } from "./host.ts";
import { hostVerdicts } from "./verdict.ts";

/** The options of {@linkcode explainHosts}. */
export interface ExplainHostsOptions extends ExplainOptions {
  /** The hosts whose verdict and listing to give, in that order. */
  hosts: readonly HostName[];
}

/**
 * A candidate of {@linkcode explainHosts}: the served one carries each
 * host's verdict and listing.
 */
export type HostedCandidate = SkillCandidate & {
  /**
   * Whether each host loads the served skill (as it is, or changed) or not
   * at all, and why, in the order of the `hosts` option: the verdict
   * `checkSkills({ hosts })` gives it (the same rules, the same function).
   * Only on the served candidate.
   */
  readonly verdicts?: readonly HostVerdict[];
  /**
   * What each host would list for the served skill, were it to load it (see
   * `verdicts`): its name and description as each host renames, collapses
   * or cuts them. Only on the served candidate.
   */
  readonly listings?: readonly HostListing[];
};

/** What {@linkcode explainHosts} gives: an explanation with hosts. */
export interface HostsExplanation extends SkillExplanation {
  /** The candidates of `explain()`, the served one with its hosts. */
  readonly candidates: readonly HostedCandidate[];
}

/**
 * Why a skill is or is not there (`skills.explain(name, options)`), and, for
 * the served skill, whether each host of `options.hosts` loads it at all
 * (`verdicts`: the verdict `checkSkills({ hosts })` gives, from the same
 * function) and what it would list for it (`listings`).
 *
 * @param skills The registry, as `createAgentSkills()` made it.
 * @param name The skill name to explain.
 * @param options The hosts, and the catalog options of `explain()`.
 * @returns The explanation, the served candidate with its hosts.
 * @throws {SkillError} `invalid_input` for a name that is not a string, or
 * `skills` that is not a registry made by `createAgentSkills()`.
 * @throws {StartupError} `invalid_option` for options of the wrong type, or
 * a host that is not one of `HOST_NAMES`.
 *
 * @example Does Codex load it?
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import { explainHosts } from "@clarvis/agent-skills/check";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const [served] = explainHosts(skills, "pdf-forms", { hosts: ["codex"] })
 *   .candidates;
 * console.log(served?.verdicts?.[0]?.verdict); // "loads"
 * ```
 */
export function explainHosts(
  skills: AgentSkills,
  name: string,
  options: ExplainHostsOptions,
): HostsExplanation {
  const instance = instanceOf(skills, "explainHosts()");
  const { hosts, ...rest } = objectOptions(options, "explainHosts()", [
    "catalog",
    "hosts",
  ]);
  const checked = checkedHosts(hosts, "explainHosts()");
  const explanation = skills.explain(name, rest);
  const [first, ...others] = explanation.candidates;
  const snapshot = instance.snapshot();
  const taken = snapshot.byName.get(name);
  // One taken from a kept index is read here, as a load reads it.
  const skill = taken && instance.read(taken);
  if (
    first?.verdict !== "served" || skill === undefined || checked.length === 0
  ) {
    return explanation;
  }
  const diagnostics = [
    ...snapshot.record.problems
      .filter(({ problem }) => problem.path === skill.info.path)
      .flatMap(({ problem }) => problemDiagnostics(problem)),
    // No resource warning is at the manifest: the files are listed only
    // for claude-ai's upload rules.
    ...skillDiagnostics(withTexts(skill), {
      config: instance.config,
      hosts: new Set(checked),
      upload: true,
      resources: false,
    }),
  ];
  const served: HostedCandidate = {
    ...first,
    verdicts: hostVerdicts(skill.info, diagnostics, checked),
    listings: checked.map((host) => hostListing(skill.info, host)),
  };
  return { ...explanation, candidates: [served, ...others] };
}
