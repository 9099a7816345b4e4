// A forged kept index: entries that copy a real skill's key and place but
// claim another path, directory, root, real directory or name; entries of
// skills outside every root; symlinks to outside. An index can decide what
// a matching skill's catalog entry says, never where it is: no skill is
// listed at a place the disk does not hold, and no resource, body or
// manifest is served from outside the skill's real directory because of it.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkills,
  createAgentSkills,
  SkillError,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { link, manifest, tempTrees } from "../_helpers.ts";
import { takenCount } from "./_index_twins.ts";
import {
  type Entry,
  entryAt,
  forged,
  keptIndex,
  type Origin,
  over,
} from "./_index_forge.ts";

const tree = tempTrees();
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

const STORE = {
  "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
  "a/pdf/scripts/fill.py": "inside",
  "a/other/SKILL.md": manifest("other"),
  "a/other/scripts/fill.py": "other's",
  "b/.keep": "",
  "out/pdf/SKILL.md": manifest("pdf", "OUTSIDE", { body: "OUTSIDE" }),
  "out/pdf/scripts/fill.py": "OUTSIDE",
};

/** STORE with a skill in root b too: each root read from. */
const BOTH = {
  ...STORE,
  "b/later/SKILL.md": manifest("later"),
  "b/later/scripts/fill.py": "later's",
};

/** Calls `call`; its result, or the code of the SkillError it threw. */
function tried<T>(call: () => T): T | { refused: string } {
  try {
    return call();
  } catch (error) {
    if (error instanceof SkillError) return { refused: error.code };
    throw error;
  }
}

/**
 * Asserts that `skills` lists only skills at places the disk holds (those
 * `plain` lists), and serves nothing from outside them: each name listed or
 * `asked`, loaded, its resource resolved and read.
 */
function confined(
  skills: AgentSkills,
  plain: AgentSkills,
  asked: readonly string[] = [],
): void {
  const places = plain.listSkills().map(({ path, dir, root }) =>
    JSON.stringify({ path, dir, root })
  );
  const names = new Set(asked);
  for (const { name, path, dir, root } of skills.listSkills()) {
    assert.ok(
      places.includes(JSON.stringify({ path, dir, root })),
      `${name} listed at ${path}, which the disk does not hold`,
    );
    names.add(name);
  }
  for (const name of names) {
    const content = tried(() => skills.loadSkill(name));
    assert.ok(!JSON.stringify(content ?? "").includes("OUTSIDE"), name);
    const dir = skills.listSkills().find((info) => info.name === name)?.dir;
    const path = tried(() => skills.resourcePath(name, "scripts/fill.py"));
    if (typeof path === "string") {
      assert.equal(path, join(dir ?? "none", "scripts", "fill.py"), name);
    }
    const bytes = tried(() => skills.readResource(name, "scripts/fill.py"));
    if (bytes instanceof Uint8Array) {
      assert.ok(["inside", "other's", "later's"].includes(decode(bytes)), name);
    }
  }
}

describe("a forged entry: a real skill's key and place, claiming another", () => {
  /** Names the origin `origin`, added to `origins` if new. */
  const from = (entry: Entry, origins: Origin[], origin: Origin): void => {
    entry.origin = origins.push(origin) - 1;
  };
  const cases: Array<
    [string, (entry: Entry, base: string, origins: Origin[]) => void]
  > = [
    ["directory: the copy outside every root", (entry, base) => {
      entry.info["dir"] = join(base, "out", "pdf");
    }],
    ["directory: a sibling skill's", (entry, base) => {
      entry.info["dir"] = join(base, "a", "other");
    }],
    ["real directory: the copy outside every root", (entry, base) => {
      entry.place[0] = join(base, "out", "pdf");
    }],
    ["real directory: a sibling skill's", (entry, base) => {
      entry.place[0] = join(base, "a", "other");
    }],
    ["root: the later one", (entry, base, origins) => {
      from(entry, origins, [join(base, "b"), "custom", "custom", null]);
    }],
    ["root: the parent of its own, its path the same", (
      entry,
      base,
      origins,
    ) => {
      from(entry, origins, [base, "custom", "custom", null]);
      entry.info["path"] = join("a", "pdf", "SKILL.md");
    }],
    ["origin: its root, of another scope", (entry, base, origins) => {
      from(entry, origins, [join(base, "a"), "user", "custom", null]);
    }],
    ["origin: its root, of another source", (entry, base, origins) => {
      from(entry, origins, [join(base, "a"), "custom", "claude", null]);
    }],
    ["origin: its root, as a plugin's", (entry, base, origins) => {
      from(entry, origins, [join(base, "a"), "custom", "custom", "evil"]);
    }],
    ["origin: the other root's", (entry) => {
      entry.origin = 1 - entry.origin;
    }],
    ["path: the manifest outside every root", (entry, base) => {
      entry.info["path"] = join("..", "out", "pdf", "SKILL.md");
      entry.info["dir"] = entry.place[0] = join(base, "out", "pdf");
    }],
    ["path: outside every root, its dir and real dir rebuilt from it", (
      entry,
    ) => {
      entry.info["path"] = join("..", "out", "pdf", "SKILL.md");
      entry.place[0] = null;
    }],
    ["path: an absolute one, outside every root", (entry, base) => {
      entry.info["path"] = join(base, "out", "pdf", "SKILL.md");
      entry.place[0] = null;
    }],
    ["path: one through ..", (entry, base) => {
      entry.info["path"] = "other/../pdf/SKILL.md";
      entry.info["dir"] = entry.place[0] = `${join(base, "a", "other")}/../pdf`;
    }],
    ["place: reached through a symlink", (entry) => {
      entry.place[4] = true;
    }],
  ];
  for (const [what, forge] of cases) {
    it(`${what}: not taken, the skill read from disk, nothing served from outside`, () => {
      const base = tree(BOTH);
      const options = over(base).options;
      const kept = keptIndex(options);
      // Both roots read from: "other" of a, "later" of b.
      assert.equal(kept.origins.length, 2);
      const index = forged(kept, "/a/pdf/SKILL.md", (entry, origins) => {
        // Only "other" and "later" are left as they were: "pdf" is forged.
        forge(entry, base, origins);
      });
      const plain = createAgentSkills(options);
      const skills = createAgentSkills({ ...options, index });
      assert.deepEqual(skills.listSkills(), plain.listSkills());
      assert.equal(takenCount(skills), 2, "only the other skills taken");
      confined(skills, plain, ["pdf"]);
      assert.equal(
        skills.resourcePath("pdf", "scripts/fill.py"),
        join(base, "a", "pdf", "scripts", "fill.py"),
      );
      assert.equal(
        decode(skills.readResource("pdf", "scripts/fill.py")),
        "inside",
      );
    });
  }

  it("path: a sibling skill's, in place of its entry: neither taken, both read", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const kept = keptIndex(options);
    const index = forged(kept, "/a/pdf/SKILL.md", (entry) => {
      entry.info["path"] = join("other", "SKILL.md");
    });
    const skills = createAgentSkills({
      ...options,
      index: {
        ...index,
        // Its own entry left out: the forged one stands for it.
        skills: index.skills.filter((entry) =>
          (entry as unknown as Entry).info["name"] !== "other"
        ),
      },
    });
    const plain = createAgentSkills(options);
    assert.deepEqual(skills.listSkills(), plain.listSkills());
    assert.equal(takenCount(skills), 0);
    confined(skills, plain, ["pdf", "other"]);
  });

  it("name: listed under it, at the skill's own place; loaded as no skill, no resource served under it; refresh() drops it", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = forged(keptIndex(options), "/a/pdf/SKILL.md", (entry) => {
      entry.info["name"] = "admin";
    });
    const plain = createAgentSkills(options);
    const skills = createAgentSkills({ ...options, index });
    // The catalog entry is the index's (its keys match: see
    // docs/discovery.md, what a host must protect), its place the disk's.
    const admin = skills.listSkills().find((info) => info.name === "admin");
    assert.equal(admin?.dir, join(base, "a", "pdf"));
    confined(skills, plain, ["admin", "pdf"]);
    assert.equal(skills.loadSkill("admin"), undefined);
    // Read, it is pdf: "admin" is no skill, and has no resources.
    for (const call of [skills.resourcePath, skills.readResource]) {
      assert.throws(
        () => call("admin", "scripts/fill.py"),
        (error) =>
          error instanceof SkillError && error.code === "unknown_skill" &&
          /changed since the index/.test(error.message),
      );
    }
    const changes = skills.refresh();
    assert.deepEqual([changes.added, changes.removed], [["pdf"], ["admin"]]);
    assert.deepEqual(skills.listSkills(), plain.listSkills());
  });
});

describe("an index's entry for a skill the disk does not hold there", () => {
  it("of a real skill outside every root, its own key and place: never listed", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = keptIndex(options);
    // The outside skill's real entry, from an index over its own root.
    const outside = entryAt(
      keptIndex({ ...options, roots: [join(base, "out")] }),
      "/out/pdf/SKILL.md",
    );
    // Said as of root a, which it is not: through .., or by its own path.
    const [through, absolute] = [structuredClone(outside), outside];
    through.info["path"] = join("..", "out", "pdf", "SKILL.md");
    absolute.info["path"] = join(base, "out", "pdf", "SKILL.md");
    through.origin = absolute.origin = 0;
    const skills = createAgentSkills({
      ...options,
      index: {
        ...index,
        skills: [...index.skills, through, absolute],
      } as SkillIndex,
    });
    assert.deepEqual(
      skills.listSkills(),
      createAgentSkills(options).listSkills(),
    );
    assert.equal(takenCount(skills), 2);
    confined(skills, createAgentSkills(options), ["pdf"]);
  });

  it("of a skill removed since: never listed", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = keptIndex(options);
    rmSync(join(base, "a", "other"), { recursive: true });
    const skills = createAgentSkills({ ...options, index });
    assert.deepEqual(skills.listSkills().map((info) => info.name), ["pdf"]);
    assert.throws(
      () => skills.resourcePath("other", "scripts/fill.py"),
      (error: unknown) =>
        error instanceof SkillError && error.code === "unknown_skill",
    );
  });

  it("of a skill moved outside and linked back, symlinks not followed: not listed", () => {
    const base = tree(STORE);
    const options = over(base, { followSymlinks: false }).options;
    const index = keptIndex(options);
    // Its manifest's key and its directory's identity are unchanged.
    renameSync(join(base, "a", "pdf"), join(base, "moved"));
    link(join(base, "moved"), join(base, "a", "pdf"));
    const skills = createAgentSkills({ ...options, index });
    assert.deepEqual(skills.listSkills().map((info) => info.name), ["other"]);
    assert.equal(skills.loadSkill("pdf"), undefined);
    assert.throws(
      () => skills.readResource("pdf", "scripts/fill.py"),
      (error: unknown) =>
        error instanceof SkillError && error.code === "unknown_skill",
    );
  });

  it("of a symlink to outside, from an index that followed it, symlinks not followed now: not listed", () => {
    const base = tree(STORE);
    link(join(base, "out", "pdf"), join(base, "a", "linked"));
    const following = keptIndex(over(base).options);
    const options = over(base, { followSymlinks: false }).options;
    const index = keptIndex(options);
    const linked = entryAt(following, "/a/linked/SKILL.md");
    const skills = createAgentSkills({
      ...options,
      index: { ...index, skills: [...index.skills, linked] } as SkillIndex,
    });
    assert.deepEqual(
      skills.listSkills(),
      createAgentSkills(options).listSkills(),
    );
    confined(skills, createAgentSkills(options), ["pdf", "linked"]);
  });

  it("whose resource became a symlink to outside: refused as without an index", () => {
    const base = tree(STORE);
    const options = over(base).options;
    const index = keptIndex(options);
    const file = join(base, "a", "pdf", "scripts", "fill.py");
    rmSync(file);
    link(join(base, "out", "pdf", "scripts", "fill.py"), file);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(takenCount(skills), 2);
    for (
      const call of [
        () => skills.resourcePath("pdf", "scripts/fill.py"),
        () => skills.readResource("pdf", "scripts/fill.py"),
      ]
    ) {
      assert.throws(
        call,
        (error: unknown) =>
          error instanceof SkillError && error.code === "path_escape",
      );
    }
    assert.deepEqual(skills.loadSkill("pdf")?.resources, []);
  });
});
