// Hostile tests of `agent-skills verify` that need a second process: a lock
// "file" that never ends. docs/integrity.md: "A lock that cannot be read or is
// malformed exits 2". A test that fails documents a break.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeFifo, manifest, tempTrees } from "../../_helpers.ts";
import { runScriptWithin, RUNTIME } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ENTRY = RUNTIME === "deno"
  ? join(ROOT, "cli.ts")
  : join(ROOT, "node_modules", "@clarvis", "agent-skills", "esm", "bin.cjs");
const tree = tempTrees();
/** Far more than reading and refusing a lock takes. */
const WITHIN_MS = 15_000;

describe("lock attack: agent-skills verify --lock that never ends", () => {
  it(
    "exits 2 for a FIFO named as the lock, instead of blocking forever",
    { timeout: 60_000 },
    async () => {
      const cwd = tree({ "skills/a/SKILL.md": manifest("a") });
      makeFifo(join(cwd, "lock.fifo"));
      const run = await runScriptWithin(
        ENTRY,
        ["verify", "skills", "--lock", "lock.fifo", "--home", cwd],
        {
          cwd,
          deno: ["--allow-read", `--config=${join(ROOT, "deno.json")}`],
          node: [],
        },
        WITHIN_MS,
      );
      assert.equal(
        run.timedOut,
        false,
        `still reading the FIFO after ${WITHIN_MS} ms`,
      );
      assert.equal(run.code, 2, run.stderr);
    },
  );
});
