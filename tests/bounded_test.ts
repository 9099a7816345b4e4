// Work on manifests inside the size cap stays bounded: no regular expression
// backtracks, no lookup is quadratic. A scan that could hang runs in a second
// process that is killed after a generous limit, so a regression fails the
// test instead of hanging the suite.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkSkills } from "@clarvis/agent-skills";
import { tempTrees } from "./_helpers.ts";
import { runScriptWithin, scriptPath } from "./_spawn.ts";

const tree = tempTrees();
const CAP = 1024 * 1024;
/** Deeper YAML nesting is refused by design (at 100 levels). */
const MAX_DEPTH = 90;
/** What linear work does in well under a second; a hang is killed here. */
const LIMIT_MS = 60_000;

async function scanInSubprocess(root: string): Promise<string> {
  const run = await runScriptWithin(
    scriptPath("./_scan_main.ts", import.meta.url),
    [root],
    { deno: ["--allow-read"], node: [], cwd: root },
    LIMIT_MS,
  );
  assert.equal(run.timedOut, false, `the scan of ${root} was killed`);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  return run.stdout;
}

/** A manifest whose frontmatter is `lines`, under the cap. */
function manifestOf(lines: string[]): string {
  const text = `---\n${lines.join("\n")}\n---\nbody\n`;
  assert.ok(text.length <= CAP, `${text.length} bytes`);
  return text;
}

/** A seeded generator of numbers in [0, 1), for replayable manifests. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * One generated frontmatter, valid YAML but for at most one line the colon
 * repair fixes: a mix of the shapes that could go super-linear (long lines,
 * long blank runs, many colons, many keys, deep nesting), up to `budget`.
 */
function generated(
  name: string,
  next: () => number,
  budget: number,
): string[] {
  const size = (most: number): number => 1 + Math.floor(next() * most);
  const lines = [`name: ${name}`, "description: Generated."];
  let left = budget;
  let shape = 0;
  const repairable: Array<() => string[]> = [
    () => [`blank: a: b${" ".repeat(size(left - 20))}c`],
    () => [`colons: ${"a: ".repeat(size(left / 4))}`],
  ];
  const valid: Array<(id: number) => string[]> = [
    (id) => [`long${id}: ${"ab c-d ".repeat(size(left / 8))}`],
    (id) => Array.from({ length: size(left / 16) }, (_, i) => `k${id}-${i}: v`),
    (id) =>
      Array.from(
        { length: size(MAX_DEPTH) },
        (_, i) => `${" ".repeat(i)}n${id}-${i}:`,
      ),
  ];
  const add = (made: string[]): boolean => {
    const bytes = made.reduce((sum, line) => sum + line.length + 1, 0);
    if (bytes > left) return false;
    lines.push(...made);
    left -= bytes;
    return true;
  };
  if (next() < 0.5) add(repairable[Math.floor(next() * 2)]!());
  while (left > 1000) {
    if (!add(valid[Math.floor(next() * valid.length)]!(shape++))) break;
  }
  return lines;
}

describe("work on manifests inside the size cap", () => {
  it("repairs an unquoted colon beside a 1 MB run of blanks without backtracking", async () => {
    const blanks = " ".repeat(CAP - 100);
    const root = tree({
      "inner/SKILL.md": manifestOf([
        "name: inner",
        `description: Use when: asked${blanks}now`,
      ]),
      "trailing/SKILL.md": manifestOf([
        "name: trailing",
        `description: Use when: asked${blanks.slice(0, -100)}`,
      ]),
    });
    assert.match(
      await scanInSubprocess(root),
      /^scanned: 2 loaded, 2 warnings, strict invalid_skill, check 3 diagnostics\n$/,
    );
  });

  it("checks a manifest of many keys in work that grows linearly with them", () => {
    const timeFor = (keys: number): number => {
      const root = tree({
        "many/SKILL.md": manifestOf([
          "name: many",
          "description: Many keys.",
          ...Array.from({ length: keys }, (_, i) => `key-${i}: value`),
        ]),
      });
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        const report = checkSkills({ paths: [root], home: root });
        best = Math.min(best, performance.now() - start);
        // One unknown_field a key, and the advice on a SKILL.md over 500 lines.
        assert.equal(report.counts.info, keys + 1);
      }
      return best;
    };
    timeFor(1000); // warm up the parser and the schema
    const small = timeFor(5000);
    const large = timeFor(20000);
    // Four times the keys: linear work takes about four times as long,
    // quadratic work sixteen times.
    assert.ok(
      large / small < 8,
      `4x the keys took ${(large / small).toFixed(1)}x the time`,
    );
  });

  it("scans generated manifests up to the cap, each in bounded time", async () => {
    const seed = 1 + Math.floor(Math.random() * 2 ** 30);
    console.log(`bounded: manifest seed ${seed}`);
    const next = random(seed);
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) {
      files[`g${i}/SKILL.md`] = manifestOf(
        generated(`g${i}`, next, Math.floor(next() * (CAP - 200))),
      );
    }
    const root = tree(files);
    const sizes = Object.values(files).map((text) => text.length);
    // Every one is valid YAML, or made valid by the colon repair: all load.
    const scanned = await scanInSubprocess(root);
    assert.match(
      scanned,
      /^scanned: 8 loaded, \d+ warnings, strict (ok|invalid_skill), check \d+ diagnostics\n$/,
      `${scanned} (manifests of ${sizes} bytes)`,
    );
  });
});
