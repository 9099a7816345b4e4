// The npm package's JavaScript, for `build:npm`: each entry of deno.json
// "exports" bundled by `deno bundle --code-splitting` into one module, and
// the code two entries share in shared chunks, so that Node resolves a
// handful of files where the compiled sources are one per module, and a
// module two entries share is still one instance (one `SkillError` class,
// one warn sink: tests/entries_test.ts). The package's dependencies and
// `node:` modules stay imports.
//
// The test suite also imports internals by relative path (`../src/...`).
// For it, the bundle has one more entry, `_internals.js`, which re-exports
// every export of every module under src/ from the very chunks the entries
// load; it is kept out of the package, and the suite's run gets it beside
// the installed package, with a file per source module re-exporting that
// module's part of it (`writeSourceShims`). So a test that swaps a seam
// (`backend.list`) or checks `instanceof` sees the package's own instance.

import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

/** What the bundle needs of the build. */
export interface BundleBuild {
  /** The compiled sources, one JavaScript file per module (tsc's output). */
  modules: string;
  /** Where the package's JavaScript goes (npm/esm/). */
  out: string;
  /** A scratch directory for the bundle (removed first). */
  scratch: string;
  /** The entries' compiled modules, relative to `modules` (`mod.js`, …). */
  entries: readonly string[];
  /** The package's dependencies, left as imports. */
  dependencies: readonly string[];
  /** The build tools' node_modules (js-yaml, zod, fflate for Node). */
  nodeModules: string;
  /** Runs a command, its output shown; throws when it fails. */
  run(command: string, args: string[], cwd?: string): void;
}

/** What the bundle made. */
export interface Bundle {
  /** The package's JavaScript files, relative to `out`: entries, chunks. */
  files: string[];
  /**
   * Each entry's files (itself, then the chunks it imports, statically or
   * as a command runs), in `out`.
   */
  loads: Record<string, string[]>;
  /** The `_internals.js` entry, kept in the scratch directory. */
  internals: string;
  /**
   * Each module under src/ (compiled path) with the names it exports at run
   * time; `_internals.js` names the export `name` of the module at index
   * `i` here `m<i>$<name>`.
   */
  exports: Array<{ module: string; names: string[] }>;
  /**
   * Modules under src/ with exports that no entry loads (only
   * `_internals.js` holds them, for the tests).
   */
  unused: string[];
}

/** The test-only entry that re-exports every module's exports. */
const INTERNALS = "_internals.js";

/** What `deno info --json` says of a module graph. */
interface DenoInfo {
  modules: Array<{
    specifier: string;
    dependencies?: Array<{
      specifier: string;
      code?: { specifier?: string };
    }>;
  }>;
}

/** The alias of a module's export in `_internals.js`. */
const alias = (index: number, name: string): string => `m${index}$${name}`;

/**
 * The files the module at `file` (under `dir`) may load, itself first, then
 * in the order they are reached, and the packages they import (`node:`
 * modules aside), as Deno's own parser reads them (`deno info`): through
 * static imports and dynamic ones (the CLI's commands, each imported as it
 * runs). Throws on an import that leaves `dir`.
 */
export function moduleGraph(
  dir: string,
  file: string,
): { files: string[]; packages: string[] } {
  const info = JSON.parse(
    execFileSync(process.execPath, [
      "info",
      "--json",
      "--no-config",
      "--no-npm",
      "--no-remote",
      join(dir, file),
    ], { encoding: "utf8" }),
  ) as DenoInfo;
  const byUrl = new Map(
    info.modules.map((module) => [module.specifier, module]),
  );
  const files: string[] = [];
  const packages = new Set<string>();
  const queue = [pathToFileURL(join(dir, file)).href];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const path = relative(dir, fileURLToPath(url));
    if (files.includes(path)) continue;
    if (path.startsWith("..")) {
      throw new Error(`${file} loads ${url}, outside ${dir}`);
    }
    files.push(path);
    for (const dependency of byUrl.get(url)?.dependencies ?? []) {
      const { specifier, code } = dependency;
      if (specifier.startsWith("node:")) continue;
      if (!specifier.startsWith(".")) packages.add(specifier);
      else if (code?.specifier === undefined) {
        throw new Error(`${path} imports ${specifier}: no such module`);
      } else queue.push(code.specifier);
    }
  }
  return { files, packages: [...packages].sort() };
}

/** The compiled modules under `dir`/src, relative to `dir`, sorted. */
function sourceModules(dir: string): string[] {
  return readdirSync(join(dir, "src"), { recursive: true })
    .map((file) => `src/${String(file)}`)
    .filter((file) => file.endsWith(".js")).sort();
}

/**
 * What each of `files` (under `dir`) exports at run time, read by Node
 * importing them: the names `_internals.js` re-exports.
 */
function runtimeExports(
  dir: string,
  files: readonly string[],
  nodeModules: string,
): Bundle["exports"] {
  const script = `import { pathToFileURL } from "node:url";
const files = JSON.parse(await new Response(process.stdin).text());
const exports = {};
for (const file of files) {
  exports[file] = Object.keys(await import(pathToFileURL(file).href));
}
process.stdout.write(JSON.stringify(exports));
`;
  const link = join(dir, "node_modules");
  symlinkSync(nodeModules, link);
  try {
    const text = execFileSync("node", ["--input-type=module", "-e", script], {
      cwd: dir,
      input: JSON.stringify(files.map((file) => join(dir, file))),
      encoding: "utf8",
    });
    const byPath = JSON.parse(text) as Record<string, string[]>;
    return files.map((module) => ({
      module,
      names: byPath[join(dir, module)] ?? [],
    }));
  } finally {
    rmSync(link);
  }
}

/** `_internals.js`: every export of every module, aliased by its index. */
function internalsSource(exports: Bundle["exports"]): string {
  const lines = [
    "// Test-only: every export of every module, from the package's chunks.",
  ];
  exports.forEach(({ module, names }, index) => {
    if (names.length === 0) return;
    const list = names.map((name) => `${name} as ${alias(index, name)}`);
    lines.push(`export { ${list.join(", ")} } from "./${module}";`);
  });
  return `${lines.join("\n")}\n`;
}

/**
 * Runs `deno bundle` over `entries` into `outdir`: ES modules, the code
 * they share split into chunks (a dynamic import a chunk of its own), the
 * `dependencies` left as imports. The package's entries and the bin are
 * both made so.
 */
export function bundleSplit(
  run: BundleBuild["run"],
  { entries, dependencies, outdir }: {
    entries: readonly string[];
    dependencies: readonly string[];
    outdir: string;
  },
): void {
  run(process.execPath, [
    "bundle",
    "--quiet",
    "--no-config",
    "--platform=deno",
    "--format=esm",
    "--code-splitting",
    ...dependencies.map((name) => `--external=${name}`),
    `--outdir=${outdir}`,
    ...entries,
  ]);
}

/**
 * Bundles the entries into `out`: one module each, shared chunks beside
 * them. Throws when an entry's bundle imports a package that its compiled
 * module graph does not (zod or fflate pulled into an entry by the split),
 * or when a chunk is loaded by no entry.
 */
export function bundleEntries(build: BundleBuild): Bundle {
  const { modules, out, scratch, entries, dependencies, run } = build;
  if (existsSync(join(modules, INTERNALS))) {
    throw new Error(`a source module compiles to ${INTERNALS}, the bundle's`);
  }
  const sources = sourceModules(modules);
  const exports = runtimeExports(modules, sources, build.nodeModules);
  writeFileSync(join(modules, INTERNALS), internalsSource(exports));
  rmSync(scratch, { recursive: true, force: true });
  bundleSplit(run, {
    entries: [...entries, INTERNALS].map((entry) => join(modules, entry)),
    dependencies,
    outdir: scratch,
  });
  rmSync(join(modules, INTERNALS));
  const loads: Record<string, string[]> = {};
  const held = new Set<string>();
  const problems: string[] = [];
  for (const entry of entries) {
    const bundled = moduleGraph(scratch, entry);
    const compiled = moduleGraph(modules, entry);
    loads[entry] = bundled.files;
    for (const file of compiled.files) held.add(file);
    if (bundled.packages.join() !== compiled.packages.join()) {
      problems.push(
        `${entry} imports ${bundled.packages.join(", ") || "no package"}, ` +
          `its modules ${compiled.packages.join(", ") || "none"}`,
      );
    }
  }
  const files = [...new Set(Object.values(loads).flat())].sort();
  const made = readdirSync(scratch).filter((file) => file !== INTERNALS);
  const stray = made.filter((file) => !files.includes(file));
  if (stray.length > 0) problems.push(`no entry loads ${stray.join(", ")}`);
  if (problems.length > 0) {
    throw new Error(
      `the bundle is not the entries':\n  ${problems.join("\n  ")}`,
    );
  }
  for (const file of files) {
    const target = join(out, file);
    if (existsSync(target)) throw new Error(`the bundle's ${file} is taken`);
    renameSync(join(scratch, file), target);
  }
  return {
    files,
    loads,
    internals: join(scratch, INTERNALS),
    exports,
    unused: exports.filter(({ module, names }) =>
      !held.has(module) && names.length > 0
    ).map(({ module }) => module),
  };
}

/**
 * Gives the test suite at `dir` the package's internals by relative path:
 * `_internals.js` beside the installed package's chunks (`packageEsm`), and
 * for each module under src/ a file `dir`/src/… re-exporting its names
 * from it. No entry loads `_internals.js`; the tests reach the same module
 * instances as the entries.
 */
export function writeSourceShims(
  bundle: Bundle,
  dir: string,
  packageEsm: string,
): void {
  const internals = join(packageEsm, INTERNALS);
  writeFileSync(internals, readFileSync(bundle.internals, "utf8"));
  bundle.exports.forEach(({ module, names }, index) => {
    const shim = join(dir, module);
    mkdirSync(dirname(shim), { recursive: true });
    const from = `./${relative(dirname(shim), internals)}`;
    const list = names.map((name) => `${alias(index, name)} as ${name}`);
    writeFileSync(
      shim,
      names.length === 0
        ? "export {};\n"
        : `export { ${list.join(", ")} } from "${from}";\n`,
    );
  });
}
