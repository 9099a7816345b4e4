// A root of plugins reads no file from outside its real directory: a
// skill's SKILL.md, a plugin.json or the marketplace.json that is a symlink
// leading outside is refused with invalid_plugin, unread, whether symlinks
// are followed or not; with followSymlinks false, no such file is read
// through any symlink.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, renameSync } from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  SkillError,
  type SkillRootOptions,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { pluginRoots } from "../../src/discovery/_plugins.ts";
import { realPathOrSelf } from "../../src/config/_roots.ts";
import { findManifest } from "../../src/discovery/_manifest.ts";
import { readSkill } from "../../src/discovery/_read_skill.ts";
import { readBuffer } from "../../src/fs/_read.ts";
import type { Problem } from "../../src/discovery/_types.ts";
import { link, listed, manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

const SECRET = "SECRET-FROM-OUTSIDE";

/**
 * `out/` beside `m/`, a marketplace listing `plugins` (its other files
 * from `files`): out/SKILL.md, out/plugin.json and out/marketplace.json
 * hold names and descriptions that must never be served.
 */
function layout(
  plugins: readonly Record<string, unknown>[],
  files: Record<string, string> = {},
): { base: string; market: string; out: string } {
  const base = tree({
    "out/SKILL.md": manifest("b", SECRET),
    "out/plugin.json": JSON.stringify({ name: SECRET }),
    "out/marketplace.json": JSON.stringify({
      plugins: [{ name: SECRET, source: "./q" }],
    }),
    "m/.claude-plugin/marketplace.json": JSON.stringify({ plugins }),
    ...Object.fromEntries(
      Object.entries(files).map(([path, text]) => [`m/${path}`, text]),
    ),
  });
  return {
    base,
    market: join(base, "m"),
    out: realpathSync(join(base, "out")),
  };
}

/** What an instance over the root of plugins serves: nothing of outside. */
function serve(
  market: string,
  followSymlinks: boolean,
): ReturnType<typeof listed> {
  const root: SkillRootOptions = { path: market, kind: "plugins" };
  const got = listed(root, { followSymlinks });
  const skills = createAgentSkills({
    home: market,
    roots: [root],
    followSymlinks,
    onWarning: () => {},
  });
  for (const skill of skills.listSkills()) {
    assert.ok(!skill.name.includes(SECRET), skill.name);
    assert.notEqual(skill.description, SECRET);
  }
  return got;
}

for (const followSymlinks of [true, false]) {
  describe(`a root of plugins' files, followSymlinks: ${followSymlinks}`, () => {
    it("serves no skill whose SKILL.md is a symlink to a file outside", () => {
      const { base, market, out } = layout([{ name: "p", source: "./p" }], {
        "p/skills/a/SKILL.md": manifest("a"),
      });
      const path = join(market, "p", "skills", "b", "SKILL.md");
      link(join(base, "out", "SKILL.md"), path);
      const { names, warnings, messages } = serve(market, followSymlinks);
      assert.deepEqual(names, ["p:a"]);
      if (followSymlinks) {
        assert.deepEqual(warnings, ["invalid_plugin"]);
        assert.equal(
          messages[0],
          `Skipped plugin skills of ${path}: the manifest leads to ${
            join(out, "SKILL.md")
          }, outside the real directory ${
            realpathSync(market)
          } of the root of plugins; keep the plugin's skills inside it`,
        );
      } else {
        // A symlinked manifest not followed is as if it were not there.
        assert.deepEqual(warnings, []);
      }
    });

    it("serves no skill whose SKILL.md links outside through a chain of relative links", () => {
      const { market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/a/SKILL.md": manifest("a"),
      });
      link("../../out/SKILL.md", join(market, "p", "hop"));
      link("../../hop", join(market, "p", "skills", "b", "SKILL.md"));
      const { names, warnings } = serve(market, followSymlinks);
      assert.deepEqual(names, ["p:a"]);
      assert.deepEqual(warnings, followSymlinks ? ["invalid_plugin"] : []);
    });

    it("refuses a plugin.json that is a symlink to a file outside, unread", () => {
      const { base, market } = layout([{ name: "p", source: "./p" }], {
        "p/skills/a/SKILL.md": manifest("a"),
      });
      const path = join(market, "p", ".claude-plugin", "plugin.json");
      link(join(base, "out", "plugin.json"), path);
      const { names, warnings, messages } = serve(market, followSymlinks);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.ok(
        messages[0]?.startsWith(`Skipped plugin skills of ${path}: it `),
        messages[0],
      );
      assert.ok(!messages[0]?.includes(SECRET));
    });

    it("refuses a marketplace.json that is a symlink to a file outside, unread", () => {
      const { base, market } = layout([], { "q/skills/z/SKILL.md": "" });
      const path = join(market, ".claude-plugin", "marketplace.json");
      renameSync(path, join(base, "old.json"));
      link(join(base, "out", "marketplace.json"), path);
      const { names, warnings, messages } = serve(market, followSymlinks);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.match(
        messages[0] ?? "",
        /^Skipped plugin skills of .*marketplace\.json: it (leads to .*\/out\/marketplace\.json, outside the real directory|is reached through a symlink)/,
      );
    });

    it("refuses a single plugin's plugin.json linked outside, under strict too", () => {
      const base = tree({
        "out/plugin.json": JSON.stringify({ name: SECRET }),
        "plugin/skills/a/SKILL.md": manifest("a"),
      });
      const plugin = join(base, "plugin");
      const path = join(plugin, ".claude-plugin", "plugin.json");
      link(join(base, "out", "plugin.json"), path);
      const { names, warnings } = serve(plugin, followSymlinks);
      assert.deepEqual(names, []);
      assert.deepEqual(warnings, ["invalid_plugin"]);
      assert.throws(
        () =>
          createAgentSkills({
            home: plugin,
            roots: [{ path: plugin, kind: "plugins" }],
            followSymlinks,
            strict: true,
          }),
        (error) =>
          error instanceof SkillError && error.code === "invalid_plugin" &&
          error.path === path,
      );
    });
  });
}

describe("a root of plugins' SKILL.md linked outside", () => {
  it("throws invalid_plugin under strict, naming the manifest", () => {
    const { base, market } = layout([{ name: "p", source: "./p" }]);
    const path = join(market, "p", "skills", "b", "SKILL.md");
    link(join(base, "out", "SKILL.md"), path);
    assert.throws(
      () =>
        createAgentSkills({
          home: market,
          roots: [{ path: market, kind: "plugins" }],
          strict: true,
        }),
      (error) =>
        error instanceof SkillError && error.code === "invalid_plugin" &&
        error.path === path && error.skill === "b",
    );
  });

  it("is an error in a check", () => {
    const { base, market } = layout([{ name: "p", source: "./p" }], {
      "p/skills/a/SKILL.md": manifest("a"),
    });
    link(
      join(base, "out", "SKILL.md"),
      join(market, "p", "skills", "b", "SKILL.md"),
    );
    const report = checkSkills({
      paths: [{ path: market, kind: "plugins" }],
      home: market,
    });
    assert.deepEqual(report.skills.map((skill) => skill.name), ["p:a"]);
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => ({ code, severity })),
      [{ code: "invalid_plugin", severity: "error" }],
    );
  });

  it("is refused when it was swapped for the link after it was found", () => {
    const { base, market } = layout([{ name: "p", source: "./p" }], {
      "p/skills/b/SKILL.md": manifest("b"),
    });
    const config = resolveConfig({
      home: market,
      roots: [{ path: market, kind: "plugins" }],
    });
    const problems: Problem[] = [];
    const scan = {
      root: config.roots[0]!,
      config,
      report: (problem: Problem) => problems.push(problem),
      buffer: readBuffer(),
      startedMs: Date.now(),
    };
    const [folder] = pluginRoots(scan);
    const dir = join(market, "p", "skills", "b");
    const skillScan = {
      ...scan,
      root: folder!,
      within: realPathOrSelf(market),
    };
    const found = findManifest(skillScan, dir, "b");
    // The swap, between the manifest's status and its read.
    renameSync(join(dir, "SKILL.md"), join(base, "old.md"));
    link(join(base, "out", "SKILL.md"), join(dir, "SKILL.md"));
    const read = readSkill(skillScan, {
      dir,
      dirName: "b",
      reached: { realDir: realpathSync(dir), viaLink: false },
      manifest: found,
    });
    assert.equal(read, undefined);
    assert.deepEqual(problems.map((problem) => problem.code), [
      "invalid_plugin",
    ]);
  });
});

describe("a root of plugins' files linked inside it", () => {
  /** plugin.json and SKILL.md linked to files inside the marketplace. */
  function inside(): string {
    const { market } = layout([{ name: "p", source: "./p" }], {
      "shared/plugin.json": JSON.stringify({ name: "linked" }),
      "shared/SKILL.md": manifest("b", "Inside."),
    });
    link(
      join(market, "shared", "plugin.json"),
      join(market, "p", ".claude-plugin", "plugin.json"),
    );
    link(
      join(market, "shared", "SKILL.md"),
      join(market, "p", "skills", "b", "SKILL.md"),
    );
    return market;
  }

  it("are read by default", () => {
    const { names, warnings } = serve(inside(), true);
    assert.deepEqual(names, ["linked:b"]);
    assert.deepEqual(warnings, []);
  });

  it("are not read through the link when symlinks are not followed", () => {
    const { names, warnings, messages } = serve(inside(), false);
    assert.deepEqual(names, []);
    assert.deepEqual(warnings, ["invalid_plugin"]);
    assert.match(
      messages[0] ?? "",
      /plugin\.json: it is reached through a symlink( \(to .*\/shared\/plugin\.json\))?, and followSymlinks is false/,
    );
  });

  it("refuses a .claude-plugin folder linked inside when symlinks are not followed", () => {
    const { market } = layout([{ name: "p", source: "./p" }], {
      "shared/.claude-plugin/plugin.json": JSON.stringify({ name: "linked" }),
      "p/skills/a/SKILL.md": manifest("a"),
    });
    link(
      join(market, "shared", ".claude-plugin"),
      join(market, "p", ".claude-plugin"),
    );
    assert.deepEqual(serve(market, true).names, ["linked:a"]);
    const { names, warnings } = serve(market, false);
    assert.deepEqual(names, []);
    assert.deepEqual(warnings, ["invalid_plugin"]);
  });
});
