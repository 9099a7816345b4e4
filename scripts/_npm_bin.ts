// The npm bin of `build:npm`: `runCli` on the process, bundled with the
// compiled sources by a code-splitting build of its own (js-yaml loaded on
// first use), then made CommonJS file by file: `esm/bin.cjs` holds the
// command line and what every command needs, and each command's module,
// which the command table requires as the command runs, is a chunk in
// `esm/bin/` with what only it needs (the checks, the archive code and
// fflate, the lock, the watch). So `list` loads bin.cjs and its own chunks,
// never `check`'s or `pack`'s. CommonJS because Node loads a CommonJS file
// synchronously, where each ES module goes through its asynchronous loader:
// the same chunks as ES modules made `agent-skills list` over 100 skills
// about 20 ms slower (BENCHMARKS.md, "Decisions"). The library's entries
// are bundled apart (scripts/_npm_bundle.ts), as ES modules: they load
// js-yaml as an import.

import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
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

/**
 * The npm bin before it is bundled: runCli on this process. CommonJS has no
 * top-level await, so a crash is thrown again outside the promise: an
 * uncaught exception (exit 1, its stack printed), as an awaited rejection
 * was, whatever `--unhandled-rejections` says.
 */
const BIN_JS = `import process from "node:process";
import { runCli } from "./${RUN_CLI_MODULE}";

runCli().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.nextTick(() => {
      throw error;
    });
  },
);
`;

/** The compiled module the YAML step and the repairs take js-yaml from. */
const JS_YAML_MODULE = "src/manifest/_js_yaml.js";

/**
 * What the bin bundles in {@linkcode JS_YAML_MODULE}'s place: js-yaml loaded
 * on first use, from beside the installed package, since the YAML fast path
 * reads most manifests without it. Only the bin: a module served over https
 * (JSR) cannot `createRequire`, and a bundler does not follow one.
 * `__filename` is the chunk's own once the bin is CommonJS.
 */
const LAZY_JS_YAML_JS = `import { createRequire } from "node:module";

let loaded;

export function jsYaml() {
  loaded ??= createRequire(__filename)("js-yaml");
  return loaded;
}
`;

/** The folder of `out` that holds the bin's chunks. */
const CHUNKS = "bin";

/** A dynamic import of a file of the bundle, by its name. */
const DYNAMIC_IMPORT = /\bimport\(\s*"\.\/([^"]+)"\s*\)/g;

/** A relative import in a bundled file: static, re-export or dynamic. */
const RELATIVE_IMPORT =
  /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)"(\.\/[^"]+)"/gm;

/**
 * Writes the npm bin, `out`/bin.cjs, and its chunks, `out`/bin/*.cjs: the
 * same compiled code as the entries (js-yaml loaded on first use:
 * {@linkcode LAZY_JS_YAML_JS}), bundled with code splitting, with the
 * package's dependencies and node: modules left as imports, then each file
 * made CommonJS ({@linkcode commonJs}). Node loads bin.cjs and the chunks of
 * the command that runs (each command's module is a dynamic import:
 * src/cli/commands.ts, required as the command runs) instead of one file per
 * source module, which is most of what a short command's start-up costs
 * there (BENCHMARKS.md, "Issue 32: start-up"). Throws when bin.js or a chunk
 * it imports statically imports a package (fflate loaded by every command),
 * or when a file does not become CommonJS whole.
 *
 * @returns The files written, relative to `out`: bin.cjs, then the chunks.
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
    if (text.includes("import.meta")) {
      throw new Error(`the bundled bin's ${file} reads import.meta`);
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
  if (existsSync(join(out, CHUNKS))) {
    throw new Error(`${CHUNKS}/ in the package is taken`);
  }
  mkdirSync(join(out, CHUNKS));
  const files = ["bin.js", ...chunks];
  for (const file of files) {
    const others = files.filter((other) => other !== file);
    // bin.cjs stays at the top of esm/ (package.json's bin), its chunks in
    // esm/bin/: its requires name them there.
    const at = file === "bin.js" ? `./${CHUNKS}/` : "./";
    const text = commonJs(
      { dir: bundled, file, others, dependencies },
      {
        at,
        dynamic: [...(texts.get(file) ?? "").matchAll(DYNAMIC_IMPORT)].length,
      },
    );
    if (file === "bin.js") {
      writeFileSync(join(out, "bin.cjs"), `#!/usr/bin/env node\n${text}`, {
        mode: 0o755,
      });
    } else writeFileSync(join(out, CHUNKS, cjsName(file)), text);
  }
  rmSync(bundled, { recursive: true });
  rmSync(staged, { recursive: true });
  return ["bin.cjs", ...chunks.map((file) => `${CHUNKS}/${cjsName(file)}`)];
}

/** A bundled file's name as CommonJS: `chunk-X.js` is `chunk-X.cjs`. */
function cjsName(file: string): string {
  return file.replace(/\.js$/, ".cjs");
}

/**
 * `dir`/`file`, an ES module of the bundle, as CommonJS: `deno bundle
 * --format=cjs` of it alone, the `others` (its fellow files), node: modules
 * and the dependencies left as requires. Each fellow it names is then
 * required as `at` + its CommonJS name, and a dynamic import of one becomes
 * a require when it runs, so no command loads Node's ES module loader; the
 * file is strict, as the module was. Throws when a relative import is left,
 * or when the requires made of dynamic imports are not `dynamic`, the count
 * of the module's own.
 */
function commonJs(
  { dir, file, others, dependencies }: {
    dir: string;
    file: string;
    others: readonly string[];
    dependencies: readonly string[];
  },
  { at, dynamic }: { at: string; dynamic: number },
): string {
  const outdir = join(dir, ".cjs");
  rmSync(outdir, { recursive: true, force: true });
  const args = [
    "bundle",
    "--quiet",
    "--no-config",
    "--platform=deno",
    "--format=cjs",
    "--external=node:*",
    ...dependencies.map((name) => `--external=${name}`),
    ...others.map((other) => `--external=./${other}`),
    `--outdir=${outdir}`,
    join(dir, file),
  ];
  try {
    execFileSync(process.execPath, args, { cwd: dir, stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Uint8Array }).stderr;
    throw new Error(
      `the bin's ${file} did not become CommonJS: ${
        stderr === undefined ? error : new TextDecoder().decode(stderr)
      }`,
    );
  }
  const own = new Set(others);
  let imports = 0;
  const text = readFileSync(join(outdir, file), "utf8")
    .replace(
      DYNAMIC_IMPORT,
      (match, name: string) => {
        if (!own.has(name)) return match;
        imports++;
        return `Promise.resolve().then(() => require("${at}${cjsName(name)}"))`;
      },
    )
    .replace(
      /\brequire\("\.\/([^"]+)"\)/g,
      (match, name: string) =>
        own.has(name) ? `require("${at}${cjsName(name)}")` : match,
    );
  rmSync(outdir, { recursive: true });
  const left = /\bimport\s*\(\s*"\.|\brequire\("\.\/[^"]*\.js"\)/.exec(text);
  if (left !== null) {
    throw new Error(`the bin's ${file} still imports a file: ${left[0]}`);
  }
  if (imports !== dynamic) {
    throw new Error(
      `the bin's ${file} imports ${dynamic} files as it runs, and ${imports} became requires`,
    );
  }
  // ES modules are strict; esbuild's CommonJS does not say so.
  return `"use strict";\n${text}`;
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
