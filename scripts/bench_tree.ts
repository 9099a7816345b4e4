// Seeded synthetic skill stores for `deno task bench`: COUNT skills spread
// over 4 roots, plus a copy of 10% of them in another root (cross-root
// overrides). Frontmatter has 3-15 keys, with multi-line descriptions and
// allowed-tools lists; bodies are 1-20 KiB; each skill has 0-20 resource
// files, some nested. A tree is generated once per (count, seed) and reused.

import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/** A generated store: its roots (ascending precedence) and what is in them. */
export interface BenchTree {
  readonly roots: string[];
  readonly skills: number;
  readonly manifests: number;
  readonly manifestBytes: number;
  /** Every manifest path, for edits. */
  readonly manifestPaths: string[];
  /** A few (skill, resource) pairs that exist, for resourcePath. */
  readonly resources: Array<[string, string]>;
}

const WORDS = (
  "skill agent file read write tool use when the user asks for a report " +
  "summary chart table data form pdf image code test build deploy review"
).split(" ");

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Generates (or reuses) the tree for `count` skills under `base`. */
export function benchTree(base: string, count: number, seed = 42): BenchTree {
  const dir = join(base, `skills-${count}-seed-${seed}`);
  const marker = join(dir, "tree.json");
  if (existsSync(marker)) {
    return JSON.parse(readFileSync(marker, "utf8")) as BenchTree;
  }
  rmSync(dir, { recursive: true, force: true });
  const next = random(seed);
  const int = (min: number, max: number): number =>
    min + Math.floor(next() * (max - min + 1));
  const words = (n: number): string =>
    Array.from({ length: n }, () => WORDS[int(0, WORDS.length - 1)]).join(" ");
  const roots = [0, 1, 2, 3].map((i) => join(dir, `root-${i}`));
  const manifestPaths: string[] = [];
  const resources: Array<[string, string]> = [];
  let manifestBytes = 0;

  const writeSkill = (root: string, name: string): void => {
    const skillDir = join(root, name);
    mkdirSync(skillDir, { recursive: true });
    const lines = [`name: ${name}`];
    lines.push(
      next() < 0.5
        ? `description: >-\n  Use when ${words(int(5, 15))}.\n  Also: ${
          words(int(5, 15))
        }.`
        : `description: Use when ${words(int(5, 20))}.`,
    );
    const extraKeys = int(1, 13);
    for (let k = 0; k < extraKeys; k++) {
      const kind = Math.min(k, 4); // each spec key once, then x-key-N
      if (kind === 0) {
        lines.push(
          `allowed-tools:\n  - Bash(git ${
            WORDS[int(0, 9)]
          }:*)\n  - Read\n  - Write`,
        );
      } else if (kind === 1) lines.push(`license: MIT`);
      else if (kind === 2) {
        lines.push(
          `metadata:\n  version: "${int(1, 9)}.${int(0, 9)}"\n  author: ${
            words(2)
          }`,
        );
      } else if (kind === 3) lines.push(`compatibility: ${words(int(3, 10))}`);
      else lines.push(`x-key-${k}: ${words(int(1, 6))}`);
    }
    const bodyTarget = int(1024, 20 * 1024);
    let body = `# ${name}\n\n`;
    while (body.length < bodyTarget) body += `${words(int(8, 16))}.\n`;
    const text = `---\n${lines.join("\n")}\n---\n${body}`;
    const path = join(skillDir, "SKILL.md");
    writeFileSync(path, text);
    manifestPaths.push(path);
    manifestBytes += new TextEncoder().encode(text).length;
    const files = int(0, 20);
    for (let f = 0; f < files; f++) {
      const rel = f % 3 === 0
        ? `scripts/run-${f}.py`
        : f % 3 === 1
        ? `references/ref-${f}.md`
        : `assets/sub-${f % 2}/asset-${f}.txt`;
      mkdirSync(join(skillDir, rel, ".."), { recursive: true });
      writeFileSync(join(skillDir, rel), words(int(5, 40)));
      if (resources.length < 200 && f === 0) resources.push([name, rel]);
    }
  };

  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(5, "0")}`;
    writeSkill(roots[i % 4] as string, name);
    if (i % 10 === 0) writeSkill(roots[(i + 1) % 4] as string, name);
  }
  const tree: BenchTree = {
    roots,
    skills: count,
    manifests: manifestPaths.length,
    manifestBytes,
    manifestPaths,
    resources,
  };
  writeFileSync(marker, JSON.stringify(tree));
  return tree;
}
