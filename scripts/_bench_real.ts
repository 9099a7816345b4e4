// A skill store shaped like a real one, for scripts/bench_lock.ts and
// scripts/bench_lock_ab.ts (issue 47): generated once per size, seeded.

import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A seeded generator of numbers in [0, 1) (xorshift). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const WORDS = (
  "skill agent file read write tool use when the user asks for a report " +
  "summary chart table data form pdf image code test build deploy review"
).split(" ");

/**
 * A store of `count` skills in one root, shaped like a real one: each a
 * frontmatter of a name, a description of 80-600 characters and, for one in
 * three, a license and a metadata map; a markdown body of 1-8 KiB; and 0-6
 * resource files of 200 B to 4 KiB (scripts/, references/, or beside the
 * manifest). Generated once per size, and reused.
 */
export function realStore(base: string, count: number): string {
  const dir = join(base, `real-${count}-seed-47`);
  const root = join(dir, "root");
  if (existsSync(join(dir, "done"))) return root;
  rmSync(dir, { recursive: true, force: true });
  const next = random(47);
  const int = (min: number, max: number): number =>
    min + Math.floor(next() * (max - min + 1));
  const words = (length: number): string => {
    let text = "";
    while (text.length < length) text += `${WORDS[int(0, WORDS.length - 1)]} `;
    return text.slice(0, length).trimEnd();
  };
  for (let i = 0; i < count; i++) {
    const name = `skill-${i.toString().padStart(5, "0")}`;
    const skill = join(root, name);
    mkdirSync(skill, { recursive: true });
    const extra = i % 3 === 0
      ? `license: Apache-2.0\nmetadata:\n  version: "1.${
        i % 10
      }"\n  owner: team-${i % 7}\n`
      : "";
    let body = `# ${name}\n\n`;
    const bodyBytes = int(1024, 8192);
    while (body.length < bodyBytes) {
      body += next() < 0.15
        ? `\n\`\`\`sh\n${words(int(20, 80))}\n\`\`\`\n\n`
        : `${words(int(60, 400))}.\n\n`;
    }
    writeFileSync(
      join(skill, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${words(int(80, 600))}\n${extra}---\n${
        body.slice(0, bodyBytes)
      }\n`,
    );
    const files = int(0, 6);
    for (let f = 0; f < files; f++) {
      const rel = f % 3 === 0
        ? `scripts/run-${f}.py`
        : f % 3 === 1
        ? `references/ref-${f}.md`
        : `notes-${f}.md`;
      mkdirSync(join(skill, rel, ".."), { recursive: true });
      writeFileSync(join(skill, rel), words(int(200, 4096)));
    }
  }
  writeFileSync(join(dir, "done"), "");
  return root;
}
