// What a process that may not read a directory sees, asserted for real in
// every run: a test that makes a folder of mode 000 and then branches on
// whether it could still read it asserts nothing where the tests run as
// root (CI does), since root reads anything. So the scenario runs in a
// second process (tests/discovery/process/_unreadable_main.ts) that has no such
// privilege: started through `setpriv` with every capability dropped when
// this process has it, as it is otherwise. The child proves first that the
// folder is refused to it, and the same assertions hold either way.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { manifest, tempTrees } from "../../_helpers.ts";
import { runScript, scriptPath, UNPRIVILEGED } from "../../_spawn.ts";

const tree = tempTrees();
const HERE = dirname(fileURLToPath(import.meta.url));
const CONFIG = join(HERE, "..", "..", "..", "deno.json");

/** Whether this process reads a folder of mode 000 (root does). */
function readsAnything(locked: string): boolean {
  try {
    readdirSync(locked);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the child on `root` in `mode`, without privileges, with `locked`
 * (of mode 000) as its probe; its report, parsed.
 */
function unprivilegedRun(
  locked: string,
  mode: "scan" | "cli",
  root: string,
): Record<string, unknown> {
  const privileged = readsAnything(locked);
  const run = runScript(
    scriptPath("./_unreadable_main.ts", import.meta.url),
    [locked, mode, root],
    {
      cwd: HERE,
      deno: ["--allow-read", `--config=${CONFIG}`],
      node: [],
      ...(privileged ? { through: UNPRIVILEGED } : {}),
    },
  );
  assert.equal(run.code, 0, `${run.stderr}\nprivileged: ${privileged}`);
  const report = JSON.parse(run.stdout) as Record<string, unknown>;
  // The drop took effect: the folder of mode 000 is refused to the child.
  assert.equal(report["probe"], "EACCES", run.stdout);
  return report;
}

describe("a directory the process may not read (run unprivileged, also as root)", () => {
  it("skips an unreadable (chmod 000) skill directory and manifest with unreadable, as the OS refuses them; strict throws invalid_skill", () => {
    const root = tree({
      "good/SKILL.md": manifest("good"),
      "locked-dir/SKILL.md": manifest("locked-dir"),
      "locked-file/SKILL.md": manifest("locked-file"),
    });
    chmodSync(join(root, "locked-dir"), 0o000);
    chmodSync(join(root, "locked-file", "SKILL.md"), 0o000);
    try {
      const report = unprivilegedRun(join(root, "locked-dir"), "scan", root);
      assert.deepEqual(report["names"], ["good"]);
      assert.deepEqual(report["warnings"], [
        ["unreadable", join(root, "locked-dir")],
        ["unreadable", join(root, "locked-file", "SKILL.md")],
      ]);
      assert.equal(report["strict"], "invalid_skill");
    } finally {
      chmodSync(join(root, "locked-dir"), 0o755);
      chmodSync(join(root, "locked-file", "SKILL.md"), 0o644);
    }
  });

  it("exits 1 from list and from check for a root it may not read, as check's unreadable", () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    chmodSync(root, 0o000);
    try {
      const report = unprivilegedRun(root, "cli", root);
      assert.equal(report["list"], 1);
      assert.equal(report["check"], 1);
      assert.doesNotMatch(String(report["listed"]), /\bone\b/);
    } finally {
      chmodSync(root, 0o755);
    }
  });
});
