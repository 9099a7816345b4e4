// `deno task docs`: rewrites the output of every ```console block that starts
// with `$ agent-skills ...` in README.md and docs/*.md with what the command
// prints now. tests/docs_test.ts fails when a block and the library drift
// apart; this script is how to bring them back together.

import {
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { fileURLToPath } from "node:url";
import { main } from "@clarvis/agent-skills/cli";

const ROOT = realpathSync(fileURLToPath(new URL("..", import.meta.url)));
const pages = [
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

if (import.meta.main) {
  for (const page of pages) {
    const path = `${ROOT}/${page}`;
    const text = readFileSync(path, "utf8");
    const updated = text.replace(
      /```console\n\$ agent-skills (.*)\n[\s\S]*?```/g,
      (_block, command: string) =>
        `\`\`\`console\n$ agent-skills ${command}\n${output(command)}\`\`\``,
    );
    if (updated !== text) {
      writeFileSync(path, updated);
      console.log(`updated ${page}`);
    }
  }
}
