// `deno task docs`: rewrites the output of every ```console block that starts
// with `$ agent-skills ...` in README.md and docs/*.md with what the command
// prints now, the check rules table of docs/cli.md from the rules the code
// runs, and README's table of where check differs from the reference
// validator from tests/reference_battery.json. tests/docs_test.ts fails when a block and the library drift
// apart; this script is how to bring them back together.

import {
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { fileURLToPath } from "node:url";
import { main } from "@clarvis/agent-skills/cli";
import { RULES } from "../src/check/_rules.ts";
import { HOST_RULES } from "../src/check/host.ts";
import { HOST_BASE_RULES } from "../src/check/verdict.ts";

/** The repository's directory, as a real path. */
export const ROOT: string = realpathSync(
  fileURLToPath(new URL("..", import.meta.url)),
);

/** The pages whose blocks are generated: README.md and docs/*.md. */
export const PAGES: readonly string[] = [
  "README.md",
  ...readdirSync(`${ROOT}/docs`).filter((f) => f.endsWith(".md")).map((f) =>
    `docs/${f}`
  ),
];

/** What `agent-skills ARGS` prints, as tests/docs_test.ts runs it. */
export async function output(command: string): Promise<string> {
  const args = command.split(" ");
  if (!args.includes("--home")) args.push("--home", "/nonexistent-home");
  let out = "";
  await main(args, {
    stdout: (text) => (out += text),
    stderr: (text) => (out += text),
    color: false,
    columns: 80,
    cwd: ROOT,
  });
  return out.replaceAll(ROOT, "<repo>");
}

/** The markers around the generated rules table. */
export const RULES_BLOCK_REGEXP: RegExp =
  /<!-- rules:start -->\n[\s\S]*?<!-- rules:end -->/;

/** The rules table, padded as `deno fmt` pads a markdown table. */
export function rulesTable(): string {
  return _table([
    ["code", "severity", "the skill keeps it when"],
    ...RULES.map((rule) => [`\`${rule.code}\``, rule.severity, rule.spec]),
  ]);
}

/** The markers around the generated host rules table of docs/hosts.md. */
export const HOST_RULES_BLOCK_REGEXP: RegExp =
  /<!-- host-rules:start -->\n[\s\S]*?<!-- host-rules:end -->/;

/**
 * The host rules table, padded as `deno fmt` pads a markdown table: each
 * host's own rules, then the rules of check's own it applies too.
 */
export function hostRulesTable(): string {
  const hosts = [...new Set(HOST_RULES.map((rule) => rule.host))];
  return _table([
    ["host", "code", "severity", "what the host does", "source"],
    ...hosts.flatMap((host) =>
      [...HOST_RULES, ...HOST_BASE_RULES].filter((rule) => rule.host === host)
    ).map((rule) => [
      rule.host,
      `\`${rule.code}\``,
      rule.severity,
      rule.rule.replaceAll("|", "\\|"),
      rule.source.replaceAll("|", "\\|"),
    ]),
  ]);
}

/** The markers around the generated table of differences from the reference. */
export const DIFFERENCES_BLOCK_REGEXP: RegExp =
  /<!-- differences:start -->\n[\s\S]*?<!-- differences:end -->/;

/** One case of the battery, as tests/reference_battery.json records it. */
export interface BatteryCase {
  /** A short name, unique in the battery. */
  id: string;
  /** What the case tries: a rule of the reference, or a behaviour of check. */
  item: string;
  /** The path given to both validators, relative to the case's directory. */
  path: string;
  /** The files of the case's directory (relative path to text). */
  files: Record<string, string>;
  /** Why check's verdict differs from the reference's, on purpose. */
  differs?: string;
  /** The reference validator's messages; none when the skill is valid. */
  reference: string[];
  /** check's diagnostics: severity, code, path and line (when it has one). */
  ours: Array<[string, string, string, number?]>;
}

/** The battery of tests/reference_battery.json. */
export function battery(): BatteryCase[] {
  const file = `${ROOT}/tests/reference_battery.json`;
  return (JSON.parse(readFileSync(file, "utf8")) as { cases: BatteryCase[] })
    .cases;
}

/** README's table of the battery's cases where check differs on purpose. */
export function differencesTable(): string {
  return _table([
    ["case", "the reference validator", "agent-skills check", "why"],
    ...battery().filter((c) => c.differs !== undefined).map((c) => [
      `\`${c.id}\`: ${c.item.replace(/^[^:]*: /, "")}`,
      c.reference.length === 0
        ? "passes"
        : `fails: ${_cut(c.reference[0]!.split("\n")[0]!, 48)}`,
      _ourVerdict(c),
      c.differs!,
    ]),
  ]);
}

function _ourVerdict(c: BatteryCase): string {
  const codes = (severity: string): string[] => [
    ...new Set(
      c.ours.filter((d) => d[0] === severity).map((d) => `\`${d[1]}\``),
    ),
  ];
  const errors = codes("error");
  if (errors.length > 0) return `fails: ${errors.join(", ")}`;
  const notes = [...codes("warning"), ...codes("info")];
  return notes.length === 0 ? "passes" : `passes, with ${notes.join(", ")}`;
}

function _cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A markdown table, padded as `deno fmt` pads one. */
function _table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => row[column]!.length))
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  const [head, ...body] = rows;
  return [
    line(head!),
    line(widths.map((width) => "-".repeat(width))),
    ...body.map(line),
  ].join("\n");
}

/** The console blocks of a page: `$ agent-skills COMMAND`, then its output. */
const CONSOLE_BLOCK = /```console\n\$ agent-skills (.*)\n[\s\S]*?```/g;

/** A page with its generated blocks brought up to date. */
export async function updated(text: string): Promise<string> {
  // The command line is async: each block's output first, then the text.
  const outputs = new Map<string, string>();
  for (const [, command = ""] of text.matchAll(CONSOLE_BLOCK)) {
    outputs.set(command, await output(command));
  }
  return text.replace(
    CONSOLE_BLOCK,
    (_block, command: string) =>
      `\`\`\`console\n$ agent-skills ${command}\n${outputs.get(command)}\`\`\``,
  ).replace(
    RULES_BLOCK_REGEXP,
    `<!-- rules:start -->\n\n${rulesTable()}\n\n<!-- rules:end -->`,
  ).replace(
    HOST_RULES_BLOCK_REGEXP,
    `<!-- host-rules:start -->\n\n${hostRulesTable()}\n\n<!-- host-rules:end -->`,
  ).replace(
    DIFFERENCES_BLOCK_REGEXP,
    `<!-- differences:start -->\n\n${differencesTable()}\n\n<!-- differences:end -->`,
  );
}

if (import.meta.main) {
  for (const page of PAGES) {
    const path = `${ROOT}/${page}`;
    const text = readFileSync(path, "utf8");
    const next = await updated(text);
    if (next !== text) {
      writeFileSync(path, next);
      console.log(`updated ${page}`);
    }
  }
}
