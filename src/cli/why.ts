/**
 * `agent-skills why NAME`: why a skill is or is not there. Every skill
 * directory of the name with its verdict (served and its place in the
 * catalog, shadowed, a same-root duplicate, dropped), the near misses of a
 * name not served, and what became of each root. Exits 0 when the name is
 * served, 1 when it is not.
 *
 * @module
 */

import type { AgentSkills } from "../agent_skills.ts";
import type { ExplainedRoot } from "../explain/explanation.ts";
import { describe } from "../_text.ts";
import type {
  DiagnosticSeverity,
  HostName,
  HostVerdict,
} from "../check/diagnostic.ts";
import type { HostListing } from "../check/host.ts";
import {
  explainHosts,
  type HostedCandidate,
  type HostsExplanation,
} from "../check/explain.ts";
import { catalogOptions } from "./catalog.ts";
import { json } from "./json.ts";
import { hostsOf, open } from "./args.ts";
import { hintTexts, loadedBy, printHints, rootVerdict } from "./roots.ts";
import { cut, oneLine } from "./terminal.ts";
import { colors, type Line, line, type Output, type Piece } from "./output.ts";
import { type KeptIndex, OK, PROBLEMS, type Values } from "./types.ts";

/**
 * What `show` and `path` say of a name no skill is served as: the served
 * names it may have meant (the near misses that are served skills), and
 * the `why` that says more.
 */
export function unknownSkillMessage(skills: AgentSkills, name: string): string {
  const served = new Set(skills.listSkills().map((info) => info.name));
  const meant = new Set<string>();
  for (const miss of skills.explain(name).nearMisses) {
    if (miss.name !== undefined && served.has(miss.name)) meant.add(miss.name);
  }
  const guesses = [...meant].slice(0, 3).map((other) => JSON.stringify(other));
  return `Unknown skill "${name}" (${
    guesses.length === 0 ? "" : `did you mean ${guesses.join(" or ")}? `
  }agent-skills why ${JSON.stringify(name)} with the same roots says why)`;
}

export function why(
  values: Values,
  [name = "", ...dirs]: string[],
  io: Output,
  index?: KeptIndex,
): number {
  const { skills, warnings } = open(values, io, dirs, index);
  const hosts = hostsOf(values);
  const catalog = catalogOptions(values, skills.config);
  const explanation: HostsExplanation = hosts.length === 0
    ? skills.explain(name, { catalog })
    : explainHosts(skills, name, { catalog, hosts });
  const served = explanation.candidates[0]?.verdict === "served";
  // A root named that was not read fails it, as it fails `list`.
  const verdict = rootVerdict(
    { ...loadedBy(skills), values, dirs, warnings, held: false },
    io,
  );
  const status = served && verdict.hints.length === 0 ? OK : PROBLEMS;
  if (values.json) {
    json(io, { ...explanation, warnings, hints: hintTexts(verdict) });
    return status;
  }
  // `why` prints no warning: each hint is said.
  printHints(io, verdict, { warningsShown: false });
  // What matters to the name is in the explanation; --json has the rest.
  for (const line of lines(explanation, served, colors())) io.out(line);
  return status;
}

/**
 * The explanation as lines: the verdicts, the roots not trusted that may
 * hold the name, the near misses, the roots.
 */
function lines(
  { name, candidates, nearMisses, untrusted, roots }: HostsExplanation,
  served: boolean,
  c: ReturnType<typeof colors>,
): Array<Piece | Line> {
  const shown = JSON.stringify(name);
  const out: Array<Piece | Line> = [];
  if (!served) {
    out.push(
      c.bold(
        `No skill is served as ${shown}${
          candidates.length + nearMisses.length > 0
            ? ""
            : untrusted.length > 0
            ? ": no root read holds a skill or a directory of that name"
            : ": no root holds a skill or a directory of that name"
        }.`,
      ),
    );
  }
  for (const candidate of candidates) out.push(...candidateLines(candidate, c));
  // Said whether the name is served or not: it may be meant to come from there.
  // In the flag's terms: the library's message speaks of its option.
  for (const root of untrusted) {
    out.push(
      `Not read: untrusted: the root ${root.root} (scope ${
        describe(root.scope)
      }) may hold ${
        describe(name)
      }: --untrusted-workspace leaves it unread; leave out --untrusted-workspace to read it`,
    );
  }
  // Only a name not served has near misses.
  if (nearMisses.length > 0) {
    out.push("Near misses:");
    for (const miss of nearMisses) {
      out.push(line`  ${c.bold(miss.kind)}  ${miss.message}`);
    }
  }
  if (!served) {
    out.push("Roots, in ascending precedence (the last wins):");
    out.push(...roots.flatMap((root) => rootLines(root, c)));
  }
  return out;
}

function candidateLines(
  candidate: HostedCandidate,
  c: ReturnType<typeof colors>,
): Line[] {
  const out: Line[] = [[candidate.message]];
  if (candidate.verdict === "served") {
    for (const verdict of candidate.verdicts ?? []) {
      const listing = candidate.listings?.find((l) => l.host === verdict.host);
      out.push(...hostLines(verdict, listing, c));
    }
  }
  if ("warnings" in candidate) {
    for (const warning of candidate.warnings) {
      out.push(
        line`  ${c.dim(`warning [${warning.code}]`)} ${warning.message}`,
      );
    }
  }
  // One problem is the message already; several are each on a line.
  const problems = candidate.verdict === "dropped"
    ? candidate.problem.problems ?? []
    : [];
  if (problems.length > 1) {
    for (const problem of problems) {
      out.push(
        line`  ${
          c.dim(`${candidate.path}:${problem.line}`)
        } ${problem.message}`,
      );
    }
  }
  return out;
}

/**
 * One host's verdict on the served skill: first whether it loads it at all
 * (what it would list, when it does), then why, each reason on its line.
 */
function hostLines(
  { host, verdict, reasons }: HostVerdict,
  listing: HostListing | undefined,
  c: ReturnType<typeof colors>,
): Line[] {
  const out: Line[] = [];
  if (verdict === "refuses" || listing === undefined) {
    out.push(line`  ${c.bold(host)} ${REFUSES[host]}`);
  } else {
    out.push(
      // Quoted as JSON, then escaped once by the writer (never twice).
      line`  ${c.bold(host)} lists ${JSON.stringify(listing.name)}: ${
        cut(oneLine(listing.description), LISTING_WIDTH)
      }`,
    );
    for (const change of listing.changes) out.push(line`    ${c.dim(change)}`);
  }
  for (const reason of reasons) {
    const message = reason.message.startsWith(`${host}: `)
      ? reason.message.slice(host.length + 2)
      : reason.message;
    out.push(
      line`    ${
        c.dim(`${SEVERITY_WORDS[reason.severity]} [${reason.code}]`)
      } ${message}`,
    );
  }
  return out;
}

/** What each host does with a skill it does not load. */
const REFUSES: Readonly<Record<HostName, string>> = {
  "claude-code": "does not load it:",
  codex: "skips it:",
  "claude-ai": "refuses its upload:",
  gemini: "skips it:",
  spec: "fails it:",
};

const SEVERITY_WORDS: Readonly<Record<DiagnosticSeverity, string>> = {
  error: "error",
  warning: "warning",
  info: "note",
};

/** The most of a host's listing text a line shows (--json has it all). */
const LISTING_WIDTH = 200;

const STATES: Readonly<Record<ExplainedRoot["state"], string>> = {
  read: "read",
  missing: "does not exist",
  unreadable: "cannot be read",
  not_a_directory: "is not a directory",
  same_as_later: "is a later root's directory, read there",
  untrusted: "not read: untrusted",
};

function rootLines(
  { path, state, warnings }: ExplainedRoot,
  c: ReturnType<typeof colors>,
): Line[] {
  return [
    state === "read"
      ? [`  ${path}`]
      : line`  ${path}  ${c.bold(STATES[state])}`,
    // The state of a root not trusted says its one warning already.
    ...warnings.filter((warning) => warning.code !== "untrusted_root").map((
      warning,
    ) => line`    ${c.dim(`warning [${warning.code}]`)} ${warning.message}`),
  ];
}
