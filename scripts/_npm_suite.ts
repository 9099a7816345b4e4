// The test suite of `build:npm`, staged to run under Node and Bun against
// the installed tarball: compiled to JavaScript beside it, with the data,
// docs and fixtures it reads, and its imports of internals (`../src/…`)
// answered from the package's own chunks (scripts/_npm_bundle.ts).

import {
  cpSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { type Bundle, writeSourceShims } from "./_npm_bundle.ts";

/** What staging the suite needs of the build. */
export interface Suite {
  /** The repository's directory. */
  root: string;
  /** The build tools' node_modules (types and the suite's own imports). */
  nodeModules: string;
  /** The pinned TypeScript compiler. */
  tsc: string;
  /** The package's name. */
  packageName: string;
  /** What the package's bundle made. */
  bundle: Bundle;
  /** Runs a command, its output shown; throws when it fails. */
  run(command: string, args: string[], cwd?: string): void;
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
}

/**
 * Compiles the test suite (and the scripts it runs) to JavaScript beside the
 * installed package. The tests import the package by its own name, which
 * resolves to the installed tarball here as it resolves to mod.ts under
 * Deno; the tests of internals import `../src/*.ts`, and `src` here holds
 * one file per module re-exporting it from the installed package's chunks
 * (`writeSourceShims`): the same instances the entries load.
 */
export function stageSuite(dir: string, suite: Suite): void {
  const { root, packageName, bundle, run } = suite;
  const src = join(dirname(dir), "test-src");
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
    cpSync(join(root, part), join(src, part), { recursive: true });
  }
  symlinkSync(suite.nodeModules, join(src, "node_modules"));
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
  run(suite.tsc, ["-p", join(src, "tsconfig.json")]);
  writeSourceShims(bundle, dir, join(dir, "node_modules", packageName, "esm"));
  // tests/docs_test.ts reads the pages and follows their links; cli_test
  // holds the version the command prints to deno.json's.
  cpSync(join(root, "deno.json"), join(dir, "deno.json"));
  // The data the tests read beside them (the reference battery).
  for (const file of readdirSync(join(root, "tests"), { recursive: true })) {
    const path = join(root, "tests", String(file));
    if (!String(file).endsWith(".ts") && statSync(path).isFile()) {
      cpSync(path, join(dir, "tests", String(file)));
    }
  }
  cpSync(join(root, "README.md"), join(dir, "README.md"));
  cpSync(join(root, "CONTRIBUTING.md"), join(dir, "CONTRIBUTING.md"));
  cpSync(join(root, "LICENSE"), join(dir, "LICENSE"));
  cpSync(join(root, "examples"), join(dir, "examples"), { recursive: true });
  cpSync(join(root, "docs"), join(dir, "docs"), { recursive: true });
  cpSync(join(root, "fixtures"), join(dir, "fixtures"), {
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
          `${folder}/${file} imports the sources: import "${packageName}" instead`,
        );
      }
    }
  }
}
