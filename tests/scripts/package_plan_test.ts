import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  buildSteps,
  type DenoConfig,
  packagePlan,
} from "../../scripts/_package_plan.ts";

const CONFIG: DenoConfig = {
  name: "@scope/tool",
  version: "1.0.0",
  license: "MIT",
  exports: { ".": "./mod.ts", "./cli": "./cli.ts" },
  imports: { zod: "npm:zod@^4", "js-yaml": "npm:js-yaml@^5", dev: "npm:dev@1" },
  publish: { include: ["mod.ts", "cli.ts", "src/"] },
};

const SOURCES = new Map([
  ["mod.ts", 'export { a } from "../src/a.ts";\n'],
  [
    "cli.ts",
    'import process from "node:process";\nimport { a } from "../mod.ts";\n',
  ],
  [
    "src/a.ts",
    'import {\n  load,\n  YAMLException,\n} from "js-yaml";\nimport type { z } from "zod";\n' +
    '/**\n * import { nothing } from "@scope/tool";\n */\nexport const a = 1;\n',
  ],
]);

function assertDisagrees(
  config: DenoConfig,
  sources: Map<string, string>,
  problem: string,
): void {
  assert.throws(
    () => packagePlan(config, sources),
    (error) =>
      error instanceof Error &&
      error.message.startsWith("deno.json disagrees with the sources:") &&
      error.message.includes(problem),
  );
}

describe("packagePlan()", () => {
  it("derives exports, bin and the dependencies the sources use", () => {
    assert.deepEqual(packagePlan(CONFIG, SOURCES), {
      entries: ["mod.ts", "cli.ts"],
      exports: {
        ".": { types: "./esm/mod.d.ts", default: "./esm/mod.js" },
        "./cli": { types: "./esm/cli.d.ts", default: "./esm/cli.js" },
        "./package.json": "./package.json",
      },
      bin: { tool: "./esm/bin.cjs" },
      cliModule: "cli.js",
      dependencies: { "js-yaml": "^5", zod: "^4" },
    });
  });

  it("fails on an export that is not published", () => {
    const exports = { ...CONFIG.exports, "./extra": "./extra.ts" };
    assertDisagrees(
      { ...CONFIG, exports },
      SOURCES,
      'exports["./extra"] is ./extra.ts, which publish.include leaves out',
    );
  });

  it("fails without the CLI export the bin runs", () => {
    assertDisagrees(
      { ...CONFIG, exports: { ".": "./mod.ts" } },
      SOURCES,
      'exports has no "./cli"',
    );
  });

  it("fails on a bare import that deno.json does not map", () => {
    const sources = new Map(SOURCES);
    sources.set("src/b.ts", 'import { x } from "left-pad";\n');
    assertDisagrees(CONFIG, sources, 'src/b.ts imports "left-pad"');
  });

  it("fails on an import mapped to another package", () => {
    const imports = { ...CONFIG.imports, zod: "npm:zod-mini@^4" };
    assertDisagrees({ ...CONFIG, imports }, SOURCES, 'src/a.ts imports "zod"');
  });
});

describe("buildSteps()", () => {
  it("runs every step by default: the suites under Node and Bun among them", () => {
    assert.deepEqual(buildSteps([]), [
      "install",
      "compile",
      "pack",
      "publint",
      "attw",
      "node-suite",
      "bun-suite",
      "consumers",
    ]);
  });

  it("builds and packs without the suites under --skip-tests, the tarball's checks kept", () => {
    const steps = buildSteps(["--skip-tests"]);
    assert.deepEqual(steps, [
      "install",
      "compile",
      "pack",
      "publint",
      "attw",
      "consumers",
    ]);
  });

  it("refuses any other argument, naming it and the flag it takes", () => {
    for (const arg of ["--skip-test", "--fast", "x"]) {
      assert.throws(
        () => buildSteps([arg]),
        (error) =>
          error instanceof Error &&
          error.message ===
            `build:npm: unknown argument ${
              JSON.stringify(arg)
            } (it takes --skip-tests)`,
      );
    }
  });
});

describe("deno task cli", () => {
  it("runs the command from a clone, reading, writing and finding the home only", () => {
    const config = JSON.parse(
      readFileSync(new URL("../../deno.json", import.meta.url), "utf8"),
    ) as { tasks: Record<string, string> };
    assert.equal(
      config.tasks["cli"],
      "deno run --allow-read --allow-write --allow-sys=homedir cli.ts",
    );
    for (const page of ["../../docs/cli.md", "../../CONTRIBUTING.md"]) {
      const text = readFileSync(new URL(page, import.meta.url), "utf8");
      assert.match(text, /deno task cli /, page);
    }
    const contributing = readFileSync(
      new URL("../../CONTRIBUTING.md", import.meta.url),
      "utf8",
    );
    assert.match(contributing, /build:npm --skip-tests/);
  });
});
