// Work on manifests inside the size cap, and on directories of any size,
// stays linear: no regular expression backtracks, no lookup is quadratic.
// Each test scans an input so large that quadratic work could not finish
// within the limit (minutes or hours at these sizes), in a second process
// that is killed at the limit, so a regression fails the test instead of
// hanging the suite. Linear work takes seconds at most, so a busy machine
// cannot fail it: no test here compares two timings.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  makeManyNonUtf8,
  manifest,
  seededRandom,
  tempTrees,
  withTree,
} from "../../_helpers.ts";
import { runScriptWithin, RUNTIME, scriptPath } from "../../_spawn.ts";

const tree = tempTrees();
const REPO = fileURLToPath(new URL("../../..", import.meta.url));
/** The command: cli.ts under Deno, the installed package's bin elsewhere. */
const CLI = RUNTIME === "deno"
  ? join(REPO, "cli.ts")
  : join(REPO, "node_modules", "@clarvis", "agent-skills", "esm", "bin.cjs");
const CAP = 1024 * 1024;
/** Deeper YAML nesting is refused by design (at 100 levels). */
const MAX_DEPTH = 90;
/** What linear work does in seconds at most; a hang is killed here. */
const LIMIT_MS = 60_000;
/** Each test's own limit (Bun's default is five seconds): past the kill. */
const TIMEOUT = { timeout: 2 * LIMIT_MS };

async function scanInSubprocess(
  root: string,
  ...flags: string[]
): Promise<string> {
  const run = await runScriptWithin(
    scriptPath("./_scan_main.ts", import.meta.url),
    [root, ...flags],
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
  it(
    "repairs an unquoted colon beside a 1 MB run of blanks without backtracking",
    TIMEOUT,
    async () => {
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
    },
  );

  it(
    "checks a manifest of 90,000 keys, where a lookup per key must not scan them all",
    TIMEOUT,
    async () => {
      const keys = 90_000;
      const root = tree({
        "many/SKILL.md": manifestOf([
          "name: many",
          "description: Many keys.",
          ...Array.from({ length: keys }, (_, i) => `k${i}: v`),
        ]),
      });
      // One unknown_field a key, and the advice on a SKILL.md over 500 lines.
      assert.equal(
        await scanInSubprocess(root),
        `scanned: 1 loaded, 0 warnings, strict ok, check ${
          keys + 1
        } diagnostics\n`,
      );
    },
  );

  it(
    "repairs a quoted value that goes on for a MiB of lines at column 0",
    TIMEOUT,
    async () => {
      const lines = Math.floor((CAP - 100) / 2);
      const root = tree({
        "long/SKILL.md": manifestOf([
          "name: long",
          'description: "a',
          ...Array.from({ length: lines }, () => "b"),
          'c"',
        ]),
      });
      // Loaded with a yaml_continuation warning; refused under strict, whose
      // message builds the same hint; in check, that error, the description's
      // length and the file's.
      assert.equal(
        await scanInSubprocess(root),
        "scanned: 1 loaded, 1 warnings, strict invalid_skill, check 3 diagnostics\n",
      );
    },
  );

  it(
    "lists 20,000 names that are not UTF-8, in a root and in a skill",
    TIMEOUT,
    async () => {
      const count = 20_000;
      // 40,000 entries, removed within this test's timeout: see withTree().
      await withTree({ "tool/SKILL.md": manifest("tool") }, async (root) => {
        makeManyNonUtf8(root, "skill", count);
        makeManyNonUtf8(join(root, "tool"), "file", count, { files: true });
        // Each is one unrepresentable_name warning (an error in check), in
        // the root and among the resources: check lists resources up to its
        // cap of 10,000 entries (and says so); --resources lists them all.
        assert.equal(
          await scanInSubprocess(root, "--resources"),
          `scanned: 1 loaded, ${count} warnings, strict invalid_skill, check ${
            count + 10_000 + 1
          } diagnostics, 0 resources with ${2 * count} warnings\n`,
        );
      });
    },
  );

  it(
    "scans generated manifests up to the cap, each in bounded time",
    TIMEOUT,
    async () => {
      const seed = 1 + Math.floor(Math.random() * 2 ** 30);
      console.log(`bounded: manifest seed ${seed}`);
      const next = seededRandom(seed);
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
    },
  );

  it(
    "escapes a manifest of acting characters up to the cap, in every command",
    TIMEOUT,
    async () => {
      // 10 bytes a unit: ESC, a tag character, a tab, RLO, a line feed.
      const units = 80_000;
      const tags = 20_000;
      const root = tree({
        "x/SKILL.md": manifestOf([
          "name: x",
          `description: d${"\u{E0041}".repeat(tags)}`,
        ]).replace("body\n", "\x1b\u{E0041}\t\u202e\n".repeat(units)),
      });
      const repo = fileURLToPath(new URL("../../..", import.meta.url));
      const entry = RUNTIME === "deno" ? join(repo, "cli.ts") : join(
        repo,
        "node_modules",
        "@clarvis",
        "agent-skills",
        "esm",
        "bin.cjs",
      );
      const commands = [
        ["show", "x"],
        ["list", "--wide"],
        ["catalog"],
        ["catalog", "--format", "markdown"],
        ["why", "x", "--json"],
      ];
      for (const command of commands) {
        const run = await runScriptWithin(
          entry,
          [...command, "--root", root, "--home", root],
          {
            deno: ["--allow-read", `--config=${join(repo, "deno.json")}`],
            node: [],
            cwd: root,
          },
          LIMIT_MS,
        );
        assert.equal(run.timedOut, false, `${command} was killed`);
        assert.equal(run.code, 0, `${command}: ${run.stderr}`);
        // Nothing raw but the body's line feeds and tabs, and every tag
        // character written, as one escape each.
        assert.doesNotMatch(
          run.stdout.replace(/[\n\t]/g, ""),
          /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u,
        );
        const escapes = run.stdout.match(
          /\\u\{e0041\}|&#xE0041;|\\u\{E0041\}|\\udb40\\udc41/g,
        )?.length;
        assert.equal(escapes, command[0] === "show" ? tags + units : tags);
      }
    },
  );
});

describe("work on a name asked about", () => {
  it(
    "suggests names a typo away among skills with names of 100,000 characters, comparing each only in a band",
    TIMEOUT,
    async () => {
      // The whole edit table of two such names is 10^10 cells, for each skill.
      const long = "ab".repeat(50_000);
      // Three edits apart from each other: one ideograph thrice each.
      const mark = (i: number): string =>
        String.fromCharCode(0x4e00 + i).repeat(3);
      const files: Record<string, string> = {};
      for (let i = 0; i < 40; i++) {
        files[`s${i}/SKILL.md`] = manifest(`${long}${mark(i)}`);
      }
      const root = tree(files);
      const asked = `${long}${mark(7).slice(0, 2)}x`;
      const run = await runScriptWithin(
        CLI,
        ["why", asked, root, "--json", "--home", "/nonexistent-home"],
        {
          deno: ["--allow-read", `--config=${join(REPO, "deno.json")}`],
          node: [],
          cwd: REPO,
        },
        LIMIT_MS,
      );
      assert.equal(run.timedOut, false, "why was killed");
      assert.equal(run.code, 1, run.stderr);
      const { nearMisses } = JSON.parse(run.stdout) as {
        nearMisses: Array<{ kind: string; name: string }>;
      };
      assert.deepEqual(nearMisses.map((m) => [m.kind, m.name.slice(-3)]), [
        ["similar", mark(7)],
      ]);
    },
  );
});

describe("a walk past its maxDirectories", () => {
  it(
    "lists no folder behind 20,000 symlinks to one of 20,000 entries",
    TIMEOUT,
    async () => {
      const count = 20_000;
      const root = tree({
        "a/one/SKILL.md": manifest("one"),
        "data/.keep": "",
      });
      for (let i = 0; i < count; i++) {
        writeFileSync(join(root, "data", `file${i}`), "");
        symlinkSync("../data", join(root, "a", `link${i}`));
      }
      // `a` is the one folder listed; `data`, and each link to it, are past
      // the bound. Listing `data` once per link would be 400 million
      // entries; here none is listed: one discovery_limit (an error in
      // check, beside the skill's own notes).
      assert.equal(
        await scanInSubprocess(root, "--bounded"),
        "scanned: 1 loaded, 1 warnings, strict ok, check 1 diagnostics\n",
      );
    },
  );
});
