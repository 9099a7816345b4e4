import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  SkillError,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { readConfined, type ReadSeams } from "../../src/registry/_confine.ts";
import { discoverRoot } from "../../src/discovery/_root.ts";
import { readBuffer } from "../../src/fs/_read.ts";
import type { DiscoveredSkill } from "../../src/discovery/_types.ts";
import {
  codes,
  link,
  makeFifo,
  manifest,
  options,
  tempTrees,
  toolStore,
  writeTree,
} from "../_helpers.ts";

const tree = tempTrees();
function assertCode(fn: () => unknown, code: string): SkillError {
  let caught: unknown;
  assert.throws(fn, (error) => {
    caught = error;
    return error instanceof SkillError && error.code === code;
  }, `expected SkillError ${code}`);
  return caught as SkillError;
}

describe("resourcePath()", () => {
  it("returns the absolute real path of a file inside the skill", () => {
    const { skills, dir } = toolStore(tree);
    const expected: Array<[string, string]> = [
      ["scripts/run.py", "scripts/run.py"],
      ["./scripts/../references/guide.md", "references/guide.md"],
      ["SKILL.md", "SKILL.md"],
    ];
    for (const [rel, path] of expected) {
      assert.equal(skills.resourcePath("tool", rel), join(dir, path), rel);
    }
  });

  it("rejects ../ escapes with path_escape", () => {
    const { skills } = toolStore(tree);
    for (
      const rel of [
        "../other/notes.md",
        "../../secret.txt",
        "scripts/../../tool/../../secret.txt",
        "..",
      ]
    ) {
      const error = assertCode(
        () => skills.resourcePath("tool", rel),
        "path_escape",
      );
      assert.equal(error.skill, "tool");
      assert.ok(error.message.includes(rel), error.message);
    }
  });

  it("rejects a sibling directory sharing the skill's prefix", () => {
    const { skills, base } = toolStore(tree);
    writeTree(base, { "root/tool-evil/x.txt": "x" });
    assertCode(
      () => skills.resourcePath("tool", "../tool-evil/x.txt"),
      "path_escape",
    );
  });

  it("rejects symlinks that lead outside with path_escape", () => {
    const { skills, dir, base } = toolStore(tree);
    link(join(base, "secret.txt"), join(dir, "leak.txt"));
    link(join(base, "root", "other"), join(dir, "other-skill"));
    link("/etc", join(dir, "etc"));
    assertCode(() => skills.resourcePath("tool", "leak.txt"), "path_escape");
    assertCode(
      () => skills.resourcePath("tool", "other-skill/notes.md"),
      "path_escape",
    );
    assertCode(
      () => skills.resourcePath("tool", "etc/hostname"),
      "path_escape",
    );
  });

  it("follows symlinks that stay inside", () => {
    const { skills, dir } = toolStore(tree);
    link(join(dir, "scripts", "run.py"), join(dir, "run-link.py"));
    link("scripts", join(dir, "bin"));
    for (const rel of ["run-link.py", "bin/run.py"]) {
      assert.equal(
        skills.resourcePath("tool", rel),
        join(dir, "scripts", "run.py"),
        rel,
      );
    }
  });

  it("rejects empty, absolute and NUL-bearing paths with invalid_input", () => {
    const { skills, dir } = toolStore(tree);
    for (
      const rel of [
        "",
        "/etc/passwd",
        join(dir, "scripts", "run.py"),
        "C:\\Windows",
        "\\\\server\\share",
        "a\0b",
      ]
    ) {
      assertCode(() => skills.resourcePath("tool", rel), "invalid_input");
    }
    assertCode(
      () => skills.resourcePath("tool", 42 as unknown as string),
      "invalid_input",
    );
  });

  it("reports a missing resource as not_found, an unknown skill as unknown_skill", () => {
    const { skills, dir } = toolStore(tree);
    assertCode(() => skills.resourcePath("tool", "nope.md"), "not_found");
    assertCode(
      () => skills.resourcePath("tool", "scripts/run.py/inner"),
      "not_found",
    );
    link(join(dir, "gone"), join(dir, "dangling"));
    assertCode(() => skills.resourcePath("tool", "dangling"), "not_found");
    const unknown = assertCode(
      () => skills.resourcePath("nobody", "x"),
      "unknown_skill",
    );
    assert.equal(unknown.skill, "nobody");
  });

  it("keeps the filesystem error as the cause of not_found", () => {
    const { skills, base } = toolStore(tree);
    const missing = assertCode(
      () => skills.resourcePath("tool", "nope.md"),
      "not_found",
    );
    assert.equal((missing.cause as { code?: string }).code, "ENOENT");
    rmSync(join(base, "root", "tool"), { recursive: true });
    const gone = assertCode(
      () => skills.resourcePath("tool", "scripts/run.py"),
      "not_found",
    );
    assert.equal((gone.cause as { code?: string }).code, "ENOENT");
  });

  it("reports a directory or special file as not_a_file", () => {
    const { skills, dir } = toolStore(tree);
    makeFifo(join(dir, "pipe"));
    assertCode(() => skills.resourcePath("tool", "scripts"), "not_a_file");
    assertCode(() => skills.resourcePath("tool", "."), "not_a_file");
    assertCode(() => skills.resourcePath("tool", "pipe"), "not_a_file");
  });

  it("confines a skill whose directory is a symlink to that directory's target", () => {
    const base = tree({
      "store/linked/SKILL.md": manifest("linked"),
      "store/linked/file.txt": "inside",
      "store/neighbour.txt": "outside",
    });
    link(join(base, "store", "linked"), join(base, "root", "linked"));
    const { options: opts } = options(join(base, "root"));
    const skills = createAgentSkills(opts);
    assert.equal(
      skills.resourcePath("linked", "file.txt"),
      join(base, "store", "linked", "file.txt"),
    );
    assertCode(
      () => skills.resourcePath("linked", "../neighbour.txt"),
      "path_escape",
    );
  });
});

describe("a skill directory changed since the snapshot", () => {
  function assertRefused(
    skills: ReturnType<typeof createAgentSkills>,
    warnings: SkillWarning[],
    rel: string,
  ): void {
    const refused = assertCode(
      () => skills.resourcePath("x", rel),
      "path_escape",
    );
    assert.match(refused.message, /changed since the snapshot/);
    assert.match(refused.message, /refresh\(\) picks up the new state/);
    assert.deepEqual(skills.loadSkill("x")?.resources, []);
    assert.deepEqual(codes(warnings), ["resource_escape"]);
    assert.match(warnings[0]?.message ?? "", /changed since the snapshot/);
  }

  for (const followSymlinks of [true, false]) {
    it(`is refused once swapped for a symlink to / (followSymlinks: ${followSymlinks})`, () => {
      const root = tree({ "x/SKILL.md": manifest("x"), "x/notes.md": "n" });
      const { options: opts, warnings } = options(root, { followSymlinks });
      const skills = createAgentSkills(opts);
      rmSync(join(root, "x"), { recursive: true });
      link("/", join(root, "x"));
      assertRefused(skills, warnings, "etc/passwd");
    });
  }

  it("is refused once a symlinked skill directory points elsewhere", () => {
    const base = tree({
      "a/SKILL.md": manifest("x"),
      "a/notes.md": "discovered",
      "b/SKILL.md": manifest("x"),
      "b/notes.md": "never discovered",
    });
    link(join(base, "a"), join(base, "root", "x"));
    const { options: opts, warnings } = options(join(base, "root"));
    const skills = createAgentSkills(opts);
    assert.equal(
      skills.resourcePath("x", "notes.md"),
      join(base, "a", "notes.md"),
    );
    rmSync(join(base, "root", "x"));
    link(join(base, "b"), join(base, "root", "x"));
    assertRefused(skills, warnings, "notes.md");
  });

  it("is refused once replaced by another directory, until refresh()", () => {
    const root = tree({ "x/SKILL.md": manifest("x"), "x/notes.md": "old" });
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    rmSync(join(root, "x"), { recursive: true });
    writeTree(root, { "x/SKILL.md": manifest("x"), "x/notes.md": "new" });
    assertRefused(skills, warnings, "notes.md");
    skills.refresh();
    assert.equal(
      skills.resourcePath("x", "notes.md"),
      join(root, "x", "notes.md"),
    );
    assert.deepEqual(skills.loadSkill("x")?.resources, ["notes.md"]);
  });

  it("is served from its new directory after refresh() when the same manifest was moved into it", () => {
    const root = tree({ "x/SKILL.md": manifest("x"), "x/notes.md": "old" });
    const { options: opts, warnings } = options(root);
    const skills = createAgentSkills(opts);
    renameSync(join(root, "x"), join(root, "x.old"));
    writeTree(root, { "x/notes.md": "new" });
    // The manifest file itself moves: its status key changes with it.
    renameSync(join(root, "x.old", "SKILL.md"), join(root, "x", "SKILL.md"));
    assertRefused(skills, warnings, "notes.md");
    skills.refresh();
    assert.equal(
      readFileSync(skills.resourcePath("x", "notes.md"), "utf8"),
      "new",
    );
  });

  it("is refused once a plain skill directory becomes a symlink to itself moved", () => {
    const root = tree({ "x/SKILL.md": manifest("x"), "x/notes.md": "n" });
    const { options: opts, warnings } = options(root, {
      followSymlinks: false,
    });
    const skills = createAgentSkills(opts);
    renameSync(join(root, "x"), join(root, "x.real"));
    link(join(root, "x.real"), join(root, "x"));
    assertRefused(skills, warnings, "notes.md");
  });
});

describe("readResource()", () => {
  it("returns the bytes of a file inside the skill", () => {
    const { skills } = toolStore(tree);
    assert.equal(
      new TextDecoder().decode(skills.readResource("tool", "scripts/run.py")),
      "print('run')",
    );
  });

  it("refuses what resourcePath refuses, with the same codes", () => {
    const { skills } = toolStore(tree);
    const cases: Array<[string, string]> = [
      ["../other/notes.md", "path_escape"],
      ["nope.md", "not_found"],
      ["scripts", "not_a_file"],
      ["", "invalid_input"],
    ];
    for (const [rel, code] of cases) {
      assertCode(() => skills.readResource("tool", rel), code);
    }
    assertCode(() => skills.readResource("nobody", "x"), "unknown_skill");
  });

  it("refuses a file over maxResourceBytes with too_large", () => {
    const { skills } = toolStore(tree, { maxResourceBytes: 5 });
    const error = assertCode(
      () => skills.readResource("tool", "scripts/run.py"),
      "too_large",
    );
    assert.match(error.message, /maxResourceBytes/);
    assert.equal(skills.readResource("tool", "assets/deep/a/b.txt").length, 1);
  });

  describe("with a swap between its check and its use", () => {
    /** The skill "x" with sub/file.txt, a file outside, and how to swap sub. */
    function swappable(): {
      skill: DiscoveredSkill;
      toOutside: () => void;
      back: () => void;
    } {
      const base = tree({
        "root/x/SKILL.md": manifest("x"),
        "root/x/sub/file.txt": "inside",
        "outside/file.txt": "OUTSIDE",
      });
      const root = join(base, "root");
      const config = resolveConfig({ home: base, cwd: base, roots: [root] });
      const [rootConfig] = config.roots;
      assert.ok(rootConfig !== undefined);
      const [skill] = discoverRoot({
        root: rootConfig,
        config,
        report: () => assert.fail("no problem expected"),
        buffer: readBuffer(),
        startedMs: Date.now(),
      });
      assert.ok(skill !== undefined);
      const sub = join(root, "x", "sub");
      return {
        skill,
        toOutside: () => {
          renameSync(sub, `${sub}.real`);
          link(join(base, "outside"), sub);
        },
        back: () => {
          rmSync(sub);
          renameSync(`${sub}.real`, sub);
        },
      };
    }

    const modes: Array<[string, ReadSeams]> = [
      ["the kernel's path of the open file", {}],
      ["no kernel path (re-resolving only)", { openedPath: () => undefined }],
    ];
    for (const [mode, seams] of modes) {
      it(`refuses a directory swapped for a symlink before the open, by ${mode}`, () => {
        const { skill, toOutside } = swappable();
        assertCode(
          () =>
            readConfined(skill, "sub/file.txt", {
              maxBytes: 100,
              seams: {
                ...seams,
                beforeOpen: toOutside,
              },
            }),
          "path_escape",
        );
      });

      it(`refuses a swap there and back around the open, by ${mode}`, () => {
        const { skill, toOutside, back } = swappable();
        const error = assertCode(
          () =>
            readConfined(skill, "sub/file.txt", {
              maxBytes: 100,
              seams: {
                ...seams,
                beforeOpen: toOutside,
                afterOpen: back,
              },
            }),
          "path_escape",
        );
        assert.match(
          error.message,
          /swapped for another file while it was opened/,
        );
      });
    }

    for (const [mode, seams] of modes) {
      it(`refuses a file swapped for a symlink to outside, opened anyway as scoped Deno does, by ${mode}`, () => {
        const { skill } = swappable();
        const file = join(skill.place.realDir, "sub", "file.txt");
        const outside = join(skill.place.realDir, "..", "..", "outside");
        const error = assertCode(
          () =>
            readConfined(skill, "sub/file.txt", {
              maxBytes: 100,
              seams: {
                ...seams,
                noFollow: false,
                beforeOpen: () => {
                  renameSync(file, `${file}.real`);
                  link(join(outside, "file.txt"), file);
                },
              },
            }),
          "path_escape",
        );
        // Resolved again after the open, the path leads outside.
        assert.match(error.message, /outside the skill directory/);
      });
    }

    it("maps every error of a directory swapped after the realpath to a code", () => {
      const flips: Array<[string, (sub: string) => void, string]> = [
        ["a symlink loop", (sub) => link(sub, sub), "too many levels"],
        [
          "a file",
          (sub) => writeFileSync(sub, "a file now"),
          "not a directory",
        ],
      ];
      for (const [what, make, reason] of flips) {
        const { skill } = swappable();
        const sub = join(skill.place.realDir, "sub");
        const error = assertCode(
          () =>
            readConfined(skill, "sub/file.txt", {
              maxBytes: 100,
              seams: {
                afterResolve: () => {
                  rmSync(sub, { recursive: true });
                  make(sub);
                },
              },
            }),
          "not_found",
        );
        assert.ok(error.message.includes(reason), `${what}: ${error.message}`);
      }
    });

    it("refuses a special file swapped in before the open, unread", () => {
      const { skill } = swappable();
      const file = join(skill.place.realDir, "sub", "file.txt");
      const error = assertCode(
        () =>
          readConfined(skill, "sub/file.txt", {
            maxBytes: 100,
            seams: {
              noFollow: false,
              beforeOpen: () => {
                rmSync(file);
                makeFifo(file);
              },
            },
          }),
        "not_a_file",
      );
      assert.match(error.message, /replaced by a FIFO.*nothing was read/);
    });

    it("refuses a file swapped for a symlink to outside before the open", () => {
      const { skill } = swappable();
      const file = join(skill.place.realDir, "sub", "file.txt");
      const outside = join(
        skill.place.realDir,
        "..",
        "..",
        "outside",
        "file.txt",
      );
      // O_NOFOLLOW refuses the link itself where the runtime honours it (Deno
      // does not under scoped permissions); re-resolving refuses it anyway.
      assertCode(
        () =>
          readConfined(skill, "sub/file.txt", {
            maxBytes: 100,
            seams: {
              beforeOpen: () => {
                rmSync(file);
                link(outside, file);
              },
            },
          }),
        "path_escape",
      );
    });
  });
});
