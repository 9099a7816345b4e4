// A skill lock under concurrent change, from a second process
// (tests/_swapper.ts): a file replaced by another (renamed over it) or
// written over in place while the registry reads it. Under the lock, what a
// tier returns is the locked bytes or an error, never anything else: no other
// file's bytes, no part of a write.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { createSkillLock, lockPolicy } from "@clarvis/agent-skills/lock";
import { manifest, tempTrees } from "../../_helpers.ts";
import { race } from "../../_race.ts";

const tree = tempTrees();
const TIMEOUT = { timeout: 90_000 };
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** A root with skill "x", locked, and an instance under that lock. */
function lockedStore(verify: "lazy" | "eager" = "lazy") {
  const base = tree({
    "root/x/SKILL.md": manifest("x", "inside"),
    "root/x/file.txt": "the locked bytes\n".repeat(2000),
  });
  const root = join(base, "root");
  const options = { home: base, cwd: base, roots: [root] };
  const { lock } = createSkillLock(options);
  const skills = createAgentSkills({
    ...options,
    lock: lockPolicy(lock, { verify }),
    onWarning: () => {},
  });
  return { base, root, skills, lock };
}

/** The code of a SkillError `call` threw, or undefined when it returned. */
function codeOf(call: () => void): string | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    if (error instanceof SkillError) return error.code;
    throw error;
  }
}

describe("a locked file changed while it is read", () => {
  for (const mode of ["content", "rewrite"] as const) {
    it(
      `readResource() returns the locked bytes or refuses (${mode})`,
      TIMEOUT,
      async () => {
        const { root, skills } = lockedStore();
        const path = join(root, "x", "file.txt");
        const locked = "the locked bytes\n".repeat(2000);
        // Of another length, then of the same length: only the digest tells.
        writeFileSync(
          join(root, "file.txt.other"),
          "OTHER BYTES\n".repeat(3000),
        );
        assert.ok(skills.loadSkill("x"));
        const counts: Record<string, number> = { read: 0 };
        const { swaps } = await race({ mode, path }, () => {
          let text = "";
          const code = codeOf(
            () => (text = decode(skills.readResource("x", "file.txt"))),
          );
          if (code === undefined) {
            assert.equal(text, locked);
            counts.read = (counts.read ?? 0) + 1;
          } else {
            // Refused as changed, as swapped while it was opened, or
            // caught between two renames.
            assert.ok(
              ["integrity_mismatch", "path_escape", "not_found"].includes(code),
              code,
            );
            counts[code] = (counts[code] ?? 0) + 1;
          }
        });
        console.log(`race: ${swaps} ${mode} swaps; ${JSON.stringify(counts)}`);
        assert.ok((counts.integrity_mismatch ?? 0) > 0, JSON.stringify(counts));
        assert.equal(decode(skills.readResource("x", "file.txt")), locked);
      },
    );
  }

  it(
    "refresh() serves the locked manifest or none (content)",
    TIMEOUT,
    async () => {
      const { root, skills } = lockedStore();
      const path = join(root, "x", "SKILL.md");
      writeFileSync(join(root, "SKILL.md.other"), manifest("x", "swapped in"));
      const counts = { served: 0, left: 0 };
      const { swaps } = await race({ mode: "content", path }, () => {
        skills.refresh();
        const skill = skills.loadSkill("x");
        if (skill === undefined) counts.left++;
        else {
          assert.equal(skill.description, "inside");
          counts.served++;
        }
      });
      console.log(`race: ${swaps} manifest swaps; ${JSON.stringify(counts)}`);
      assert.ok(counts.left > 0, JSON.stringify(counts));
      skills.refresh();
      assert.equal(skills.loadSkill("x")?.description, "inside");
    },
  );

  it(
    "an eager refresh() serves the skill only while its file is the locked one (content)",
    TIMEOUT,
    async () => {
      const { root, skills } = lockedStore("eager");
      const path = join(root, "x", "file.txt");
      const locked = "the locked bytes\n".repeat(2000);
      writeFileSync(
        join(root, "file.txt.other"),
        "OTHER BYTES\n".repeat(3000),
      );
      const counts = { served: 0, left: 0 };
      const { swaps } = await race({ mode: "content", path }, () => {
        skills.refresh();
        if (!skills.listSkills().some((skill) => skill.name === "x")) {
          counts.left++;
        } else {
          counts.served++;
          // Served at the scan; by now the file may have changed again.
          let text = "";
          const code = codeOf(
            () => (text = decode(skills.readResource("x", "file.txt"))),
          );
          if (code === undefined) assert.equal(text, locked);
          else {
            assert.ok(
              ["integrity_mismatch", "path_escape", "not_found"].includes(code),
              code,
            );
          }
        }
      });
      console.log(`race: ${swaps} eager swaps; ${JSON.stringify(counts)}`);
      assert.ok(counts.left > 0, JSON.stringify(counts));
      skills.refresh();
      assert.equal(decode(skills.readResource("x", "file.txt")), locked);
    },
  );
});
