// `deno task build:npm`: builds the npm package into npm/ (each export one
// bundled module, shared chunks beside them, the declarations one per source
// module: scripts/_npm_bundle.ts), packs it, and checks the tarball:
// publint, Are the Types Wrong?, the whole test suite under Node and under
// Bun against the installed tarball, and a consumer
// smoke test in plain Node ESM and in TypeScript (tests/consumers/main.ts,
// under tsc's default options and the strictest, moduleResolution nodenext).
// Any failure stops the build with a non-zero exit. `--skip-tests` builds,
// packs and checks the tarball without the suites under Node and Bun (the
// long part): `deno task build:npm --skip-tests`.
//
// The tools (TypeScript, publint, attw, Bun, @types/node) are pinned in
// scripts/npm_tools/package-lock.json and installed with `npm ci`; none of
// them is a dependency of the package.

import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { buildSteps, type DenoConfig, packagePlan } from "./_package_plan.ts";
import { consumerSmokeTest } from "./_npm_consumers.ts";
import { writeBin } from "./_npm_bin.ts";
import { type Bundle, bundleEntries } from "./_npm_bundle.ts";
import { stageSuite } from "./_npm_suite.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TOOLS = join(ROOT, "scripts", "npm_tools");
/**
 * What the test suite imports besides the package: property tests, and the
 * SARIF 2.1.0 schema (shipped by @microsoft/jest-sarif) with its validator.
 */
const SUITE_DEPENDENCIES = ["fast-check", "ajv", "@microsoft/jest-sarif"];
const BIN = join(TOOLS, "node_modules", ".bin");
/** Bun's timeout for each test and each hook: see the suite's step. */
const BUN_TIMEOUT_MS = 300_000;
const OUT = join(ROOT, "npm");
const BUILD = join(ROOT, "build");

const CONFIG = JSON.parse(
  readFileSync(join(ROOT, "deno.json"), "utf8"),
) as DenoConfig;
const PACKAGE_NAME = CONFIG.name;

function step(title: string): void {
  console.log(`\n== build:npm: ${title}`);
}

function run(command: string, args: string[], cwd = ROOT): void {
  console.log(`$ ${relative(ROOT, command) || command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd, stdio: "inherit" });
}

function output(command: string, args: string[], cwd = ROOT): string {
  return execFileSync(command, args, { cwd, encoding: "utf8" });
}

/** The published TypeScript sources (deno.json publish.include), by path. */
function publishedSources(config: DenoConfig): Map<string, string> {
  const sources = new Map<string, string>();
  const add = (rel: string): void => {
    const path = join(ROOT, rel);
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        add(`${rel.replace(/\/$/, "")}/${entry}`);
      }
    } else if (rel.endsWith(".ts")) {
      sources.set(rel, readFileSync(path, "utf8"));
    }
  };
  for (const rel of config.publish.include) add(rel);
  return sources;
}

const SOURCES = publishedSources(CONFIG);
const PLAN = packagePlan(CONFIG, SOURCES);

function packageJson(config: DenoConfig): Record<string, unknown> {
  return {
    name: config.name,
    version: config.version,
    description:
      "Agent Skills (SKILL.md directories) as a queryable, confined registry for agent runtimes",
    keywords: ["agent-skills", "skills", "SKILL.md", "agents", "llm", "claude"],
    license: config.license,
    repository: {
      type: "git",
      url: "git+https://github.com/clarvis/agent-skills.git",
    },
    type: "module",
    exports: PLAN.exports,
    bin: PLAN.bin,
    types: "./esm/mod.d.ts",
    files: ["esm/", "ts/", "docs/"],
    sideEffects: false,
    engines: { node: ">=20" },
    dependencies: PLAN.dependencies,
  };
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
}

/**
 * Compiles the published sources: their declarations into npm/esm (the
 * sources beside, in npm/ts, for the declaration maps), their JavaScript one
 * file per module into build/modules, bundled from there into one module
 * per entry with shared chunks, and the bin (npm/esm).
 */
function compilePackage(): { bundle: Bundle; bin: string[] } {
  const ts = join(OUT, "ts");
  for (const [rel, text] of SOURCES) {
    mkdirSync(dirname(join(ts, rel)), { recursive: true });
    writeFileSync(join(ts, rel), text);
  }
  // Bare imports (js-yaml, zod, node types) resolve from the tools; the link
  // is removed before packing.
  symlinkSync(join(TOOLS, "node_modules"), join(OUT, "node_modules"));
  writeJson(join(OUT, "tsconfig.json"), {
    compilerOptions: {
      target: "ES2022",
      lib: ["ES2022"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      types: ["node"],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      isolatedDeclarations: true,
      rewriteRelativeImportExtensions: true,
      declaration: true,
      declarationMap: true,
      skipLibCheck: false,
      rootDir: "ts",
      outDir: "esm",
    },
    files: PLAN.entries.map((entry) => `ts/${entry}`),
  });
  try {
    run(join(BIN, "tsc"), ["-p", join(OUT, "tsconfig.json")]);
  } finally {
    rmSync(join(OUT, "node_modules"));
    rmSync(join(OUT, "tsconfig.json"));
  }
  // The declarations stay one per module; the JavaScript is bundled.
  const modules = join(BUILD, "modules");
  const esm = join(OUT, "esm");
  for (const file of readdirSync(esm, { recursive: true }).map(String)) {
    if (!file.endsWith(".js")) continue;
    mkdirSync(dirname(join(modules, file)), { recursive: true });
    renameSync(join(esm, file), join(modules, file));
  }
  const dependencies = Object.keys(PLAN.dependencies);
  const bundle = bundleEntries({
    modules,
    out: esm,
    scratch: join(BUILD, "bundle"),
    entries: PLAN.entries.map((entry) => entry.replace(/\.ts$/, ".js")),
    dependencies,
    nodeModules: join(TOOLS, "node_modules"),
    run,
  });
  for (const [entry, files] of Object.entries(bundle.loads)) {
    console.log(`${entry} loads ${files.length} files: ${files.join(", ")}`);
  }
  // What the bundle made, for a look or a bench: each entry's files.
  writeJson(join(BUILD, "bundle.json"), bundle);
  if (bundle.unused.length > 0) {
    console.log(`no entry loads ${bundle.unused.join(", ")}`);
  }
  const bin = writeBin({
    modules,
    out: esm,
    build: BUILD,
    cliModule: PLAN.cliModule,
    dependencies,
    run,
  });
  console.log(`the bin is ${bin.length} files: ${bin.join(", ")}`);
  return { bundle, bin };
}

/**
 * Packs npm/ into build/ and returns the tarball's path. Its JavaScript is
 * the bundle's and the bin's (`bin`: bin.cjs and its chunks), nothing else.
 */
function pack(bundle: Bundle, bin: readonly string[]): string {
  const [result] = JSON.parse(
    output("npm", ["pack", "--json", "--pack-destination", BUILD], OUT),
  ) as Array<
    {
      filename: string;
      size: number;
      unpackedSize: number;
      files: Array<{ path: string }>;
    }
  >;
  if (result === undefined) throw new Error("npm pack printed no result");
  console.log(
    `packed ${result.filename}: ${result.size} bytes (${result.unpackedSize} unpacked), ${result.files.length} files`,
  );
  for (const file of result.files) console.log(`  ${file.path}`);
  const allowed =
    /^(package\.json|README\.md|LICENSE|docs\/[^/]+\.(md|svg)|esm\/.+\.(d\.ts|d\.ts\.map)|ts\/.+\.ts)$/;
  const javascript = new Set(
    [...bundle.files, ...bin].map((file) => `esm/${file}`),
  );
  const paths = result.files.map((file) => file.path);
  const stray = paths.filter((path) =>
    !allowed.test(path) && !javascript.has(path)
  );
  const missing = [...javascript].filter((path) => !paths.includes(path));
  if (missing.length > 0) {
    throw new Error(`the tarball leaves out ${missing.join(", ")}`);
  }
  if (stray.length > 0) {
    throw new Error(`unexpected files in the tarball: ${stray.join(", ")}`);
  }
  return join(BUILD, result.filename);
}

/** A scratch npm project under build/ with the tarball installed. */
function projectWithTarball(
  name: string,
  tarball: string,
  extra: string[] = [],
): string {
  const dir = join(BUILD, name);
  mkdirSync(dir, { recursive: true });
  writeJson(join(dir, "package.json"), { name, private: true, type: "module" });
  run("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--no-save",
    tarball,
    ...extra,
  ], dir);
  return dir;
}

function main(args: readonly string[]): void {
  const config = CONFIG;
  const steps = new Set(buildSteps(args));
  let tarball = "";

  step("install the build tools (npm ci)");
  run("npm", ["ci", "--no-audit", "--no-fund"], TOOLS);

  step(`compile ${config.name}@${config.version}`);
  rmSync(OUT, { recursive: true, force: true });
  rmSync(BUILD, { recursive: true, force: true });
  mkdirSync(BUILD, { recursive: true });
  // package.json first: its "type": "module" makes tsc emit ESM.
  mkdirSync(OUT, { recursive: true });
  writeJson(join(OUT, "package.json"), packageJson(config));
  const { bundle, bin } = compilePackage();
  cpSync(join(ROOT, "README.md"), join(OUT, "README.md"));
  cpSync(join(ROOT, "LICENSE"), join(OUT, "LICENSE"));
  // The README's guide links are relative: the package ships the guides.
  cpSync(join(ROOT, "docs"), join(OUT, "docs"), { recursive: true });

  step("pack");
  tarball = pack(bundle, bin);

  step("publint");
  run(join(BIN, "publint"), ["run", OUT, "--strict", "--level", "suggestion"]);

  step("Are the Types Wrong? (node16, ESM, bundler)");
  run(join(BIN, "attw"), [tarball, "--profile", "esm-only"]);

  if (steps.has("node-suite")) {
    step("test suite under Node, against the installed tarball");
    // The suite's own dev dependencies, at the versions the tools pin.
    const tools = JSON.parse(
      readFileSync(join(TOOLS, "package.json"), "utf8"),
    ) as {
      devDependencies: Record<string, string>;
    };
    const devDependencies = SUITE_DEPENDENCIES.map((name) =>
      `${name}@${tools.devDependencies[name]}`
    );
    const tests = projectWithTarball("node-test", tarball, devDependencies);
    stageSuite(tests, {
      root: ROOT,
      nodeModules: join(TOOLS, "node_modules"),
      tsc: join(BIN, "tsc"),
      packageName: PACKAGE_NAME,
      bundle,
      run,
    });
    run("node", ["--test", "tests/"], tests);

    if (steps.has("bun-suite")) {
      step("test suite under Bun, against the installed tarball");
      // Bun alone times a test out by default, after five seconds, and a
      // hook too (an after() hook's own timeout option is ignored); Node's
      // and Deno's runners have no default. The tests assert behaviour,
      // never speed, so the default becomes a ceiling that only a hang
      // reaches: 300 s, past the 120 s the slowest tests give themselves.
      // Large trees are made with withTree() (tests/_helpers.ts), inside
      // their test, not in a hook.
      run(
        join(BIN, "bun"),
        ["test", `--timeout=${BUN_TIMEOUT_MS}`, "tests/"],
        tests,
      );
    }
  } else {
    step("test suites under Node and Bun: skipped (--skip-tests)");
  }

  step("consumer smoke test");
  consumerSmokeTest(projectWithTarball("consumer", tarball), {
    root: ROOT,
    packageName: PACKAGE_NAME,
    tsc: join(BIN, "tsc"),
    run,
    output,
  });

  step(`done: ${relative(ROOT, tarball)}`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(
    `\nbuild:npm FAILED: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
