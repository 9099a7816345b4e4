// What the race tests share: a second process (tests/_swapper.ts) swaps one
// path for at least two seconds while this one probes the library in a loop.

import assert from "node:assert/strict";
import type { AgentSkills } from "@clarvis/agent-skills";
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
  swap: {
    mode: "link" | "rotate" | "flip" | "content" | "rewrite";
    path: string;
    target?: string;
  },
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

/**
 * Races a swap under `refresh()`: skill "x" must be served with the
 * description "inside" or left out, never with what the swap brings in;
 * the swaps must be seen (it is left out at least once), and once they stop
 * it is served again.
 */
export async function raceRefresh(
  skills: AgentSkills,
  swap: { mode: "link"; path: string; target: string },
  what: string,
): Promise<void> {
  const counts = { loaded: 0, left: 0 };
  const { swaps } = await race(swap, () => {
    skills.refresh();
    const skill = skills.loadSkill("x");
    if (skill === undefined) counts.left++;
    else {
      assert.equal(skill.description, "inside");
      counts.loaded++;
    }
  });
  console.log(
    `race: ${swaps} swaps of ${what} and a symlink; ${counts.loaded} loads, ${counts.left} left out, 0 from outside`,
  );
  assert.ok(counts.left > 0, JSON.stringify(counts));
  skills.refresh();
  assert.equal(skills.loadSkill("x")?.description, "inside");
}
