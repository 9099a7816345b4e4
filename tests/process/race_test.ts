// Swaps under the library's feet, each for two seconds from a second process
// (tests/process/_swapper.ts), that must never make it read outside a skill, read a
// special file, or throw anything but a SkillError. These hold in every
// runtime and permission mode, Deno with --allow-read scoped included (this
// file runs under it): they rest on the descriptor's own status and on
// `lstat`, not on O_NOFOLLOW, which Deno short of --allow-all ignores.
// tests/process/allow_all/race_proc_test.ts holds the races that need the kernel's path of an
// open file.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  createAgentSkills,
  SkillError,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { link, makeFifo, manifest, tempTrees } from "../_helpers.ts";
import { race, raceRefresh } from "./_race.ts";

const tree = tempTrees();
const TIMEOUT = { timeout: 90_000 };
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Calls `call`; a SkillError with one of `codes` is counted, anything else thrown. */
function refusedWith(codes: readonly string[], call: () => void): boolean {
  try {
    call();
    return false;
  } catch (error) {
    if (error instanceof SkillError && codes.includes(error.code)) return true;
    throw error;
  }
}

describe("swaps during a read", () => {
  it(
    "readResource() never returns a file swapped in as a symlink to outside",
    TIMEOUT,
    async () => {
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/file.txt": "inside",
        "outside.txt": "OUTSIDE",
      });
      const skills = createAgentSkills({
        home: base,
        cwd: base,
        roots: [join(base, "root")],
      });
      const counts = { read: 0, refused: 0 };
      const { swaps } = await race({
        mode: "link",
        path: join(base, "root", "x", "file.txt"),
        target: join(base, "outside.txt"),
      }, () => {
        let text = "";
        const refused = refusedWith(
          ["not_found", "path_escape"],
          () => (text = decode(skills.readResource("x", "file.txt"))),
        );
        if (refused) counts.refused++;
        else {
          assert.equal(text, "inside");
          counts.read++;
        }
      });
      console.log(
        `race: ${swaps} swaps of a file and a symlink; readResource read ${counts.read} times inside, refused ${counts.refused}, outside 0`,
      );
      // The swaps were seen, and the file reads once they stop.
      assert.ok(counts.refused > 0, JSON.stringify(counts));
      assert.equal(decode(skills.readResource("x", "file.txt")), "inside");
    },
  );

  it(
    "discovery never reads a manifest swapped for a FIFO or a link to /dev/zero",
    TIMEOUT,
    async () => {
      const base = tree({ "root/x/SKILL.md": manifest("x", "inside") });
      const path = join(base, "root", "x", "SKILL.md");
      link("/dev/zero", `${path}.zero`);
      makeFifo(`${path}.fifo`);
      const warnings: SkillWarning[] = [];
      const skills = createAgentSkills({
        home: base,
        cwd: base,
        roots: [join(base, "root")],
        onWarning: (warning) => warnings.push(warning),
      });
      const counts = { loaded: 0, refused: 0 };
      const { swaps } = await race({ mode: "rotate", path }, () => {
        warnings.length = 0;
        skills.refresh();
        for (const warning of warnings) {
          // Never "larger than the cap" (a device read) or "missing
          // frontmatter" (a FIFO read): a special file is never read.
          assert.equal(warning.code, "not_a_file", warning.message);
          assert.match(
            warning.message,
            /not a regular file|symlink that cannot be followed/,
          );
          counts.refused++;
        }
        const [skill] = skills.listSkills();
        if (skill !== undefined) {
          assert.equal(skill.description, "inside");
          counts.loaded++;
        }
      });
      console.log(
        `race: ${swaps} rotations of a file, a FIFO and a link to /dev/zero; ${counts.loaded} loads, ${counts.refused} special files refused unread`,
      );
      assert.ok(counts.refused > 0, JSON.stringify(counts));
      skills.refresh();
      assert.equal(skills.listSkills()[0]?.description, "inside");
    },
  );

  it(
    "with followSymlinks: false, never serves a manifest swapped for a symlink",
    TIMEOUT,
    async () => {
      const base = tree({
        "root/x/SKILL.md": manifest("x", "inside"),
        "outside/SKILL.md": manifest("x", "OUTSIDE"),
      });
      const skills = createAgentSkills({
        home: base,
        cwd: base,
        roots: [join(base, "root")],
        followSymlinks: false,
        onWarning: () => {},
      });
      await raceRefresh(skills, {
        mode: "link",
        path: join(base, "root", "x", "SKILL.md"),
        target: join(base, "outside", "SKILL.md"),
      }, "a manifest");
    },
  );

  it(
    "throws only SkillErrors while a directory flips to a file and a symlink loop",
    TIMEOUT,
    async () => {
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/file.txt": "inside",
      });
      const skills = createAgentSkills({
        home: base,
        cwd: base,
        roots: [join(base, "root")],
        onWarning: () => {},
      });
      const codes = ["not_found", "not_a_file", "path_escape", "unreadable"];
      const counts = { served: 0, refused: 0 };
      const { swaps } = await race({
        mode: "flip",
        path: join(base, "root", "x", "sub"),
      }, () => {
        const calls = [
          () => skills.resourcePath("x", "sub/file.txt"),
          () => skills.readResource("x", "sub/file.txt"),
          () => {
            skills.refresh(); // a new snapshot lists resources again
            skills.loadSkill("x");
          },
        ];
        for (const call of calls) {
          if (refusedWith(codes, call)) counts.refused++;
          else counts.served++;
        }
      });
      console.log(
        `race: ${swaps} flips of a directory, a file and a symlink loop; ${counts.served} calls served, ${counts.refused} refused with a SkillError, 0 raw errors`,
      );
      assert.ok(counts.refused > 0, JSON.stringify(counts));
      assert.equal(decode(skills.readResource("x", "sub/file.txt")), "inside");
      skills.refresh();
      assert.deepEqual(skills.loadSkill("x")?.resources, ["sub/file.txt"]);
    },
  );
});
