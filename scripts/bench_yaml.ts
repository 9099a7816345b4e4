// The YAML fast path on realistic manifests (issue 32). Two commands:
//
//   deno run --allow-read --allow-write scripts/bench_yaml.ts fallbacks [SRC]
//     How many frontmatters of the generated and the store-shaped bench trees
//     (10,000 skills each) and of the fixtures the fast path of SRC (default:
//     this checkout's src/) leaves to js-yaml, and why: the first top-level
//     entry it does not read, by kind.
//
//   deno run --allow-read --allow-write --v8-flags=--expose-gc \
//     scripts/bench_yaml.ts ab A/src B/src [rounds] [parse|simple]
//     parseManifest (or, with `simple`, simpleYaml over each frontmatter)
//     over every manifest of both trees, and over the real
//     manifests of fixtures/public repeated to as many, in memory, in one
//     process: A, B, A, B, ... for `rounds` (default 11) rounds, each timed
//     from a collected heap; prints each copy's median and B ÷ A.
//
// The trees live in /tmp/agent-skills-bench and are reused (never larger
// than 10,000 skills).

import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type BenchShape, benchTree } from "./bench_tree.ts";

const BASE = "/tmp/agent-skills-bench";
const COUNT = 10_000;

type SimpleYaml = (yaml: string) => unknown;
type ParseManifest = (text: string, options: { path: string }) => unknown;

/** The texts of every manifest of the tree of `shape`. */
function treeTexts(shape: BenchShape): string[] {
  const tree = benchTree(BASE, COUNT, { shape });
  return tree.manifestPaths.map((path) => readFileSync(path, "utf8"));
}

/** The texts of every SKILL.md under `dir` (any case), if it exists. */
function fixtureTexts(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const texts: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) texts.push(...fixtureTexts(path));
    else if (entry.isFile() && entry.name.toLowerCase() === "skill.md") {
      texts.push(readFileSync(path, "utf8"));
    }
  }
  return texts;
}

/** The frontmatter of a manifest's text, as `parseManifest` splits it. */
function frontmatterOf(text: string): string | undefined {
  return /^\uFEFF?---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/.exec(
    text.replace(/\r\n/g, "\n"),
  )?.[1];
}

/** The top-level entries of a frontmatter: a line at column 0 and its block. */
function entriesOf(yaml: string): string[] {
  const entries: string[] = [];
  for (const line of yaml.split("\n")) {
    const last = entries.length - 1;
    if (last >= 0 && (line === "" || /^[ \t-]/.test(line))) {
      entries[last] += `\n${line}`;
    } else entries.push(line);
  }
  return entries;
}

/** What kind of YAML a top-level entry the fast path refused holds. */
function kindOf(entry: string): string {
  if (/[\t\r]/.test(entry)) return "a tab or carriage return";
  if (/"(?:[^"\\\n]|\\.)*\\/.test(entry)) return "a double-quoted escape";
  // Each value of the entry: after its key, or after a list's dash.
  const values = entry.split("\n").map((line) =>
    line.replace(/^\s*(?:- |[\w-]+:(?: |$))?/, "").trim()
  );
  if (values.some((v) => /^(?:true|false|True|False|TRUE|FALSE)$/.test(v))) {
    return "a boolean";
  }
  if (values.some((v) => /^[-+]?(?:\.?\d|\.inf|\.nan)/i.test(v))) {
    return "a number";
  }
  if (/ #/.test(entry)) return "a comment";
  if (values[0] === "" && !entry.includes("\n")) return "an empty value";
  return `other: ${JSON.stringify(entry.slice(0, 60))}`;
}

async function fallbacks(src: string): Promise<void> {
  const { simpleYaml } = await import(
    resolve(src, "manifest/_simple_yaml.ts")
  ) as { simpleYaml: SimpleYaml };
  const sets: Array<[string, string[]]> = [
    ["generated", treeTexts("generated")],
    ["store", treeTexts("store")],
    ["fixtures/stores", fixtureTexts("fixtures/stores")],
    ["fixtures/public", fixtureTexts("fixtures/public")],
    ["fixtures (all)", fixtureTexts("fixtures")],
  ];
  for (const [label, texts] of sets) {
    const reasons = new Map<string, number>();
    let frontmatters = 0;
    let fallen = 0;
    for (const text of texts) {
      const yaml = frontmatterOf(text);
      if (yaml === undefined || yaml.trim() === "") continue;
      frontmatters++;
      if (simpleYaml(yaml) !== undefined) continue;
      fallen++;
      const refused = entriesOf(yaml).find((e) => simpleYaml(e) === undefined);
      const kind = refused === undefined
        ? "the whole (a duplicate key?)"
        : kindOf(refused);
      reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
    }
    console.log(`${label}: ${fallen} of ${frontmatters} to js-yaml`);
    for (const [kind, n] of [...reasons].sort((x, y) => y[1] - x[1])) {
      console.log(`  ${n}\t${kind}`);
    }
  }
}

async function ab(
  a: string,
  b: string,
  rounds: number,
  what: string,
): Promise<void> {
  const load = async (src: string): Promise<(text: string) => unknown> => {
    if (what === "simple") {
      const { simpleYaml } = await import(
        resolve(src, "manifest/_simple_yaml.ts")
      ) as { simpleYaml: SimpleYaml };
      return (text) => simpleYaml(text);
    }
    const { parseManifest } = await import(
      resolve(src, "manifest/_parse.ts")
    ) as { parseManifest: ParseManifest };
    return (text) => parseManifest(text, { path: "SKILL.md" });
  };
  // simpleYaml reads the frontmatter alone: split once, before the timing.
  const input = (texts: string[]): string[] =>
    what === "simple" ? texts.map((text) => frontmatterOf(text) ?? "") : texts;
  const copies: Array<[string, (text: string) => unknown]> = [
    [a, await load(a)],
    [b, await load(b)],
  ];
  const gc = (globalThis as { gc?: () => void }).gc;
  // The real manifests, repeated to as many as a tree has, in memory.
  const real = fixtureTexts("fixtures/public");
  const sets: Array<[string, string[]]> = [
    ["generated", treeTexts("generated")],
    ["store", treeTexts("store")],
    [
      `fixtures/public (${real.length}, repeated)`,
      Array.from({ length: Math.ceil(11_000 / Math.max(real.length, 1)) })
        .flatMap(() => real),
    ],
  ];
  for (const [shape, all] of sets) {
    const texts = input(all);
    if (texts.length === 0) continue;
    const times = new Map<string, number[]>(copies.map(([n]) => [n, []]));
    for (let round = -1; round < rounds; round++) {
      for (
        const [name, parse] of round % 2 === 0 ? copies : [...copies].reverse()
      ) {
        gc?.();
        const start = performance.now();
        for (const text of texts) parse(text);
        const took = performance.now() - start;
        // Round -1 warms both up.
        if (round >= 0) times.get(name)?.push(took);
      }
    }
    const median = (values: number[]): number =>
      [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
    const [ta, tb] = [times.get(a) ?? [], times.get(b) ?? []];
    console.log(`${shape} (${texts.length} manifests, ${rounds} rounds):`);
    for (const [name, values] of times) {
      console.log(
        `  ${name}: ${values.map((v) => v.toFixed(0)).join(" ")} ms, median ${
          median(values).toFixed(1)
        } ms (${(median(values) * 1000 / texts.length).toFixed(2)} µs each)`,
      );
    }
    // Each round's ratio: a load that lasts a round weighs on both copies.
    const paired = ta.map((t, i) => (tb[i] ?? NaN) / t);
    console.log(
      `  B ÷ A: ${(median(tb) / median(ta)).toFixed(3)} (medians), ${
        (Math.min(...tb) / Math.min(...ta)).toFixed(3)
      } (minimums), ${median(paired).toFixed(3)} (median of the rounds')`,
    );
  }
}

const [command, first, second, third, fourth] = Deno.args;
if (command === "fallbacks") await fallbacks(first ?? "src");
else if (command === "ab" && first !== undefined && second !== undefined) {
  await ab(first, second, Number(third ?? "11"), fourth ?? "parse");
} else {
  throw new Error(
    "usage: bench_yaml.ts fallbacks [SRC] | bench_yaml.ts ab A/src B/src [rounds] [parse|simple]",
  );
}
