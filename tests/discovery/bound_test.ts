// A root's maxDirectories bounds the work of its walk: the directories
// listed are counted (a counter on the listing backend), never timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  type SkillRootOptions,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import {
  codes,
  countListings,
  link,
  makeFifo,
  manifest,
  options,
  resourceListings,
  tempTrees,
  withTree,
} from "../_helpers.ts";

const tree = tempTrees();

/** `count` empty folders `f000`, `f001`, … in a fresh root. */
function wideRoot(count: number): string {
  const root = tree();
  for (let i = 0; i < count; i++) {
    mkdirSync(join(root, `f${String(i).padStart(3, "0")}`));
  }
  return root;
}

/** A scan of one root: what it served and warned, and the directories it listed. */
function scan(
  path: string,
  fields: Omit<SkillRootOptions, "path">,
): {
  names: string[];
  warnings: string[];
  messages: string[];
  listed: string[];
} {
  const { options: opts, warnings } = options(path, {
    roots: [{ path, ...fields }],
  });
  const { result, listed } = countListings(() =>
    createAgentSkills(opts).listSkills().map((skill) => skill.name)
  );
  return {
    names: result,
    warnings: codes(warnings),
    messages: warnings.map((warning) => warning.message),
    listed,
  };
}

describe("a root's maxDirectories", () => {
  it("lists no folder past the bound on a wide root, and says so once", () => {
    const root = wideRoot(300);
    const { names, warnings, messages, listed } = scan(root, {
      depth: 2,
      maxDirectories: 3,
    });
    assert.deepEqual(names, []);
    assert.deepEqual(listed, [
      root,
      join(root, "f000"),
      join(root, "f001"),
      join(root, "f002"),
    ]);
    assert.deepEqual(warnings, ["discovery_limit"]);
    assert.equal(
      messages[0],
      `Stopped listing the folders of skill root ${root} after 3 folders (its maxDirectories): a directory past them was read only where it holds SKILL.md, and no folder further in; raise maxDirectories or point a root at the folder that holds the skills`,
    );
  });

  it("counts the folders of every level, and the last level's too", () => {
    // Five folders at each of four levels: 780 folders below the root.
    const files: Record<string, string> = {};
    const names = ["a", "b", "c", "d", "e"];
    for (const one of names) {
      for (const two of names) {
        for (const three of names) {
          for (const four of names) {
            files[`${one}/${two}/${three}/${four}/.keep`] = "";
          }
        }
      }
    }
    const root = tree(files);
    const { warnings, listed } = scan(root, { depth: 6, maxDirectories: 10 });
    assert.equal(listed.length, 1 + 10);
    assert.deepEqual(warnings, ["discovery_limit"]);
  });

  it("still reads a skill past the bound whose SKILL.md one status call finds", () => {
    const root = tree({
      "a/one/SKILL.md": manifest("one"),
      "b/two/SKILL.md": manifest("two"),
      "c-skill/SKILL.md": manifest("c-skill"),
    });
    const { names, warnings, listed } = scan(root, {
      depth: 2,
      maxDirectories: 1,
    });
    assert.deepEqual(names, ["c-skill", "one"]);
    assert.deepEqual(warnings, ["discovery_limit"]);
    assert.deepEqual(listed, [root, join(root, "a")]);
  });

  it("lists a folder reached through many symlinks once, under the default bound", () => {
    const root = tree({ "0big/one/SKILL.md": manifest("one") });
    for (let i = 0; i < 200; i++) link("0big", join(root, `l${i}`));
    const { names, warnings, listed } = scan(root, { depth: 3 });
    assert.deepEqual(names, ["one"]);
    assert.deepEqual(listed, [root, join(root, "0big")]);
    assert.equal(warnings.length, 200);
    assert.ok(warnings.every((code) => code === "symlink_loop"));
  });

  it("lists no more on refresh() than on the first scan", () => {
    const root = wideRoot(50);
    const { options: opts } = options(root, {
      roots: [{ path: root, depth: 3, maxDirectories: 2 }],
    });
    const skills = createAgentSkills(opts);
    const { listed } = countListings(() => skills.refresh());
    assert.deepEqual(listed, [root, join(root, "f000"), join(root, "f001")]);
  });

  it("never opens a SKILL.md past the bound that is a FIFO, a folder or a link it ignores", () => {
    const root = tree({
      "a/.keep": "",
      "b-dir/SKILL.md/.keep": "",
      "d-real/SKILL.md": manifest("d-real"),
    });
    mkdirSync(join(root, "c-fifo"));
    makeFifo(join(root, "c-fifo", "SKILL.md"));
    link(join(root, "d-real", "SKILL.md"), join(root, "e-link", "SKILL.md"));
    const { names, warnings, listed } = scan(root, {
      depth: 2,
      maxDirectories: 1,
      manifestLinks: "ignore",
    });
    // The FIFO is never opened (the scan would block), the folder named
    // SKILL.md and the link are passed by like any directory past the bound.
    assert.deepEqual(names, ["d-real"]);
    assert.deepEqual(warnings, ["discovery_limit"]);
    assert.deepEqual(listed, [root, join(root, "a")]);
  });

  it("bounds check's walk the same way, and its search for skills it did not read", () => {
    const root = wideRoot(2500);
    const { result: report, listed } = countListings(() =>
      checkSkills({
        paths: [{ path: root, depth: 2, maxDirectories: 3 }],
        home: root,
      })
    );
    // The path itself once, the walk's root and 3 folders, then the search
    // below it for skills the walk did not read: the root and 2,000 folders,
    // where it stops, and says so.
    assert.equal(listed.length, 1 + (1 + 3) + (1 + 2000));
    assert.deepEqual(
      report.diagnostics.map(({ code, severity }) => ({ code, severity })),
      [
        { code: "discovery_limit", severity: "error" },
        { code: "search_limit", severity: "error" },
        { code: "no_skills", severity: "error" },
      ],
    );
  });
});

describe("check's search below a path for skills it did not read", () => {
  /**
   * Runs `use` on a temp root of `files` and `count` empty folders `e0`,
   * `e1`, … (in `under`, if given), removed inside the test.
   */
  function withFolders<T>(
    { count, files = {}, under = "" }: {
      count: number;
      files?: Record<string, string>;
      under?: string;
    },
    use: (root: string) => T,
  ): Promise<T> {
    return withTree(files, (root) => {
      for (let i = 0; i < count; i++) {
        mkdirSync(join(root, under, `e${i}`), { recursive: true });
      }
      return use(root);
    });
  }

  /** A skill `good` and a skill `c0/s0` one level too deep. */
  const STORE_TOP = {
    "good/SKILL.md": manifest("good"),
    "c0/s0/SKILL.md": manifest("s0"),
  };

  it("reports search_limit when it stops at its bound, and fails", async () => {
    await withFolders({ count: 2000, files: STORE_TOP }, (root) => {
      const { result: report, listed } = countListings(() =>
        checkSkills({ paths: [root], home: root })
      );
      assert.deepEqual(report.diagnostics, [{
        severity: "error",
        code: "search_limit",
        message:
          `Stopped searching below ${root} for skills deeper than this check looks after listing 2000 directories: skill directories past them may sit unchecked; check the folders below it that hold skills as paths of their own, or with --depth N (the root option depth) so that the check reads them`,
        path: root,
      }]);
      assert.equal(report.counts.error, 1);
      // The path, discovery's root and each of its 2,002 folders, then the
      // search: the root and 2,000 folders (good loaded, so not listed);
      // and good's resources.
      assert.equal(
        listed.length,
        1 + (1 + 2002) + (1 + 2000) + resourceListings(),
      );
    });
  });

  it("finds the skill one level too deep while the bound is not spent", async () => {
    await withFolders({ count: 100, files: STORE_TOP }, (root) => {
      const { diagnostics } = checkSkills({ paths: [root], home: root });
      assert.deepEqual(diagnostics.map((d) => d.code), ["unread_skills"]);
    });
  });

  it("passes a root whose folders the search listed to the last one", async () => {
    const files = { "good/SKILL.md": manifest("good") };
    await withFolders({ count: 2000, files }, (root) => {
      const { result: report, listed } = countListings(() =>
        checkSkills({ paths: [root], home: root })
      );
      assert.deepEqual(report.diagnostics, []);
      assert.equal(
        listed.length,
        1 + (1 + 2001) + (1 + 2000) + resourceListings(),
      );
    });
  });

  it("stops at one folder past the bound", async () => {
    const files = { "good/SKILL.md": manifest("good") };
    await withFolders({ count: 2001, files }, (root) => {
      const { diagnostics } = checkSkills({ paths: [root], home: root });
      assert.deepEqual(diagnostics.map((d) => d.code), ["search_limit"]);
    });
  });

  it("counts the folders of every level against one bound", async () => {
    const files = { "good/SKILL.md": manifest("good") };
    await withFolders({ count: 2000, files, under: "deep" }, (root) => {
      const { result: report, listed } = countListings(() =>
        checkSkills({ paths: [root], home: root })
      );
      assert.deepEqual(report.diagnostics.map((d) => d.code), [
        "search_limit",
      ]);
      // The search lists deep, then 1,999 of its 2,000 folders.
      assert.equal(
        listed.length,
        1 + (1 + 2) + (1 + 2000) + resourceListings(),
      );
    });
  });

  it("says so beside no_skills on a root that gave none", async () => {
    await withFolders({ count: 2001 }, (root) => {
      const { diagnostics } = checkSkills({ paths: [root], home: root });
      assert.deepEqual(diagnostics.map((d) => d.code), [
        "search_limit",
        "no_skills",
      ]);
    });
  });
});
