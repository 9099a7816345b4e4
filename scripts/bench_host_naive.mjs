// The naive host start, for the bench's host-start table
// (scripts/bench_hosts.ts): list each root, read each `<root>/<name>/SKILL.md`
// with readFileSync, js-yaml `load` of its frontmatter, and build the
// catalog string; the first root holding a name wins. No validation, no
// proof of where a file is. The same file runs in Deno and in Node. Prints
// the number of skills and the catalog's length.
//
//   bench_host_naive.mjs HOME ROOT...   (HOME is not read: the arguments
//                                       are the same as the library's)

import { readdirSync, readFileSync } from "node:fs";
import { load } from "js-yaml";

const [, ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const escape = (text) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const seen = new Set();
const lines = ["<available_skills>"];
for (const root of roots) {
  for (const name of readdirSync(root)) {
    if (seen.has(name)) continue;
    const path = `${root}/${name}/SKILL.md`;
    let text;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue; // not a skill directory
    }
    const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    const data = match === null ? null : load(match[1]);
    if (
      typeof data?.name !== "string" || typeof data.description !== "string"
    ) continue;
    seen.add(name);
    lines.push(
      "<skill>",
      `<name>${escape(data.name)}</name>`,
      `<description>${escape(data.description)}</description>`,
      `<location>${escape(path)}</location>`,
      "</skill>",
    );
  }
}
lines.push("</available_skills>");
console.log(`${seen.size} ${lines.join("\n").length}`);
