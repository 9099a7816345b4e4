// The watch primitive of the filesystem seam, where a second process or a
// shell is needed: an open watch does not keep a process alive (node:fs's
// `persistent: false`; Deno's watcher unref'd), a read grant scoped to a
// directory lets it be watched but not its parent, and a file name that is
// not UTF-8 is signalled as its directory, never as a mangled path. Signals
// and exits are waited for with generous bounds, never timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { watchDirectory, type WatchSignal } from "../../../src/fs/_watch.ts";
import { makeNonUtf8, tempTrees } from "../../_helpers.ts";
import { runScriptWithin, RUNTIME, scriptPath } from "../../_spawn.ts";

const tree = tempTrees();
const HERE = dirname(fileURLToPath(import.meta.url));
const MAIN = scriptPath("./_fs_watch_main.ts", import.meta.url);
const BOUND_MS = 60_000;

describe("an open watch", () => {
  it(`does not keep the process alive (${RUNTIME})`, async () => {
    const dir = tree({ "keep.md": "" });
    const run = await runScriptWithin(MAIN, ["alive", dir], {
      cwd: HERE,
      deno: ["--allow-read", `--allow-write=${dir}`],
      node: [],
    }, BOUND_MS);
    assert.equal(run.timedOut, false, "the process was still running");
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    // the watch was working when the script returned: it saw the write
    const { signals } = JSON.parse(run.stdout) as { signals: WatchSignal[] };
    assert.ok(
      signals.some((signal) =>
        signal.kind === "path" && signal.path === join(dir, "touched.md")
      ),
      run.stdout,
    );
  });
});

describe("a read grant scoped to a directory", () => {
  it(`lets it be watched, and refuses its parent with watch_denied (${RUNTIME})`, async () => {
    const base = tree({ "granted/keep.md": "" });
    const granted = join(base, "granted");
    const repo = join(HERE, "..", "..", "..");
    const run = await runScriptWithin(MAIN, ["grant", granted, base], {
      cwd: HERE,
      deno: [`--allow-read=${granted},${repo}`],
      node: [
        "--experimental-permission",
        `--allow-fs-read=${granted}`,
        `--allow-fs-read=${repo}`,
        "--no-warnings",
      ],
    }, BOUND_MS);
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    // Bun has no permission model: there every directory is readable
    assert.deepEqual(JSON.parse(run.stdout), {
      0: "ok",
      1: RUNTIME === "bun" ? "ok" : "watch_denied",
    });
  });
});

describe("a file name that is not UTF-8", () => {
  it("is signalled as its directory, never as a mangled path", async () => {
    const dir = tree({ "keep.md": "" });
    const signals: WatchSignal[] = [];
    const watch = watchDirectory(dir, { recursive: false }, (signal) => {
      signals.push(signal);
    });
    try {
      makeNonUtf8(dir, "bad", 0xff, "x");
      const deadline = Date.now() + 20_000;
      while (
        !signals.some((signal) => signal.kind === "path" && signal.path === dir)
      ) {
        if (Date.now() > deadline) {
          assert.fail(`no signal for ${dir}; saw ${JSON.stringify(signals)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(
        signals.filter((signal) =>
          signal.kind === "path" && signal.path !== dir
        ),
        [],
      );
    } finally {
      watch.close();
    }
  });
});
