// The npm bin of `build:npm`: `runCli` on the process, bundled with the
// compiled sources into one module of its own (js-yaml loaded on first use),
// so that a command loads one file. The library's entries are bundled apart
// (scripts/_npm_bundle.ts): they load js-yaml as an import.

import {
  cpSync,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";

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

process.exitCode = runCli();
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

/**
 * Writes the npm bin, `out`/bin.js, bundled into one module: the same compiled code as the
 * entries (js-yaml loaded on first use: {@linkcode LAZY_JS_YAML_JS}), with the
 * package's dependencies and node: modules left as imports. Node loads one
 * file instead of one per source module, which is most of what a short
 * command's start-up costs there (BENCHMARKS.md, "Issue 32: start-up").
 */
export function writeBin(
  { modules, out, build, cliModule, dependencies, run }: BinBuild,
): void {
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
  const bundled = join(build, "bin.bundled.js");
  run(process.execPath, [
    "bundle",
    "--quiet",
    "--no-config",
    "--platform=deno",
    ...dependencies.map((name) => `--external=${name}`),
    `--output=${bundled}`,
    join(staged, "bin.js"),
  ]);
  const code = readFileSync(bundled, "utf8").replace(/^#!.*\n/, "");
  if (/^import\s[^;]*from\s*"\.{1,2}\//m.test(code)) {
    throw new Error("the bundled bin still imports a module of the package");
  }
  if (/^import\s[^;]*from\s*"js-yaml"/m.test(code)) {
    throw new Error("the bundled bin imports js-yaml before it needs it");
  }
  writeFileSync(join(out, "bin.js"), `#!/usr/bin/env node\n${code}`, {
    mode: 0o755,
  });
  rmSync(bundled);
  rmSync(staged, { recursive: true });
}
