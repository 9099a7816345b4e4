import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { reporter } from "../../src/discovery/_problems.ts";
import {
  codes,
  link,
  makeFifo,
  manifest,
  options,
  tempTrees,
} from "../_helpers.ts";

const tree = tempTrees();

function names(
  root: string,
  overrides = {},
): { names: string[]; warnings: string[] } {
  const { options: opts, warnings } = options(root, overrides);
  const skills = createAgentSkills(opts);
  return {
    names: skills.listSkills().map((skill) => skill.name),
    warnings: codes(warnings),
  };
}

function assertSkillError(
  fn: () => unknown,
  code: string,
  path: string,
  skill?: string,
): void {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof SkillError, `expected SkillError, got ${error}`);
    assert.equal(error.code, code);
    assert.equal(error.path, path);
    if (skill !== undefined) assert.equal(error.skill, skill);
    assert.ok(error.message.includes(path), error.message);
    return true;
  });
}

describe("discovery", () => {
  it("finds <root>/<name>/SKILL.md one level deep, not recursively", () => {
    const root = tree({
      "alpha/SKILL.md": manifest("alpha"),
      "group/nested/SKILL.md": manifest("nested"),
      "loose.md": "not a skill",
      "SKILL.md": manifest("top"),
    });
    assert.deepEqual(names(root), { names: ["alpha"], warnings: [] });
  });

  it("matches the manifest name case-insensitively", () => {
    const root = tree({
      "upper/SKILL.md": manifest("upper"),
      "lower/skill.md": manifest("lower"),
      "title/Skill.md": manifest("title"),
    });
    assert.deepEqual(names(root).names, ["lower", "title", "upper"]);
  });

  it("opens SKILL.md first, without looking for case variants beside it", () => {
    const root = tree({
      "multi/skill.md": manifest("multi", "lower case"),
      "multi/SKILL.md": manifest("multi", "upper case"),
      "other/skill.md": manifest("other", "lower case"),
      "other/Skill.md": manifest("other", "title case"),
    });
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.equal(skills.loadSkill("multi")?.description, "upper case");
    // Without SKILL.md, the first in code-unit order wins: "Skill.md" < "skill.md".
    assert.equal(skills.loadSkill("other")?.description, "title case");
    // Only the directory that was listed says it holds several.
    assert.deepEqual(codes(warnings), ["ambiguous_manifest"]);
    assert.ok(warnings[0]?.message.includes("Skill.md, skill.md"));
    assert.equal(warnings[0]?.path, join(root, "other"));
    // checkSkills lists every skill directory, so it sees both.
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(
      report.diagnostics
        .filter((d) => d.code === "ambiguous_manifest")
        .map((d) => [d.severity, d.path]),
      [["warning", join(root, "multi")], ["warning", join(root, "other")]],
    );
  });

  it("ignores a directory without a manifest silently", () => {
    const root = tree({
      "docs/README.md": "# not a skill",
      "ok/SKILL.md": manifest("ok"),
    });
    assert.deepEqual(names(root), { names: ["ok"], warnings: [] });
  });

  it("contributes nothing for a missing root, without a warning", () => {
    const root = tree();
    assert.deepEqual(names(join(root, "missing")), { names: [], warnings: [] });
  });

  it("warns root_not_directory for a root that is a file", () => {
    const root = tree({ "file": "x" });
    assert.deepEqual(names(join(root, "file")), {
      names: [],
      warnings: ["root_not_directory"],
    });
  });

  it("builds SkillInfo with root labels and absolute paths", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf", "Fill forms.", {
        extra: "license: MIT\n",
      }),
    });
    const { options: opts } = options(root, {
      roots: [{ path: root, scope: "user", source: "agents" }],
    });
    assert.deepEqual(createAgentSkills(opts).listSkills(), [{
      name: "pdf",
      description: "Fill forms.",
      metadata: { license: "MIT" },
      userInvocable: true,
      disableModelInvocation: false,
      scope: "user",
      source: "agents",
      root,
      dir: join(root, "pdf"),
      path: join(root, "pdf", "SKILL.md"),
    }]);
  });

  it("uses the frontmatter name over the directory name and warns name_mismatch", () => {
    const root = tree({ "folder/SKILL.md": manifest("real-name") });
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "real-name",
    ]);
    assert.equal(skills.loadSkill("real-name")?.dir, join(root, "folder"));
    assert.deepEqual(codes(warnings), ["name_mismatch"]);
    assert.ok(warnings[0]?.message.includes('"folder"'));
    assert.ok(warnings[0]?.message.includes('"real-name"'));
  });

  describe("in-root duplicates", () => {
    const files = {
      "a-first/SKILL.md": manifest("same", "from a-first"),
      "b-second/SKILL.md": manifest("same", "from b-second"),
    };

    it("keeps the first directory in sorted order and warns duplicate_skill, not also name_mismatch for the copy", () => {
      const root = tree(files);
      const { options: opts, warnings } = options(root);
      const skills = createAgentSkills(opts);
      assert.equal(skills.loadSkill("same")?.description, "from a-first");
      assert.deepEqual(
        warnings.map((warning) => [warning.code, warning.path]),
        [
          ["name_mismatch", join(root, "a-first", "SKILL.md")],
          ["duplicate_skill", join(root, "b-second", "SKILL.md")],
        ],
      );
      const duplicate = warnings[1];
      assert.equal(duplicate?.path, join(root, "b-second", "SKILL.md"));
      assert.ok(duplicate?.message.includes(join(root, "a-first", "SKILL.md")));
    });

    it("throws duplicate_skill under strict", () => {
      const root = tree(files);
      const { options: opts } = options(root, { strict: true });
      assertSkillError(
        () => createAgentSkills(opts),
        "duplicate_skill",
        join(root, "b-second", "SKILL.md"),
        "same",
      );
    });
  });

  describe("malformed manifests", () => {
    it("skip the skill with an invalid_skill warning naming file and line, the rest loads", () => {
      const root = tree({
        "bad/SKILL.md": "---\nname: bad\ndescription: [oops\n---\n",
        "good/SKILL.md": manifest("good"),
      });
      const { options: opts, warnings } = options(root);
      assert.deepEqual(
        createAgentSkills(opts).listSkills().map((skill) => skill.name),
        ["good"],
      );
      assert.deepEqual(codes(warnings), ["invalid_skill"]);
      assert.equal(warnings[0]?.path, join(root, "bad", "SKILL.md"));
      assert.ok(
        warnings[0]?.message.includes(`${join(root, "bad", "SKILL.md")}:3:`),
      );
    });

    it("throw invalid_skill with line and column under strict", () => {
      const root = tree({
        "bad/SKILL.md": "---\nname: bad\ndescription: [oops\n---\n",
      });
      const { options: opts } = options(root, { strict: true });
      assert.throws(() => createAgentSkills(opts), (error) => {
        assert.ok(error instanceof SkillError);
        assert.equal(error.code, "invalid_skill");
        assert.match(error.message, /SKILL\.md:3:\d+: invalid YAML/);
        assert.equal(error.skill, "bad");
        assert.equal(error.path, join(root, "bad", "SKILL.md"));
        assert.equal(error.line, 3);
        assert.equal(error.column, 19);
        return true;
      });
    });

    it("reject manifests over the size cap as invalid_skill", () => {
      const root = tree({
        "big/SKILL.md": manifest("big", "x".repeat(2000)),
        "small/SKILL.md": manifest("small"),
      });
      const result = names(root, { maxManifestBytes: 1000 });
      assert.deepEqual(result, {
        names: ["small"],
        warnings: ["invalid_skill"],
      });
      const { options: opts } = options(root, {
        maxManifestBytes: 1000,
        strict: true,
      });
      assertSkillError(
        () => createAgentSkills(opts),
        "invalid_skill",
        join(root, "big", "SKILL.md"),
      );
    });

    it("reject invalid UTF-8 as invalid_skill", () => {
      const root = tree();
      mkdirSync(join(root, "latin1"));
      writeFileSync(
        join(root, "latin1", "SKILL.md"),
        new Uint8Array([
          ...new TextEncoder().encode("---\nname: a\ndescription: caf"),
          0xe9,
          0x0a,
          ...new TextEncoder().encode("---\n"),
        ]),
      );
      const { options: opts, warnings } = options(root);
      assert.deepEqual(createAgentSkills(opts).listSkills(), []);
      assert.deepEqual(codes(warnings), ["invalid_skill"]);
      assert.ok(warnings[0]?.message.includes("not valid UTF-8"));
    });
  });

  describe("manifests that are not regular files", () => {
    it("skip a FIFO without blocking, warning not_a_file", () => {
      const root = tree({ "ok/SKILL.md": manifest("ok") });
      mkdirSync(join(root, "fifo"));
      makeFifo(join(root, "fifo", "SKILL.md"));
      assert.deepEqual(names(root), {
        names: ["ok"],
        warnings: ["not_a_file"],
      });
      const { options: opts } = options(root, { strict: true });
      assertSkillError(
        () => createAgentSkills(opts),
        "not_a_file",
        join(root, "fifo", "SKILL.md"),
      );
    });

    it("skip a symlink to a FIFO without blocking", () => {
      const root = tree();
      makeFifo(join(root, "pipe"));
      link(join(root, "pipe"), join(root, "linked", "SKILL.md"));
      assert.deepEqual(names(root), { names: [], warnings: ["not_a_file"] });
    });

    it("skip a directory named SKILL.md", () => {
      const root = tree({ "dir/SKILL.md/inner.txt": "x" });
      assert.deepEqual(names(root), { names: [], warnings: ["not_a_file"] });
    });

    it("skip a dangling manifest symlink", () => {
      const root = tree();
      link(join(root, "nowhere.md"), join(root, "dangling", "SKILL.md"));
      const result = names(root);
      assert.deepEqual(result, { names: [], warnings: ["not_a_file"] });
    });

    it("under strict, throw for a dangling manifest symlink with the open error as cause", () => {
      const root = tree();
      link(join(root, "nowhere.md"), join(root, "dangling", "SKILL.md"));
      assert.throws(
        () => createAgentSkills(options(root, { strict: true }).options),
        (error) =>
          error instanceof SkillError && error.code === "not_a_file" &&
          (error.cause as { code?: string }).code === "ENOENT",
      );
    });
  });

  describe("symlinks", () => {
    function symlinkTree(): string {
      const base = tree({
        "store/linked-dir/SKILL.md": manifest("linked-dir"),
        "store/linked-file.md": manifest("linked-file"),
        "root/plain/SKILL.md": manifest("plain"),
      });
      link(join(base, "store", "linked-dir"), join(base, "root", "linked-dir"));
      link(
        join(base, "store", "linked-file.md"),
        join(base, "root", "linked-file", "SKILL.md"),
      );
      return base;
    }

    it("follows a symlinked skill directory and manifest by default", () => {
      const base = symlinkTree();
      const result = names(join(base, "root"));
      assert.deepEqual(result, {
        names: ["linked-dir", "linked-file", "plain"],
        warnings: [],
      });
    });

    it("keeps the path through the root for a followed directory", () => {
      const base = symlinkTree();
      const { options: opts } = options(join(base, "root"));
      const info = createAgentSkills(opts).loadSkill("linked-dir");
      assert.equal(info?.dir, join(base, "root", "linked-dir"));
    });

    it("ignores both with followSymlinks: false", () => {
      const base = symlinkTree();
      assert.deepEqual(names(join(base, "root"), { followSymlinks: false }), {
        names: ["plain"],
        warnings: [],
      });
    });

    it("always follows a root that is itself a symlink", () => {
      const base = symlinkTree();
      link(join(base, "root"), join(base, "root-link"));
      assert.deepEqual(
        names(join(base, "root-link"), { followSymlinks: false }).names,
        ["plain"],
      );
    });

    it("warns dangling_symlink for a skill directory link that points nowhere", () => {
      const base = tree({ "root/ok/SKILL.md": manifest("ok") });
      link(join(base, "gone"), join(base, "root", "broken"));
      assert.deepEqual(names(join(base, "root")), {
        names: ["ok"],
        warnings: ["dangling_symlink"],
      });
    });
  });

  describe("reporter()", () => {
    it("under strict, throws for a problem that drops a skill and warns for a root's own", () => {
      const warnings: string[] = [];
      const report = reporter({
        strict: true,
        warn: (warning) => warnings.push(warning.code),
      });
      report({
        code: "unreadable",
        message: "Skipped skill root /r: permission denied",
        path: "/r",
        drops: false,
      });
      assert.deepEqual(warnings, ["unreadable"]);
      assert.throws(
        () =>
          report({
            code: "unreadable",
            message: "Skipped /r/s/SKILL.md",
            path: "/r/s/SKILL.md",
            drops: true,
            skill: "s",
          }),
        (error) =>
          error instanceof SkillError && error.code === "invalid_skill" &&
          error.skill === "s",
      );
    });
  });
});
