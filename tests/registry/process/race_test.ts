// Swaps under the library's feet, each for two seconds from a second process
// (tests/_swapper.ts), that must never make it read outside a skill, read a
// special file, or throw anything but a SkillError. These hold in every
// runtime and permission mode, Deno with --allow-read scoped included (this
// file runs under it): they rest on the descriptor's own status and on
// `lstat`, not on O_NOFOLLOW, which Deno short of --allow-all ignores.
// tests/registry/allow_all/race_proc_test.ts holds the races that need the kernel's path of an
// open file.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  createAgentSkills,
  SkillError,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { link, makeFifo, manifest, tempTrees } from "../../_helpers.ts";
import { race, raceRefresh } from "../../_race.ts";
import { listOwnDirectory } from "../../../src/fs/_listing.ts";

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

describe("a resource directory swapped while it is listed", () => {
  // Without kernel paths (Deno with scoped permissions) no call lists an
  // open directory, and a swap made and undone around every one of a
  // directory's three listings can still pass a name from outside: not
  // never, but rarely (docs/confinement.md measured 1 in 60,000 racing
  // listings, against 1 in 200 with one listing). So these assert a bound
  // far from both: fewer than 1 in 1,000. (tests/fs/fs_test.ts steps a swap
  // through each listing; tests/registry/allow_all/race_proc_test.ts asserts
  // none where directories are listed through their descriptors.)
  const BOUND = 1000;

  it(
    "listed without kernel paths (as Deno with scoped permissions lists it), holds a name from outside in fewer than 1 in 1,000 listings",
    TIMEOUT,
    async () => {
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/inside.txt": "inside",
        "outside/OUTSIDE.txt": "OUTSIDE",
      });
      const sub = join(base, "root", "x", "sub");
      const counts = {
        listings: 0,
        listed: 0,
        moved: 0,
        failed: 0,
        outside: 0,
      };
      const { swaps } = await race({
        mode: "link",
        path: sub,
        target: join(base, "outside"),
      }, () => {
        // Many listings a round: the window is one system call wide.
        for (let i = 0; i < 100; i++) {
          const listed = listOwnDirectory(sub, { readable: false });
          counts.listings++;
          if (listed.kind !== "listed") counts[listed.kind]++;
          else if (
            // Only inside.txt, or nothing where it came and went meanwhile.
            listed.listing.entries.some((entry) => entry.name !== "inside.txt")
          ) {
            counts.outside++;
          } else counts.listed++;
        }
      });
      console.log(
        `race: ${swaps} swaps of a resource directory and a symlink; ${
          JSON.stringify(counts)
        }`,
      );
      assert.ok(
        counts.outside * BOUND < counts.listings,
        JSON.stringify(counts),
      );
      assert.ok(counts.moved > 0 && counts.listed > 0, JSON.stringify(counts));
    },
  );

  it(
    "loadSkill() lists a file from outside in fewer than 1 in 1,000 loads, in this runtime and permission mode",
    TIMEOUT,
    async () => {
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/inside.txt": "inside",
        "outside/OUTSIDE.txt": "OUTSIDE",
      });
      const warnings: SkillWarning[] = [];
      const skills = createAgentSkills({
        home: base,
        cwd: base,
        roots: [join(base, "root")],
        onWarning: (warning) => warnings.push(warning),
      });
      const counts = { listed: 0, left: 0, outside: 0 };
      const { swaps } = await race({
        mode: "link",
        path: join(base, "root", "x", "sub"),
        target: join(base, "outside"),
      }, () => {
        for (let i = 0; i < 20; i++) {
          skills.refresh(); // a new snapshot lists resources again
          const resources = skills.loadSkill("x")?.resources ?? [];
          if (resources.some((rel) => rel !== "sub/inside.txt")) {
            counts.outside++;
          } else if (resources.length === 1) counts.listed++;
          else counts.left++;
        }
      });
      // Warned about as the symlink it was, or as a directory that changed;
      // a name from outside in a warning counts as one listed.
      const named = warnings.filter((w) => w.message.includes("OUTSIDE"));
      console.log(
        `race: ${swaps} swaps of a resource directory and a symlink; ${
          JSON.stringify(counts)
        }; warnings ${
          [...new Set(warnings.map((w) => w.code))].join(", ")
        }, ${named.length} naming an outside file`,
      );
      const loads = counts.listed + counts.left + counts.outside;
      assert.ok(
        (counts.outside + named.length) * BOUND < loads,
        JSON.stringify({ ...counts, named: named.length }),
      );
      assert.ok(counts.left > 0, JSON.stringify(counts));
      skills.refresh();
      assert.deepEqual(skills.loadSkill("x")?.resources, ["sub/inside.txt"]);
    },
  );
});
