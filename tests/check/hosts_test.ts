// Each host layout, loaded under each preset: the skills that host would
// load, with the same names. Where an expectation comes from:
// - Codex: openai/codex, codex-rs/core-skills/src/loader.rs (commit
//   033d1d07): MAX_SCAN_DEPTH = 6 and MAX_SKILLS_DIRS_PER_ROOT = 2000;
//   discover_skills_under_root skips names starting with "." and parses
//   only a regular file named exactly SKILLS_FILENAME ("SKILL.md"), a
//   symlinked SKILL.md never (a symlink is only followed as a directory);
//   skill_roots_from_layer_stack_inner reads $CODEX_HOME/skills,
//   ~/.agents/skills, $CODEX_HOME/skills/.system and /etc/codex/skills;
//   repo_agents_skill_roots reads .agents/skills in each directory from
//   find_project_root (the nearest ancestor holding .git) down to the cwd.
// - Claude Code: its docs (code.claude.com/docs/en/skills, "Where skills
//   live": ~/.claude/skills/<name>/SKILL.md and .claude/skills/<name>/SKILL.md,
//   a personal skill winning over a project's; /en/plugins-reference: a
//   plugin's skills/<name>/SKILL.md, named <plugin>:<skill>, the plugin's
//   name from .claude-plugin/plugin.json).
// - Clarvis: this library's own design (one level, SKILL.md in any case).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { mkdirSync, symlinkSync } from "node:fs";
import {
  type AgentSkillsOptions,
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
  createAgentSkills,
} from "@clarvis/agent-skills";
import { codes, manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** The names (and scopes) an instance serves, and its warning codes. */
function served(
  options: AgentSkillsOptions,
): { skills: string[]; warnings: string[] } {
  const warnings: Parameters<
    NonNullable<AgentSkillsOptions["onWarning"]>
  >[0][] = [];
  const skills = createAgentSkills({
    ...options,
    onWarning: (warning) => warnings.push(warning),
  });
  return {
    skills: skills.listSkills().map((skill) => `${skill.scope}:${skill.name}`),
    warnings: codes(warnings),
  };
}

describe("a flat store", () => {
  /** A home whose `folder` holds one skill in SKILL.md, one in skill.md. */
  function home(folder: string): string {
    return tree({
      [`${folder}/upper/SKILL.md`]: manifest("upper"),
      [`${folder}/lower/skill.md`]: manifest("lower"),
    });
  }

  for (
    const [host, folder, roots, expected] of [
      // Claude Code's docs name SKILL.md.
      ["Claude Code's", ".claude/skills", claudeSkillRoots(), ["user:upper"]],
      // codex-rs loader.rs: SKILLS_FILENAME.
      ["Codex's", ".agents/skills", codexSkillRoots(), ["user:upper"]],
      // This library's rule: any case.
      ["the Clarvis", ".agents/skills", clarvisSkillRoots(), [
        "user:lower",
        "user:upper",
      ]],
    ] as const
  ) {
    it(`loads ${expected.length === 1 ? "SKILL.md only" : "both"} under ${host} preset`, () => {
      assert.deepEqual(
        served({ home: home(folder), cwd: tree(), roots: [...roots] }).skills,
        expected,
      );
    });
  }
});

describe("a store in category folders", () => {
  /** Skills 1 to 7 levels below ~/.codex/skills, and one in a dot-directory. */
  function codexHome(): string {
    return tree({
      ".codex/skills/one/SKILL.md": manifest("one"),
      ".codex/skills/a/three/x/SKILL.md": manifest("three"),
      ".codex/skills/a/b/c/d/six/SKILL.md": manifest("six"),
      ".codex/skills/a/b/c/d/e/f/seven/SKILL.md": manifest("seven"),
      ".codex/skills/a/.hidden/h/SKILL.md": manifest("hidden"),
    });
  }

  it("loads skills up to six levels down under Codex's preset (MAX_SCAN_DEPTH), none in a dot-directory", () => {
    const home = codexHome();
    assert.deepEqual(
      served({ home, cwd: tree(), roots: codexSkillRoots() }).skills,
      ["user:one", "user:six", "user:three"],
    );
  });

  it("loads only the first level from a root with the Clarvis rules", () => {
    const home = codexHome();
    const roots = [{ path: "~/.codex/skills" }];
    assert.deepEqual(
      served({ home, cwd: tree(), roots }).skills,
      ["custom:one"],
    );
  });
});

describe("a Codex home", () => {
  it("serves the bundled .system skills once, as system skills, and the admin folder", () => {
    const home = tree({
      ".codex/skills/.system/imagegen/SKILL.md": manifest("imagegen"),
      ".codex/skills/mine/SKILL.md": manifest("mine"),
      "etc/codex/skills/policy/SKILL.md": manifest("policy"),
    });
    const roots = codexSkillRoots({
      adminSkills: join(home, "etc", "codex", "skills"),
    });
    assert.deepEqual(served({ home, cwd: tree(), roots }), {
      skills: ["system:imagegen", "user:mine", "admin:policy"],
      warnings: [],
    });
  });

  it("ignores a symlinked SKILL.md and follows a symlinked skill folder, as Codex does", () => {
    const home = tree({
      "elsewhere/linked.md": manifest("linked"),
      "elsewhere/real/SKILL.md": manifest("real"),
      ".codex/skills/plain/SKILL.md": manifest("plain"),
    });
    const skills = join(home, ".codex", "skills");
    mkdirSync(join(skills, "linked"));
    symlinkSync(
      join(home, "elsewhere", "linked.md"),
      join(skills, "linked", "SKILL.md"),
    );
    symlinkSync(join(home, "elsewhere", "real"), join(skills, "real"));
    assert.deepEqual(
      served({ home, cwd: tree(), roots: codexSkillRoots() }).skills,
      ["user:plain", "user:real"],
    );
    // The Clarvis rules follow both.
    assert.deepEqual(
      served({ home, cwd: tree(), roots: [skills] }).skills,
      ["custom:linked", "custom:plain", "custom:real"],
    );
  });
});

describe("a monorepo with nested project folders", () => {
  function monorepo(): string {
    return tree({
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/.agents/skills/shared/SKILL.md": manifest("shared", "Top."),
      "repo/.agents/skills/top/SKILL.md": manifest("top"),
      "repo/packages/web/.agents/skills/shared/SKILL.md": manifest(
        "shared",
        "Web.",
      ),
      "repo/packages/web/.claude/skills/web-claude/SKILL.md": manifest(
        "web-claude",
      ),
      "repo/.claude/skills/repo-claude/SKILL.md": manifest("repo-claude"),
      "repo/packages/web/src/.keep": "",
    });
  }

  it("reads .agents/skills from the repository's top down to the workspace under Codex's preset, the nearest winning", () => {
    const base = monorepo();
    const cwd = join(base, "repo", "packages", "web", "src");
    const skills = createAgentSkills({
      home: join(base, "home"),
      cwd,
      roots: codexSkillRoots(),
      onWarning: () => {},
    });
    assert.deepEqual(
      skills.listSkills().map((skill) => [skill.name, skill.description]),
      [["shared", "Web."], ["top", "The top skill."]],
    );
  });

  it("reads only the workspace's .claude/skills under Claude Code's preset", () => {
    const base = monorepo();
    const at = (dir: string): string[] =>
      served({
        home: join(base, "home"),
        cwd: join(base, "repo", dir),
        roots: claudeSkillRoots(),
      }).skills;
    assert.deepEqual(at("packages/web/src"), []);
    assert.deepEqual(at("packages/web"), ["workspace:web-claude"]);
    assert.deepEqual(at(""), ["workspace:repo-claude"]);
  });
});

describe("a plugin marketplace", () => {
  it("serves every plugin's skills as <plugin>:<skill> under Claude Code's preset, two setups both", () => {
    const market = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [
          { name: "one", source: "./plugins/one" },
          { name: "two", source: "./plugins/two" },
        ],
      }),
      "plugins/one/.claude-plugin/plugin.json": '{"name": "one"}',
      "plugins/one/skills/setup/SKILL.md": manifest("setup", "One."),
      "plugins/two/skills/setup/SKILL.md": manifest("setup", "Two."),
    });
    const home = tree({ ".claude/skills/setup/SKILL.md": manifest("setup") });
    assert.deepEqual(
      served({
        home,
        cwd: tree(),
        roots: claudeSkillRoots({ plugins: [market] }),
      }),
      {
        // Sorted by name: "one:setup" < "setup" < "two:setup".
        skills: ["plugin:one:setup", "user:setup", "plugin:two:setup"],
        warnings: [],
      },
    );
  });
});
