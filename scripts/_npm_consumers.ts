// The consumer smoke test of `build:npm`: the installed tarball used as
// projects use it, in plain Node ESM, through require() from CommonJS, and
// from TypeScript (tests/consumers/main.ts compiled by tsc under the options
// of each Deno consumer project, none and the strictest), then the bin.

import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the smoke test needs of the build. */
export interface ConsumerTools {
  /** The repository's directory. */
  root: string;
  /** The package's name. */
  packageName: string;
  /** The pinned TypeScript compiler. */
  tsc: string;
  /** Runs a command in `cwd`, its output shown; throws when it fails. */
  run(command: string, args: string[], cwd?: string): void;
  /** Runs a command in `cwd` and returns what it printed. */
  output(command: string, args: string[], cwd?: string): string;
}

/** The TypeScript consumers, by their project under tests/consumers/. */
const TS_CONSUMERS = ["default", "strictest"];

const consumerMjs = (packageName: string): string =>
  `import { createAgentSkills, SkillError } from "${packageName}";
const skills = createAgentSkills({
  home: process.argv[2],
  cwd: process.argv[2],
  roots: ["user-store", "workspace-store"],
});
const names = skills.listSkills().map((skill) => skill.name).join(",");
if (names !== "commit-messages,pdf-forms,release-notes") throw new Error("catalog: " + names);
if (!skills.resourcePath("pdf-forms", "scripts/fill.py").endsWith("/fill.py")) throw new Error("resourcePath");
try {
  skills.resourcePath("pdf-forms", "../x");
  throw new Error("no path_escape");
} catch (error) {
  if (!(error instanceof SkillError) || error.code !== "path_escape") throw error;
}
console.log("consumer (Node ESM): ok, " + names);
`;

/** require() of the package from CommonJS, as docs/install.md says. */
const consumerCjs = (packageName: string): string =>
  `const { createAgentSkills } = require("${packageName}");
const skills = createAgentSkills({ home: process.argv[2], roots: [process.argv[2]] });
const names = skills.listSkills().map((skill) => skill.name).join(",");
if (names !== "commit-messages,pdf-forms,release-notes") throw new Error("catalog: " + names);
console.log("consumer (CommonJS require): ok, " + names);
`;

/** What a compiled TypeScript consumer runs: the program on the demo store. */
const consumerRun = (name: string): string =>
  `import process from "node:process";
import { consume } from "./dist-${name}/consumer.js";
const lines = await consume(process.argv[2], "pdf-forms", "scripts/fill.py");
if (!lines.includes("escape: path_escape")) throw new Error(lines.join("\\n"));
console.log("consumer (TypeScript, ${name} options): ok, " + lines[0]);
`;

/** Whether the `node` here loads ES modules with require(): 20.19+, 22.12+, 23+. */
function requiresEsm(tools: ConsumerTools): boolean {
  const [major = 0, minor = 0] = tools
    .output("node", ["-p", "process.versions.node"])
    .trim().split(".").map(Number);
  return major >= 23 || (major === 22 && minor >= 12) ||
    (major === 20 && minor >= 19);
}

/** Runs each consumer in `dir`, a project with the tarball installed. */
export function consumerSmokeTest(dir: string, tools: ConsumerTools): void {
  const { root, packageName, run } = tools;
  const demo = join(root, "fixtures", "demo");
  const store = join(demo, "user-store");
  writeFileSync(join(dir, "index.mjs"), consumerMjs(packageName));
  run("node", ["index.mjs", demo], dir);
  writeFileSync(join(dir, "index.cjs"), consumerCjs(packageName));
  if (requiresEsm(tools)) run("node", ["index.cjs", store], dir);
  else {console.log(
      "consumer (CommonJS require): this node has no require(esm)",
    );}
  cpSync(join(root, "tests", "consumers", "main.ts"), join(dir, "consumer.ts"));
  for (const name of TS_CONSUMERS) {
    const { compilerOptions } = JSON.parse(
      readFileSync(join(root, "tests", "consumers", name, "deno.json"), "utf8"),
    ) as { compilerOptions?: Record<string, unknown> };
    // The package's declarations are checked too (skipLibCheck off), with no
    // runtime's types: they need none. isolatedDeclarations, among the
    // strictest, wants declarations emitted.
    const config = join(dir, `tsconfig.${name}.json`);
    writeFileSync(
      config,
      JSON.stringify(
        {
          compilerOptions: {
            ...compilerOptions,
            module: "nodenext",
            declaration: true,
            skipLibCheck: false,
            types: [],
            outDir: `dist-${name}`,
          },
          files: ["consumer.ts"],
        },
        null,
        2,
      ) + "\n",
    );
    run(tools.tsc, ["-p", config]);
    writeFileSync(join(dir, `run-${name}.mjs`), consumerRun(name));
    run("node", [`run-${name}.mjs`, store], dir);
  }
  const home = ["--home", demo];
  run(
    "npx",
    ["--no-install", "agent-skills", "list", "--root", store, ...home],
    dir,
  );
  run("npx", ["--no-install", "agent-skills", "check", store, ...home], dir);
}
