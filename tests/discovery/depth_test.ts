import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  type SkillRootOptions,
  StartupError,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import {
  codes,
  link,
  listed,
  manifest,
  options,
  tempTrees,
} from "../_helpers.ts";

const tree = tempTrees();

/** The names and warnings of an instance over `path` read with `fields`. */
function scan(
  path: string,
  fields: Omit<SkillRootOptions, "path"> = {},
): ReturnType<typeof listed> {
  return listed({ path, ...fields });
}

/** A store in category folders: one skill at each level from 1 to 4. */
function categories(): string {
  return tree({
    "top/SKILL.md": manifest("top"),
    "dev/lint/SKILL.md": manifest("lint"),
    "dev/web/react/SKILL.md": manifest("react"),
    "dev/web/old/legacy/SKILL.md": manifest("legacy"),
    "README.md": "# store",
  });
}

describe("a root's depth", () => {
  it("is one level by default: skills in category folders are not read", () => {
    assert.deepEqual(scan(categories()), {
      names: ["top"],
      warnings: [],
      messages: [],
    });
  });

  it("reads skills up to `depth` levels below the root, and none deeper", () => {
    const root = categories();
    assert.deepEqual(scan(root, { depth: 2 }).names, ["lint", "top"]);
    assert.deepEqual(scan(root, { depth: 3 }).names, ["lint", "react", "top"]);
    assert.deepEqual(scan(root, { depth: 4 }).names, [
      "legacy",
      "lint",
      "react",
      "top",
    ]);
  });

  it("serves a deep skill like any other: its directory, body and resources", () => {
    const root = tree({
      "dev/web/react/SKILL.md": manifest("react"),
      "dev/web/react/scripts/build.sh": "echo build",
    });
    const { options: opts } = options(root, {
      roots: [{ path: root, depth: 3 }],
    });
    const skills = createAgentSkills(opts);
    const dir = join(root, "dev", "web", "react");
    assert.deepEqual(
      skills.listSkills().map(({ name, root, dir, path }) => ({
        name,
        root,
        dir,
        path,
      })),
      [{ name: "react", root, dir, path: join(dir, "SKILL.md") }],
    );
    assert.deepEqual(skills.loadSkill("react")?.resources, [
      "scripts/build.sh",
    ]);
    assert.equal(
      skills.resourcePath("react", "scripts/build.sh"),
      join(dir, "scripts", "build.sh"),
    );
  });

  it("stops at a directory that holds a manifest: its subfolders are resources", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf"),
      "pdf/forms/SKILL.md": manifest("forms"),
      "pdf/examples/demo/SKILL.md": manifest("demo"),
    });
    const { names, warnings } = scan(root, { depth: 6 });
    assert.deepEqual(names, ["pdf"]);
    assert.deepEqual(warnings, []);
  });

  it("does not go below a skill whose manifest is broken", () => {
    const root = tree({
      "cat/broken/SKILL.md": "---\nname: broken\n---\nno description\n",
      "cat/broken/inner/SKILL.md": manifest("inner"),
    });
    const { names, warnings } = scan(root, { depth: 3 });
    assert.deepEqual(names, []);
    assert.deepEqual(warnings, ["invalid_skill"]);
  });

  it("skips dot-directories and node_modules below a deeper root", () => {
    const root = tree({
      ".git/hooks/SKILL.md": manifest("hooks"),
      ".hidden/SKILL.md": manifest("hidden"),
      "node_modules/pkg/SKILL.md": manifest("pkg"),
      "tools/.cache/SKILL.md": manifest("cache"),
      "tools/lint/SKILL.md": manifest("lint"),
    });
    assert.deepEqual(scan(root, { depth: 3 }).names, ["lint"]);
    // One level deep, as before: a dot-directory at the top is a skill.
    assert.deepEqual(scan(root).names, ["hidden"]);
  });

  it("reads dot-directories under hidden: read, as openai/skills needs, but never .git or node_modules", () => {
    const root = tree({
      ".curated/pdf/SKILL.md": manifest("pdf"),
      ".system/creator/SKILL.md": manifest("creator"),
      ".git/hooks/x/SKILL.md": manifest("x"),
      "node_modules/pkg/SKILL.md": manifest("pkg"),
    });
    assert.deepEqual(scan(root, { depth: 2 }).names, []);
    assert.deepEqual(scan(root, { depth: 3, hidden: "read" }).names, [
      "creator",
      "pdf",
    ]);
    const report = checkSkills({
      paths: [{ path: root, depth: 2, hidden: "read" }],
      home: root,
    });
    assert.deepEqual(report.diagnostics, []);
  });

  it("prefers the shallower of two skills of one name, and says so", () => {
    const root = tree({
      "a/b/setup/SKILL.md": manifest("setup", "Deep."),
      "z/setup/SKILL.md": manifest("setup", "Shallow."),
    });
    const { options: opts, warnings } = options(root, {
      roots: [{ path: root, depth: 3 }],
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(
      skills.listSkills().map((skill) => skill.description),
      ["Shallow."],
    );
    assert.deepEqual(codes(warnings), ["duplicate_skill"]);
    assert.match(warnings[0]?.message ?? "", /a\/b\/setup\/SKILL\.md/);
  });

  it("reads a folder reached twice through symlinks once, with symlink_loop, and ends", () => {
    const root = tree({ "cat/lint/SKILL.md": manifest("lint") });
    link("..", join(root, "cat", "up")); // cat/up -> root: a loop
    link("cat", join(root, "zz-again")); // a second way into cat
    const { names, warnings, messages } = scan(root, { depth: 6 });
    assert.deepEqual(names, ["lint"]);
    assert.deepEqual(warnings, ["symlink_loop", "symlink_loop"]);
    assert.match(messages.join("\n"), /cat\/up.*read already/);
  });

  it("lists at most maxDirectories folders, then warns once with discovery_limit", () => {
    const root = tree({
      "a/one/SKILL.md": manifest("one"),
      "b/two/SKILL.md": manifest("two"),
      "c/three/SKILL.md": manifest("three"),
      "d/four/SKILL.md": manifest("four"),
    });
    const { names, warnings, messages } = scan(root, {
      depth: 2,
      maxDirectories: 2,
    });
    assert.deepEqual(names, ["one", "two"]);
    assert.deepEqual(warnings, ["discovery_limit"]);
    assert.match(messages[0] ?? "", /after 2 folders \(its maxDirectories\)/);
  });

  it("sees a skill added deep on refresh()", () => {
    const root = categories();
    const { options: opts } = options(root, {
      roots: [{ path: root, depth: 3 }],
    });
    const skills = createAgentSkills(opts);
    mkdirSync(join(root, "dev", "web", "vue"));
    writeFileSync(join(root, "dev", "web", "vue", "SKILL.md"), manifest("vue"));
    rmSync(join(root, "dev", "lint"), { recursive: true });
    assert.deepEqual(skills.refresh(), {
      added: ["vue"],
      removed: ["lint"],
      changed: [],
    });
  });

  it("is checked by checkSkills, whose errors deep are found", () => {
    const root = tree({
      "dev/lint/SKILL.md": manifest("lint"),
      "dev/web/react/SKILL.md": "---\nname: react\ndescription: \n---\n",
    });
    const report = checkSkills({
      paths: [{ path: root, depth: 3 }],
      home: root,
    });
    assert.deepEqual(report.skills.map((skill) => skill.name), ["lint"]);
    assert.equal(report.counts.error, 1);
    assert.equal(
      report.diagnostics[0]?.path,
      join(root, "dev", "web", "react", "SKILL.md"),
    );
  });

  it("makes discovery_limit an error in a check: what was not read never passes", () => {
    const root = tree({
      "a/one/SKILL.md": manifest("one"),
      "b/two/SKILL.md": manifest("two"),
    });
    const report = checkSkills({
      paths: [{ path: root, depth: 2, maxDirectories: 1 }],
      home: root,
    });
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => ({ code, severity })),
      [{ code: "discovery_limit", severity: "error" }],
    );
  });

  it("is set on the resolved root only where it is deeper than one", () => {
    const config = resolveConfig({
      home: "/h",
      cwd: "/w",
      roots: ["/a", { path: "/b", depth: 1 }, { path: "/c", depth: 3 }],
    });
    assert.deepEqual(
      config.roots.map(({ depth, maxDirectories }) => ({
        depth,
        maxDirectories,
      })),
      [
        { depth: undefined, maxDirectories: undefined },
        { depth: undefined, maxDirectories: undefined },
        { depth: 3, maxDirectories: 2000 },
      ],
    );
  });

  for (
    const [fields, message] of [
      [{ depth: 0 }, /roots\[0\]\.depth" must be a positive integer, got 0/],
      [{ depth: "2" }, /roots\[0\]\.depth" must be a positive integer/],
      [
        { maxDirectories: 1.5 },
        /roots\[0\]\.maxDirectories" must be a positive integer/,
      ],
      [
        { manifestName: "SKILL.md" },
        /roots\[0\]\.manifestName" must be "any-case" or "exact"/,
      ],
      [
        { manifestLinks: false },
        /roots\[0\]\.manifestLinks" must be "follow" or "ignore"/,
      ],
    ] as const
  ) {
    it(`refuses ${JSON.stringify(fields)} with invalid_option`, () => {
      assert.throws(
        () =>
          resolveConfig({
            home: "/h",
            cwd: "/w",
            roots: [{ path: "/a", ...fields } as SkillRootOptions],
          }),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          message.test(error.message),
      );
    });
  }
});

describe("a root's manifest rules", () => {
  it("reads only SKILL.md under manifestName: exact", () => {
    const root = tree({
      "upper/SKILL.md": manifest("upper"),
      "lower/skill.md": manifest("lower"),
      "mixed/Skill.md": manifest("mixed"),
    });
    assert.deepEqual(scan(root).names, ["lower", "mixed", "upper"]);
    assert.deepEqual(scan(root, { manifestName: "exact" }), {
      names: ["upper"],
      warnings: [],
      messages: [],
    });
  });

  it("ignores a symlinked SKILL.md under manifestLinks: ignore, but follows a symlinked directory", () => {
    const root = tree({
      "plain/SKILL.md": manifest("plain"),
      "elsewhere/linked.md": manifest("linked"),
      "store/real/SKILL.md": manifest("real"),
    });
    const skills = join(root, "skills");
    mkdirSync(join(skills, "linked"), { recursive: true });
    symlinkSync(
      join(root, "elsewhere", "linked.md"),
      join(skills, "linked", "SKILL.md"),
    );
    symlinkSync(join(root, "plain"), join(skills, "plain"));
    assert.deepEqual(scan(skills).names, ["linked", "plain"]);
    assert.deepEqual(scan(skills, { manifestLinks: "ignore" }), {
      names: ["plain"],
      warnings: [],
      messages: [],
    });
  });
});

/** The nearest directory above `dir` that holds `.git`, if any. */
function gitAbove(dir: string): string | undefined {
  for (let at = dirname(dir);; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** The directories from `top` (included) down to `dir` (excluded). */
function ancestorsBetween(top: string, dir: string): string[] {
  const dirs: string[] = [];
  for (let at = dirname(dir); at !== top; at = dirname(at)) dirs.unshift(at);
  return [top, ...dirs];
}

describe("a root read in the workspace's ancestors", () => {
  /** A repository with `.claude/skills` at its top, in `src` and in `src/deep`. */
  function monorepo(): string {
    return tree({
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/.claude/skills/shared/SKILL.md": manifest(
        "shared",
        "From the top.",
      ),
      "repo/.claude/skills/top/SKILL.md": manifest("top"),
      "repo/src/.claude/skills/shared/SKILL.md": manifest(
        "shared",
        "From src.",
      ),
      "repo/src/deep/.claude/skills/deep/SKILL.md": manifest("deep"),
      ".claude/skills/outside/SKILL.md": manifest("outside"),
    });
  }

  it("is one root per directory from the repository's top down to the workspace, the nearest last", () => {
    const base = monorepo();
    const config = resolveConfig({
      home: base,
      cwd: join(base, "repo", "src", "deep"),
      roots: [{ path: ".claude/skills", ancestors: true, scope: "project" }],
    });
    assert.deepEqual(config.roots.map((root) => root.path), [
      join(base, "repo", ".claude", "skills"),
      join(base, "repo", "src", ".claude", "skills"),
      join(base, "repo", "src", "deep", ".claude", "skills"),
    ]);
    assert.ok(config.roots.every((root) => root.scope === "project"));
  });

  it("serves the skills of every level, the nearest winning, and none above the top", () => {
    const base = monorepo();
    const { options: opts } = options(base, {
      cwd: join(base, "repo", "src", "deep"),
      roots: [{ path: ".claude/skills", ancestors: true }],
    });
    const skills = createAgentSkills(opts);
    assert.deepEqual(
      skills.listSkills().map(({ name, description }) => [name, description]),
      [
        ["deep", "The deep skill."],
        ["shared", "From src."],
        ["top", "The top skill."],
      ],
    );
    assert.deepEqual(
      skills.listOverridden().map((skill) => skill.description),
      ["From the top."],
    );
  });

  it("is the workspace's alone when no directory above holds .git", () => {
    const base = tree({ "a/b/.agents/skills/x/SKILL.md": manifest("x") });
    const config = resolveConfig({
      home: base,
      cwd: join(base, "a", "b"),
      roots: [{ path: ".agents/skills", ancestors: true }],
    });
    // The temp tree holds no .git; a machine may have one above /tmp (this
    // one has /.git), and then the roots start there.
    const top = gitAbove(base);
    const expected = top === undefined ? [join(base, "a", "b")] : [
      ...ancestorsBetween(top, base),
      base,
      join(base, "a"),
      join(base, "a", "b"),
    ];
    assert.deepEqual(
      config.roots.map((root) => root.path),
      expected.map((dir) => join(dir, ".agents", "skills")),
    );
  });

  it("counts a .git file (a worktree or submodule) as the top", () => {
    const base = tree({
      "repo/.git": "gitdir: /elsewhere\n",
      "repo/pkg/.keep": "",
    });
    const config = resolveConfig({
      home: base,
      cwd: join(base, "repo", "pkg"),
      roots: [{ path: ".agents/skills", ancestors: true }],
    });
    assert.deepEqual(config.roots.map((root) => root.path), [
      join(base, "repo", ".agents", "skills"),
      join(base, "repo", "pkg", ".agents", "skills"),
    ]);
  });

  for (const path of ["/abs/skills", "~/skills"]) {
    it(`refuses ancestors on ${path} with invalid_option`, () => {
      assert.throws(
        () =>
          resolveConfig({
            home: "/h",
            cwd: "/w",
            roots: [{ path, ancestors: true }],
          }),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          /roots\[0\]\.ancestors" needs a relative path/.test(error.message),
      );
    });
  }
});
