// A lock policy's verify: "eager" attacked: two roots sharing a name in every
// combination (which copy is served, what is said and how often), plugin
// roots sharing a plugin, strict mode, and what is not a regular file put in
// a skill (a FIFO must not hang the scan).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillWarning,
} from "@clarvis/agent-skills";
import {
  createSkillLock,
  lockPolicy,
  type SkillLock,
} from "@clarvis/agent-skills/lock";
import { codes, makeFifo, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

type Copy = "match" | "changed" | "absent";

/** A root with skill "pdf" whose forms.md matches the lock, differs, or none. */
function copy(state: Copy): string {
  if (state === "absent") return tree({ "other/SKILL.md": manifest("other") });
  return tree({
    "pdf/SKILL.md": manifest("pdf"),
    "pdf/forms.md": state === "match" ? "# forms\n" : "# FORMS\n",
  });
}

/** The lock of "pdf" as `copy("match")` holds it (and of "other"). */
function pdfLock(): SkillLock {
  const base = tree({
    "pdf/SKILL.md": manifest("pdf"),
    "pdf/forms.md": "# forms\n",
    "other/SKILL.md": manifest("other"),
  });
  return createSkillLock(options(base).options).lock;
}

describe('verify: "eager" over two roots sharing a name', () => {
  const states: Copy[] = ["match", "changed", "absent"];
  for (const mode of ["enforce", "report"] as const) {
    for (const a of states) {
      for (const b of states) {
        it(`${mode}: first root ${a}, second ${b}`, () => {
          const first = copy(a);
          const second = copy(b);
          const warnings: SkillWarning[] = [];
          const skills = createAgentSkills({
            home: first,
            cwd: first,
            roots: [first, second],
            lock: lockPolicy(pdfLock(), { mode, verify: "eager" }),
            onWarning: (warning) => warnings.push(warning),
          });
          const at = (path: string | undefined): string =>
            path === undefined
              ? "-"
              : path.startsWith(first)
              ? "first"
              : path.startsWith(second)
              ? "second"
              : path;
          // The last root holding a copy wins; enforced, a copy that
          // differs is passed over for an earlier one that matches.
          const holders = [a, b].flatMap((state, i) =>
            state === "absent" ? [] : [{ state, root: i ? "second" : "first" }]
          );
          const eligible = mode === "report"
            ? holders
            : holders.filter((h) => h.state === "match");
          const expected = eligible.at(-1)?.root ?? "-";
          const pdf = skills.listSkills().find((s) => s.name === "pdf");
          assert.equal(at(pdf?.dir), expected);
          // Only the copy that would be served without the lock is said
          // to differ, once; a copy a later root replaces, never.
          const last = holders.at(-1);
          const said = warnings.map((w) => `${w.code}@${at(w.path)}`);
          assert.deepEqual(
            said,
            last?.state === "changed"
              ? [`integrity_mismatch@${last.root}`]
              : [],
          );
          // refresh() with nothing changed says nothing again.
          skills.refresh();
          skills.refresh();
          assert.equal(warnings.length, said.length);
          // explain() names each copy with its verdict.
          const explained = skills.explain("pdf").candidates.map((c) =>
            `${c.verdict}@${at(c.path)}`
          );
          assert.equal(explained.length, holders.length);
          if (expected !== "-") {
            assert.ok(
              explained.includes(`served@${expected}`),
              explained.join(),
            );
          } else {
            assert.ok(explained.every((c) => c.startsWith("dropped@")));
          }
        });
      }
    }
  }
});

/** A plugins root: a marketplace listing plugin "one" with skill "setup". */
function pluginRoot(forms: string): string {
  return tree({
    ".claude-plugin/marketplace.json": JSON.stringify({
      plugins: [{ name: "one", source: "./plugins/one" }],
    }),
    "plugins/one/skills/setup/SKILL.md": manifest("setup"),
    "plugins/one/skills/setup/forms.md": forms,
  });
}

describe("a lock over two plugins roots sharing a plugin", () => {
  // Before: the lock's problem about a plugin's skill was held under
  // "one:one:setup" (the namespace added twice), so no later copy ever
  // replaced it and it was always said.
  it("says nothing of the first root's copy the second replaces (eager)", () => {
    const first = pluginRoot("# FORMS\n");
    const second = pluginRoot("# forms\n");
    const plugins = (path: string) => ({ path, kind: "plugins" as const });
    const { lock, problems } = createSkillLock({
      ...options(second).options,
      roots: [plugins(second)],
    });
    assert.deepEqual(problems, []);
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      home: first,
      cwd: first,
      roots: [plugins(first), plugins(second)],
      lock: lockPolicy(lock, { verify: "eager" }),
      onWarning: (warning) => warnings.push(warning),
    });
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["one:setup"]);
    assert.ok(skills.listSkills()[0]?.dir.startsWith(second));
    // As with plain roots: the replaced copy is explain()'s, not a warning.
    assert.deepEqual(codes(warnings), []);
    const dropped = skills.explain("one:setup").candidates.filter((c) =>
      c.verdict === "dropped"
    );
    assert.equal(dropped.length, 1);
    assert.ok(dropped[0]?.path.startsWith(first), dropped[0]?.path);
    assert.match(dropped[0]?.message ?? "", /does not match the lock/);
  });

  it("says nothing of a replaced copy whose manifest changed (lazy)", () => {
    const first = pluginRoot("# forms\n");
    writeFileSync(
      join(first, "plugins/one/skills/setup/SKILL.md"),
      manifest("setup", "Changed."),
    );
    const second = pluginRoot("# forms\n");
    const plugins = (path: string) => ({ path, kind: "plugins" as const });
    const { lock } = createSkillLock({
      ...options(second).options,
      roots: [plugins(second)],
    });
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      home: first,
      cwd: first,
      roots: [plugins(first), plugins(second)],
      lock: lockPolicy(lock),
      onWarning: (warning) => warnings.push(warning),
    });
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["one:setup"]);
    assert.deepEqual(codes(warnings), []);
    // The copy that would be served is still said to differ.
    writeFileSync(
      join(second, "plugins/one/skills/setup/forms.md"),
      "# FORMS\n",
    );
    createAgentSkills({
      home: first,
      cwd: first,
      roots: [plugins(first), plugins(second)],
      lock: lockPolicy(lock, { verify: "eager" }),
      onWarning: (warning) => warnings.push(warning),
    });
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
    assert.ok(warnings[0]?.path?.startsWith(second));
  });
});

describe('verify: "eager" and strict', () => {
  function strictOver(a: Copy, b: Copy): AgentSkillsOptions {
    const first = copy(a);
    const second = copy(b);
    return {
      home: first,
      cwd: first,
      roots: [first, second],
      lock: lockPolicy(pdfLock(), { verify: "eager" }),
      strict: true,
      onWarning: () => {},
    };
  }

  it("throws integrity_mismatch for the copy that would be served", () => {
    assert.throws(
      () => createAgentSkills(strictOver("match", "changed")),
      { code: "integrity_mismatch" },
    );
  });

  it("does not throw for a copy a later root replaces", () => {
    const skills = createAgentSkills(strictOver("changed", "match"));
    assert.deepEqual(skills.listSkills().map((s) => s.name), ["pdf"]);
  });
});

describe('verify: "eager" and what is not a regular file', () => {
  function eager(): { root: string; opts: AgentSkillsOptions } {
    const root = copy("match");
    const { lock } = createSkillLock(options(root).options);
    return {
      root,
      opts: options(root, { lock: lockPolicy(lock, { verify: "eager" }) })
        .options,
    };
  }

  it("does not hang on a FIFO put in a skill, and lists what loadSkill() lists", () => {
    const { root, opts } = eager();
    makeFifo(join(root, "pdf", "pipe"));
    const skills = createAgentSkills(opts);
    // A FIFO is no file of the skill: loadSkill() does not list it.
    assert.deepEqual(skills.loadSkill("pdf")?.resources, ["forms.md"]);
  });

  it("takes a dangling link and a link loop as no file, as the lock does", () => {
    const { root, opts } = eager();
    symlinkSync("nowhere", join(root, "pdf", "dangling.md"));
    symlinkSync(".", join(root, "pdf", "loop"));
    symlinkSync("b", join(root, "pdf", "a"));
    symlinkSync("a", join(root, "pdf", "b"));
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.loadSkill("pdf")?.resources, ["forms.md"]);
  });

  it("names a link to a file inside the skill, added since the lock", () => {
    const { root, opts } = eager();
    symlinkSync("forms.md", join(root, "pdf", "alias.md"));
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      ...opts,
      onWarning: (warning) => warnings.push(warning),
    });
    assert.deepEqual(skills.listSkills(), []);
    assert.match(warnings[0]?.message ?? "", /not in the lock: "alias\.md"/);
  });

  it("refresh() after the file is put back serves it again, said once", () => {
    const { root, opts } = eager();
    const warnings: SkillWarning[] = [];
    const skills = createAgentSkills({
      ...opts,
      onWarning: (warning) => warnings.push(warning),
    });
    const forms = join(root, "pdf", "forms.md");
    for (let i = 0; i < 3; i++) {
      writeFileSync(forms, "# FORMS\n");
      assert.deepEqual(skills.refresh().removed, ["pdf"]);
      writeFileSync(forms, "# forms\n");
      assert.deepEqual(skills.refresh().added, ["pdf"]);
    }
    assert.deepEqual(codes(warnings), Array(3).fill("integrity_mismatch"));
  });
});
