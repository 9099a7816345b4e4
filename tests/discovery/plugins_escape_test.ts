// A root of plugins is confined to its real directory: a marketplace source,
// a plugin's skills/ folder or a skills path its plugin.json names that is,
// or passes through, a symlink leading outside is refused, and so is any
// symlink on the way when symlinks are not followed. Nothing outside is
// ever served, whatever readResource() is asked.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, renameSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkills,
  createAgentSkills,
  resolveConfig,
  SkillError,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { pluginRoots } from "../../src/discovery/_plugins.ts";
import { realPathOrSelf } from "../../src/config/_roots.ts";
import { discoverRoot } from "../../src/discovery/_root.ts";
import { readBuffer } from "../../src/fs/_read.ts";
import type { Problem } from "../../src/discovery/_types.ts";
import { codes, link, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

const SECRET = "OUTSIDE BYTES";

/**
 * A base folder with `outside/` (a plugin and a folder of skills, each skill
 * holding secret.txt) and `market/`, a marketplace listing `plugins` (its
 * other files from `files`).
 */
function layout(
  plugins: readonly Record<string, unknown>[],
  files: Record<string, string> = {},
): { base: string; market: string } {
  const base = tree({
    "outside/plugin/skills/evil/SKILL.md": manifest("evil"),
    "outside/plugin/skills/evil/secret.txt": SECRET,
    "outside/skills/evil/SKILL.md": manifest("evil"),
    "outside/skills/evil/secret.txt": SECRET,
    "market/.claude-plugin/marketplace.json": JSON.stringify({ plugins }),
    ...Object.fromEntries(
      Object.entries(files).map(([path, text]) => [`market/${path}`, text]),
    ),
  });
  return { base, market: join(base, "market") };
}

/** What an instance over the marketplace serves, and whether it leaks. */
function serve(
  market: string,
  { followSymlinks }: { followSymlinks: boolean },
): {
  names: string[];
  warnings: string[];
  messages: string[];
  skills: AgentSkills;
} {
  const { options: opts, warnings } = options(market, {
    roots: [{ path: market, kind: "plugins" }],
    followSymlinks,
  });
  const skills = createAgentSkills(opts);
  assertNoLeak(skills, market);
  return {
    names: skills.listSkills().map((skill) => skill.name),
    warnings: codes(warnings),
    messages: warnings.map((warning) => warning.message),
    skills,
  };
}

/** No skill served from outside the marketplace, and no outside byte read. */
function assertNoLeak(skills: AgentSkills, market: string): void {
  const real = realpathSync(market);
  for (const skill of skills.listSkills()) {
    assert.ok(
      realpathSync(skill.dir).startsWith(`${real}/`),
      `${skill.name} is served from ${realpathSync(skill.dir)}`,
    );
    let bytes: Uint8Array | undefined;
    try {
      bytes = skills.readResource(skill.name, "secret.txt");
    } catch (error) {
      assert.ok(error instanceof SkillError, String(error));
    }
    assert.notEqual(
      bytes === undefined ? undefined : new TextDecoder().decode(bytes),
      SECRET,
    );
  }
}

const MODES = [
  { followSymlinks: true },
  { followSymlinks: false },
] as const;

for (const mode of MODES) {
  describe(`a root of plugins, followSymlinks: ${mode.followSymlinks}`, () => {
    it("refuses a source that is a symlink to a folder outside, naming the marketplace, the source and where it leads", () => {
      const { base, market } = layout([{ name: "out", source: "./out" }]);
      link(join(base, "outside", "plugin"), join(market, "out"));
      const { names, warnings, messages } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.equal(
        messages[0],
        `Skipped plugin skills of ${
          join(market, ".claude-plugin", "marketplace.json")
        }: plugins[0] ("out") has its source "./out" at ${
          join(market, "out")
        }: it leads to ${
          realpathSync(join(base, "outside", "plugin"))
        }, outside the real directory ${
          realpathSync(market)
        } of the root; point it at a folder inside the marketplace`,
      );
    });

    it("refuses a plugin's skills/ that is a symlink to a folder outside", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/.claude-plugin/plugin.json": '{"name": "p"}',
      });
      link(join(base, "outside", "skills"), join(market, "p", "skills"));
      const { names, warnings, messages } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.match(
        messages[0] ?? "",
        /plugin "p" names the skills folder .*\/market\/p\/skills: it leads to .*\/outside\/skills, outside the real directory/,
      );
    });

    it("refuses a skills path of plugin.json that is a symlink outside, and one skill's folder so linked", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/.claude-plugin/plugin.json": JSON.stringify({
          name: "p",
          skills: ["./more", "./one"],
        }),
        "p/skills/fine/SKILL.md": manifest("fine"),
      });
      link(join(base, "outside", "skills"), join(market, "p", "more"));
      link(join(base, "outside", "skills", "evil"), join(market, "p", "one"));
      const { names, warnings } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin", "invalid_plugin"]);
    });

    it("refuses a single plugin given as the root whose skills/ links outside", () => {
      const base = tree({
        "outside/skills/evil/SKILL.md": manifest("evil"),
        "outside/skills/evil/secret.txt": SECRET,
        "plugin/.claude-plugin/plugin.json": '{"name": "p"}',
      });
      const plugin = join(base, "plugin");
      link(join(base, "outside", "skills"), join(plugin, "skills"));
      const { names, warnings } = serve(plugin, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
    });

    it("serves no skill directory of a skills folder that links outside (refused when followed, passed by when not)", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/fine/SKILL.md": manifest("fine"),
      });
      const evil = join(market, "p", "skills", "evil");
      link(join(base, "outside", "skills", "evil"), evil);
      const { names, warnings, messages } = serve(market, mode);
      assert.deepEqual(names, ["p:fine"]);
      if (mode.followSymlinks) {
        assert.deepEqual(warnings, ["invalid_plugin"]);
        assert.equal(
          messages[0],
          `Skipped plugin skills of ${evil}: the skill directory leads to ${
            realpathSync(join(base, "outside", "skills", "evil"))
          }, outside the real directory ${
            realpathSync(market)
          } of the root of plugins; keep the plugin's skills inside it`,
        );
      } else assert.deepEqual(warnings, []);
    });

    it("leaves out what a skills folder swapped for a symlink after it was resolved leads to", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/evil/SKILL.md": manifest("evil"),
      });
      const config = resolveConfig({
        home: market,
        roots: [{ path: market, kind: "plugins" }],
        followSymlinks: mode.followSymlinks,
      });
      const problems: Problem[] = [];
      const scan = {
        root: config.roots[0]!,
        config,
        report: (problem: Problem) => problems.push(problem),
        buffer: readBuffer(),
        startedMs: Date.now(),
      };
      const [skillsFolder] = pluginRoots(scan);
      // The swap, between the resolution and the scan of the folder.
      renameSync(join(market, "p", "skills"), join(base, "old-skills"));
      link(join(base, "outside", "skills"), join(market, "p", "skills"));
      const found = discoverRoot({
        ...scan,
        root: skillsFolder!,
        within: realPathOrSelf(market),
      });
      assert.deepEqual(found, []);
      assert.deepEqual(problems.map((problem) => problem.code), [
        "invalid_plugin",
      ]);
    });

    it("calls a skill directory that links outside an error in a check", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/fine/SKILL.md": manifest("fine"),
      });
      link(
        join(base, "outside", "skills", "evil"),
        join(market, "p", "skills", "evil"),
      );
      const report = checkSkills({
        paths: [{ path: market, kind: "plugins" }],
        home: market,
        followSymlinks: mode.followSymlinks,
      });
      assert.deepEqual(report.skills.map((skill) => skill.name), ["p:fine"]);
      assert.deepEqual(
        report.diagnostics.map(({ code, severity }) => ({ code, severity })),
        mode.followSymlinks
          ? [{ code: "invalid_plugin", severity: "error" }]
          : [],
      );
    });

    it("refuses sources under a metadata.pluginRoot, or Codex's local path, that links outside", () => {
      const base = tree({
        "outside/plugin/skills/evil/SKILL.md": manifest("evil"),
        "outside/plugin/skills/evil/secret.txt": SECRET,
        "market/.claude-plugin/marketplace.json": JSON.stringify({
          metadata: { pluginRoot: "./plugins" },
          plugins: [
            { name: "a", source: "plugin" },
            { name: "b", source: { source: "local", path: "../codex" } },
          ],
        }),
      });
      const market = join(base, "market");
      link(join(base, "outside"), join(market, "plugins"));
      link(join(base, "outside", "plugin"), join(market, "codex"));
      const { names, warnings } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin", "invalid_plugin"]);
    });

    it("refuses a chain of symlinks that ends outside", () => {
      const { base, market } = layout([{ name: "out", source: "./a" }]);
      link(join(base, "hop"), join(market, "a"));
      link(join(base, "outside", "plugin"), join(base, "hop"));
      const { names, warnings } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
    });

    it("refuses a source that is a symlink loop, saying it cannot be followed", () => {
      const { market } = layout([{ name: "loop", source: "./a" }]);
      link(join(market, "b"), join(market, "a"));
      link(join(market, "a"), join(market, "b"));
      const { names, warnings, messages } = serve(market, mode);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.match(messages[0] ?? "", /it cannot be followed \(.+\)/);
    });

    it("refuses a source outside under strict with invalid_plugin, naming the marketplace", () => {
      const { base, market } = layout([{ name: "out", source: "./out" }]);
      link(join(base, "outside", "plugin"), join(market, "out"));
      assert.throws(
        () =>
          createAgentSkills({
            home: market,
            roots: [{ path: market, kind: "plugins" }],
            followSymlinks: mode.followSymlinks,
            strict: true,
          }),
        (error) =>
          error instanceof SkillError && error.code === "invalid_plugin" &&
          error.path === join(market, ".claude-plugin", "marketplace.json"),
      );
    });

    it("drops a source swapped for a symlink to outside at refresh(), and never reads the outside", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/evil/SKILL.md": manifest("evil"),
        "p/skills/evil/secret.txt": "inside",
      });
      const { options: opts, warnings } = options(market, {
        roots: [{ path: market, kind: "plugins" }],
        followSymlinks: mode.followSymlinks,
      });
      const skills = createAgentSkills(opts);
      assert.equal(
        new TextDecoder().decode(skills.readResource("p:evil", "secret.txt")),
        "inside",
      );
      renameSync(join(market, "p"), join(base, "old-p"));
      link(join(base, "outside", "plugin"), join(market, "p"));
      assert.deepEqual(skills.refresh(), {
        added: [],
        removed: ["p:evil"],
        changed: [],
      });
      assert.deepEqual(codes(warnings), ["invalid_plugin"]);
      assert.throws(
        () => skills.readResource("p:evil", "secret.txt"),
        (error) =>
          error instanceof SkillError && error.code === "unknown_skill",
      );
      assertNoLeak(skills, market);
    });
  });
}

describe("a symlink inside a root of plugins that stays inside", () => {
  /** A source linked to a plugin inside, and a skills/ linked to a folder inside. */
  function inside(): string {
    const { market } = layout([
      { name: "p", source: "./alias" },
      { name: "q", source: "./plugins/q" },
    ], {
      "plugins/p/skills/ok/SKILL.md": manifest("ok"),
      "plugins/q/.claude-plugin/plugin.json": '{"name": "q"}',
      "shared/ok/SKILL.md": manifest("ok"),
    });
    link(join(market, "plugins", "p"), join(market, "alias"));
    link(join(market, "shared"), join(market, "plugins", "q", "skills"));
    return market;
  }

  it("is followed by default, for a source and for a skills/ folder", () => {
    const { names, warnings } = serve(inside(), { followSymlinks: true });
    assert.deepEqual(names, ["p:ok", "q:ok"]);
    assert.deepEqual(warnings, []);
  });

  it("is refused, each with invalid_plugin, when symlinks are not followed", () => {
    const { names, warnings, messages } = serve(inside(), {
      followSymlinks: false,
    });
    assert.deepEqual(names, []);
    assert.deepEqual(warnings, ["invalid_plugin", "invalid_plugin"]);
    assert.match(
      messages[0] ?? "",
      /plugins\[0\] \("p"\) has its source "\.\/alias" at .*: it is reached through a symlink \(to .*\/market\/plugins\/p\), and followSymlinks is false/,
    );
    assert.match(
      messages[1] ?? "",
      /plugin "q" names the skills folder .*\/plugins\/q\/skills: it is reached through a symlink/,
    );
  });
});
