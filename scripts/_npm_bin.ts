// The npm bin of `build:npm`: `runCli` on the process, bundled with the
// compiled sources by a code-splitting build of its own (js-yaml loaded on
// first use): `esm/bin.js` holds the command line and the core, and each
// command's module, which the command table imports as the command runs,
// is a chunk in `esm/bin/` with what only it needs (the checks, the archive
// code and fflate, the lock, the watch). So `list` loads bin.js and its
// own chunk, never `check`'s or `pack`'s. The library's entries are bundled
// apart (scripts/_npm_bundle.ts): they load js-yaml as an import.

import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { bundleSplit } from "./_npm_bundle.ts";

/** What the bin needs of the build. */
export interface BinBuild {
  /** The compiled sources, one JavaScript file per module (tsc's output). */
  modules: string;
  /** Where the bin goes (npm/esm/). */
  out: string;
  /** The scratch directory the bundle is made in (build/). */
  build: string;
  /** The CLI export's compiled module, relative to `modules`. */
  cliModule: string;
  /** The package's dependencies, left as imports. */
  dependencies: readonly string[];
  /** Runs a command, its output shown; throws when it fails. */
  run(command: string, args: string[], cwd?: string): void;
}

/**
 * The compiled module that defines `runCli` (cli.ts re-exports it), relative
 * to the compiled sources. The bin imports it rather than the CLI export: cli.ts runs itself
 * under `import.meta.main`, which in a bundle would be the bin's own.
 */
const RUN_CLI_MODULE = "src/cli/main.js";

/** The npm bin before it is bundled: runCli on this process. */
const BIN_JS = `#!/usr/bin/env node
import process from "node:process";
import { runCli } from "./${RUN_CLI_MODULE}";

process.exitCode = await runCli();
`;

/** The compiled module the YAML step and the repairs take js-yaml from. */
const JS_YAML_MODULE = "src/manifest/_js_yaml.js";

/**
 * What the bin bundles in {@linkcode JS_YAML_MODULE}'s place: js-yaml loaded
 * on first use, from beside the installed package, since the YAML fast path
 * reads most manifests without it. Only the bin: a module served over https
 * (JSR) cannot `createRequire`, and a bundler does not follow one.
 */
const LAZY_JS_YAML_JS = `import { createRequire } from "node:module";

let loaded;

export function jsYaml() {
  loaded ??= createRequire(import.meta.url)("js-yaml");
  return loaded;
}
`;

/** The folder of `out` that holds the bin's chunks. */
const CHUNKS = "bin";

/** A relative import in a bundled file: static, re-export or dynamic. */
const RELATIVE_IMPORT =
  /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)"(\.\/[^"]+)"/gm;

/**
 * Writes the npm bin, `out`/bin.js, and its chunks, `out`/bin/*.js: the same
 * compiled code as the entries (js-yaml loaded on first use:
 * {@linkcode LAZY_JS_YAML_JS}), bundled with code splitting, with the
 * package's dependencies and node: modules left as imports. Node loads
 * bin.js and the chunk of the command that runs (each command's module is
 * a dynamic import: src/cli/commands.ts) instead of one file per source
 * module, which is most of what a short command's start-up costs there
 * (BENCHMARKS.md, "Issue 32: start-up"). Throws when bin.js or a chunk it
 * imports statically imports a package (fflate loaded by every command).
 *
 * @returns The files written, relative to `out`: bin.js, then the chunks.
 */
export function writeBin(
  { modules, out, build, cliModule, dependencies, run }: BinBuild,
): string[] {
  const cli = readFileSync(join(modules, cliModule), "utf8");
  if (!cli.includes(`import { runCli } from "./${RUN_CLI_MODULE}";`)) {
    throw new Error(
      `${cliModule} does not take runCli from ${RUN_CLI_MODULE}, which the bin runs`,
    );
  }
  const staged = join(build, "bin-src");
  cpSync(modules, staged, { recursive: true });
  if (existsSync(join(staged, "bin.js"))) {
    throw new Error("a source module compiles to bin.js, the bin's");
  }
  writeFileSync(join(staged, "bin.js"), BIN_JS);
  if (!statSync(join(staged, JS_YAML_MODULE)).isFile()) {
    throw new Error(`no ${JS_YAML_MODULE} to load js-yaml on first use`);
  }
  writeFileSync(join(staged, JS_YAML_MODULE), LAZY_JS_YAML_JS);
  const bundled = join(build, "bin-bundle");
  rmSync(bundled, { recursive: true, force: true });
  bundleSplit(run, {
    entries: [join(staged, "bin.js")],
    dependencies,
    outdir: bundled,
  });
  const chunks = readdirSync(bundled).filter((file) => file !== "bin.js")
    .sort();
  const texts = new Map<string, string>();
  for (const file of ["bin.js", ...chunks]) {
    const text = readFileSync(join(bundled, file), "utf8");
    for (const [, , specifier = ""] of text.matchAll(RELATIVE_IMPORT)) {
      if (!chunks.includes(specifier.slice(2))) {
        throw new Error(`the bundled bin's ${file} imports ${specifier}`);
      }
    }
    if (/^import\s[^;]*from\s*"js-yaml"/m.test(text)) {
      throw new Error(`the bundled bin's ${file} imports js-yaml up front`);
    }
    texts.set(file, text);
  }
  const eager = staticFiles(texts);
  const packages = eager.filter((file) =>
    /^import\s[^;]*from\s*"(?!node:|\.)/m.test(texts.get(file) ?? "")
  );
  if (packages.length > 0) {
    throw new Error(
      `the bin loads a package before its command runs: ${packages.join(", ")}`,
    );
  }
  // bin.js stays at the top of esm/ (package.json's bin), its chunks in
  // esm/bin/: its imports name them there.
  const main = (texts.get("bin.js") ?? "").replace(/^#!.*\n/, "").replace(
    RELATIVE_IMPORT,
    (_match, before: string, specifier: string) =>
      `${before}"./${CHUNKS}/${specifier.slice(2)}"`,
  );
  writeFileSync(join(out, "bin.js"), `#!/usr/bin/env node\n${main}`, {
    mode: 0o755,
  });
  if (existsSync(join(out, CHUNKS))) {
    throw new Error(`${CHUNKS}/ in the package is taken`);
  }
  mkdirSync(join(out, CHUNKS));
  for (const file of chunks) {
    renameSync(join(bundled, file), join(out, CHUNKS, file));
  }
  rmSync(bundled, { recursive: true });
  rmSync(staged, { recursive: true });
  return ["bin.js", ...chunks.map((file) => `${CHUNKS}/${file}`)];
}

/**
 * The files of a bundle (by name, with their text) that bin.js loads
 * before any dynamic import: itself and the chunks it imports statically.
 */
function staticFiles(texts: ReadonlyMap<string, string>): string[] {
  const files: string[] = [];
  const queue = ["bin.js"];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (
      const [, before = "", specifier = ""] of (texts.get(file) ?? "")
        .matchAll(RELATIVE_IMPORT)
    ) {
      if (!before.includes("(")) queue.push(specifier.slice(2));
    }
  }
  return files;
}
