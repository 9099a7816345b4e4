// Who owns a name in a root of plugins: a plugin name is taken once per
// marketplace (the first entry keeps it, a later one is reported), a
// plugin directory listed many times is read once, and a plain skill never
// takes a `<plugin>:<skill>` name.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  SkillError,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { pluginRoots } from "../../src/discovery/_plugins.ts";
import { readBuffer } from "../../src/fs/_read.ts";
import type { Problem } from "../../src/discovery/_types.ts";
import {
  ACTING_SAMPLES,
  link,
  listed,
  manifest,
  options,
  tempTrees,
  writeTree,
} from "../_helpers.ts";

const tree = tempTrees();

/** A marketplace listing `plugins`, with two plugin folders `a` and `b`. */
function market(plugins: readonly Record<string, unknown>[]): string {
  return tree({
    ".claude-plugin/marketplace.json": JSON.stringify({ plugins }),
    "a/skills/one/SKILL.md": manifest("one", "From a."),
    "a/skills/two/SKILL.md": manifest("two", "From a."),
    "b/skills/one/SKILL.md": manifest("one", "From b."),
    "b/skills/three/SKILL.md": manifest("three", "From b."),
  });
}

/** The skill roots a marketplace stands for, and the problems it reported. */
function rootsOf(
  root: string,
): { paths: string[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const config = resolveConfig({
    home: root,
    roots: [{ path: root, kind: "plugins" }],
  });
  const roots = pluginRoots({
    root: config.roots[0]!,
    config,
    report: (problem) => problems.push(problem),
    buffer: readBuffer(),
  });
  return { paths: roots.map((skillRoot) => skillRoot.path), problems };
}

describe("two plugins of one name in a marketplace", () => {
  it("keeps the first entry's skills and reports the second with duplicate_plugin, naming the file and both sources", () => {
    const root = market([
      { name: "p", source: "./a" },
      { name: "p", source: "./b" },
    ]);
    const { names, warnings, messages } = listed({
      path: root,
      kind: "plugins",
    });
    assert.deepEqual(names, ["p:one", "p:two"]);
    assert.deepEqual(warnings, ["duplicate_plugin"]);
    assert.equal(
      messages[0],
      `Skipped plugins[1] ("p", source "./b") of ${
        join(root, ".claude-plugin", "marketplace.json")
      }: plugin "p" is loaded already from ${
        join(root, "a")
      } by plugins[0] ("p", source "./a"), which is kept; rename one of the plugins or remove the entry`,
    );
  });

  it("goes by the plugin's name, from its plugin.json, not the entry's", () => {
    const root = market([
      { name: "x", source: "./a" },
      { name: "y", source: "./b" },
    ]);
    writeTree(root, {
      "a/.claude-plugin/plugin.json": '{"name": "same"}',
      "b/.claude-plugin/plugin.json": '{"name": "same"}',
    });
    const { names, warnings } = listed({ path: root, kind: "plugins" });
    assert.deepEqual(names, ["same:one", "same:two"]);
    assert.deepEqual(warnings, ["duplicate_plugin"]);
  });

  it("throws duplicate_plugin under strict, naming the marketplace file", () => {
    const root = market([
      { name: "p", source: "./a" },
      { name: "p", source: "./b" },
    ]);
    assert.throws(
      () => listed({ path: root, kind: "plugins" }, { strict: true }),
      (error) =>
        error instanceof SkillError && error.code === "duplicate_plugin" &&
        error.path === join(root, ".claude-plugin", "marketplace.json"),
    );
  });

  it("is an error in a check", () => {
    const root = market([
      { name: "p", source: "./a" },
      { name: "p", source: "./b" },
    ]);
    const report = checkSkills({
      paths: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => ({ code, severity })),
      [{ code: "duplicate_plugin", severity: "error" }],
    );
  });
});

describe("a plugin directory reached many times", () => {
  it("is read once when one plugin is listed 3,000 times: one skills folder to list", () => {
    const root = market(
      Array.from({ length: 3000 }, () => ({ name: "p", source: "./a" })),
    );
    const { paths, problems } = rootsOf(root);
    assert.deepEqual(paths, [join(root, "a", "skills")]);
    assert.equal(problems.length, 2999);
    assert.ok(problems.every((problem) => problem.code === "duplicate_plugin"));
  });

  it("serves its skills once, none overriding itself", () => {
    const root = market(
      Array.from({ length: 3000 }, () => ({ name: "p", source: "./a" })),
    );
    const { options: opts } = options(root, {
      roots: [{ path: root, kind: "plugins" }],
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "p:one",
      "p:two",
    ]);
    assert.deepEqual(
      skills.explain("p:one").candidates.map((c) => c.verdict),
      ["served"],
    );
  });

  it("is read once when reached again by another spelling or through a symlink", () => {
    const root = market([
      { name: "p", source: "./a" },
      { name: "p", source: "./a/../a/" },
      { name: "p", source: "./link" },
    ]);
    link(join(root, "a"), join(root, "link"));
    const { paths, problems } = rootsOf(root);
    assert.deepEqual(paths, [join(root, "a", "skills")]);
    assert.deepEqual(problems.map((problem) => problem.code), [
      "duplicate_plugin",
      "duplicate_plugin",
    ]);
    assert.match(problems[1]?.message ?? "", /from the same directory/);
  });

  it("reads a skills folder a plugin names twice once", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "p",
        skills: ["./skills", "skills/", "./alias"],
      }),
      "skills/one/SKILL.md": manifest("one"),
    });
    link(join(root, "skills"), join(root, "alias"));
    const { paths, problems } = rootsOf(root);
    assert.deepEqual(paths, [join(root, "skills")]);
    assert.deepEqual(problems, []);
  });
});

describe("a name with a colon in a plain root", () => {
  function stores(): { plain: string; plugin: string } {
    const base = tree({
      "plain/p:s/SKILL.md": manifest("p:s", "Plain."),
      "plain/ok/SKILL.md": manifest("ok"),
      "plugin/.claude-plugin/plugin.json": '{"name": "p"}',
      "plugin/skills/s/SKILL.md": manifest("s", "Plugin."),
    });
    return { plain: join(base, "plain"), plugin: join(base, "plugin") };
  }

  it("is reserved for plugins: the plain skill is skipped with reserved_name, whatever the order of the roots", () => {
    const { plain, plugin } = stores();
    for (
      const roots of [
        [{ path: plugin, kind: "plugins" as const }, { path: plain }],
        [{ path: plain }, { path: plugin, kind: "plugins" as const }],
      ]
    ) {
      const { options: opts, warnings } = options(plain, { roots });
      const skills = createAgentSkills(opts);
      assert.deepEqual(
        skills.listSkills().map(({ name, description }) => ({
          name,
          description,
        })),
        [
          { name: "ok", description: "The ok skill." },
          { name: "p:s", description: "Plugin." },
        ],
      );
      assert.deepEqual(warnings, [{
        code: "reserved_name",
        message: `Skipped ${
          join(plain, "p:s", "SKILL.md")
        }: its name "p:s" holds ":", which is reserved for plugin skills (<plugin>:<skill>); rename it without ":" (a skill of a plugin gets its prefix from the plugin)`,
        path: join(plain, "p:s", "SKILL.md"),
      }]);
    }
  });

  it("is skipped without any plugin, explained as dropped, and refused under strict", () => {
    const { plain } = stores();
    assert.deepEqual(listed({ path: plain }).names, ["ok"]);
    const { options: opts } = options(plain);
    assert.deepEqual(
      createAgentSkills(opts).explain("p:s").candidates.map((candidate) =>
        candidate.verdict === "dropped" ? candidate.problem.code : undefined
      ),
      ["reserved_name"],
    );
    assert.throws(
      () => listed({ path: plain }, { strict: true }),
      (error) =>
        error instanceof SkillError && error.code === "invalid_skill" &&
        error.path === join(plain, "p:s", "SKILL.md"),
    );
  });
});

/** What a plugin name is, as the refusals say. */
const RULE =
  'a plugin name is a non-empty string, not "." or "..", without ":", "/", "\\", spaces, or control or invisible characters';

describe("a plugin name that cannot be used", () => {
  it("from a marketplace entry cites marketplace.json and the entry, a file that exists", () => {
    const root = market([
      { name: "ok", source: "./a" },
      { name: "bad:\u001b[2J", source: "./b" },
    ]);
    const { names, messages } = listed({ path: root, kind: "plugins" });
    assert.deepEqual(names, ["ok:one", "ok:two"]);
    const marketPath = join(root, ".claude-plugin", "marketplace.json");
    assert.deepEqual(messages, [
      `Skipped plugin skills of ${marketPath}: plugins[1] has the "name" "bad:\\u001b[2J", which is not a plugin name: it holds ":", which separates a plugin from its skill (${RULE}); rename the entry`,
    ]);
    assert.ok(existsSync(marketPath));
    assert.throws(
      () => listed({ path: root, kind: "plugins" }, { strict: true }),
      (error) =>
        error instanceof SkillError && error.code === "invalid_plugin" &&
        error.path === marketPath,
    );
  });

  it("from a plugin.json cites the plugin.json", () => {
    const root = market([{ name: "fine", source: "./a" }]);
    writeTree(root, { "a/.claude-plugin/plugin.json": '{"name": "a b"}' });
    const { messages } = listed({ path: root, kind: "plugins" });
    assert.deepEqual(messages, [
      `Skipped plugin skills of ${
        join(root, "a", ".claude-plugin", "plugin.json")
      }: its "name" "a b" is not a plugin name: it holds a space (${RULE}); rename the plugin`,
    ]);
  });

  it("from a single plugin's folder cites the folder", () => {
    const base = tree({ "my plugin/skills/one/SKILL.md": manifest("one") });
    const dir = join(base, "my plugin");
    const { messages } = listed({ path: dir, kind: "plugins" });
    assert.deepEqual(messages, [
      `Skipped plugin skills of ${dir}: its folder's name "my plugin" is not a plugin name: it holds a space (${RULE}); give it a .claude-plugin/plugin.json with a "name"`,
    ]);
  });

  it('a "skills" of a marketplace entry that cannot be used cites marketplace.json and the entry', () => {
    const root = market([
      { name: "p", source: "./a", strict: false, skills: 5 },
      { name: "q", source: "./b", strict: false, skills: [".."] },
    ]);
    const marketPath = join(root, ".claude-plugin", "marketplace.json");
    const { messages } = listed({ path: root, kind: "plugins" });
    assert.deepEqual(messages, [
      `Skipped plugin skills of ${marketPath}: plugins[0] (plugin "p") has a "skills" that is neither a path nor a list of paths`,
      `Skipped plugin skills of ${marketPath}: plugins[1] (plugin "q") names the skills folder ${root}: it is outside the plugin ${
        join(root, "b")
      }; name a folder inside the plugin`,
    ]);
  });
});

describe("a plugin named like a path or with characters a name may not hold", () => {
  /** Names no plugin may take: each is refused wherever it comes from. */
  const REFUSED: readonly string[] = [
    "",
    ".",
    "..",
    "a/b",
    "../x",
    "a\\b",
    "a b",
    "a\tb",
    "a\u00a0b",
    "a:b",
    "a\uff1ab",
    "a\u2236b",
    "\uff0e\uff0e",
    "a\uff0fb",
    ...ACTING_SAMPLES.map((char) => `a${char}b`),
  ];

  it("refuses each from a plugin.json with invalid_plugin, citing the file and its name field", () => {
    for (const name of REFUSED) {
      const root = tree({
        ".claude-plugin/plugin.json": JSON.stringify({ name }),
        "skills/x/SKILL.md": manifest("x"),
      });
      const { names, warnings, messages } = listed({
        path: root,
        kind: "plugins",
      });
      const at = JSON.stringify(name);
      assert.deepEqual(names, [], at);
      assert.deepEqual(warnings, ["invalid_plugin"], at);
      assert.ok(
        messages[0]?.startsWith(
          `Skipped plugin skills of ${
            join(root, ".claude-plugin", "plugin.json")
          }: its "name" `,
        ) && messages[0].includes(" is not a plugin name: "),
        `${at}: ${messages[0]}`,
      );
    }
  });

  it('says why ".." is refused, and what to do', () => {
    const root = tree({
      ".claude-plugin/plugin.json": '{"name": ".."}',
      "skills/x/SKILL.md": manifest("x"),
    });
    const { messages } = listed({ path: root, kind: "plugins" });
    assert.deepEqual(messages, [
      `Skipped plugin skills of ${
        join(root, ".claude-plugin", "plugin.json")
      }: its "name" ".." is not a plugin name: it is "..", which a path or URI resolves away (${RULE}); rename the plugin`,
    ]);
  });

  it("refuses each from a marketplace entry, citing marketplace.json and the entry", () => {
    const marketPath = (root: string): string =>
      join(root, ".claude-plugin", "marketplace.json");
    for (const name of REFUSED) {
      const root = market([
        { name: "ok", source: "./a" },
        { name, source: "./b" },
      ]);
      const { names, warnings, messages } = listed({
        path: root,
        kind: "plugins",
      });
      const at = JSON.stringify(name);
      assert.deepEqual(names, ["ok:one", "ok:two"], at);
      assert.deepEqual(warnings, ["invalid_plugin"], at);
      assert.ok(
        messages[0]?.startsWith(
          `Skipped plugin skills of ${
            marketPath(root)
          }: plugins[1] has the "name" `,
        ) && messages[0].endsWith("; rename the entry"),
        `${at}: ${messages[0]}`,
      );
    }
  });

  it("throws invalid_plugin under strict, naming the plugin.json", () => {
    const root = tree({
      ".claude-plugin/plugin.json": '{"name": "."}',
      "skills/x/SKILL.md": manifest("x"),
    });
    assert.throws(
      () => listed({ path: root, kind: "plugins" }, { strict: true }),
      (error) =>
        error instanceof SkillError && error.code === "invalid_plugin" &&
        error.path === join(root, ".claude-plugin", "plugin.json"),
    );
  });

  it("is an error in a check", () => {
    const root = tree({
      ".claude-plugin/plugin.json": '{"name": ".."}',
      "skills/x/SKILL.md": manifest("x"),
    });
    const report = checkSkills({
      paths: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => ({ code, severity })),
      [{ code: "invalid_plugin", severity: "error" }],
    );
  });

  it("still takes names with dots, dashes, capitals and letters beyond ASCII", () => {
    for (const name of ["a.b", "...", ".hidden", "My-Plugin_2", "café"]) {
      const root = tree({
        ".claude-plugin/plugin.json": JSON.stringify({ name }),
        "skills/x/SKILL.md": manifest("x"),
      });
      assert.deepEqual(
        listed({ path: root, kind: "plugins" }),
        { names: [`${name}:x`], warnings: [], messages: [] },
        name,
      );
    }
  });
});
