// Seeded synthetic skill stores for `deno task bench`: COUNT skills spread
// over 4 roots, plus a copy of 10% of them in another root (cross-root
// overrides). Two shapes:
//
// - "generated": frontmatter has 3-15 keys, with multi-line descriptions and
//   allowed-tools lists; bodies are 1-20 KiB; each skill has 0-20 resource
//   files, some nested.
// - "store": shaped like the public stores (anthropics/skills, openai/skills,
//   obra/superpowers, trailofbits/skills): descriptions of about 300-1,100
//   characters, double-quoted with escapes or `|-` / `>-` block scalars,
//   `metadata` maps, host fields (`argument-hint`, `user-invocable`, `model`),
//   markdown bodies of 2-40 KiB with code blocks, 1 in 25 files with CRLF line
//   ends; each skill has 0-8 resource files.
//
// A tree is generated once per (shape, count, seed) and reused.

import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import { load } from "js-yaml";

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

/** The shape of a generated store (see the header). */
export type BenchShape = "generated" | "store";

/** Generates (or reuses) the tree of one shape for `count` skills under `base`. */
export function benchTree(
  base: string,
  count: number,
  options: { shape?: BenchShape; seed?: number } = {},
): BenchTree {
  const { shape = "generated", seed = 42 } = options;
  const prefix = shape === "generated" ? "skills" : "store";
  const dir = join(base, `${prefix}-${count}-seed-${seed}`);
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

  /**
   * Writes a skill's SKILL.md, then 0 to `maxFiles` resource files beside it
   * (with `nested`, some two directories down).
   */
  const writeManifest = (
    skillDir: string,
    name: string,
    text: string,
    { maxFiles, nested }: { maxFiles: number; nested: boolean },
  ): void => {
    const path = join(skillDir, "SKILL.md");
    writeFileSync(path, text);
    manifestPaths.push(path);
    manifestBytes += new TextEncoder().encode(text).length;
    const files = int(0, maxFiles);
    for (let f = 0; f < files; f++) {
      const rel = f % 3 === 0
        ? `scripts/run-${f}.py`
        : f % 3 === 1
        ? `references/ref-${f}.md`
        : nested
        ? `assets/sub-${f % 2}/asset-${f}.txt`
        : `assets/asset-${f}.txt`;
      mkdirSync(join(skillDir, rel, ".."), { recursive: true });
      writeFileSync(join(skillDir, rel), words(int(5, 40)));
      if (resources.length < 200 && f === 0) resources.push([name, rel]);
    }
  };
  const sentence = (): string => {
    const text = words(int(6, 18));
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
  };
  /** Sentences until the text is at least `length` characters long. */
  const prose = (length: number): string => {
    let text = sentence();
    while (text.length < length) text += ` ${sentence()}`;
    return text;
  };
  /** A 300-1,100 character description in one of the stores' spellings. */
  const storeDescription = (): string => {
    const style = next();
    if (style < 0.35) {
      const text = prose(int(200, 1_000));
      // Double-quoted, with escaped quotes, a backslash and a \u escape.
      const quoted = `Use when the user says \\"${
        words(2)
      }\\" or asks for a caf\\u00e9 report (paths like C:\\\\skills). ${text}`;
      return `description: "${quoted}"`;
    }
    const text = prose(int(300, 1_100));
    const wrapped = (indicator: string): string => {
      const lines: string[] = [];
      let line = "";
      for (const word of text.split(" ")) {
        if (line.length + word.length > 78) {
          lines.push(line);
          line = word;
        } else line = line === "" ? word : `${line} ${word}`;
      }
      lines.push(line);
      return `description: ${indicator}\n${
        lines.map((l) => `  ${l}`).join("\n")
      }`;
    };
    if (style < 0.55) return wrapped("|-");
    if (style < 0.75) return wrapped(">-");
    return `description: ${text.replaceAll(": ", " - ")}`;
  };
  const storeBody = (name: string): string => {
    const target = int(2 * 1024, 40 * 1024);
    let body = `# ${name}\n\n## Overview\n\n${prose(200)}\n`;
    let section = 0;
    while (body.length < target) {
      section++;
      body += `\n## Step ${section}\n\n${prose(int(150, 600))}\n\n`;
      if (section % 2 === 0) {
        body += '```bash\npython scripts/run.py --input "$1" --out out/\n```\n';
      } else {
        body += `- ${sentence()}\n- ${sentence()}\n- **Note**: ${sentence()}\n`;
      }
    }
    return body;
  };
  const writeStoreSkill = (root: string, name: string): void => {
    const skillDir = join(root, name);
    mkdirSync(skillDir, { recursive: true });
    const lines = [`name: ${name}`, storeDescription()];
    if (next() < 0.6) lines.push(`license: Complete terms in LICENSE.txt`);
    if (next() < 0.7) {
      const keys = int(2, 5);
      lines.push("metadata:");
      lines.push(`  version: "${int(1, 3)}.${int(0, 9)}.${int(0, 9)}"`);
      lines.push(`  author: ${words(2)}`);
      for (let k = 2; k < keys; k++) lines.push(`  tag-${k}: ${words(1)}`);
    }
    if (next() < 0.4) {
      lines.push(`argument-hint: "[${words(1)}] [--${words(1)}]"`);
    }
    if (next() < 0.4) {
      lines.push(
        next() < 0.5
          ? `allowed-tools: Bash(git ${WORDS[int(0, 9)]}:*) Read Grep`
          : `allowed-tools:\n  - Read\n  - Bash(python:*)`,
      );
    }
    if (next() < 0.2) lines.push(`user-invocable: true`);
    if (next() < 0.1) lines.push(`model: sonnet`);
    let text = `---\n${lines.join("\n")}\n---\n\n${storeBody(name)}`;
    if (next() < 0.04) text = text.replaceAll("\n", "\r\n");
    writeManifest(skillDir, name, text, { maxFiles: 8, nested: false });
  };

  const writeSkill = (root: string, name: string): void => {
    if (shape === "store") return writeStoreSkill(root, name);
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
    writeManifest(skillDir, name, text, { maxFiles: 20, nested: true });
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

/**
 * The same skills as `flat`, each moved three levels down into category
 * folders (`<root>/c<n>/d<m>/<skill>`, ten by ten), their files hard-linked:
 * what a root with `depth: 3` reads, against what a flat root reads.
 */
export function categoryTree(flat: BenchTree): BenchTree {
  const dir = join(
    flat.roots[0] ?? "",
    "..",
    "..",
    basename(
      join(flat.roots[0] ?? "", ".."),
    ).replace(/^skills-/, "categories-"),
  );
  const marker = join(dir, "tree.json");
  if (existsSync(marker)) {
    return JSON.parse(readFileSync(marker, "utf8")) as BenchTree;
  }
  rmSync(dir, { recursive: true, force: true });
  const roots = flat.roots.map((root) => join(dir, basename(root)));
  const manifestPaths: string[] = [];
  flat.roots.forEach((root, r) => {
    readdirSync(root).sort().forEach((name, i) => {
      const target = join(
        roots[r] ?? "",
        `c${i % 10}`,
        `d${Math.floor(i / 10) % 10}`,
        name,
      );
      copyLinked(join(root, name), target);
      manifestPaths.push(join(target, "SKILL.md"));
    });
  });
  const tree: BenchTree = { ...flat, roots, manifestPaths };
  writeFileSync(marker, JSON.stringify(tree));
  return tree;
}

/** A directory's tree made again at `to`: directories made, files hard-linked. */
function copyLinked(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      copyLinked(join(from, entry.name), join(to, entry.name));
    } else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * The floor of discovery: list each root, open + fstat + read each
 * `<dir>/SKILL.md`, decode it, and parse its frontmatter with js-yaml;
 * nothing else. Returns how many it read.
 */
export function floorDiscovery(roots: readonly string[]): number {
  let skills = 0;
  for (const root of roots) {
    for (const name of readdirSync(root)) {
      let fd: number;
      try {
        fd = openSync(join(root, name, "SKILL.md"), "r");
      } catch {
        continue;
      }
      const size = fstatSync(fd).size;
      const bytes = new Uint8Array(size);
      readSync(fd, bytes, 0, size, 0);
      closeSync(fd);
      const text = new TextDecoder().decode(bytes);
      const end = text.indexOf("\n---", 3);
      load(text.slice(4, end));
      skills++;
    }
  }
  return skills;
}

/** One manifest as the keeping floor holds it. */
export interface KeptManifest {
  name: string;
  dir: string;
  data: unknown;
  body: string;
}

/**
 * The keeping floor of discovery, issue 32's naive loader: list each root,
 * open + fstat + read + close each `<dir>/SKILL.md`, decode it, parse its
 * frontmatter with js-yaml, and keep every result (name, directory, data and
 * body), as a registry must. Returns what it kept.
 */
export function keepingFloorDiscovery(
  roots: readonly string[],
): KeptManifest[] {
  const kept: KeptManifest[] = [];
  const decoder = new TextDecoder();
  for (const root of roots) {
    for (const name of readdirSync(root)) {
      const dir = join(root, name);
      let fd: number;
      try {
        fd = openSync(join(dir, "SKILL.md"), "r");
      } catch {
        continue;
      }
      const size = fstatSync(fd).size;
      const bytes = new Uint8Array(size);
      readSync(fd, bytes, 0, size, 0);
      closeSync(fd);
      const text = decoder.decode(bytes);
      const end = text.indexOf("\n---", 3);
      let data: unknown;
      try {
        data = load(text.slice(4, end));
      } catch {
        data = undefined;
      }
      kept.push({
        name,
        dir,
        data,
        body: text.slice(text.indexOf("\n", end + 4) + 1),
      });
    }
  }
  return kept;
}
