import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import {
  createAgentSkills,
  resolveConfig,
  SkillError,
  type SkillRootOptions,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import {
  listed,
  manifest,
  options,
  tempTrees,
  writeTree,
} from "../_helpers.ts";

const tree = tempTrees();

/** A marketplace laid out as trailofbits/skills and terrylica/cc-skills are. */
function marketplace(extra: Record<string, string> = {}): string {
  return tree({
    ".claude-plugin/marketplace.json": JSON.stringify({
      name: "market",
      owner: { name: "Ada" },
      plugins: [
        { name: "git-tools", source: "./plugins/git-tools" },
        { name: "docs", source: "./plugins/docs-dir" },
        { name: "remote", source: { source: "github", repo: "o/r" } },
      ],
    }),
    "plugins/git-tools/.claude-plugin/plugin.json": JSON.stringify({
      name: "git-tools",
      version: "1.0.0",
    }),
    "plugins/git-tools/skills/setup/SKILL.md": manifest("setup", "Git setup."),
    "plugins/git-tools/skills/commit/SKILL.md": manifest("commit"),
    "plugins/git-tools/skills/commit/scripts/run.sh": "echo",
    "plugins/docs-dir/skills/setup/SKILL.md": manifest("setup", "Docs setup."),
    "plugins/docs-dir/commands/x.md": "not a skill",
    "plugins/unlisted/skills/hidden/SKILL.md": manifest("hidden"),
    ...extra,
  });
}

const open = listed;

describe("a root of kind plugins", () => {
  it("serves each listed plugin's skills as <plugin>:<skill>, so two setups both load", () => {
    const root = marketplace();
    const { options: opts, warnings } = options(root, {
      roots: [{ path: root, kind: "plugins", scope: "user" }],
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(
      skills.listSkills().map(({ name, plugin, description }) => ({
        name,
        plugin,
        description,
      })),
      [
        { name: "docs:setup", plugin: "docs", description: "Docs setup." },
        {
          name: "git-tools:commit",
          plugin: "git-tools",
          description: "The commit skill.",
        },
        {
          name: "git-tools:setup",
          plugin: "git-tools",
          description: "Git setup.",
        },
      ],
    );
    assert.deepEqual(warnings, []);
    const commit = skills.loadSkill("git-tools:commit");
    assert.equal(commit?.root, join(root, "plugins", "git-tools", "skills"));
    assert.equal(commit?.scope, "user");
    assert.deepEqual(commit?.resources, ["scripts/run.sh"]);
    assert.equal(
      skills.resourcePath("git-tools:commit", "scripts/run.sh"),
      join(
        root,
        "plugins",
        "git-tools",
        "skills",
        "commit",
        "scripts",
        "run.sh",
      ),
    );
    assert.equal(skills.loadSkill("setup"), undefined);
  });

  it("names a plugin by its plugin.json, else its marketplace entry, else its directory", () => {
    const root = marketplace({
      "plugins/docs-dir/.claude-plugin/plugin.json": JSON.stringify({
        name: "documents",
      }),
    });
    assert.deepEqual(open({ path: root, kind: "plugins" }).names, [
      "documents:setup",
      "git-tools:commit",
      "git-tools:setup",
    ]);
    const single = tree({ "skills/lint/SKILL.md": manifest("lint") });
    assert.deepEqual(open({ path: single, kind: "plugins" }).names, [
      `${single.split("/").pop()}:lint`,
    ]);
  });

  it("reads one plugin folder given as the root", () => {
    const root = join(marketplace(), "plugins", "git-tools");
    assert.deepEqual(open({ path: root, kind: "plugins" }), {
      names: ["git-tools:commit", "git-tools:setup"],
      warnings: [],
      messages: [],
    });
  });

  it("resolves sources against metadata.pluginRoot, and reads Codex's local sources", () => {
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        metadata: { pluginRoot: "./plugins" },
        plugins: [
          { name: "a", source: "a" },
          { name: "b", source: { source: "local", path: "./b" } },
        ],
      }),
      "plugins/a/skills/one/SKILL.md": manifest("one"),
      "plugins/b/skills/two/SKILL.md": manifest("two"),
    });
    assert.deepEqual(open({ path: root, kind: "plugins" }).names, [
      "a:one",
      "b:two",
    ]);
  });

  it("reads the skills folders a plugin.json names in place of skills/", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "kit",
        skills: ["./core/skills/", "./extra"],
      }),
      "skills/default/SKILL.md": manifest("default"),
      "core/skills/tdd/SKILL.md": manifest("tdd"),
      "extra/lint/SKILL.md": manifest("lint"),
    });
    assert.deepEqual(open({ path: root, kind: "plugins" }).names, [
      "kit:lint",
      "kit:tdd",
    ]);
  });

  it("reads single skills a marketplace entry or plugin.json names, those alone, as anthropics/skills and mattpocock/skills do", () => {
    const root = tree({
      // anthropics/skills: entries with `strict: false` and skill folders.
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [
          {
            name: "document-skills",
            source: "./",
            strict: false,
            skills: ["./skills/pdf", "./skills/docx"],
          },
          {
            name: "example-skills",
            source: "./",
            strict: false,
            skills: ["./skills/art"],
          },
        ],
      }),
      // Ignored: the entries say `strict: false`.
      ".claude-plugin/plugin.json": '{"name": "ignored", "skills": "./x"}',
      "skills/pdf/SKILL.md": manifest("pdf"),
      "skills/docx/SKILL.md": manifest("docx"),
      "skills/art/SKILL.md": manifest("art"),
      "skills/draft/SKILL.md": manifest("draft"),
      "template/SKILL.md": manifest("template"),
    });
    assert.deepEqual(open({ path: root, kind: "plugins" }), {
      names: [
        "document-skills:docx",
        "document-skills:pdf",
        "example-skills:art",
      ],
      warnings: [],
      messages: [],
    });
  });

  for (
    const [what, files, message] of [
      [
        "a plugin.json that is not JSON",
        { "plugins/docs-dir/.claude-plugin/plugin.json": "{ name: docs" },
        /plugin\.json: it is not valid JSON/,
      ],
      [
        "a plugin name that cannot prefix skill names",
        {
          "plugins/docs-dir/.claude-plugin/plugin.json": '{"name": "a:b"}',
        },
        /its "name" "a:b" is not a plugin name/,
      ],
      [
        "a skills folder outside the plugin",
        {
          "plugins/docs-dir/.claude-plugin/plugin.json":
            '{"name": "docs", "skills": "../git-tools/skills"}',
        },
        /names the skills folder .* outside the plugin/,
      ],
    ] as const
  ) {
    it(`skips the plugin of ${what} with invalid_plugin, and loads the others`, () => {
      const root = marketplace(files);
      const { names, warnings, messages } = open({
        path: root,
        kind: "plugins",
      });
      assert.deepEqual(names, ["git-tools:commit", "git-tools:setup"]);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.match(messages[0] ?? "", message);
    });
  }

  it("refuses a marketplace source outside the marketplace", () => {
    const base = tree({ "elsewhere/skills/x/SKILL.md": manifest("x") });
    const root = join(base, "market");
    writeTree(root, {
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [{ name: "out", source: "../elsewhere" }],
      }),
    });
    const { names, warnings, messages } = open({ path: root, kind: "plugins" });
    assert.deepEqual(names, []);
    assert.deepEqual(warnings, ["invalid_plugin"]);
    assert.match(messages[0] ?? "", /outside the marketplace/);
  });

  it("throws invalid_plugin under strict", () => {
    const root = marketplace({
      ".claude-plugin/marketplace.json": '{"plugins": 3}',
    });
    assert.throws(
      () => open({ path: root, kind: "plugins" }, { strict: true }),
      (error) =>
        error instanceof SkillError && error.code === "invalid_plugin" &&
        error.path === join(root, ".claude-plugin", "marketplace.json"),
    );
  });

  it("applies the spec's name rules to the name without its plugin", () => {
    const root = marketplace();
    const report = checkSkills({
      paths: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(report.skills.map((skill) => skill.name), [
      "git-tools:commit",
      "git-tools:setup",
      "docs:setup",
    ]);
    assert.deepEqual(report.diagnostics, []);
  });

  it("sees a plugin renamed on refresh()", () => {
    const root = marketplace();
    const { options: opts } = options(root, {
      roots: [{ path: root, kind: "plugins" }],
    });
    const skills = createAgentSkills(opts);
    writeFileSync(
      join(root, "plugins", "git-tools", ".claude-plugin", "plugin.json"),
      '{"name": "git"}',
    );
    assert.deepEqual(skills.refresh(), {
      added: ["git:commit", "git:setup"],
      removed: ["git-tools:commit", "git-tools:setup"],
      changed: [],
    });
    assert.equal(skills.loadSkill("git:setup")?.plugin, "git");
  });

  it("is kept on the resolved root, and refused when misspelt", () => {
    assert.equal(
      resolveConfig({ home: "/h", roots: [{ path: "/m", kind: "plugins" }] })
        .roots[0]?.kind,
      "plugins",
    );
    assert.throws(
      () =>
        resolveConfig({
          home: "/h",
          roots: [
            { path: "/m", kind: "plugin" } as unknown as SkillRootOptions,
          ],
        }),
      /roots\[0\]\.kind" must be "skills" or "plugins"/,
    );
  });
});

describe("checkSkills never passes what it did not read", () => {
  it("fails a marketplace checked as a plain root, though a skill loaded at its top", () => {
    const root = marketplace({ "top/SKILL.md": manifest("top") });
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(report.skills.map((skill) => skill.name), ["top"]);
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => [code, severity]),
      [["unread_skills", "error"]],
    );
    assert.match(
      report.diagnostics[0]?.message ?? "",
      /4 skill directories sit below .* deeper than this check looks, unchecked; found plugins\/docs-dir\/skills\/setup\/SKILL\.md, .*: it is a plugin marketplace, so check it as one \(--plugins; the root option kind: "plugins"\)$/,
    );
  });

  it("names the folder that holds a store's skills", () => {
    const root = tree({
      "README.md": "# store",
      "template/SKILL.md": manifest("template"),
      "skills/pdf/SKILL.md": manifest("pdf"),
      "skills/docx/SKILL.md": manifest("docx", ""),
    });
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["unread_skills"]);
    assert.equal(
      report.diagnostics[0]?.message,
      `2 skill directories sit below ${root} deeper than this check looks, unchecked; found skills/docx/SKILL.md: skills are one level below a root, so check ${
        join(root, "skills")
      } instead`,
    );
    // Told where, it finds the blanked description.
    const deeper = checkSkills({ paths: [join(root, "skills")], home: root });
    assert.equal(deeper.counts.error, 1);
  });

  it("gives the depth for skills in many category folders", () => {
    const files: Record<string, string> = {};
    for (const category of ["a", "b", "c", "d"]) {
      files[`${category}/web/${category}-x/SKILL.md`] = manifest(
        `${category}-x`,
      );
    }
    const root = tree(files);
    const report = checkSkills({ paths: [root], home: root });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["no_skills"]);
    assert.match(
      report.diagnostics[0]?.message ?? "",
      /found a\/web\/a-x\/SKILL\.md, b\/web\/b-x\/SKILL\.md, .*: check with --depth 3 \(the root option depth: 3\)$/,
    );
    const deep = checkSkills({ paths: [{ path: root, depth: 3 }], home: root });
    assert.deepEqual(deep.diagnostics, []);
    assert.equal(deep.skills.length, 4);
  });

  it("counts skills under a dot-directory of a deeper root as unread", () => {
    const root = tree({
      "cat/lint/SKILL.md": manifest("lint"),
      ".curated/pdf/SKILL.md": manifest("pdf"),
    });
    const report = checkSkills({
      paths: [{ path: root, depth: 2 }],
      home: root,
    });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["unread_skills"]);
    assert.match(
      report.diagnostics[0]?.message ?? "",
      /so check .*\/\.curated instead$/,
    );
  });

  it("says no_skills for a root of plugins without a skill", () => {
    const root = tree({ "commands/x.md": "x" });
    const report = checkSkills({
      paths: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["no_skills"]);
  });

  it("makes a plugin manifest it cannot use an error", () => {
    const root = marketplace({
      "plugins/docs-dir/.claude-plugin/plugin.json": "[]",
    });
    const report = checkSkills({
      paths: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => [code, severity]),
      [["invalid_plugin", "error"]],
    );
  });

  it("warns about a skill a later path shadows, naming both", () => {
    const base = tree({
      "one/pdf/SKILL.md": manifest("pdf"),
      "two/pdf/SKILL.md": manifest("pdf"),
      "two/zip/SKILL.md": manifest("zip"),
    });
    const report = checkSkills({
      paths: [join(base, "one"), join(base, "two")],
      home: base,
    });
    assert.deepEqual(
      report.diagnostics.map(({ code, severity, path }) => [
        code,
        severity,
        path,
      ]),
      [["shadowed_skill", "warning", join(base, "one", "pdf", "SKILL.md")]],
    );
    assert.equal(
      report.diagnostics[0]?.message,
      `Skill "pdf" in ${
        join(base, "one", "pdf", "SKILL.md")
      } is never served: ${
        join(base, "two", "pdf", "SKILL.md")
      }, of a later root, has the same name and wins`,
    );
  });
});
