/**
 * `check --host all` in text: one table of the skills by host, each cell
 * the counts of that host's diagnostics for the skill; and the counts of
 * each host's diagnostics, which `--format json` carries.
 *
 * @module
 */

import type { CheckReport } from "../check/check.ts";
import type {
  DiagnosticSeverity,
  HostName,
  SkillDiagnostic,
} from "../check/diagnostic.ts";
import { type Line, line, type Output } from "./output.ts";
import { cut, oneLine } from "./terminal.ts";

/** The counts of one host's diagnostics, by severity. */
export type SeverityCounts = { [severity in DiagnosticSeverity]: number };

/** The counts of each host's diagnostics over the whole report. */
export function hostCounts(
  report: Pick<CheckReport, "diagnostics">,
  hosts: readonly HostName[],
): Record<string, SeverityCounts> {
  const counts: Record<string, SeverityCounts> = {};
  for (const host of hosts) counts[host] = countOf(report.diagnostics, host);
  return counts;
}

function countOf(
  diagnostics: readonly SkillDiagnostic[],
  host: HostName,
  path?: string,
): SeverityCounts {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) {
    if (d.host === host && (path === undefined || d.path === path)) {
      counts[d.severity]++;
    }
  }
  return counts;
}

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
  report: Pick<CheckReport, "diagnostics" | "skills">,
  hosts: readonly HostName[],
): void {
  const rows = report.skills.map((skill) => ({
    name: cut(oneLine(skill.name), NAME_WIDTH),
    cells: hosts.map((host) =>
      cell(countOf(report.diagnostics, host, skill.path))
    ),
  }));
  const totals = hosts.map((host) => cell(countOf(report.diagnostics, host)));
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
  io.out("E errors, W warnings, N notes of each host's rules (docs/hosts.md)");
}
