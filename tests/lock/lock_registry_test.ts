// createAgentSkills({ lock: lockPolicy(lock) }): only what the lock holds is
// served, and no tier hands out bytes that differ from it (src/lock/_admit.ts,
// src/lock/_guard.ts).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
} from "@clarvis/agent-skills";
import {
  createSkillLock,
  lockPolicy,
  type LockPolicyOptions,
  type SkillLock,
} from "@clarvis/agent-skills/lock";
import { codes, manifest, options, tempTrees, writeTree } from "../_helpers.ts";
import { watchTwins } from "../watch/_twins.ts";

const tree = tempTrees();

/** A root of two skills, its lock, and options to serve it under the lock. */
function locked(
  policy: LockPolicyOptions = {},
  overrides: AgentSkillsOptions = {},
) {
  const root = tree({
    "pdf/SKILL.md": manifest("pdf"),
    "pdf/scripts/fill.py": "print('fill')\n",
    "pdf/forms.md": "# forms\n",
    "docx/SKILL.md": manifest("docx"),
  });
  const made = options(root);
  const { lock, problems } = createSkillLock(made.options);
  assert.deepEqual(problems, []);
  const { options: opts, warnings } = options(root, {
    lock: lockPolicy(lock, policy),
    ...overrides,
  });
  return { root, lock, opts, warnings };
}

function integrity(code: string) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof SkillError, String(error));
    assert.equal(error.code, code);
    return true;
  };
}

describe("createAgentSkills({ lock: lockPolicy(lock) })", () => {
  it("serves what matches, as without a lock", () => {
    const { opts, warnings, root } = locked();
    const skills = createAgentSkills(opts);
    const plain = createAgentSkills(options(root).options);
    assert.deepEqual(skills.listSkills(), plain.listSkills());
    assert.deepEqual(skills.loadSkill("pdf"), plain.loadSkill("pdf"));
    assert.equal(
      new TextDecoder().decode(skills.readResource("pdf", "scripts/fill.py")),
      "print('fill')\n",
    );
    assert.equal(
      skills.resourcePath("pdf", "./scripts/../forms.md"),
      join(root, "pdf", "forms.md"),
    );
    assert.ok(skills.readResource("pdf", "SKILL.md").length > 0);
    assert.deepEqual(warnings, []);
  });

  it("does not serve a skill the lock does not hold", () => {
    const { opts, warnings, root } = locked();
    writeTree(root, { "new/SKILL.md": manifest("new") });
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["docx", "pdf"]);
    assert.deepEqual(codes(warnings), ["unlocked_skill"]);
    assert.match(
      warnings[0]?.message ?? "",
      /Skill "new" at .* is not in the lock \(not served\)/,
    );
    assert.throws(
      () => createAgentSkills({ ...opts, strict: true }),
      integrity("unlocked_skill"),
    );
  });

  it("does not serve a skill whose manifest changed, and names both digests", () => {
    const { opts, warnings, root } = locked();
    writeFileSync(join(root, "pdf", "SKILL.md"), manifest("pdf", "Changed."));
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["docx"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.match(
      warnings[0]?.message ?? "",
      /SKILL\.md changed since it was locked \(sha256:[0-9a-f]{64} locked, sha256:[0-9a-f]{64} now\) \(not served\)/,
    );
    assert.throws(
      () => createAgentSkills({ ...opts, strict: true }),
      integrity("integrity_mismatch"),
    );
  });

  it("sees a BOM added to a manifest, which the parsed text hides", () => {
    const { opts, warnings, root } = locked();
    writeFileSync(join(root, "pdf", "SKILL.md"), `\ufeff${manifest("pdf")}`);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["docx"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
  });

  it("does not serve a skill found somewhere else in its root", () => {
    const { opts, warnings, lock } = locked();
    const moved: SkillLock = {
      ...lock,
      skills: lock.skills.map((skill) =>
        skill.name === "pdf" ? { ...skill, path: "other" } : skill
      ),
    };
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(moved) });
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["docx"]);
    assert.match(
      warnings[0]?.message ?? "",
      /it was locked at "other" in its root, and is at "pdf"/,
    );
  });

  it('serves and warns under mode: "report"', () => {
    const { opts, warnings, root } = locked({ mode: "report" });
    writeFileSync(join(root, "pdf", "SKILL.md"), manifest("pdf", "Changed."));
    writeTree(root, { "new/SKILL.md": manifest("new") });
    const skills = createAgentSkills({ ...opts, strict: true });
    assert.deepEqual(skills.listSkills().map((s) => s.name), [
      "docx",
      "new",
      "pdf",
    ]);
    assert.deepEqual(codes(warnings).sort(), [
      "integrity_mismatch",
      "unlocked_skill",
    ]);
    assert.match(
      warnings[0]?.message ?? "",
      /served, as the lock policy's mode is "report"/,
    );
  });
});

describe("a lock over roots that share names", () => {
  /** Two roots with a "pdf" each, the later one locked as it is served. */
  function shadowing(policy: LockPolicyOptions = {}) {
    const early = tree({ "pdf/SKILL.md": manifest("pdf", "The early copy.") });
    const late = tree({ "pdf/SKILL.md": manifest("pdf", "The late copy.") });
    const roots = [early, late];
    const { lock } = createSkillLock(options(late, { roots }).options);
    const { options: opts, warnings } = options(late, {
      roots,
      lock: lockPolicy(lock, policy),
    });
    return { early, late, lock, opts, warnings };
  }

  it("says nothing of a copy a later root replaces, which is never served", () => {
    const { opts, warnings, late, early } = shadowing();
    const skills = createAgentSkills({ ...opts, strict: true });
    assert.deepEqual(skills.listSkills().map((s) => s.dir), [
      join(late, "pdf"),
    ]);
    assert.deepEqual(warnings, []);
    // explain() still says why the early copy could not be served.
    const dropped = skills.explain("pdf").candidates.filter((candidate) =>
      candidate.verdict === "dropped"
    );
    assert.equal(dropped.length, 1);
    assert.ok(dropped[0]?.message.includes(`at ${early}/pdf does not match`));
  });

  it('says nothing of it under mode: "report" either', () => {
    const { opts, warnings, late } = shadowing({ mode: "report" });
    const skills = createAgentSkills({ ...opts, strict: true });
    assert.deepEqual(skills.listSkills().map((s) => s.dir), [
      join(late, "pdf"),
    ]);
    assert.deepEqual(warnings, []);
  });

  it("reports a later copy that differs, and serves the earlier one the lock holds", () => {
    const early = tree({ "pdf/SKILL.md": manifest("pdf", "The locked copy.") });
    const late = tree({});
    const { lock } = createSkillLock(options(early).options);
    writeTree(late, { "pdf/SKILL.md": manifest("pdf", "A copy put later.") });
    const { options: opts, warnings } = options(early, {
      roots: [early, late],
      lock: lockPolicy(lock),
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((s) => s.dir), [
      join(early, "pdf"),
    ]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.match(warnings[0]?.message ?? "", new RegExp(`at ${late}/pdf`));
    assert.throws(
      () => createAgentSkills({ ...opts, strict: true }),
      integrity("integrity_mismatch"),
    );
  });

  it("reports only the copy that would be served when no copy matches", () => {
    const { opts, warnings, late, early } = shadowing();
    writeFileSync(join(late, "pdf", "SKILL.md"), manifest("pdf", "Changed."));
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills(), []);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.match(warnings[0]?.message ?? "", new RegExp(`at ${late}/pdf`));
    assert.doesNotMatch(warnings[0]?.message ?? "", new RegExp(early));
  });
});

describe("the tiers under a lock", () => {
  it("refuses a listing with a file added or gone since the lock", () => {
    const { opts, root } = locked();
    writeFileSync(join(root, "pdf", "added.md"), "new");
    rmSync(join(root, "pdf", "forms.md"));
    const skills = createAgentSkills(opts);
    assert.throws(() => skills.loadSkill("pdf"), (error) => {
      integrity("integrity_mismatch")(error);
      assert.match(
        (error as Error).message,
        /not in the lock: "added\.md"; locked but gone: "forms\.md"/,
      );
      return true;
    });
    assert.throws(
      () => skills.activate("pdf"),
      integrity("integrity_mismatch"),
    );
    // Nothing was cached: the next load lists again, and refuses again.
    assert.throws(
      () => skills.loadSkill("pdf"),
      integrity("integrity_mismatch"),
    );
    assert.ok(skills.loadSkill("docx"));
  });

  it("refuses bytes that changed after the skill was loaded", () => {
    const { opts, root } = locked();
    const skills = createAgentSkills(opts);
    assert.ok(skills.loadSkill("pdf"));
    // The same size: only the digest tells.
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    assert.throws(
      () => skills.readResource("pdf", "forms.md"),
      (error) => {
        integrity("integrity_mismatch")(error);
        assert.match(
          (error as Error).message,
          /"forms\.md" changed since it was locked/,
        );
        assert.equal((error as SkillError).path, join(root, "pdf", "forms.md"));
        return true;
      },
    );
    writeFileSync(join(root, "pdf", "forms.md"), "# forms, longer\n");
    assert.throws(
      () => skills.readResource("pdf", "forms.md"),
      /is 16 bytes long, and was 8 when it was locked/,
    );
    writeFileSync(join(root, "pdf", "forms.md"), "# forms\n");
    assert.equal(skills.readResource("pdf", "forms.md").length, 8);
  });

  it("refuses a file the lock does not hold, by path and by read", () => {
    const { opts, root } = locked();
    const skills = createAgentSkills(opts);
    writeFileSync(join(root, "pdf", "late.md"), "late");
    assert.throws(
      () => skills.resourcePath("pdf", "late.md"),
      /"late\.md" is not in the lock/,
    );
    assert.throws(
      () => skills.readResource("pdf", "scripts/../late.md"),
      /"late\.md" is not in the lock/,
    );
    // Confinement comes first: an escape is still path_escape.
    assert.throws(
      () => skills.readResource("pdf", "../docx/SKILL.md"),
      integrity("path_escape"),
    );
  });

  it('warns instead under mode: "report"', () => {
    const { opts, root, warnings } = locked({ mode: "report" });
    const skills = createAgentSkills(opts);
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    writeFileSync(join(root, "pdf", "late.md"), "late");
    assert.equal(
      new TextDecoder().decode(skills.readResource("pdf", "forms.md")),
      "# FORMS\n",
    );
    assert.ok(skills.loadSkill("pdf")?.resources.includes("late.md"));
    assert.equal(
      skills.resourcePath("pdf", "late.md"),
      join(root, "pdf", "late.md"),
    );
    assert.deepEqual(codes(warnings), [
      "integrity_mismatch",
      "integrity_mismatch",
      "integrity_mismatch",
    ]);
  });

  it("escapes what a hostile name or path would do to a terminal", () => {
    const root = tree({ "s/SKILL.md": manifest("s") });
    const made = options(root);
    const { lock } = createSkillLock(made.options);
    writeFileSync(join(root, "s", "\u001b[31mred\u202e.md"), "x");
    const { options: opts } = options(root, { lock: lockPolicy(lock) });
    const skills = createAgentSkills(opts);
    assert.throws(() => skills.loadSkill("s"), (error) => {
      const message = (error as Error).message;
      assert.ok(
        !message.includes("\u001b") && !message.includes("\u202e"),
        message,
      );
      return true;
    });
  });
});

describe("refresh() under a lock", () => {
  it("drops a skill whose manifest changed, and serves it again once restored", () => {
    const { opts, root, warnings } = locked();
    const skills = createAgentSkills(opts);
    const text = manifest("pdf");
    writeFileSync(join(root, "pdf", "SKILL.md"), manifest("pdf", "Edited."));
    assert.deepEqual(skills.refresh().removed, ["pdf"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    writeFileSync(join(root, "pdf", "SKILL.md"), text);
    assert.deepEqual(skills.refresh().added, ["pdf"]);
    assert.ok(skills.loadSkill("pdf"));
  });
});

describe("a watched refresh() under a lock", () => {
  for (const lockMode of ["enforce", "report"] as const) {
    it(`agrees with a full refresh, mode "${lockMode}"`, async () => {
      const { opts, root } = locked({ mode: lockMode });
      const twins = watchTwins(opts);
      try {
        const pdf = join(root, "pdf", "SKILL.md");
        const text = manifest("pdf");
        const edited = await twins.step(
          () => writeFileSync(pdf, manifest("pdf", "Edited.")),
          [pdf],
        );
        assert.deepEqual(
          lockMode === "enforce" ? edited.removed : edited.changed,
          ["pdf"],
        );
        const restored = await twins.step(() => writeFileSync(pdf, text), [
          pdf,
        ]);
        assert.deepEqual(
          lockMode === "enforce" ? restored.added : restored.changed,
          ["pdf"],
        );
        const fresh = join(root, "new");
        const added = await twins.step(
          () => writeTree(root, { "new/SKILL.md": manifest("new") }),
          [fresh],
        );
        assert.deepEqual(added.added, lockMode === "enforce" ? [] : ["new"]);
        // A resource edited: nothing a refresh serves changes; a read refuses.
        const forms = join(root, "pdf", "forms.md");
        await twins.step(() => writeFileSync(forms, "# FORMS\n"), [forms]);
        if (lockMode === "enforce") {
          assert.throws(
            () => twins.watched.readResource("pdf", "forms.md"),
            integrity("integrity_mismatch"),
          );
        }
      } finally {
        twins.watch.close();
      }
    });
  }
});
