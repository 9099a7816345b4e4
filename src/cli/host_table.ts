/**
 * `check --host all` in text: one table of the skills by host, each cell
 * that host's verdict on the skill as the counts of its reasons; and the
 * verdicts and counts that `--format json` carries. Each is
 * `hostVerdicts()`, the one function `why --host` asks too.
 *
 * @module
 */

import type { CheckReport } from "../check/check.ts";
import type {
  DiagnosticSeverity,
  HostName,
  HostVerdict,
  HostVerdictKind,
} from "../check/diagnostic.ts";
import { hostVerdicts } from "../check/verdict.ts";
import type { SkillInfo } from "../skill.ts";
import { type Line, line, type Output } from "./output.ts";
import { cut, oneLine } from "./terminal.ts";

/** The counts of one host's diagnostics, by severity. */
export type SeverityCounts = { [severity in DiagnosticSeverity]: number };

/** Each loadable skill of a report, with each host's verdict on it. */
export function reportVerdicts(
  report: Pick<CheckReport, "diagnostics" | "skills">,
  hosts: readonly HostName[],
): Array<{ skill: SkillInfo; verdicts: HostVerdict[] }> {
  return report.skills.map((skill) => ({
    skill,
    verdicts: hostVerdicts(skill, report.diagnostics, hosts),
  }));
}

/**
 * The counts of each host's reasons over the whole report: its rules'
 * diagnostics and those of check's own rules it applies.
 */
export function hostCounts(
  verdicts: ReturnType<typeof reportVerdicts>,
  hosts: readonly HostName[],
): Record<string, SeverityCounts> {
  const counts: Record<string, SeverityCounts> = {};
  for (const host of hosts) counts[host] = { error: 0, warning: 0, info: 0 };
  for (const row of verdicts) {
    for (const verdict of row.verdicts) {
      const total = counts[verdict.host];
      if (total === undefined) continue;
      for (const severity of SEVERITIES) {
        total[severity] += verdict.counts[severity];
      }
    }
  }
  return counts;
}

/** Each skill's path and name, and each host's verdict on it, for JSON. */
export function verdictsDocument(
  verdicts: ReturnType<typeof reportVerdicts>,
): Array<
  { skill: string; path: string; hosts: Record<string, HostVerdictKind> }
> {
  return verdicts.map(({ skill, verdicts }) => ({
    skill: skill.name,
    path: skill.path,
    hosts: Object.fromEntries(verdicts.map((v) => [v.host, v.verdict])),
  }));
}

const SEVERITIES: readonly DiagnosticSeverity[] = ["error", "warning", "info"];

/** A cell: `ok`, or the non-zero counts (`2E 1W 3N`). */
function cell({ error, warning, info }: SeverityCounts): string {
  const parts = [
    ...(error > 0 ? [`${error}E`] : []),
    ...(warning > 0 ? [`${warning}W`] : []),
    ...(info > 0 ? [`${info}N`] : []),
  ];
  return parts.length === 0 ? "ok" : parts.join(" ");
}

/** The widest a skill's name is shown in the table. */
const NAME_WIDTH = 40;

/**
 * The table of skills by host: a header, a row per loadable skill (its
 * name on one line, cut to 40 characters), a row of totals, and the key.
 */
export function printHostTable(
  io: Output,
  verdicts: ReturnType<typeof reportVerdicts>,
  hosts: readonly HostName[],
): void {
  const rows = verdicts.map(({ skill, verdicts }) => ({
    name: cut(oneLine(skill.name), NAME_WIDTH),
    cells: verdicts.map((verdict) => cell(verdict.counts)),
  }));
  const counts = hostCounts(verdicts, hosts);
  const totals = hosts.map((host) =>
    cell(counts[host] ?? { error: 0, warning: 0, info: 0 })
  );
  const nameWidth = Math.max(
    "skill".length,
    "all skills".length,
    ...rows.map((row) => row.name.length),
  );
  const widths = hosts.map((host, index) =>
    Math.max(
      host.length,
      totals[index]?.length ?? 0,
      ...rows.map((row) => row.cells[index]?.length ?? 0),
    )
  );
  const format = (name: string, cells: readonly string[]): Line =>
    line`${
      [name.padEnd(nameWidth), ...cells.map((c, i) => c.padEnd(widths[i] ?? 0))]
        .join("  ").trimEnd()
    }`;
  io.out(format("skill", hosts));
  for (const row of rows) io.out(format(row.name, row.cells));
  io.out(format("all skills", totals));
  io.out(
    "E: errors, the host does not load the skill; W: warnings, it loads it changed; N: notes (docs/hosts.md)",
  );
}
