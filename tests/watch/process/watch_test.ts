// An open watch in a process of its own: it never keeps the process alive by
// itself, and under a read grant of the root alone (Deno's --allow-read,
// Node's permission model) it still sees a skill added, the root's parent
// that it may not watch notwithstanding. Each run is killed at a generous
// limit, so a watch that held the process open fails the test rather than
// hanging the suite; no duration is asserted.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { manifest, tempTrees } from "../../_helpers.ts";
import { runScriptWithin, RUNTIME, scriptPath } from "../../_spawn.ts";

const tree = tempTrees();
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..", "..", "..");
const LIMIT_MS = 60_000;
const TIMEOUT = { timeout: 2 * LIMIT_MS };

describe("a watch in a process of its own", () => {
  it(
    `never keeps the process alive by itself (${RUNTIME})`,
    TIMEOUT,
    async () => {
      const root = tree({ "one/SKILL.md": manifest("one") });
      const run = await runScriptWithin(
        scriptPath("./_watch_main.ts", import.meta.url),
        ["open", root],
        { cwd: HERE, deno: ["--allow-read"], node: [] },
        LIMIT_MS,
      );
      assert.equal(run.timedOut, false, "the process did not end by itself");
      assert.equal(run.stderr, "");
      assert.equal(run.code, 0);
      assert.deepEqual(JSON.parse(run.stdout), { open: true });
    },
  );

  it(
    `sees a skill added under a read grant of the root alone (${RUNTIME})`,
    TIMEOUT,
    async () => {
      const base = tree({ "skills/one/SKILL.md": manifest("one") });
      const root = join(base, "skills");
      const run = await runScriptWithin(
        scriptPath("./_watch_main.ts", import.meta.url),
        ["edit", root],
        {
          cwd: HERE,
          deno: [`--allow-read=${root},${REPO}`, `--allow-write=${root}`],
          node: [
            "--experimental-permission",
            `--allow-fs-read=${root}`,
            `--allow-fs-read=${REPO}`,
            `--allow-fs-write=${root}`,
            "--no-warnings",
          ],
        },
        LIMIT_MS,
      );
      assert.equal(run.timedOut, false);
      assert.equal(run.stderr, "");
      assert.equal(run.code, 0);
      const seen = JSON.parse(run.stdout);
      assert.ok(seen.changes > 0, "onChange was called");
      assert.deepEqual(seen.first, ["watch_started"]);
      assert.deepEqual(seen.added, ["added"]);
      assert.deepEqual(seen.second, []);
    },
  );
});
