// The examples run, on the fixture stores, and print exactly
// examples/agent_output.txt. Under Deno both run (deno_agent.ts, and
// node_agent.mjs through the workspace's own package name); under Node and
// Bun, node_agent.mjs runs against the installed tarball.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runScript, RUNTIME } from "./_spawn.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXPECTED = readFileSync(
  join(ROOT, "examples", "agent_output.txt"),
  "utf8",
);
const ARGS = [
  join(ROOT, "fixtures/stores/home"),
  join(ROOT, "fixtures/stores/project"),
];
const FLAGS = {
  cwd: ROOT,
  deno: [
    "--allow-read",
    "--allow-sys=homedir",
    `--config=${join(ROOT, "deno.json")}`,
  ],
  node: [],
};

describe("examples", () => {
  const scripts = RUNTIME === "deno"
    ? ["deno_agent.ts", "node_agent.mjs"]
    : ["node_agent.mjs"];
  for (const script of scripts) {
    it(`examples/${script} prints examples/agent_output.txt (${RUNTIME})`, () => {
      const run = runScript(join(ROOT, "examples", script), ARGS, FLAGS);
      assert.equal(run.stderr, "");
      assert.equal(run.code, 0);
      assert.equal(run.stdout, EXPECTED);
    });
  }
});
