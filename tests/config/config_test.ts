import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
  createAgentSkills,
  resolveConfig,
  StartupError,
} from "@clarvis/agent-skills";
import { tempTrees } from "../_helpers.ts";

const tree = tempTrees();

function assertStartupError(
  fn: () => unknown,
  code: string,
  includes: string,
): void {
  assert.throws(fn, (error) => {
    assert.ok(
      error instanceof StartupError,
      `expected StartupError, got ${error}`,
    );
    assert.equal(error.code, code);
    assert.ok(
      error.message.includes(includes),
      `message ${JSON.stringify(error.message)} should include ${includes}`,
    );
    return true;
  });
}

describe("clarvisSkillRoots()", () => {
  it("returns the preset in ascending precedence", () => {
    assert.deepEqual(clarvisSkillRoots(), [
      {
        path: "~/.agents/skills",
        scope: "user",
        source: "agents",
      },
      {
        path: ".agents/skills",
        scope: "workspace",
        source: "agents",
      },
      {
        path: "~/.clarvis/skills",
        scope: "user",
        source: "clarvis",
      },
      {
        path: ".clarvis/skills",
        scope: "workspace",
        source: "clarvis",
      },
    ]);
  });

  it("returns a fresh array each time", () => {
    const first = clarvisSkillRoots();
    first.pop();
    assert.equal(clarvisSkillRoots().length, 4);
  });
});

describe("claudeSkillRoots()", () => {
  it("returns Claude Code's roots, a personal skill winning over a project's, SKILL.md exactly", () => {
    assert.deepEqual(claudeSkillRoots(), [
      {
        path: ".claude/skills",
        scope: "workspace",
        source: "claude",
        manifestName: "exact",
      },
      {
        path: "~/.claude/skills",
        scope: "user",
        source: "claude",
        manifestName: "exact",
      },
    ]);
    const config = resolveConfig({
      roots: claudeSkillRoots(),
      home: "/home/ada",
      cwd: "/work/app",
    });
    assert.deepEqual(config.roots.map((root) => root.path), [
      "/work/app/.claude/skills",
      "/home/ada/.claude/skills",
    ]);
  });
});

describe("codexSkillRoots()", () => {
  it("returns Codex's admin, system, user and repository roots, read as Codex reads them, the repository's last", () => {
    // codex-rs/core-skills/src/loader.rs: MAX_SCAN_DEPTH 6,
    // MAX_SKILLS_DIRS_PER_ROOT 2000, SKILLS_FILENAME exactly "SKILL.md", a
    // symlinked SKILL.md never parsed (discover_skills_under_root).
    const rules = {
      depth: 6,
      maxDirectories: 2000,
      manifestName: "exact",
      manifestLinks: "ignore",
    };
    assert.deepEqual(codexSkillRoots(), [
      { path: "/etc/codex/skills", scope: "admin", source: "codex", ...rules },
      {
        path: "~/.codex/skills/.system",
        scope: "system",
        source: "codex",
        ...rules,
      },
      { path: "~/.agents/skills", scope: "user", source: "agents", ...rules },
      { path: "~/.codex/skills", scope: "user", source: "codex", ...rules },
      {
        path: ".agents/skills",
        scope: "workspace",
        source: "agents",
        ancestors: true,
        ...rules,
      },
      {
        path: ".codex/skills",
        scope: "workspace",
        source: "codex",
        ancestors: true,
        ...rules,
      },
    ]);
  });

  it("puts the user skills under codexHome when it is given", () => {
    const config = resolveConfig({
      roots: codexSkillRoots({ codexHome: "/opt/codex" }),
      home: "/home/ada",
      cwd: "/work/app",
    });
    assert.deepEqual(config.roots.map((root) => root.path), [
      "/etc/codex/skills",
      "/opt/codex/skills/.system",
      "/home/ada/.agents/skills",
      "/opt/codex/skills",
      "/work/app/.agents/skills",
      "/work/app/.codex/skills",
    ]);
  });
});

describe("resolveConfig()", () => {
  it("defaults roots to the preset, resolved against home and workspace", () => {
    const config = resolveConfig({ home: "/home/ada", cwd: "/work/app" });
    assert.deepEqual(config.roots, [
      {
        path: "/home/ada/.agents/skills",
        scope: "user",
        source: "agents",
        realPath: "/home/ada/.agents/skills",
      },
      {
        path: "/work/app/.agents/skills",
        scope: "workspace",
        source: "agents",
        realPath: "/work/app/.agents/skills",
      },
      {
        path: "/home/ada/.clarvis/skills",
        scope: "user",
        source: "clarvis",
        realPath: "/home/ada/.clarvis/skills",
      },
      {
        path: "/work/app/.clarvis/skills",
        scope: "workspace",
        source: "clarvis",
        realPath: "/work/app/.clarvis/skills",
      },
    ]);
  });

  it("defaults workspace to cwd and fills every default", () => {
    const config = resolveConfig({ home: "/home/ada", cwd: "/work/app" });
    assert.equal(config.home, "/home/ada");
    assert.equal(config.cwd, "/work/app");
    assert.equal(config.workspace, "/work/app");
    assert.equal(config.strict, false);
    assert.equal(config.followSymlinks, true);
    assert.equal(config.maxManifestBytes, 1024 * 1024);
    assert.equal(config.maxResourceEntries, 10_000);
    assert.equal(config.maxResourceDepth, 16);
    assert.equal(config.maxResourceBytes, 16 * 1024 * 1024);
  });

  it("does not call os.homedir() when home is given", () => {
    // Deno runs this suite without --allow-sys: a homedir() call would throw.
    assert.equal(resolveConfig({ home: "/h", cwd: "/" }).home, "/h");
  });

  it("does not call os.homedir() when no root starts with ~", () => {
    // Under Deno this suite has no --allow-sys: a homedir() call would throw.
    const config = resolveConfig({ cwd: "/", roots: ["/opt/skills", "rel"] });
    assert.equal(config.home, "");
    assert.deepEqual(config.roots.map((root) => root.path), [
      "/opt/skills",
      "/rel",
    ]);
  });

  it("calls os.homedir() when home is absent, and explains a refusal", () => {
    if ("Deno" in globalThis) {
      // This suite runs without --allow-sys, so Deno refuses homedir().
      assertStartupError(
        () => resolveConfig({ cwd: "/" }),
        "home_unavailable",
        "--allow-sys=homedir",
      );
      assert.throws(
        () => resolveConfig({ cwd: "/" }),
        (error) =>
          error instanceof StartupError && error.cause instanceof Error,
      );
    } else {
      assert.equal(resolveConfig({ cwd: "/" }).home, homedir());
    }
  });

  it("resolves a relative home against cwd", () => {
    assert.equal(
      resolveConfig({ home: "me", cwd: "/users" }).home,
      "/users/me",
    );
  });

  it("resolves an explicit workspace against cwd", () => {
    const dir = tree();
    mkdirSync(join(dir, "project"));
    const config = resolveConfig({
      home: "/h",
      cwd: dir,
      workspace: "project",
    });
    assert.equal(config.workspace, join(dir, "project"));
    assert.equal(
      config.roots[1]?.path,
      join(dir, "project", ".agents", "skills"),
    );
  });

  it("throws invalid_workspace for a workspace that does not exist", () => {
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: "/", workspace: "/no/such/dir" }),
      "invalid_workspace",
      "/no/such/dir",
    );
  });

  it("throws invalid_workspace for a workspace that is a file", () => {
    const dir = tree({ file: "" });
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: dir, workspace: "file" }),
      "invalid_workspace",
      join(dir, "file"),
    );
  });

  it("throws empty_roots for an empty roots list", () => {
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: "/", roots: [] }),
      "empty_roots",
      '"roots"',
    );
  });

  it("expands ~ and ~/ to home and resolves relative roots against the workspace", () => {
    const config = resolveConfig({
      home: "/home/ada",
      cwd: "/work",
      roots: ["~", "~/skills", "local/skills", "/abs/../opt/skills"],
    });
    assert.deepEqual(config.roots.map((root) => root.path), [
      "/home/ada",
      "/home/ada/skills",
      "/work/local/skills",
      "/opt/skills",
    ]);
  });

  it("defaults scope and source to custom and keeps given labels", () => {
    const config = resolveConfig({
      home: "/h",
      cwd: "/",
      roots: ["/a", { path: "/b", scope: "system" }, {
        path: "/c",
        source: "team",
      }],
    });
    assert.deepEqual(config.roots, [
      { path: "/a", scope: "custom", source: "custom", realPath: "/a" },
      { path: "/b", scope: "system", source: "custom", realPath: "/b" },
      { path: "/c", scope: "custom", source: "team", realPath: "/c" },
    ]);
  });

  it("keeps every configured root in order, duplicates included", () => {
    const config = resolveConfig({ home: "/same", cwd: "/same" });
    assert.deepEqual(config.roots.map((root) => root.path), [
      "/same/.agents/skills",
      "/same/.agents/skills",
      "/same/.clarvis/skills",
      "/same/.clarvis/skills",
    ]);
  });

  it("returns a deeply frozen config", () => {
    const config = resolveConfig({ home: "/h", cwd: "/", roots: ["/a"] });
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.roots));
    assert.ok(Object.isFrozen(config.roots[0]));
    assert.throws(() => {
      (config as { strict: boolean }).strict = true;
    }, TypeError);
  });

  it("throws invalid_option for an onWarning that is not a function", () => {
    for (const onWarning of ["oops", 42, {}, null]) {
      const options = { home: "/h", cwd: "/", onWarning } as Record<
        string,
        unknown
      >;
      assertStartupError(
        () => resolveConfig(options),
        "invalid_option",
        '"onWarning" must be a function',
      );
      assertStartupError(
        () => createAgentSkills({ ...options, roots: ["/nonexistent"] }),
        "invalid_option",
        '"onWarning" must be a function',
      );
    }
  });

  it("throws invalid_option for options of the wrong type", () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ strict: "yes" }, '"strict"'],
      [{ followSymlinks: 1 }, '"followSymlinks"'],
      [{ maxManifestBytes: 0 }, '"maxManifestBytes"'],
      [{ maxResourceEntries: 1.5 }, '"maxResourceEntries"'],
      [{ maxResourceBytes: -1 }, '"maxResourceBytes"'],
      [{ roots: "/a" }, '"roots"'],
      [{ roots: [42] }, '"roots[0]"'],
      [{ roots: [{ path: "" }] }, '"roots[0]"'],
      [{ roots: [{ path: "/a", scope: 3 }] }, '"roots[0].scope"'],
      [{ home: 7 }, '"home"'],
    ];
    for (const [extra, name] of bad) {
      assertStartupError(
        () => resolveConfig({ home: "/h", cwd: "/", ...extra }),
        "invalid_option",
        name,
      );
    }
  });

  it("throws invalid_option for options that are not an object, or a root that is a hole", () => {
    for (const options of [null, "opts", 42, ["/a"]]) {
      for (
        const call of [
          () => resolveConfig(options as unknown as AgentSkillsOptions),
          () => createAgentSkills(options as unknown as AgentSkillsOptions),
        ]
      ) {
        assertStartupError(call, "invalid_option", "must be an object");
      }
    }
    // deno-lint-ignore no-sparse-arrays
    const holed = [, "/a"] as string[];
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: "/", roots: holed }),
      "invalid_option",
      '"roots[0]" is a hole',
    );
  });

  it("reads each option once, so a getter cannot change a value after it was checked", () => {
    const reads = new Map<string, number>();
    const sink = (): void => {};
    const changing = (key: string, first: unknown, later: unknown) => ({
      get(): unknown {
        const count = (reads.get(key) ?? 0) + 1;
        reads.set(key, count);
        return count === 1 ? first : later;
      },
      enumerable: true,
    });
    const root = Object.defineProperties({}, {
      path: changing("path", "/nonexistent/skills", 7),
      scope: changing("scope", "user", 7),
    });
    const options = Object.defineProperties({}, {
      home: changing("home", "/h", 7),
      cwd: changing("cwd", "/", 7),
      roots: changing("roots", [root], 7),
      strict: changing("strict", false, "yes"),
      onWarning: changing("onWarning", sink, "not a function"),
    }) as AgentSkillsOptions;
    const skills = createAgentSkills(options);
    assert.deepEqual(skills.config.roots.map((r) => [r.path, r.scope]), [[
      "/nonexistent/skills",
      "user",
    ]]);
    assert.deepEqual(Object.fromEntries(reads), {
      home: 1,
      cwd: 1,
      roots: 1,
      strict: 1,
      onWarning: 1,
      path: 1,
      scope: 1,
    });
  });

  it("throws invalid_option for an option whose getter throws", () => {
    const options = Object.defineProperty({}, "strict", {
      get(): never {
        throw new Error("no");
      },
      enumerable: true,
    }) as AgentSkillsOptions;
    assertStartupError(
      () => resolveConfig(options),
      "invalid_option",
      '"strict" could not be read (no)',
    );
  });

  it("takes a workspace it may not look at as given, and says why one is refused", () => {
    const dir = tree({ file: "" });
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: dir, workspace: "file" }),
      "invalid_workspace",
      "(it is not a directory)",
    );
    assertStartupError(
      () => resolveConfig({ home: "/h", cwd: dir, workspace: "none" }),
      "invalid_workspace",
      "(it does not exist)",
    );
  });
});
