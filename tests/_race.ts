// What the race tests share: a second process (tests/_swapper.ts) swaps one
// path for at least two seconds while this one probes the library in a loop.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scriptPath, startScript } from "./_spawn.ts";

/** How long each race runs. */
export const RACE_SECONDS = 2;

/**
 * Runs `probe` in a loop while the swapper swaps `path` (see
 * tests/_swapper.ts for the modes) for {@linkcode RACE_SECONDS}, and returns
 * how many swaps it made and how many rounds the probe ran.
 */
export async function race(
  swap: { mode: "link" | "rotate" | "flip"; path: string; target?: string },
  probe: () => void,
): Promise<{ swaps: number; rounds: number }> {
  const done = join(dirname(dirname(swap.path)), `done-${Math.random()}`);
  const exited = startScript(
    scriptPath("./_swapper.ts", import.meta.url),
    [swap.mode, String(RACE_SECONDS), done, swap.path, swap.target ?? ""],
    ["--allow-read", "--allow-write"],
  );
  const deadline = Date.now() + 60_000;
  let rounds = 0;
  try {
    while (!existsSync(done)) {
      assert.ok(Date.now() < deadline, "the swapper did not finish in time");
      probe();
      rounds++;
    }
  } finally {
    // A failed probe waits for the swapper too, so that it does not swap in
    // a tree being removed.
    assert.equal(await exited, 0);
  }
  return { swaps: Number(readFileSync(done, "utf8")), rounds };
}
