// What the npm package is made of, derived from deno.json alone. Pure: the
// caller reads deno.json and the sources; scripts/build_npm.ts builds what
// this plans, and tests/scripts/package_plan_test.ts holds it to deno.json.

/** The parts of deno.json the npm package is derived from. */
export interface DenoConfig {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
  imports: Record<string, string>;
  publish: { include: string[] };
}

/** The export whose module the npm bin runs: `runCli` comes from it. */
export const CLI_EXPORT = "./cli";

/** A static `import`/`export ... from "x"` (type-only ones included). */
const IMPORT_REGEXP = /^(?:import|export)\b[\w\s{},*$]*?\bfrom\s+"([^"]+)"/gm;

/**
 * What the npm package is made of, derived from deno.json alone: each
 * export's compiled module, the bin (the CLI export under the package's own
 * last name) and the dependencies (the npm: imports the published sources
 * use, at deno.json's ranges). Throws where deno.json and the sources
 * disagree: an export that is not published, no CLI export, or a bare
 * import that deno.json does not map to npm:<the same name>@<range>.
 */
export function packagePlan(config: DenoConfig, sources: Map<string, string>): {
  entries: string[];
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  /** The CLI export's compiled module, relative to esm/ (where the bin is). */
  cliModule: string;
  dependencies: Record<string, string>;
} {
  const problems: string[] = [];
  const entries: string[] = [];
  const exports: Record<string, unknown> = {};
  for (const [key, file] of Object.entries(config.exports)) {
    const source = file.replace(/^\.\//, "");
    if (!sources.has(source)) {
      problems.push(
        `exports["${key}"] is ${file}, which publish.include leaves out`,
      );
    }
    entries.push(source);
    const compiled = `./esm/${source.replace(/\.ts$/, "")}`;
    exports[key] = { types: `${compiled}.d.ts`, default: `${compiled}.js` };
  }
  exports["./package.json"] = "./package.json";
  if (!(CLI_EXPORT in config.exports)) {
    problems.push(`exports has no "${CLI_EXPORT}", which the npm bin runs`);
  }
  const dependencies: Record<string, string> = {};
  for (const [path, text] of sources) {
    for (const [, specifier = ""] of text.matchAll(IMPORT_REGEXP)) {
      if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
      const match = /^npm:((?:@[^/@]+\/)?[^/@]+)@(.+)$/.exec(
        config.imports[specifier] ?? "",
      );
      if (match === null || match[1] !== specifier) {
        problems.push(
          `${path} imports "${specifier}": deno.json imports must map it to "npm:${specifier}@<range>"`,
        );
      } else {
        dependencies[specifier] = match[2] ?? "";
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `deno.json disagrees with the sources:\n  ${problems.join("\n  ")}`,
    );
  }
  const binName = config.name.split("/").pop() ?? config.name;
  return {
    entries,
    exports,
    bin: { [binName]: "./esm/bin.cjs" },
    cliModule: (config.exports[CLI_EXPORT] ?? "").replace(/^\.\//, "")
      .replace(/\.ts$/, ".js"),
    dependencies: Object.fromEntries(
      Object.entries(dependencies).sort(([a], [b]) => a < b ? -1 : 1),
    ),
  };
}

/** A step of `deno task build:npm`, in the order they run. */
export type BuildStep =
  | "install"
  | "compile"
  | "pack"
  | "publint"
  | "attw"
  | "node-suite"
  | "bun-suite"
  | "consumers";

const BUILD_STEPS: readonly BuildStep[] = [
  "install",
  "compile",
  "pack",
  "publint",
  "attw",
  "node-suite",
  "bun-suite",
  "consumers",
];

/** The steps that run the test suite against the tarball. */
const SUITE_STEPS: ReadonlySet<BuildStep> = new Set([
  "node-suite",
  "bun-suite",
]);

/**
 * The steps `deno task build:npm` runs for its arguments: every step, or
 * with `--skip-tests` all but the suites under Node and Bun (the tarball is
 * still built, packed and checked by publint, attw and the consumers).
 * Throws for any other argument.
 */
export function buildSteps(args: readonly string[]): BuildStep[] {
  let skipTests = false;
  for (const arg of args) {
    if (arg === "--skip-tests") skipTests = true;
    else {
      throw new Error(
        `build:npm: unknown argument ${
          JSON.stringify(arg)
        } (it takes --skip-tests)`,
      );
    }
  }
  return BUILD_STEPS.filter((step) => !skipTests || !SUITE_STEPS.has(step));
}
