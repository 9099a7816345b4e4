import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  renderActivation,
  SkillError,
  StartupError,
} from "@clarvis/agent-skills";
import { manifest, options, tempTrees, writeTree } from "./_helpers.ts";

const tree = tempTrees();

describe("createAgentSkills()", () => {
  it("resolves config and discovers before it returns", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["a"]);
    assert.equal(skills.config.roots[0]?.path, root);
    assert.ok(Object.isFrozen(skills.config));
  });

  it("under strict, throws invalid_skill with every problem of the manifest", () => {
    const root = tree({
      "two/SKILL.md":
        "---\nname: [1]\nlicense: MIT\ndescription:\n  a: 2\n---\n",
    });
    assert.throws(
      () => createAgentSkills(options(root, { strict: true }).options),
      (error) => {
        assert.ok(error instanceof SkillError);
        assert.equal(error.code, "invalid_skill");
        assert.equal(error.path, join(root, "two", "SKILL.md"));
        assert.equal(error.line, 2);
        assert.deepEqual(error.problems, [
          {
            line: 2,
            message: "frontmatter.name: expected string, received array",
          },
          {
            line: 4,
            message:
              "frontmatter.description: expected string, received object",
          },
        ]);
        return true;
      },
    );
  });

  it("throws StartupError for bad options before scanning", () => {
    assert.throws(
      () =>
        createAgentSkills({
          home: "/h",
          cwd: "/",
          workspace: "/no/such/workspace",
        }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_workspace",
    );
  });
});

describe("listSkills()", () => {
  it("returns frozen entries in a fresh array each call", () => {
    const root = tree({
      "b/SKILL.md": manifest("b"),
      "a/SKILL.md": manifest("a"),
    });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    const first = skills.listSkills();
    first.pop();
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "a",
      "b",
    ]);
    assert.ok(Object.isFrozen(first[0]));
    assert.ok(Object.isFrozen(first[0]?.metadata));
  });

  it("does no filesystem I/O: it still answers after the root is gone", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    rmSync(root, { recursive: true });
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["a"]);
  });
});

describe("loadSkill()", () => {
  it("returns the SkillInfo plus the trimmed body and resources", () => {
    const root = tree({
      "a/SKILL.md": manifest("a", "Does a.", { body: "\n\n# A\n\nSteps.\n\n" }),
      "a/notes.md": "n",
    });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    const info = skills.listSkills()[0];
    assert.deepEqual(skills.loadSkill("a"), {
      ...info,
      body: "# A\n\nSteps.",
      resources: ["notes.md"],
    });
  });

  it("returns undefined for an unknown name", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const { options: opts } = options(root);
    assert.equal(createAgentSkills(opts).loadSkill("b"), undefined);
  });

  it("refuses a name or a path that is not a string with invalid_input", () => {
    const root = tree({ "a/SKILL.md": manifest("a"), "a/x.txt": "x" });
    const skills = createAgentSkills(options(root).options);
    const wrong = [Symbol("a"), 7, 10n, null, undefined, {}, ["a"]];
    for (const value of wrong) {
      const given = value as unknown as string;
      for (
        const call of [
          () => skills.loadSkill(given),
          () => skills.resourcePath(given, "x.txt"),
          () => skills.readResource(given, "x.txt"),
          () => skills.resourcePath("a", given),
          () => skills.readResource("a", given),
        ]
      ) {
        assert.throws(
          call,
          (error) =>
            error instanceof SkillError && error.code === "invalid_input",
          String(typeof value),
        );
      }
    }
  });

  it("serves a loaded skill without filesystem I/O", () => {
    const root = tree({ "a/SKILL.md": manifest("a"), "a/x.txt": "x" });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    const loaded = skills.loadSkill("a");
    rmSync(root, { recursive: true });
    assert.deepEqual(skills.loadSkill("a"), loaded);
  });
});

describe("activate()", () => {
  it("loads and renders in one call, as renderActivation(loadSkill(name)) does", () => {
    const root = tree({
      "fix/SKILL.md": manifest("fix", "Fix.", { body: "Fix $ARGUMENTS." }),
      "fix/scripts/a.sh": "",
    });
    const skills = createAgentSkills(options(root).options);
    const skill = skills.loadSkill("fix");
    assert.ok(skill !== undefined);
    for (
      const given of [undefined, { arguments: "#12" }, { maxResources: 1 }]
    ) {
      assert.deepEqual(
        skills.activate("fix", given),
        renderActivation(skill, given),
      );
    }
    assert.match(
      skills.activate("fix", { arguments: "#12" }).text,
      /Fix #12\./,
    );
  });

  it("throws unknown_skill for a name not served, as resourcePath() does", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const skills = createAgentSkills(options(root).options);
    const names = [
      "b",
      "",
      "A",
      "../a",
      "a/",
      "a\0",
      "__proto__",
      "constructor",
      "a\u200b",
      "x".repeat(100_000),
    ];
    for (const name of names) {
      assert.equal(skills.loadSkill(name), undefined);
      assert.throws(
        () => skills.activate(name),
        (error) =>
          error instanceof SkillError && error.code === "unknown_skill" &&
          error.skill === name,
        JSON.stringify(name.slice(0, 20)),
      );
    }
  });

  it("refuses a name that is not a string, and options of the wrong type", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const skills = createAgentSkills(options(root).options);
    for (const name of [undefined, 3, ["a"], { name: "a" }]) {
      assert.throws(
        () => skills.activate(name as never),
        (error) =>
          error instanceof SkillError && error.code === "invalid_input",
      );
    }
    for (const given of [5, { arguments: 3 }, { maxResources: -1 }]) {
      assert.throws(
        () => skills.activate("a", given as never),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option",
      );
    }
  });

  it("reports a !`command` that a skill's directory name brings", () => {
    const name = "x!`id`";
    const root = tree({
      [`${name}/SKILL.md`]: manifest(name, "Odd.", {
        body: "Run ${SKILL_DIR}/go.sh.",
      }),
    });
    const skills = createAgentSkills(options(root).options);
    const { text, commands } = skills.activate(name, { arguments: "" });
    assert.equal(text.split("\n")[1], `Run ${join(root, name)}/go.sh.`);
    assert.deepEqual(commands, [
      { line: 1, command: "id" },
      { line: 2, command: "id" },
      { line: 4, command: "id" },
    ]);
  });
});

describe("refresh()", () => {
  it("says a warning once, again only when it is new or has changed", () => {
    const root = tree({
      "broken/SKILL.md": "---\nname: broken\n---\nno description\n",
      "named/SKILL.md": manifest("other-name"),
      "fine/SKILL.md": manifest("fine"),
    });
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    const codes = () => warnings.splice(0).map((w) => w.code).sort();
    assert.deepEqual(codes(), ["invalid_skill", "name_mismatch"]);
    for (let i = 0; i < 5; i++) skills.refresh();
    assert.deepEqual(codes(), []);
    // A changed problem is said again; a new one is said; a fixed one is not.
    writeTree(root, {
      "broken/SKILL.md": "---\nname: broken\ndescription: [\n---\n",
      "named/SKILL.md": manifest("named"),
      "zdup/SKILL.md": manifest("fine"),
    });
    skills.refresh();
    assert.deepEqual(codes(), ["duplicate_skill", "invalid_skill"]);
    skills.refresh();
    assert.deepEqual(codes(), []);
    // Gone and back: said again.
    rmSync(join(root, "zdup"), { recursive: true });
    skills.refresh();
    writeTree(root, { "zdup/SKILL.md": manifest("fine") });
    skills.refresh();
    assert.deepEqual(codes(), ["duplicate_skill"]);
  });

  it("is the only thing that rescans: the snapshot (body included) holds until then", () => {
    const root = tree({
      "keep/SKILL.md": manifest("keep", "v1", { body: "body v1" }),
      "drop/SKILL.md": manifest("drop"),
    });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);

    writeTree(root, {
      "keep/SKILL.md": manifest("keep", "v2", { body: "body v2" }),
      "added/SKILL.md": manifest("added"),
    });
    rmSync(join(root, "drop"), { recursive: true });

    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "drop",
      "keep",
    ]);
    assert.equal(skills.loadSkill("keep")?.description, "v1");
    assert.equal(skills.loadSkill("keep")?.body, "body v1");
    assert.equal(skills.loadSkill("drop")?.body, "# drop\n\nUse drop.");

    skills.refresh();
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "added",
      "keep",
    ]);
    assert.equal(skills.loadSkill("keep")?.description, "v2");
    assert.equal(skills.loadSkill("keep")?.body, "body v2");
    assert.equal(skills.loadSkill("drop"), undefined);
  });

  it("sees an edit that keeps the size and the mtime", () => {
    const root = tree({ "a/SKILL.md": manifest("a", "version one") });
    const path = join(root, "a", "SKILL.md");
    const { mtime } = statSync(path);
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    writeTree(root, { "a/SKILL.md": manifest("a", "version two") });
    utimesSync(path, mtime, mtime);
    assert.equal(statSync(path).mtime.getTime(), mtime.getTime());
    skills.refresh();
    assert.equal(skills.loadSkill("a")?.description, "version two");
  });

  it("reuses the entry of an unchanged manifest and re-lists its resources", () => {
    const root = tree({
      "a/SKILL.md": manifest("a"),
      "b/SKILL.md": manifest("b"),
    });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    const [a, b] = skills.listSkills();
    assert.deepEqual(skills.loadSkill("a")?.resources, []);
    writeTree(root, {
      "b/SKILL.md": manifest("b", "edited"),
      "a/new.txt": "x",
    });
    skills.refresh();
    const [a2, b2] = skills.listSkills();
    assert.equal(a2, a, "unchanged: the same frozen entry");
    assert.notEqual(b2, b);
    assert.equal(b2?.description, "edited");
    assert.deepEqual(skills.loadSkill("a")?.resources, ["new.txt"]);
  });

  it("reflects a renamed skill directory", () => {
    const root = tree({ "old/SKILL.md": manifest("old") });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    renameSync(join(root, "old"), join(root, "new"));
    writeTree(root, { "new/SKILL.md": manifest("new") });
    skills.refresh();
    assert.deepEqual(
      skills.listSkills().map((skill) => [skill.name, skill.dir]),
      [["new", join(root, "new")]],
    );
  });

  it("keeps the previous snapshot when a strict refresh throws", () => {
    const root = tree({ "a/SKILL.md": manifest("a"), "a/r.txt": "r" });
    const { options: opts } = options(root, { strict: true });
    const skills = createAgentSkills(opts);
    const before = skills.listSkills();
    writeTree(root, {
      "b/SKILL.md": manifest("b"),
      "c/SKILL.md": "---\nname: c\n---\n",
    });
    assert.throws(
      () => skills.refresh(),
      (error) => error instanceof SkillError && error.code === "invalid_skill",
    );
    assert.deepEqual(skills.listSkills(), before);
    assert.deepEqual(skills.loadSkill("a")?.resources, ["r.txt"]);
    assert.equal(skills.resourcePath("a", "r.txt"), join(root, "a", "r.txt"));
    assert.equal(skills.loadSkill("b"), undefined);
  });

  it("says which skills were added, removed and changed", () => {
    const root = tree({
      "keep/SKILL.md": manifest("keep"),
      "edit/SKILL.md": manifest("edit", "v1"),
      "drop/SKILL.md": manifest("drop"),
    });
    const { options: opts } = options(root);
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.refresh(), { added: [], removed: [], changed: [] });
    writeTree(root, {
      "edit/SKILL.md": manifest("edit", "v2"),
      "new-b/SKILL.md": manifest("new-b"),
      "new-a/SKILL.md": manifest("new-a"),
    });
    rmSync(join(root, "drop"), { recursive: true });
    assert.deepEqual(skills.refresh(), {
      added: ["new-a", "new-b"],
      removed: ["drop"],
      changed: ["edit"],
    });
    // A body alone is a change too.
    writeTree(root, {
      "keep/SKILL.md": manifest("keep", undefined, { body: "new body" }),
    });
    assert.deepEqual(skills.refresh().changed, ["keep"]);
  });

  it("calls a skill changed when an override appears or goes away", () => {
    const base = tree({
      "low/x/SKILL.md": manifest("x", "low"),
      "high/README.md": "later: an override",
    });
    const { options: opts } = options(join(base, "low"));
    const skills = createAgentSkills({
      ...opts,
      roots: [join(base, "low"), join(base, "high")],
    });
    writeTree(base, { "high/x/SKILL.md": manifest("x", "low") });
    // The same text, but another root serves it now.
    assert.deepEqual(skills.refresh(), {
      added: [],
      removed: [],
      changed: ["x"],
    });
    assert.equal(skills.listSkills()[0]?.root, join(base, "high"));
    rmSync(join(base, "high", "x"), { recursive: true });
    assert.deepEqual(skills.refresh().changed, ["x"]);
    assert.equal(skills.listSkills()[0]?.root, join(base, "low"));
  });
});
