/**
 * `check --format github` and `verify --format github`: GitHub Actions
 * workflow commands, one per diagnostic, escaped as GitHub reads them.
 *
 * @module
 */

import { display, relativeText } from "./terminal.ts";
import type { Output } from "./output.ts";
import type { PrintedDiagnostic } from "./types.ts";

/** GitHub Actions workflow commands: one per diagnostic, then the summary. */
export function printGithub(
  io: Output,
  report: { readonly diagnostics: readonly PrintedDiagnostic[] },
  { summary, title = "agent-skills check" }: {
    summary: string;
    title?: string;
  },
): void {
  const level = { error: "error", warning: "warning", info: "notice" };
  for (const d of report.diagnostics) {
    const properties = [
      `file=${githubProperty(display(d.path, io))}`,
      ...(d.line === undefined ? [] : [`line=${d.line}`]),
      ...(d.column === undefined ? [] : [`col=${d.column}`]),
      `title=${githubProperty(d.code)}`,
    ].join(",");
    io.out(
      `::${level[d.severity]} ${properties}::${
        githubData(relativeText(d.message, io))
      }`,
    );
  }
  io.out(`::notice title=${githubProperty(title)}::${githubData(summary)}`);
}

/** A workflow command's message, escaped as GitHub reads it. */
function githubData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll(
    "\n",
    "%0A",
  );
}

/** A workflow command's property value, escaped as GitHub reads it. */
function githubProperty(text: string): string {
  return githubData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
