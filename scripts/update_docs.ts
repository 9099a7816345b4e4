// `deno task docs`: rewrites the output of every ```console block that starts
// with `$ agent-skills ...` in README.md and docs/*.md with what the command
// prints now, and the check rules table of docs/cli.md from the rules the
// code runs. tests/docs_test.ts fails when a block and the library drift
// apart; this script is how to bring them back together.

import {
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { fileURLToPath } from "node:url";
import { main } from "@clarvis/agent-skills/cli";
import { _RULES } from "../src/_check_rules.ts";

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
export function output(command: string): string {
  const args = command.split(" ");
  if (!args.includes("--home")) args.push("--home", "/nonexistent-home");
  let out = "";
  main(args, {
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
  const rows = [
    ["code", "severity", "the skill keeps it when"],
    ..._RULES.map((rule) => [`\`${rule.code}\``, rule.severity, rule.spec]),
  ];
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

/** A page with its generated blocks brought up to date. */
export function updated(text: string): string {
  return text.replace(
    /```console\n\$ agent-skills (.*)\n[\s\S]*?```/g,
    (_block, command: string) =>
      `\`\`\`console\n$ agent-skills ${command}\n${output(command)}\`\`\``,
  ).replace(
    RULES_BLOCK_REGEXP,
    `<!-- rules:start -->\n\n${rulesTable()}\n\n<!-- rules:end -->`,
  );
}

if (import.meta.main) {
  for (const page of PAGES) {
    const path = `${ROOT}/${page}`;
    const text = readFileSync(path, "utf8");
    const next = updated(text);
    if (next !== text) {
      writeFileSync(path, next);
      console.log(`updated ${page}`);
    }
  }
}
