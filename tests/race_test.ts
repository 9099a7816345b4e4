// Time of check to time of use: a second process (tests/_swapper.ts) swaps a
// directory inside a skill for a symlink to outside and back while this one
// reads the file below it. A path from resourcePath() can be read outside by
// its caller in that window, and the test counts how often; readResource()
// must never return the outside file's bytes.
//
// That holds where the runtime can read the kernel's path of an open file
// (/proc/self/fd on Linux): Node and Bun, which run this file on every CI run
// against the built package. Deno refuses /proc/self/fd to anything short of
// --allow-all, which tests never get; there readResource re-resolves the path
// after the open, which a writer swapping back and forth faster than that
// check can still beat (docs/confinement.md says so), and tests/confine_test.ts
// covers both ways step by step.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { manifest, tempTrees } from "./_helpers.ts";
import { scriptPath, startScript } from "./_spawn.ts";

const tree = tempTrees();

/** Whether this runtime may read the kernel's path of an open descriptor. */
function kernelPaths(): boolean {
  try {
    readlinkSync("/proc/self/fd/0");
    return true;
  } catch {
    return false;
  }
}
const SWAPS = 5000;
/** What a read under a swap may be refused with. */
const REFUSED: ReadonlySet<string> = new Set(["not_found", "path_escape"]);

describe("readResource() under a concurrent swap", () => {
  it("never reads outside the skill, while a path may be", {
    timeout: 120_000,
    skip: kernelPaths()
      ? false
      : "no kernel path for open files here (Deno without --allow-all)",
  }, async () => {
    const base = tree({
      "root/x/SKILL.md": manifest("x"),
      "root/x/sub/file.txt": "inside",
      "outside/file.txt": "OUTSIDE",
    });
    const skills = createAgentSkills({
      home: base,
      cwd: base,
      roots: [join(base, "root")],
      onWarning: () => {},
    });
    const exited = startScript(
      scriptPath("./_swapper.ts", import.meta.url),
      [join(base, "root", "x"), join(base, "outside"), String(SWAPS)],
      ["--allow-read", "--allow-write"],
    );
    const counts = { reads: 0, refused: 0, pathsReadOutside: 0 };
    const deadline = Date.now() + 90_000;
    while (!existsSync(join(base, "root", "done")) && Date.now() < deadline) {
      try {
        const bytes = skills.readResource("x", "sub/file.txt");
        assert.equal(new TextDecoder().decode(bytes), "inside");
        counts.reads++;
      } catch (error) {
        if (!(error instanceof SkillError) || !REFUSED.has(error.code)) {
          throw error;
        }
        counts.refused++;
      }
      try {
        const path = skills.resourcePath("x", "sub/file.txt");
        if (readFileSync(path, "utf8") === "OUTSIDE") counts.pathsReadOutside++;
      } catch {
        // Refused, or gone by the time it was read: not what is counted.
      }
    }
    assert.equal(await exited, 0);
    console.log(
      `race: ${SWAPS} swaps; readResource read ${counts.reads} times inside, refused ${counts.refused}, outside 0; paths from resourcePath read outside ${counts.pathsReadOutside} times`,
    );
    assert.ok(counts.reads > 0, "no read succeeded");
  });
});
