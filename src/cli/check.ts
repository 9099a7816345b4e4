/**
 * `agent-skills check`: every problem of every skill under the roots or
 * skill directories, as text (here), JSON, GitHub workflow commands or SARIF.
 *
 * @module
 */

import { type CheckReport, checkSkills } from "../check/check.ts";
import { printGithub } from "./github.ts";
import { json } from "./json.ts";
import {
  dirRoots,
  hostNamesGiven,
  hostsOf,
  placeOptions,
  presentRoots,
} from "./args.ts";
import {
  hostCounts,
  printHostTable,
  reportVerdicts,
  verdictsDocument,
} from "./host_table.ts";
import { sarif } from "./sarif.ts";
import { colors, line, type Output } from "./output.ts";
import {
  display,
  fail,
  plural,
  position,
  relativeText,
  untrustedNote,
  untrustedPaths,
} from "./terminal.ts";
import { OK, type PrintedDiagnostic, PROBLEMS, type Values } from "./types.ts";

export function check(values: Values, dirs: string[], io: Output): number {
  const { paths, lookedAt } = dirs.length > 0
    ? { paths: dirRoots(values, dirs, io), lookedAt: [] }
    : presentRoots(values, io);
  if (paths.length === 0) {
    // Only the preset roots are ever left out, so these are they.
    return fail(io, values, {
      status: PROBLEMS,
      error: {
        code: "no_skills",
        message: `No skills to check: none of the preset roots exists (${
          lookedAt.map((path) => display(path, io)).join(", ")
        }); give a DIR or --root`,
      },
    });
  }
  const hosts = hostsOf(values);
  const report = checkSkills({
    paths,
    ...(hosts.length === 0 ? {} : { hosts }),
    ...placeOptions(values, io),
    // Without a DIR, the preset's roots together must hold a skill.
    requireSkills: dirs.length > 0 ? "each" : "any",
  });
  return printReport(io, values, report);
}

/**
 * Prints a check's report in the format asked for, one document whatever
 * failed, and returns the exit code: 1 when it has errors (or warnings,
 * under `--strict`). `refused` are the diagnostics of paths refused before
 * any skill in them was read (archives that cannot be read), printed first.
 */
export function printReport(
  io: Output,
  values: Values,
  checked: CheckReport,
  refused: readonly PrintedDiagnostic[] = [],
): number {
  const hosts = hostsOf(values);
  const verdicts = hosts.length === 0 ? [] : reportVerdicts(checked, hosts);
  const counts = { ...checked.counts };
  for (const diagnostic of refused) counts[diagnostic.severity]++;
  const report = {
    diagnostics: [...refused, ...checked.diagnostics],
    skills: checked.skills,
    counts,
  };
  const failed = counts.error > 0 ||
    (values.strict === true && counts.warning > 0);
  const format = formatOf(values);
  if (format === "github") {
    printGithub(io, report, { summary: summaryOf(report, values) });
    return failed ? PROBLEMS : OK;
  }
  if (format === "sarif") {
    json(io, sarif(report, io));
    return failed ? PROBLEMS : OK;
  }
  if (format === "json") {
    json(io, {
      ok: !failed,
      strict: values.strict === true,
      counts,
      skills: report.skills.length,
      ...(hosts.length === 0 ? {} : {
        hosts: hostCounts(verdicts, hosts),
        verdicts: verdictsDocument(verdicts),
      }),
      diagnostics: report.diagnostics,
    });
    return failed ? PROBLEMS : OK;
  }
  const c = colors();
  const paint = { error: c.red, warning: c.yellow, info: c.dim };
  // The roots --untrusted-workspace left unread: one note, in its terms.
  const untrusted: string[] = [];
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.code === "untrusted_root") {
      untrusted.push(diagnostic.path);
      continue;
    }
    io.out(
      line`${position(diagnostic, io)}: ${
        paint[diagnostic.severity](`${diagnostic.code}:`)
      } ${relativeText(diagnostic.message, io)} [${diagnostic.severity}]`,
    );
  }
  if (untrusted.length > 0) {
    io.out(
      line`${untrustedPaths(untrusted, io)}: ${c.dim("untrusted_root:")} ${
        untrustedNote(untrusted, io)
      } [info]`,
    );
  }
  if (hostNamesGiven(values).includes("all")) {
    printHostTable(io, verdicts, hosts);
  }
  const summary = summaryOf(report, values);
  io.out(failed ? c.red(summary) : summary);
  return failed ? PROBLEMS : OK;
}

/** "N errors, N warnings, N notes in N loadable skills", and the strict mark. */
function summaryOf(
  report: Pick<CheckReport, "counts" | "skills">,
  values: Values,
): string {
  const { error, warning, info } = report.counts;
  return `${plural(error, "error")}, ${plural(warning, "warning")}, ${
    plural(info, "note")
  } in ${plural(report.skills.length, "loadable skill")}${
    values.strict ? " (strict: warnings fail)" : ""
  }`;
}

/** The output format of `check`: `--format`, or `json` for `--json`. */
function formatOf(values: Values): string {
  return values.format ?? (values.json ? "json" : "text");
}
