// Swaps of a directory on the way to what is read, each for two seconds from
// a second process (tests/_swapper.ts). A path check cannot see a swap that
// is undone before the next check, so these guarantees rest on the kernel's
// path for an open descriptor (/proc/self/fd on Linux): Node and Bun read it
// always, Deno only under --allow-all, which is why the Deno test task runs
// this file with -A. Without it (Deno with scoped permissions) a swap still
// in place at a check is refused, and one undone in between may slip through
// (docs/security.md says so).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../../_helpers.ts";
import { race, raceRefresh } from "../../_race.ts";

const tree = tempTrees();
const TIMEOUT = { timeout: 90_000 };

/** Where there is /proc, this run must be able to read kernel paths. */
function assertKernelPaths(): void {
  if (process.platform !== "linux") return;
  try {
    readlinkSync("/proc/self/fd/0");
  } catch (error) {
    assert.fail(
      `kernel paths of open files are unreadable (${error}): under Deno, run this file with -A`,
    );
  }
}

const options = (base: string, more: object = {}) => ({
  home: base,
  cwd: base,
  roots: [join(base, "root")],
  onWarning: () => {},
  ...more,
});

describe("swaps of a directory on the way", {
  skip: process.platform === "linux" ? false : "no /proc here",
}, () => {
  it(
    "readResource() never reads outside, while a path from resourcePath() may be",
    TIMEOUT,
    async () => {
      assertKernelPaths();
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/file.txt": "inside",
        "outside/file.txt": "OUTSIDE",
      });
      const skills = createAgentSkills(options(base));
      const counts = { reads: 0, refused: 0, pathsReadOutside: 0 };
      const { swaps } = await race({
        mode: "link",
        path: join(base, "root", "x", "sub"),
        target: join(base, "outside"),
      }, () => {
        try {
          const bytes = skills.readResource("x", "sub/file.txt");
          assert.equal(new TextDecoder().decode(bytes), "inside");
          counts.reads++;
        } catch (error) {
          const codes = ["not_found", "path_escape"];
          if (!(error instanceof SkillError) || !codes.includes(error.code)) {
            throw error;
          }
          counts.refused++;
        }
        try {
          const path = skills.resourcePath("x", "sub/file.txt");
          if (readFileSync(path, "utf8") === "OUTSIDE") {
            counts.pathsReadOutside++;
          }
        } catch {
          // Refused, or gone by the time it was read: not what is counted.
        }
      });
      console.log(
        `race: ${swaps} swaps of a directory; readResource read ${counts.reads} times inside, refused ${counts.refused}, outside 0; paths from resourcePath read outside ${counts.pathsReadOutside} times`,
      );
      assert.ok(counts.refused > 0, JSON.stringify(counts));
      assert.equal(
        new TextDecoder().decode(skills.readResource("x", "sub/file.txt")),
        "inside",
      );
    },
  );

  it(
    "with followSymlinks: false, never serves a skill directory swapped for a symlink",
    TIMEOUT,
    async () => {
      assertKernelPaths();
      const base = tree({
        "root/x/SKILL.md": manifest("x", "inside"),
        "outside/x/SKILL.md": manifest("x", "OUTSIDE"),
      });
      const skills = createAgentSkills(
        options(base, { followSymlinks: false }),
      );
      await raceRefresh(skills, {
        mode: "link",
        path: join(base, "root", "x"),
        target: join(base, "outside", "x"),
      }, "a skill directory");
    },
  );

  it(
    "never lists the files of a directory swapped for a symlink to outside",
    TIMEOUT,
    async () => {
      assertKernelPaths();
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/inside.txt": "inside",
        "outside/OUTSIDE.txt": "OUTSIDE",
      });
      const skills = createAgentSkills(options(base));
      const counts = { listed: 0, left: 0 };
      const { swaps } = await race({
        mode: "link",
        path: join(base, "root", "x", "sub"),
        target: join(base, "outside"),
      }, () => {
        skills.refresh(); // a new snapshot lists resources again
        const resources = skills.loadSkill("x")?.resources ?? [];
        assert.ok(
          resources.every((rel) => rel === "sub/inside.txt"),
          resources.join(", "),
        );
        if (resources.length === 1) counts.listed++;
        else counts.left++;
      });
      console.log(
        `race: ${swaps} swaps of a resource directory and a symlink; listed ${counts.listed} times, left out ${counts.left}, outside 0`,
      );
      assert.ok(counts.left > 0, JSON.stringify(counts));
      skills.refresh();
      assert.deepEqual(skills.loadSkill("x")?.resources, ["sub/inside.txt"]);
    },
  );
});
