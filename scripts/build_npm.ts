// `deno task build:npm`: builds the npm package into npm/, packs it, and
// checks the tarball: publint, Are the Types Wrong?, the whole test suite
// under Node and under Bun against the installed tarball, and a consumer
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

/** Compiles the published sources into npm/esm, with the sources in npm/ts. */
function compilePackage(): void {
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
  writeBin({
    out: OUT,
    build: BUILD,
    cliModule: PLAN.cliModule,
    dependencies: Object.keys(PLAN.dependencies),
    run,
  });
}

/** Packs npm/ into build/ and returns the tarball's path. */
function pack(): string {
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
    /^(package\.json|README\.md|LICENSE|docs\/[^/]+\.(md|svg)|esm\/.+\.(js|d\.ts|d\.ts\.map)|ts\/.+\.ts)$/;
  const stray = result.files.map((file) => file.path).filter((path) =>
    !allowed.test(path)
  );
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

/**
 * Compiles the test suite (and the scripts it runs) to JavaScript beside the
 * installed package. The tests import the package by its own name, which
 * resolves to the installed tarball here as it resolves to mod.ts under
 * Deno; the few tests of internals import `../src/*.ts`, and `src` here is a
 * link to the installed package's compiled `esm/src`. Nothing is rewritten.
 */
function stageTests(dir: string): void {
  const src = join(BUILD, "test-src");
  for (
    const part of [
      "tests",
      "scripts/demo.ts",
      "scripts/demo_main.ts",
      "scripts/update_docs.ts",
      "scripts/_package_plan.ts",
      "scripts/bench_args.ts",
    ]
  ) {
    cpSync(join(ROOT, part), join(src, part), { recursive: true });
  }
  symlinkSync(join(TOOLS, "node_modules"), join(src, "node_modules"));
  writeJson(join(src, "package.json"), { private: true, type: "module" });
  writeJson(join(src, "tsconfig.json"), {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      types: ["node"],
      rewriteRelativeImportExtensions: true,
      noCheck: true, // Deno type-checks these files; here they are only transpiled
      noResolve: true, // the package and ../src are not compiled again
      rootDir: ".",
      outDir: dir,
    },
    files: [
      ...readdirSync(join(src, "tests"), { recursive: true })
        .map(String).filter((file) => file.endsWith(".ts"))
        .map((file) => `tests/${file}`),
      "scripts/demo.ts",
      "scripts/demo_main.ts",
      "scripts/update_docs.ts",
      "scripts/_package_plan.ts",
      "scripts/bench_args.ts",
    ],
  });
  run(join(BIN, "tsc"), ["-p", join(src, "tsconfig.json")]);
  symlinkSync(
    join("node_modules", PACKAGE_NAME, "esm", "src"),
    join(dir, "src"),
  );
  // tests/docs_test.ts reads the pages and follows their links; cli_test
  // holds the version the command prints to deno.json's.
  cpSync(join(ROOT, "deno.json"), join(dir, "deno.json"));
  // The data the tests read beside them (the reference battery).
  for (const file of readdirSync(join(ROOT, "tests"), { recursive: true })) {
    const path = join(ROOT, "tests", String(file));
    if (!String(file).endsWith(".ts") && statSync(path).isFile()) {
      cpSync(path, join(dir, "tests", String(file)));
    }
  }
  cpSync(join(ROOT, "README.md"), join(dir, "README.md"));
  cpSync(join(ROOT, "CONTRIBUTING.md"), join(dir, "CONTRIBUTING.md"));
  cpSync(join(ROOT, "LICENSE"), join(dir, "LICENSE"));
  cpSync(join(ROOT, "examples"), join(dir, "examples"), { recursive: true });
  cpSync(join(ROOT, "docs"), join(dir, "docs"), { recursive: true });
  cpSync(join(ROOT, "fixtures"), join(dir, "fixtures"), {
    recursive: true,
    verbatimSymlinks: true,
  });
  for (const folder of ["tests", "scripts"]) {
    for (const file of readdirSync(join(dir, folder), { recursive: true })) {
      const path = join(dir, folder, String(file));
      if (!statSync(path).isFile()) continue;
      const text = readFileSync(path, "utf8");
      if (/from "(\.\.\/)+(mod|cli)\.js"/.test(text)) {
        throw new Error(
          `${folder}/${file} imports the sources: import "${PACKAGE_NAME}" instead`,
        );
      }
    }
  }
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
  compilePackage();
  cpSync(join(ROOT, "README.md"), join(OUT, "README.md"));
  cpSync(join(ROOT, "LICENSE"), join(OUT, "LICENSE"));
  // The README's guide links are relative: the package ships the guides.
  cpSync(join(ROOT, "docs"), join(OUT, "docs"), { recursive: true });

  step("pack");
  tarball = pack();

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
    stageTests(tests);
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
