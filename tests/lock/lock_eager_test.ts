// createAgentSkills({ lock: lockPolicy(lock, { verify: "eager" }) }): every file of a skill is
// held against the lock as the skill is discovered, so a skill with any file
// added, gone or changed is not served at all (src/lock/_lock_skill.ts).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
  StartupError,
} from "@clarvis/agent-skills";
import {
  createSkillLock,
  lockPolicy,
  type LockPolicyOptions,
} from "@clarvis/agent-skills/lock";
import { codes, manifest, options, tempTrees, writeTree } from "../_helpers.ts";

const tree = tempTrees();

/** A root of two skills, locked, and options to serve it eagerly. */
function eager(
  overrides: AgentSkillsOptions = {},
  policy: LockPolicyOptions = {},
) {
  const root = tree({
    "pdf/SKILL.md": manifest("pdf"),
    "pdf/scripts/fill.py": "print('fill')\n",
    "pdf/forms.md": "# forms\n",
    "docx/SKILL.md": manifest("docx"),
  });
  const { lock, problems } = createSkillLock(options(root).options);
  assert.deepEqual(problems, []);
  const { options: opts, warnings } = options(root, {
    lock: lockPolicy(lock, { verify: "eager", ...policy }),
    ...overrides,
  });
  return { root, lock, opts, warnings };
}

const names = (opts: AgentSkillsOptions): string[] =>
  createAgentSkills(opts).listSkills().map((skill) => skill.name);

function mismatch(error: unknown): boolean {
  assert.ok(error instanceof SkillError, String(error));
  assert.equal(error.code, "integrity_mismatch");
  return true;
}

describe('lockPolicy(lock, { verify: "eager" })', () => {
  it("serves what matches, as lazily, and warns of nothing", () => {
    const { opts, warnings, root } = eager();
    const skills = createAgentSkills({ ...opts, strict: true });
    assert.deepEqual(
      skills.listSkills(),
      createAgentSkills(options(root).options).listSkills(),
    );
    assert.equal(
      new TextDecoder().decode(skills.readResource("pdf", "forms.md")),
      "# forms\n",
    );
    assert.deepEqual(warnings, []);
  });

  it("does not serve a skill with a file changed to bytes of the same size", () => {
    const { opts, warnings, root, lock } = eager();
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    // Lazily, the skill is listed and loaded; only the read is refused.
    const lazy = createAgentSkills({
      ...opts,
      lock: lockPolicy(lock, { verify: "lazy" }),
    });
    assert.deepEqual(lazy.listSkills().map((s) => s.name), ["docx", "pdf"]);
    assert.equal(lazy.loadSkill("pdf")?.name, "pdf");
    assert.throws(() => lazy.readResource("pdf", "forms.md"), mismatch);
    assert.deepEqual(names(opts), ["docx"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.match(
      warnings[0]?.message ?? "",
      /Skill "pdf" at .*pdf does not match the lock: its files differ from the lock \(changed: "forms\.md"\) \(not served\)/,
    );
    assert.throws(() => createAgentSkills({ ...opts, strict: true }), mismatch);
  });

  it("names each file added, gone or changed", () => {
    const { opts, warnings, root } = eager();
    writeFileSync(join(root, "pdf", "scripts", "fill.py"), "print('x')\n");
    writeFileSync(join(root, "pdf", "new.md"), "new\n");
    rmSync(join(root, "pdf", "forms.md"));
    assert.deepEqual(names(opts), ["docx"]);
    assert.match(
      warnings[0]?.message ?? "",
      /\(changed: "scripts\/fill\.py"; not in the lock: "new\.md"; locked but gone: "forms\.md"\)/,
    );
  });

  it('serves and warns under mode: "report"', () => {
    const { opts, warnings, root } = eager({}, { mode: "report" });
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    assert.deepEqual(names({ ...opts, strict: true }), ["docx", "pdf"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.match(
      warnings[0]?.message ?? "",
      /served, as the lock policy's mode is "report"/,
    );
  });

  it("refresh() checks every file again: a skill leaves and comes back", () => {
    const { opts, warnings, root } = eager();
    const skills = createAgentSkills(opts);
    const forms = join(root, "pdf", "forms.md");
    writeFileSync(forms, "# FORMS\n");
    // The manifest did not change: only an eager refresh sees it.
    assert.deepEqual(skills.refresh().removed, ["pdf"]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    writeFileSync(forms, "# forms\n");
    assert.deepEqual(skills.refresh().added, ["pdf"]);
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["docx", "pdf"]);
  });

  it("serves an earlier root's copy that matches when the later one does not", () => {
    const early = tree({
      "pdf/SKILL.md": manifest("pdf"),
      "pdf/forms.md": "# forms\n",
    });
    const { lock } = createSkillLock(options(early).options);
    const late = tree({
      "pdf/SKILL.md": manifest("pdf"),
      "pdf/forms.md": "# other\n",
    });
    const { options: opts, warnings } = options(early, {
      roots: [early, late],
      lock: lockPolicy(lock, { verify: "eager" }),
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((s) => s.dir), [
      join(early, "pdf"),
    ]);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.ok(warnings[0]?.message.includes(join(late, "pdf")));
  });

  it("does not serve a skill whose files cannot all be read", () => {
    const { opts, warnings, root } = eager({ maxResourceBytes: 10 });
    assert.deepEqual(names(opts), ["docx"]);
    assert.match(
      warnings[0]?.message ?? "",
      /its files cannot all be read to compare them with the lock \(.*fill\.py.*\)/,
    );
    void root;
  });

  it("refuses a symlink that leads out of the skill, or a file swapped for one", () => {
    const { opts, warnings, root } = eager();
    writeFileSync(join(root, "secret.txt"), "# forms\n");
    rmSync(join(root, "pdf", "forms.md"));
    symlinkSync(join(root, "secret.txt"), join(root, "pdf", "forms.md"));
    assert.deepEqual(names(opts), ["docx"]);
    assert.match(warnings[0]?.message ?? "", /locked but gone: "forms\.md"/);
  });

  it("refuses a directory put where a locked file was", () => {
    const { opts, warnings, root } = eager();
    renameSync(join(root, "pdf", "forms.md"), join(root, "forms.bak"));
    mkdirSync(join(root, "pdf", "forms.md"));
    writeTree(root, { "pdf/forms.md/inner.md": "# forms\n" });
    assert.deepEqual(names(opts), ["docx"]);
    assert.match(
      warnings[0]?.message ?? "",
      /not in the lock: "forms\.md\/inner\.md"; locked but gone: "forms\.md"/,
    );
  });

  it("names a hostile file name safely, on one line", () => {
    const { opts, warnings, root } = eager();
    // A name a lock can hold: the skill differs from its entry.
    writeFileSync(join(root, "pdf", "x\u202e\u200bdm.txt"), "x");
    assert.deepEqual(names(opts), ["docx"]);
    // One it cannot: the skill cannot be compared.
    writeFileSync(join(root, "docx", "\u001b[2Jx.md"), "x");
    assert.deepEqual(names(opts), []);
    const added = warnings[0]?.message;
    const unlockable = warnings.find((w) => w.message.includes('"docx"'))
      ?.message;
    for (const message of [added, unlockable]) {
      // deno-lint-ignore no-control-regex
      assert.doesNotMatch(message ?? "", /[\u0000-\u001f\u007f\u200b\u202e]/);
    }
    assert.match(added ?? "", /not in the lock: "x\\u202e\\u200bdm\.txt"/);
    assert.match(
      unlockable ?? "",
      /cannot all be read .*\(it holds a control character\)/,
    );
  });

  it("says only the first ten files of a long list, and how many more", () => {
    const { opts, warnings, root } = eager();
    for (let i = 0; i < 25; i++) {
      writeFileSync(
        join(root, "pdf", `extra-${String(i).padStart(2, "0")}.md`),
        "x",
      );
    }
    assert.deepEqual(names(opts), ["docx"]);
    assert.match(
      warnings[0]?.message ?? "",
      /not in the lock: "extra-00\.md", .*"extra-09\.md" and 15 more\)/,
    );
  });

  it("refuses a verify that is not one, and lockVerify, an option no more", () => {
    assert.throws(
      () =>
        lockPolicy({ agentSkillsLock: 1 as const, skills: [] }, {
          verify: "always" as "eager",
        }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        /Option "verify" must be "lazy" or "eager"/.test(error.message),
    );
    // Without a lock, as with one, createAgentSkills() takes no such option.
    assert.throws(
      () =>
        createAgentSkills({
          home: "/",
          cwd: "/",
          roots: ["/nonexistent"],
          lockVerify: "eager",
        } as AgentSkillsOptions),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        /createAgentSkills has no option "lockVerify"/.test(error.message),
    );
  });
});
