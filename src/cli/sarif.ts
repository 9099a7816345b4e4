/**
 * `check --format sarif`: one SARIF 2.1.0 document, its file locations URIs
 * with each segment percent-encoded.
 *
 * @module
 */

import { isAbsolute, relative, resolve, sep } from "node:path";
import { CHECK_RULES } from "../check/check.ts";
import { HOST_RULES } from "../check/host.ts";
import { relativeText } from "./terminal.ts";
import type { Output } from "./output.ts";
import type { PrintedDiagnostic } from "./types.ts";

/** One SARIF 2.1.0 run: a rule per diagnostic code, a result per diagnostic. */
export function sarif(
  report: { readonly diagnostics: readonly PrintedDiagnostic[] },
  io: Output,
): unknown {
  const level = { error: "error", warning: "warning", info: "note" };
  const codes = [...new Set(report.diagnostics.map((d) => d.code))].sort();
  return {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [{
      tool: {
        driver: {
          name: "agent-skills",
          informationUri: "https://github.com/clarvis/agent-skills",
          rules: codes.map((id) => ({
            id,
            shortDescription: { text: ruleText(id) },
            helpUri: HOST_RULES.some((rule) => rule.code === id)
              ? "https://github.com/clarvis/agent-skills/blob/main/docs/hosts.md"
              : "https://github.com/clarvis/agent-skills/blob/main/docs/cli.md#what-check-reports",
          })),
        },
      },
      results: report.diagnostics.map((d) => ({
        ruleId: d.code,
        level: level[d.severity],
        message: { text: relativeText(d.message, io) },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: uri(d.path, io) },
            ...(d.line === undefined ? {} : {
              region: {
                startLine: d.line,
                ...(d.column === undefined ? {} : { startColumn: d.column }),
              },
            }),
          },
        }],
      })),
    }],
  };
}

/**
 * A path as a SARIF URI: relative to the current directory when it is inside
 * it, else a `file://` URI; each segment percent-encoded (`a#b` is `a%23b`),
 * never escaped for a terminal, so that it names the file it names.
 */
function uri(path: string, io: Output): string {
  const rel = relative(resolve(io.cwd), path);
  const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  const segments = (inside ? rel : path).split(sep).map((segment) =>
    encodeURIComponent(segment.replace(LONE_SURROGATE_REGEXP, "\uFFFD"))
  ).join("/");
  return inside ? segments : `file://${segments}`;
}

const LONE_SURROGATE_REGEXP = /\p{Cs}/gu;

/**
 * What a diagnostic code is about: its spec sentence, a host rule's sentence
 * with its host and source, or its name spelled out.
 */
function ruleText(code: string): string {
  const host = HOST_RULES.find((rule) => rule.code === code);
  if (host !== undefined) {
    return `${host.host}: ${host.rule} (source: ${host.source})`;
  }
  return CHECK_RULES.find((rule) => rule.code === code)?.spec ??
    code.replaceAll("_", " ");
}
