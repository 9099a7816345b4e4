// Least privilege: the demo (discovery, loadSkill and resourcePath over
// fixtures/demo, with home given) runs with read access and nothing else.
// Deno: --allow-read with write, env, net, sys, run and ffi denied. Node: the
// permission model with file-system reads only. Bun has no permission model,
// so there this only shows the demo runs.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { runScript, RUNTIME, scriptPath } from "../_spawn.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("least privilege", () => {
  it(`runs the demo with read access only (${RUNTIME})`, () => {
    const demo = scriptPath("../../scripts/demo_main.ts", import.meta.url);
    const run = runScript(demo, [], {
      cwd: ROOT,
      deno: [
        "--allow-read",
        "--deny-write",
        "--deny-env",
        "--deny-net",
        "--deny-sys",
        "--deny-run",
        "--deny-ffi",
        `--config=${ROOT}/deno.json`,
      ],
      node: ["--experimental-permission", "--allow-fs-read=*", "--no-warnings"],
    });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^Catalog \(listSkills\):\n {2}commit-messages /);
    assert.match(
      run.stdout,
      /resourcePath\("pdf-forms", "scripts\/fill\.py"\):\n {2}\/.*\/fill\.py\n$/,
    );
  });
});
