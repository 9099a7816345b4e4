// A root read in the workspace's ancestors walks up the workspace's real
// path: a workspace reached through a symlink is in the repository the link
// leads to, never in the directories around the link.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { createAgentSkills, resolveConfig } from "@clarvis/agent-skills";
import { link, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** The root paths resolved for `.agents/skills` with ancestors, from `cwd`. */
function rootsFrom(cwd: string, home: string): string[] {
  return resolveConfig({
    home,
    cwd,
    roots: [{ path: ".agents/skills", ancestors: true }],
  }).roots.map((root) => root.path);
}

/** Whether a directory above `dir` holds `.git`. */
function gitAbove(dir: string): boolean {
  for (let at = dirname(dir); at !== dirname(at); at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return true;
  }
  return existsSync("/.git");
}

/** `.agents/skills` in each directory. */
function skillsIn(...dirs: string[]): string[] {
  return dirs.map((dir) => join(dir, ".agents", "skills"));
}

/**
 * A repository with a skill at its top and in `src`, and outside it a
 * directory that is a repository too, with a skill of its own.
 */
function repoAndOutside(): string {
  return tree({
    "repo/.git/HEAD": "ref: refs/heads/main\n",
    "repo/.agents/skills/top/SKILL.md": manifest("top"),
    "repo/src/.agents/skills/near/SKILL.md": manifest("near"),
    "outside/.git/HEAD": "ref: refs/heads/main\n",
    "outside/.agents/skills/stranger/SKILL.md": manifest("stranger"),
  });
}

describe("a root read in the ancestors of a workspace reached through a symlink", () => {
  it("walks up the real path: the repository's top, never the link's parents", () => {
    const base = repoAndOutside();
    link(join(base, "repo", "src"), join(base, "outside", "link"));
    assert.deepEqual(
      rootsFrom(join(base, "outside", "link"), base),
      skillsIn(join(base, "repo"), join(base, "repo", "src")),
    );
  });

  it("serves the real repository's skills, and none of the link's surroundings", () => {
    const base = repoAndOutside();
    link(join(base, "repo", "src"), join(base, "outside", "link"));
    const { options: opts } = options(base, {
      cwd: join(base, "outside", "link"),
      roots: [{ path: ".agents/skills", ancestors: true }],
    });
    assert.deepEqual(
      createAgentSkills(opts).listSkills().map((skill) => skill.name),
      ["near", "top"],
    );
  });

  it("follows a chain of symlinks, and one in the middle of the path", () => {
    const base = repoAndOutside();
    link(join(base, "repo"), join(base, "outside", "via"));
    link(join(base, "outside", "via"), join(base, "first"));
    // first -> outside/via -> repo, then src below it.
    assert.deepEqual(
      rootsFrom(join(base, "first", "src"), base),
      skillsIn(join(base, "repo"), join(base, "repo", "src")),
    );
  });

  it("finds a .git that only the real path has above it", () => {
    const base = tree({
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/pkg/.keep": "",
      "elsewhere/.keep": "",
    });
    link(join(base, "repo", "pkg"), join(base, "elsewhere", "link"));
    assert.deepEqual(
      rootsFrom(join(base, "elsewhere", "link"), base),
      skillsIn(join(base, "repo"), join(base, "repo", "pkg")),
    );
  });

  it("walks the path as given when it is a symlink loop, and ends", () => {
    const base = tree({ ".git/HEAD": "ref: refs/heads/main\n" });
    link("loop", join(base, "loop")); // loop -> loop
    const cwd = join(base, "loop", "x");
    assert.deepEqual(
      rootsFrom(cwd, base),
      skillsIn(base, join(base, "loop"), cwd),
    );
  });

  it("walks the path as given when it is a dangling symlink", () => {
    const base = tree({ ".git/HEAD": "ref: refs/heads/main\n" });
    link(join(base, "gone"), join(base, "dangling"));
    const cwd = join(base, "dangling");
    assert.deepEqual(rootsFrom(cwd, base), skillsIn(base, cwd));
  });

  it("keeps the workspace as given when no directory above its real path holds .git", () => {
    const base = tree({ "real/.keep": "" });
    link(join(base, "real"), join(base, "link"));
    const cwd = join(base, "link");
    const roots = rootsFrom(cwd, base);
    // A machine may hold a .git above /tmp: then the walk starts there.
    if (gitAbove(base)) {
      assert.equal(roots.at(-1), join(base, "real", ".agents", "skills"));
    } else {
      assert.deepEqual(roots, skillsIn(cwd));
    }
  });
});

describe("a root read in the ancestors of a workspace whose path holds `..` after a symlink", () => {
  /**
   * A repository with `a/b` and `a/x`, and a repository `fake` beside it
   * holding `x` and `link` -> `repo/a/b`: `fake/link/../x` is `repo/a/x` to
   * the system, and `fake/x` to a lexical normalisation.
   */
  function linkedRepos(): string {
    const base = tree({
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/.agents/skills/top/SKILL.md": manifest("top"),
      "repo/a/.agents/skills/mid/SKILL.md": manifest("mid"),
      "repo/a/b/.keep": "",
      "repo/a/x/.keep": "",
      "fake/.git/HEAD": "ref: refs/heads/main\n",
      "fake/.agents/skills/fake-top/SKILL.md": manifest("fake-top"),
      "fake/x/.keep": "",
    });
    link(join(base, "repo", "a", "b"), join(base, "fake", "link"));
    return base;
  }

  /** The root paths resolved for `.agents/skills` with ancestors. */
  function roots(fields: { cwd: string; workspace?: string }): string[] {
    return resolveConfig({
      home: "/nonexistent-home",
      ...fields,
      roots: [{ path: ".agents/skills", ancestors: true }],
    }).roots.map((root) => root.path);
  }

  it("steps up from where the link leads, as the system reads the path", () => {
    const base = linkedRepos();
    const real = [join(base, "repo"), join(base, "repo", "a")];
    const expected = skillsIn(...real, join(base, "repo", "a", "x"));
    // As the workspace, relative to cwd, and as cwd itself.
    assert.deepEqual(
      roots({ cwd: base, workspace: `${base}/fake/link/../x` }),
      expected,
    );
    assert.deepEqual(
      roots({ cwd: join(base, "fake"), workspace: "link/../x" }),
      expected,
    );
    assert.deepEqual(roots({ cwd: `${base}/fake/link/../x` }), expected);
    assert.deepEqual(
      roots({ cwd: `${base}/fake/link/..`, workspace: "x" }),
      expected,
    );
  });

  it("serves the repository the link leads to, never the link's", () => {
    const base = linkedRepos();
    const { options: opts } = options(base, {
      cwd: base,
      workspace: `${base}/fake/link/../x`,
      roots: [{ path: ".agents/skills", ancestors: true }],
    });
    assert.deepEqual(
      createAgentSkills(opts).listSkills().map((skill) => skill.name),
      ["mid", "top"],
    );
  });

  it("follows a thousand components of `..` after links to the same end", () => {
    const base = linkedRepos();
    const workspace = `${base}/fake/link/..${"/b/..".repeat(500)}/./x`;
    assert.deepEqual(
      roots({ cwd: base, workspace }),
      skillsIn(
        join(base, "repo"),
        join(base, "repo", "a"),
        join(base, "repo", "a", "x"),
      ),
    );
  });

  it("walks the path as given when a `..` follows a file or a loop", () => {
    const base = linkedRepos();
    link("loop", join(base, "fake", "loop")); // loop -> loop
    const lexical = skillsIn(join(base, "fake"), join(base, "fake", "x"));
    // The system refuses both paths; they normalise to fake/x, which exists.
    assert.deepEqual(
      roots({ cwd: base, workspace: `${base}/fake/.git/HEAD/../../x` }),
      lexical,
    );
    assert.deepEqual(
      roots({ cwd: base, workspace: `${base}/fake/loop/../x` }),
      lexical,
    );
  });
});
