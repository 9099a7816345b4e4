// The floor of a host's start from its kept index, for the bench's
// host-start table (scripts/bench_hosts.ts): what any start that serves the
// same catalog from the same index text must do, and nothing more. Read the
// index text and `JSON.parse` it; list each root; for each
// `<root>/<name>/SKILL.md` the index holds (an overridden one too: a start
// serves the overridden list), one `stat`, its key compared (device, inode,
// size, modification and change times); a manifest the index does not hold,
// or whose key differs, read and parsed as the naive script does (the first
// of a name only, as there; readFileSync, js-yaml `load`, imported only
// then); then the catalog string. The bench checks that the index's entries
// served every manifest they hold, so that the floor never times a read in
// place of an entry. No library, no check of the index, no proof of where a
// file is; the first root holding a name wins, as in the naive script. The
// same file runs in Deno and in Node. Prints the number of skills, the
// catalog's length and how many manifests the index's entries served.
//
//   bench_host_index_floor.mjs INDEX HOME ROOT...   (HOME is not read)

import { readdirSync, readFileSync, statSync } from "node:fs";

const [file, , ...roots] = typeof Deno === "object"
  ? Deno.args
  : process.argv.slice(2);
const index = JSON.parse(readFileSync(file, "utf8"));
// A root's path with one "/" at its end, as the library keys its entries.
const prefixOf = (root) => root.endsWith("/") ? root : `${root}/`;
const byPath = new Map();
for (const entry of index.skills) {
  byPath.set(prefixOf(index.origins[entry.origin][0]) + entry.info.path, entry);
}
const escape = (text) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
let load;
let served = 0;
const seen = new Set();
const lines = ["<available_skills>"];
for (const root of roots) {
  for (const name of readdirSync(root)) {
    const path = `${prefixOf(root)}${name}/SKILL.md`;
    const entry = byPath.get(path);
    let data;
    if (entry !== undefined) {
      let status;
      try {
        status = statSync(path);
      } catch {
        continue; // gone since the index was written
      }
      const [dev, ino, size, mtimeMs, ctimeMs] = entry.key;
      if (
        status.dev === dev && status.ino === ino && status.size === size &&
        status.mtimeMs === mtimeMs && status.ctimeMs === ctimeMs
      ) {
        data = entry.info;
        served++;
      }
    }
    if (seen.has(name)) continue;
    if (data === undefined) {
      let text;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue; // not a skill directory
      }
      const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      load ??= (await import("js-yaml")).load;
      data = match === null ? null : load(match[1]);
    }
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
console.log(`${seen.size} ${lines.join("\n").length} ${served}`);
