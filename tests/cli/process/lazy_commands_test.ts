// What `agent-skills` loads before its command runs: the command table and
// the core, never another command's code. Each command's module is imported
// as that command runs (src/cli/commands.ts), so `list` does not pay for
// the checks, the host rules, the archive code and fflate, the lock or the
// watch. Under Deno, the graph of cli.ts as Deno's own parser reads it
// (`deno info --json`), its static imports apart from its dynamic ones;
// under Node and Bun, the installed package's bin (esm/bin.cjs, CommonJS)
// and the chunks it requires. Each time with its control: the dynamic
// imports (the requires a command makes as it runs) do reach what the
// static graph leaves out.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import process from "node:process";
import { RUNTIME } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The modules a command line that runs no command may not load. */
const LATER = [
  // Each command's own module, and what only some commands use.
  /^src\/cli\/(list|list_watch|show|path|catalog|why|check|archive|lock|pack|sarif|github|host_table|index_file|write)\.ts$/,
  // The checks and the host rules (only the host names, a leaf, and the
  // upload's predicates, which tell an archive's name, are loaded).
  /^src\/check\/(?!(_host_names|_upload)\.ts$)/,
  /^src\/(archive|lock|watch)\//,
  /^fflate$/,
];

/** What `list` may not load: the others' code, the watch without --watch. */
const NOT_LIST = [
  /^src\/cli\/(list_watch|show|path|catalog|why|check|archive|lock|pack|sarif|github|host_table|index_file|write)\.ts$/,
  /^src\/check\/(?!(_host_names|_upload)\.ts$)/,
  /^src\/(archive|lock|watch)\//,
  /^fflate$/,
];

/** What `deno info --json` says of a module graph. */
interface DenoInfo {
  modules: Array<{
    specifier: string;
    dependencies?: Array<{
      isDynamic?: boolean;
      code?: { specifier?: string };
    }>;
  }>;
}

/** What Deno runs a command with (this runtime's own `Deno.Command`). */
interface DenoCommand {
  Command: new (command: string, options: { args: string[]; cwd: string }) => {
    outputSync(): { code: number; stdout: Uint8Array; stderr: Uint8Array };
  };
}

/** `deno info --json ENTRY`, run by the Deno running these tests. */
function denoInfo(entry: string): string {
  const deno = (globalThis as unknown as { Deno: DenoCommand }).Deno;
  const { code, stdout, stderr } = new deno.Command(process.execPath, {
    args: ["info", "--json", entry],
    cwd: ROOT,
  }).outputSync();
  const decoder = new TextDecoder();
  assert.equal(code, 0, decoder.decode(stderr));
  return decoder.decode(stdout);
}

/** A module graph: its files (relative paths) and the packages they import. */
interface Graph {
  files: Set<string>;
  packages: Set<string>;
}

/**
 * The modules the graph of each of `entries` (paths under the repository)
 * reaches through static imports, and through dynamic ones too when
 * `dynamic`: paths relative to the repository, and packages by name.
 */
function denoGraph(entries: string[], dynamic: boolean): Graph {
  const reached: Graph = { files: new Set(), packages: new Set() };
  for (const entry of entries) {
    const info = JSON.parse(denoInfo(entry)) as DenoInfo;
    const byUrl = new Map(info.modules.map((m) => [m.specifier, m]));
    const queue = [pathToFileURL(join(ROOT, entry)).href];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const url = queue.pop() as string;
      if (seen.has(url)) continue;
      seen.add(url);
      reached.files.add(relative(ROOT, fileURLToPath(url)));
      for (const dependency of byUrl.get(url)?.dependencies ?? []) {
        const target = dependency.code?.specifier;
        if (target === undefined || (dependency.isDynamic && !dynamic)) {
          continue;
        }
        if (target.startsWith("file:")) queue.push(target);
        else if (target.startsWith("npm:")) {
          reached.packages.add(/^npm:\/?(@?[^@]+)/.exec(target)?.[1] ?? target);
        }
      }
    }
  }
  return reached;
}

/**
 * What a file of the CommonJS bin requires when it is loaded: each require
 * on a line of its top level, which esbuild's output leaves unindented
 * (`var x = require("…")`, `__toESM(require("…"))`, `__reExport(…,
 * require("…"))`); a require in a function body, indented, is made as a
 * command runs. Taking every unindented line errs towards loaded.
 */
const TOP_LEVEL = /^\S.*$/gm;
/** Every require of a file, those a command makes as it runs included. */
const REQUIRED = /\brequire\("([^"]+)"\)/g;
/** What an ES module imports, which no file of the bin may do. */
const IMPORTS = /^\s*(?:import|export)\b[^;(]*["']|\bimport\s*\(/m;

/**
 * The files of the installed package the bin loads (relative to its esm/),
 * through the requires made as a file loads, and through those a command
 * makes as it runs too when `dynamic`, and the packages they require.
 */
function binGraph(esm: string, dynamic: boolean): Graph {
  const reached: Graph = { files: new Set(), packages: new Set() };
  const queue = [join(esm, "bin.cjs")];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const rel = relative(esm, file);
    if (reached.files.has(rel)) continue;
    reached.files.add(rel);
    const text = readFileSync(file, "utf8");
    assert.doesNotMatch(text, IMPORTS, `${rel} is not CommonJS`);
    const lines = dynamic ? [text] : text.match(TOP_LEVEL) ?? [];
    const specifiers = lines.flatMap((line) =>
      [...line.matchAll(REQUIRED)].map(([, specifier = ""]) => specifier)
    );
    for (const specifier of specifiers) {
      if (specifier.startsWith(".")) {
        queue.push(join(dirname(file), specifier));
      } else if (!specifier.startsWith("node:")) {
        reached.packages.add(specifier);
      }
    }
  }
  return reached;
}

/** The files and packages of `graph` that one of `patterns` names. */
function matching(graph: Graph, patterns: RegExp[]): string[] {
  return [...graph.files, ...graph.packages].filter((m) =>
    patterns.some((p) => p.test(m))
  ).sort();
}

/** The files of `graph` (under `esm`) whose text holds the host rules. */
function withHostRules(graph: Graph, esm: string): string[] {
  return [...graph.files].filter((file) =>
    readFileSync(join(esm, file), "utf8").includes('"claude_ai_angle_brackets"')
  );
}

describe("agent-skills loads a command's code when it runs", () => {
  if (RUNTIME === "deno") {
    it("cli.ts imports no command's module, nor the checks, the archive code or fflate", () => {
      const eager = denoGraph(["cli.ts"], false);
      assert.deepEqual(matching(eager, LATER), []);
      assert.deepEqual([...eager.packages], ["js-yaml"]);
      // The control: its dynamic imports reach them.
      const all = denoGraph(["cli.ts"], true);
      for (
        const module of [
          "src/cli/check.ts",
          "src/cli/archive.ts",
          "src/cli/pack.ts",
          "src/cli/list_watch.ts",
          "src/check/_host_rules.ts",
          "fflate",
        ]
      ) {
        assert.ok(
          all.files.has(module) || all.packages.has(module),
          `${module} is not reached at all`,
        );
      }
    });

    it("list loads the listing's code and none of the other commands', nor the watch", () => {
      const list = denoGraph(["cli.ts", "src/cli/list.ts"], false);
      assert.ok(list.files.has("src/cli/list.ts"));
      assert.deepEqual(matching(list, NOT_LIST), []);
      // With --watch it loads the watch.
      const watching = denoGraph(["src/cli/list.ts"], true);
      assert.ok(watching.files.has("src/cli/list_watch.ts"));
      assert.ok(watching.files.has("src/watch/watch.ts"));
    });
  } else {
    const esm = join(
      ROOT,
      "node_modules",
      "@clarvis",
      "agent-skills",
      "esm",
    );
    it("the npm bin imports no chunk that imports fflate or holds the host rules", () => {
      assert.ok(existsSync(join(esm, "bin.cjs")), `no ${esm}/bin.cjs`);
      const eager = binGraph(esm, false);
      // js-yaml too is loaded on first use (scripts/_npm_bin.ts).
      assert.deepEqual([...eager.packages], []);
      assert.deepEqual(withHostRules(eager, esm), []);
      // The control: its dynamic imports reach fflate and the rules.
      const all = binGraph(esm, true);
      assert.deepEqual([...all.packages], ["fflate"]);
      assert.notDeepEqual(withHostRules(all, esm), []);
    });
  }
});
