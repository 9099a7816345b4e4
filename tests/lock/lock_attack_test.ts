// Hostile tests of skill locks: each `it` is an attack on a promise of
// docs/integrity.md. A test that fails documents a break; one that passes is a
// regression guard for an attack that held.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
  StartupError,
} from "@clarvis/agent-skills";
import {
  createSkillLock,
  formatSkillLock,
  lockPolicy,
  parseSkillLock,
  type SkillLock,
  skillsListing,
  verifySkillLock,
} from "@clarvis/agent-skills/lock";
import {
  codes,
  manifest,
  options,
  runMain,
  tempTrees,
  waitUntil,
} from "../_helpers.ts";
import { MAX_LOCKED_SKILLS } from "../../src/lock/_read.ts";
import { skillDigest } from "../../src/lock/_digest.ts";
import { watchSkills } from "@clarvis/agent-skills/watch";

const tree = tempTrees();

/** Locks the roots of `opts`, asserting that every skill could be locked. */
function lockOf(opts: AgentSkillsOptions): SkillLock {
  const { lock, problems } = createSkillLock({ onWarning: () => {}, ...opts });
  assert.deepEqual(problems, []);
  return lock;
}

function refusedWith(code: string) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof SkillError, String(error));
    assert.equal(error.code, code, error.message);
    return true;
  };
}

function invalidLock(error: unknown): boolean {
  assert.ok(error instanceof StartupError, String(error));
  assert.equal(error.code, "invalid_lock", error.message);
  return true;
}

async function run(args: string[], cwd: string) {
  return await runMain([...args, "--home", cwd], { columns: 100, cwd });
}

/** What the lock holds of a skill, by name: its files' paths. */
function lockedPaths(lock: SkillLock, name: string): string[] {
  return lock.skills.find((skill) => skill.name === name)?.files.map((file) =>
    file.path
  ) ?? [];
}

describe("lock attack: the tiers under a lock", () => {
  it("resourcePath() does not hand out the path of an unlocked file through a locked symlink retargeted after the lock", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/one.txt": "one\n",
    });
    symlinkSync("one.txt", join(root, "d", "link.txt"));
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    assert.deepEqual(lockedPaths(lock, "d"), [
      "SKILL.md",
      "link.txt",
      "one.txt",
    ]);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    // After the lock: a file the lock does not hold, and the locked link
    // pointed at it.
    writeFileSync(join(root, "d", "new.txt"), "not locked\n");
    unlinkSync(join(root, "d", "link.txt"));
    symlinkSync("new.txt", join(root, "d", "link.txt"));
    // Asked by its own name, the unlocked file is refused...
    assert.throws(
      () => skills.resourcePath("d", "new.txt"),
      refusedWith("integrity_mismatch"),
    );
    // ...and it must be refused through the link too: resourcePath() "refuses
    // a file the lock does not hold". It returns <dir>/new.txt.
    let handed: string | undefined;
    try {
      handed = skills.resourcePath("d", "link.txt");
    } catch (error) {
      refusedWith("integrity_mismatch")(error);
    }
    assert.notEqual(handed, join(root, "d", "new.txt"));
  });

  it("readResource() refuses the bytes behind a locked symlink retargeted after the lock", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/one.txt": "one\n",
      "d/two.txt": "two, longer\n",
    });
    symlinkSync("one.txt", join(root, "d", "link.txt"));
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    unlinkSync(join(root, "d", "link.txt"));
    symlinkSync("two.txt", join(root, "d", "link.txt"));
    assert.throws(
      () => skills.readResource("d", "link.txt"),
      refusedWith("integrity_mismatch"),
    );
    assert.equal(skills.readResource("d", "two.txt").length, 12);
  });

  it("a symlinked skill directory retargeted to a copy with the same manifest serves no other bytes", () => {
    const base = tree({
      "store/v1/SKILL.md": manifest("d"),
      "store/v1/x.txt": "good\n",
      "store/v2/SKILL.md": manifest("d"),
      "store/v2/x.txt": "evil\n",
      "root/.keep": "",
    });
    const root = join(base, "root");
    symlinkSync(join(base, "store", "v1"), join(root, "d"));
    const opts = { roots: [root], home: base, onWarning: () => {} };
    const lock = lockOf(opts);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.loadSkill("d")?.resources, ["x.txt"]);
    unlinkSync(join(root, "d"));
    symlinkSync(join(base, "store", "v2"), join(root, "d"));
    assert.throws(() => skills.readResource("d", "x.txt"));
    skills.refresh();
    assert.throws(
      () => skills.readResource("d", "x.txt"),
      refusedWith("integrity_mismatch"),
    );
  });

  it("odd spellings of a locked path read the locked bytes or are refused", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/sub/f.txt": "f\n",
    });
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    const text = manifest("d");
    for (const rel of ["./SKILL.md", "sub/../SKILL.md", "sub//../SKILL.md"]) {
      assert.equal(
        new TextDecoder().decode(skills.readResource("d", rel)),
        text,
        rel,
      );
    }
    writeFileSync(join(root, "d", "sub", "f.txt"), "F\n");
    for (
      const rel of ["sub/f.txt", "./sub/f.txt", "sub//f.txt", "sub/./f.txt"]
    ) {
      assert.throws(
        () => skills.readResource("d", rel),
        refusedWith("integrity_mismatch"),
        rel,
      );
    }
    for (const rel of ["sub/f.txt/", "%2e%2e/d/SKILL.md", ".", "sub"]) {
      assert.throws(() => skills.readResource("d", rel), SkillError, rel);
      assert.throws(() => skills.resourcePath("d", rel), SkillError, rel);
    }
  });

  it("a lowercase skill.md added beside a locked SKILL.md is refused, and is not served once SKILL.md is gone", () => {
    const root = tree({ "d/SKILL.md": manifest("d") });
    const { options: opts, warnings } = options(root);
    const lock = lockOf(opts);
    writeFileSync(join(root, "d", "skill.md"), manifest("d", "Evil."));
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(
      skills.listSkills().map((skill) => skill.description),
      ["The d skill."],
    );
    assert.throws(
      () => skills.loadSkill("d"),
      refusedWith("integrity_mismatch"),
    );
    rmSync(join(root, "d", "SKILL.md"));
    assert.deepEqual(skills.refresh().removed, ["d"]);
    assert.deepEqual(skills.listSkills(), []);
    assert.ok(codes(warnings).includes("integrity_mismatch"));
  });

  it("a tampered copy in a shadowed root is neither served nor listed as overridden", () => {
    const low = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const high = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const opts = { roots: [low, high], home: low, onWarning: () => {} };
    const lock = lockOf(opts);
    writeFileSync(join(low, "d", "SKILL.md"), manifest("d", "Evil."));
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.listOverridden(), []);
    assert.equal(skills.listSkills()[0]?.dir, join(high, "d"));
    // The served copy tampered too: nothing of the name is served.
    writeFileSync(join(high, "d", "SKILL.md"), manifest("d", "Evil too."));
    skills.refresh();
    assert.deepEqual(skills.listSkills(), []);
    assert.equal(skills.loadSkill("d"), undefined);
    for (const candidate of skills.explain("d").candidates) {
      assert.equal(candidate.verdict, "dropped");
    }
  });

  it("prototype names (__proto__, constructor, hasOwnProperty) on disk are not taken for locked skills", () => {
    const root = tree({ "x/SKILL.md": manifest("x") });
    for (const name of ["__proto__", "constructor", "hasOwnProperty"]) {
      mkdirSync(join(root, `p-${name}`));
      writeFileSync(
        join(root, `p-${name}`, "SKILL.md"),
        manifest(name),
      );
    }
    const { options: opts, warnings } = options(root);
    const lock: SkillLock = {
      agentSkillsLock: 1,
      skills: lockOf(opts).skills.filter((skill) => skill.name === "x"),
    };
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["x"]);
    assert.equal(
      codes(warnings).filter((code) => code === "unlocked_skill").length,
      3,
    );
  });

  it("a lock whose files omit the manifest serves nothing of the skill", () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const { options: opts, warnings } = options(root);
    const full = lockOf(opts);
    const files =
      full.skills[0]?.files.filter((file) => file.path !== "SKILL.md") ?? [];
    const lock = parseSkillLock(JSON.stringify({
      agentSkillsLock: 1,
      skills: [{ name: "d", path: "d", digest: skillDigest(files), files }],
    }));
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.listSkills(), []);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
  });

  it("NFC and NFD spellings of a file name are two names to the lock", () => {
    const nfc = "caf\u00e9.txt";
    const nfd = "cafe\u0301.txt";
    const root = tree({ "d/SKILL.md": manifest("d"), [`d/${nfc}`]: "x\n" });
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    rmSync(join(root, "d", nfc));
    writeFileSync(join(root, "d", nfd), "x\n");
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.throws(
      () => skills.loadSkill("d"),
      refusedWith("integrity_mismatch"),
    );
    assert.throws(
      () => skills.readResource("d", nfd),
      refusedWith("integrity_mismatch"),
    );
  });

  it('mode "report" with strict serves and warns, and never throws for a changed file', () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const { options: opts, warnings } = options(root);
    const lock = lockOf(opts);
    writeFileSync(join(root, "d", "f.txt"), "F, longer\n");
    const skills = createAgentSkills({
      ...opts,
      lock: lockPolicy(lock, { mode: "report" }),
      strict: true,
    });
    assert.equal(skills.readResource("d", "f.txt").length, 10);
    assert.deepEqual(codes(warnings), ["integrity_mismatch"]);
  });
});

describe("lock attack: impersonation and stale state", () => {
  it("a copy of a locked skill in a directory that sorts first is not served in its place", () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "good\n" });
    const { options: opts, warnings } = options(root);
    const lock = lockOf(opts);
    // Same manifest bytes, other files, in "c", listed before "d".
    mkdirSync(join(root, "c"));
    writeFileSync(join(root, "c", "SKILL.md"), manifest("d"));
    writeFileSync(join(root, "c", "f.txt"), "evil\n");
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.listSkills().map((skill) => skill.dir), [
      join(root, "d"),
    ]);
    assert.equal(
      new TextDecoder().decode(skills.readResource("d", "f.txt")),
      "good\n",
    );
    assert.ok(codes(warnings).includes("integrity_mismatch"));
  });

  it("a path through a directory symlink and .. is checked as the file it names lexically", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/f.txt": "top\n",
      "d/deep/inner/.keep": "",
    });
    symlinkSync(join("deep", "inner"), join(root, "d", "sub"));
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    writeFileSync(join(root, "d", "deep", "f.txt"), "not locked\n");
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.equal(
      new TextDecoder().decode(skills.readResource("d", "sub/../f.txt")),
      "top\n",
    );
    assert.equal(
      skills.resourcePath("d", "sub/../f.txt"),
      join(root, "d", "f.txt"),
    );
  });

  it("refresh() after a same-size edit serves neither the new bytes nor a stale listing that hides a new file", () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "abc\n" });
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.deepEqual(skills.loadSkill("d")?.resources, ["f.txt"]);
    writeFileSync(join(root, "d", "f.txt"), "xyz\n");
    writeFileSync(join(root, "d", "g.txt"), "new\n");
    skills.refresh();
    assert.throws(
      () => skills.readResource("d", "f.txt"),
      refusedWith("integrity_mismatch"),
    );
    assert.throws(
      () => skills.readResource("d", "g.txt"),
      refusedWith("integrity_mismatch"),
    );
    const content = (() => {
      try {
        return skills.loadSkill("d");
      } catch (error) {
        refusedWith("integrity_mismatch")(error);
        return undefined;
      }
    })();
    // Served at all, the listing is the locked one.
    if (content !== undefined) assert.deepEqual(content.resources, ["f.txt"]);
  });

  it("a watched refresh() under a lock never serves a manifest edited while watched", async () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const { options: opts, warnings } = options(root);
    const lock = lockOf(opts);
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    const watch = watchSkills(skills, { onChange: () => {} });
    try {
      writeFileSync(join(root, "d", "SKILL.md"), manifest("d", "Edited."));
      // The edit must be seen (the skill is refused, fails at the deadline);
      // until then, and after, the edited manifest is never served.
      await waitUntil(() => {
        skills.refresh();
        const served = skills.listSkills();
        for (const skill of served) {
          assert.notEqual(skill.description, "Edited.");
        }
        return served.length === 0;
      }, "the watched refresh() to refuse the edited manifest");
      assert.deepEqual(skills.listSkills(), []);
      assert.ok(
        codes(warnings).includes("integrity_mismatch"),
        codes(warnings).join(", "),
      );
      const body = (() => {
        try {
          return skills.loadSkill("d")?.body;
        } catch {
          return undefined;
        }
      })();
      assert.equal(body, undefined);
    } finally {
      watch.close();
    }
  });
});

describe("lock attack: the digest is recomputable", () => {
  it("a symlink to a directory inside counts the same whether its name sorts before or after its target's", () => {
    const files = (linkName: string): string[] => {
      const root = tree({
        "d/SKILL.md": manifest("d"),
        "d/b/x.txt": "x\n",
      });
      symlinkSync("b", join(root, "d", linkName));
      return lockedPaths(lockOf(options(root).options), "d");
    };
    // "a" sorts before "b": the library enters the link and then b again
    // (a/x.txt and b/x.txt); "c" sorts after: it never enters the link
    // (b/x.txt only, and readResource("d", "c/x.txt") is refused). The
    // rule of docs/integrity.md ("a symlink to a directory inside is
    // entered, once per directory") cannot give both.
    const before = files("a");
    const after = files("c");
    assert.equal(
      before.length,
      after.length,
      `${JSON.stringify(before)} vs ${JSON.stringify(after)}`,
    );
  });
});

describe("lock attack: the digest, recomputed independently", () => {
  /** docs/integrity.md's rules for a tree without symlinks, with no library code. */
  function independent(dir: string): string {
    const paths: string[] = [];
    const walk = (rel: string): void => {
      for (
        const entry of readdirSync(join(dir, rel), { withFileTypes: true })
      ) {
        const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== ".git" && entry.name !== "node_modules") {
            walk(path);
          }
        } else if (entry.isFile()) paths.push(path);
      }
    };
    walk("");
    paths.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const sha = (bytes: Uint8Array | string) =>
      createHash("sha256").update(bytes).digest("hex");
    const list = paths.map((path) =>
      `${sha(readFileSync(join(dir, path)))}  ${path}\n`
    ).join("");
    return `sha256:${sha(list)}`;
  }

  it("agrees on .git and node_modules files (not directories), dotfiles, nested .git, CRLF, BOM, an empty file and prototype names", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/.git": "gitdir: elsewhere\n",
      "d/node_modules": "a file, not a directory\n",
      "d/sub/.git/HEAD": "ref\n",
      "d/sub/node_modules/x.js": "x\n",
      "d/.env": "A=1\n",
      "d/crlf.txt": "one\r\ntwo\r\n",
      "d/bom.txt": "\ufeffbom\n",
      "d/empty": "",
      "d/__proto__": "p\n",
      "d/constructor/hasOwnProperty": "c\n",
      "d/\u{1f600}.txt": "smile\n",
      "d/\ufb01.txt": "fi\n",
      "d/e\u0301.txt": "nfd\n",
      "d/\u00e9.txt": "nfc\n",
    });
    mkdirSync(join(root, "d", "emptydir"));
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    assert.equal(lock.skills[0]?.digest, independent(join(root, "d")));
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    assert.ok(skills.loadSkill("d"));
    assert.equal(skills.readResource("d", "__proto__").length, 2);
    assert.equal(
      skills.readResource("d", "constructor/hasOwnProperty").length,
      2,
    );
  });

  it("is not changed by mutating the lock object after it was given", () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "f\n" });
    const { options: opts } = options(root);
    const made = lockOf(opts);
    const lock = JSON.parse(JSON.stringify(made));
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(lock) });
    // Another file's bytes, and the given object edited to match them.
    writeFileSync(join(root, "d", "f.txt"), "F\n");
    const other = lockOf(opts);
    lock.skills[0].files = other.skills[0]?.files;
    lock.skills[0].digest = other.skills[0]?.digest;
    assert.throws(
      () => skills.readResource("d", "f.txt"),
      refusedWith("integrity_mismatch"),
    );
  });
});

describe("lock attack: a hostile lock", () => {
  it("does not pull more entries from a skills list than its length (an own iterator that never ends)", () => {
    const root = tree({ "d/SKILL.md": manifest("d") });
    let pulled = 0;
    const skills: unknown[] = [];
    // Array.isArray(skills) and skills.length === 0: the bound is checked
    // on the length, then Array.from() walks the iterator. Without the
    // guard below this never ends.
    Object.defineProperty(skills, Symbol.iterator, {
      value: function* () {
        while (true) {
          if (++pulled > MAX_LOCKED_SKILLS + 1) throw new Error("runaway");
          yield {};
        }
      },
    });
    try {
      createAgentSkills({
        ...options(root).options,
        lock: lockPolicy(
          { agentSkillsLock: 1, skills } as unknown as SkillLock,
        ),
      });
    } catch (error) {
      invalidLock(error);
    }
    assert.ok(
      pulled <= MAX_LOCKED_SKILLS,
      `pulled ${pulled} entries from a list of length ${skills.length}`,
    );
  });

  it("does not pull more entries from a files list than its length", () => {
    let pulled = 0;
    const files: unknown[] = [];
    Object.defineProperty(files, Symbol.iterator, {
      value: function* () {
        while (true) {
          if (++pulled > 1_000_001) throw new Error("runaway");
          yield {};
        }
      },
    });
    assert.throws(
      () =>
        formatSkillLock({
          agentSkillsLock: 1,
          skills: [{
            name: "d",
            path: "d",
            digest: `sha256:${"0".repeat(64)}`,
            files,
          }],
        } as unknown as SkillLock),
      invalidLock,
    );
    assert.ok(pulled <= 1, `pulled ${pulled} entries from an empty list`);
  });

  it("refuses a lock edited by hand in a file's size: verify must not say it matches what the registry refuses", () => {
    const root = tree({ "d/SKILL.md": manifest("d"), "d/f.txt": "12345" });
    const { options: opts } = options(root);
    const lock = lockOf(opts);
    // A size is not in the skill's digest: editing it keeps the digest valid.
    const edited = JSON.stringify({
      ...lock,
      skills: lock.skills.map((skill) => ({
        ...skill,
        files: skill.files.map((file) =>
          file.path === "f.txt" ? { ...file, size: 6 } : file
        ),
      })),
    });
    let parsed: SkillLock;
    try {
      parsed = parseSkillLock(edited);
    } catch (error) {
      invalidLock(error);
      return; // Refused as edited: the attack failed.
    }
    const skills = createAgentSkills({ ...opts, lock: lockPolicy(parsed) });
    assert.throws(
      () => skills.readResource("d", "f.txt"),
      refusedWith("integrity_mismatch"),
    );
    // The registry refuses f.txt, so verify must not report a match.
    const verified = verifySkillLock(parsed, opts);
    assert.equal(verified.ok, false, JSON.stringify(verified.drift));
  });

  it("a served skill whose name a lock cannot hold is a problem of createSkillLock(), not a lock that fails its own check", () => {
    for (
      const name of ['"a\\tb"', '"a\\u0007b"', "a".repeat(5000)]
    ) {
      const root = tree({
        "x/SKILL.md": `---\nname: ${name}\ndescription: d\n---\nbody\n`,
      });
      const opts = { roots: [root], home: root, onWarning: () => {} };
      const { lock, problems } = createSkillLock(opts);
      if (problems.length > 0) continue; // Named: what the docs promise.
      // No problem said: the lock must then be one.
      assert.doesNotThrow(() => formatSkillLock(lock), name.slice(0, 20));
      assert.doesNotThrow(
        () => createAgentSkills({ ...opts, lock: lockPolicy(lock) }),
        name.slice(0, 20),
      );
    }
  });

  it("refuses a file path that is not UTF-8 (a lone surrogate), whose canonical line is that of U+FFFD", () => {
    const digest = `sha256:${"a".repeat(64)}`;
    const lockWith = (paths: string[]) => {
      const files = [
        { path: "SKILL.md", digest, size: 1 },
        ...paths.map((path) => ({ path, digest, size: 1 })),
      ];
      return {
        agentSkillsLock: 1,
        skills: [{ name: "x", path: "x", digest: skillDigest(files), files }],
      };
    };
    // Two different file lists with one digest: the lone surrogate is hashed
    // as U+FFFD. docs/integrity.md: "A path must be UTF-8".
    assert.equal(
      lockWith(["a\ud800.txt"]).skills[0]?.digest,
      lockWith(["a\ufffd.txt"]).skills[0]?.digest,
    );
    assert.throws(
      () => parseSkillLock(JSON.stringify(lockWith(["a\ud800.txt"]))),
      invalidLock,
    );
    assert.throws(
      () =>
        parseSkillLock(
          JSON.stringify(lockWith(["a\ud800.txt", "a\ufffd.txt"])),
        ),
      invalidLock,
    );
  });

  it("refuses names and paths past the bounds, and never crashes on a huge lock", () => {
    const digest = `sha256:${"0".repeat(64)}`;
    const long = "a".repeat(4097);
    const cases: unknown[] = [
      null,
      [],
      "lock",
      {
        agentSkillsLock: 1,
        skills: [{ name: long, path: "d", digest, files: [] }],
      },
      {
        agentSkillsLock: 1,
        skills: [{ name: "d", path: `${long}`, digest, files: [] }],
      },
      {
        agentSkillsLock: 1,
        skills: new Array(MAX_LOCKED_SKILLS + 1).fill(0),
      },
      { agentSkillsLock: 1, skills: [], __proto__: null, extra: 1 },
      JSON.parse('{"agentSkillsLock": 1, "skills": [], "__proto__": {}}'),
      new Proxy({}, {
        ownKeys: () => {
          throw new Error("trap");
        },
      }),
    ];
    for (const value of cases) {
      assert.throws(
        () => formatSkillLock(value as SkillLock),
        invalidLock,
      );
    }
  });
});

describe("lock attack: skillsListing()", () => {
  it("gives every entry a unique URI: a plugin's skill and a skill in a folder of the plugin's name", () => {
    const plain = tree({ "one/setup/SKILL.md": manifest("setup") });
    const plugins = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [{ name: "one", source: "./plugins/one" }],
      }),
      "plugins/one/skills/setup/SKILL.md": manifest("setup", "Another."),
    });
    const { skills, problems } = skillsListing({
      roots: [{ path: plain, depth: 2 }, { path: plugins, kind: "plugins" }],
      home: plain,
      onWarning: () => {},
    });
    // Both would be skill://one/setup/SKILL.md, with different files behind
    // them: the second in name order is left out, and said so.
    const uris = skills.map((skill) => skill.uri);
    assert.equal(new Set(uris).size, uris.length, JSON.stringify(uris));
    assert.deepEqual(uris, ["skill://one/setup/SKILL.md"]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.skill, "setup");
    assert.match(
      problems[0]?.message ?? "",
      /its URI skill:\/\/one\/setup\/SKILL\.md is skill "one:setup"'s already/,
    );
  });

  it("gives URIs that stay unique once a host resolves them: a skill named .. is not another skill", () => {
    const first = tree({
      "cat/SKILL.md": manifest("cat"),
      "cat/f.txt": "cat's\n",
    });
    const second = tree({
      "cat/x/SKILL.md": manifest(".."),
      "cat/x/f.txt": "other\n",
    });
    const { skills, problems } = skillsListing({
      roots: [first, { path: second, depth: 2 }],
      home: first,
      onWarning: () => {},
    });
    // A name the extension's naming rules refuse cannot end a skill path:
    // that skill is left out, and said so.
    assert.deepEqual(skills.map((skill) => skill.uri), [
      "skill://cat/SKILL.md",
    ]);
    assert.match(
      problems[0]?.message ?? "",
      /its name "\.\." cannot end a skill URI/,
    );
    // skill://cat/../f.txt is skill://cat/f.txt to new URL() (RFC 3986
    // dot-segment removal): two entries then claim one URI, with two digests.
    const resolved = skills.flatMap((skill) =>
      skill.resources.map((resource) => new URL(resource.uri).href)
    );
    assert.equal(
      new Set(resolved).size,
      resolved.length,
      JSON.stringify(resolved),
    );
  });

  it("gives a skill whose manifest is spelled skill.md the URI of its SKILL.md", () => {
    const root = tree({ "low/skill.md": manifest("low"), "low/f.txt": "f\n" });
    const { skills } = skillsListing({
      roots: [root],
      home: root,
      onWarning: () => {},
    });
    assert.equal(skills.length, 1);
    // docs/integrity.md: "Each entry's uri is skill://<skill-path>/SKILL.md".
    assert.equal(skills[0]?.uri, "skill://low/SKILL.md");
  });

  it("lists every file once, with its own digest and size, an empty file and nested skills included", () => {
    const root = tree({
      "d/SKILL.md": manifest("d"),
      "d/empty.txt": "",
      "d/inner/SKILL.md": manifest("inner"),
      "d/.hidden": "h\n",
    });
    const { skills } = skillsListing({ roots: [root], home: root });
    const entry = skills[0];
    assert.ok(entry !== undefined);
    const uris = entry.resources.map((resource) => resource.uri);
    assert.equal(new Set(uris).size, uris.length);
    assert.equal(uris[0], entry.uri);
    assert.deepEqual([...uris].sort(), [
      "skill://d/.hidden",
      "skill://d/SKILL.md",
      "skill://d/empty.txt",
      "skill://d/inner/SKILL.md",
    ]);
    const empty = entry.resources.find((r) => r.uri.endsWith("/empty.txt"));
    assert.equal(empty?.size, 0);
    assert.equal(
      empty?.digest,
      "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });
});

describe("lock attack: agent-skills lock and verify", () => {
  it("lock --output into a missing directory exits with an error, never throws out of main()", async () => {
    const cwd = tree({ "skills/a/SKILL.md": manifest("a") });
    let result: { code: number; out: string; err: string } | undefined;
    await assert.doesNotReject(async () => {
      result = await run(["lock", "skills", "--output", "missing/x.json"], cwd);
    });
    assert.ok(result !== undefined && result.code !== 0);
    assert.deepEqual(readdirSync(cwd).sort(), ["skills"]);
  });

  it("lock --output onto a directory exits with an error, never throws, and leaves no temporary file", async () => {
    const cwd = tree({ "skills/a/SKILL.md": manifest("a"), "out/.keep": "" });
    let result: { code: number; out: string; err: string } | undefined;
    await assert.doesNotReject(async () => {
      result = await run(["lock", "skills", "--output", "out"], cwd);
    });
    assert.ok(result !== undefined && result.code !== 0);
    assert.deepEqual(readdirSync(cwd).sort(), ["out", "skills"]);
  });

  it("lock exits 1 naming a skill whose name a lock cannot hold, and writes nothing", async () => {
    const cwd = tree({
      "skills/x/SKILL.md": '---\nname: "a\\tb"\ndescription: d\n---\nbody\n',
    });
    const { code } = await run(["lock", "skills"], cwd);
    // docs/integrity.md: "when a skill cannot be locked (... a name the lock
    // cannot hold) it names each, writes nothing and exits 1".
    assert.equal(code, 1);
    assert.equal(existsSync(join(cwd, "agent-skills.lock.json")), false);
  });

  it("lock refuses to land inside a skill it locks, so that verify with the same arguments never fails on the lock itself", async () => {
    const base = tree({ "skills/pdf/SKILL.md": manifest("pdf") });
    // A careless user: in the skill's own directory, its parent as the root.
    const cwd = join(base, "skills", "pdf");
    const refused = await run(["lock", ".."], cwd);
    // Written there, the lock would be a file of pdf that pdf's entry lacks.
    assert.equal(refused.code, 2, refused.err);
    assert.match(refused.err, /lock_inside_skill: .*inside skill "pdf"/);
    assert.ok(!existsSync(join(cwd, "agent-skills.lock.json")));
    const elsewhere = join(base, "skills.lock.json");
    assert.equal(
      (await run(["lock", "..", "--output", elsewhere], cwd)).code,
      0,
    );
    const { code, out } = await run(["verify", "..", "--lock", elsewhere], cwd);
    assert.equal(code, 0, out);
  });

  it("verify --plugins names a changed file of a plugin's skill; without --plugins the root is refused, naming --plugins", async () => {
    const cwd = tree({
      "p/.claude-plugin/marketplace.json": JSON.stringify({
        plugins: [{ name: "one", source: "./plugins/one" }],
      }),
      "p/plugins/one/skills/setup/SKILL.md": manifest("setup"),
      "p/plugins/one/skills/setup/f.txt": "f",
    });
    assert.equal((await run(["lock", "p", "--plugins"], cwd)).code, 0);
    assert.equal((await run(["verify", "p", "--plugins"], cwd)).code, 0);
    writeFileSync(join(cwd, "p/plugins/one/skills/setup/f.txt"), "F");
    const changed = await run(["verify", "p", "--plugins", "--json"], cwd);
    assert.equal(changed.code, 1);
    const drift = JSON.parse(changed.out).drift;
    assert.equal(drift.changed[0].name, "one:setup");
    assert.deepEqual(drift.changed[0].changed, ["f.txt"]);
    // A root of plugins read as plain holds no skill: verify compares
    // nothing and fails, as list does, and says what to pass.
    const plain = await run(["verify", "p", "--json"], cwd);
    assert.equal(plain.code, 1);
    const { error } = JSON.parse(plain.out);
    assert.equal(error.code, "no_skills");
    assert.match(error.message, /pass --plugins/);
  });

  it("verify reports a locked skill that can no longer be locked as a problem, not as removed, and exits 1", async () => {
    const cwd = tree({ "skills/a/SKILL.md": manifest("a") });
    assert.equal((await run(["lock", "skills"], cwd)).code, 0);
    writeFileSync(join(cwd, "skills/a/back\\slash.txt"), "b\n");
    const { code, out } = await run(["verify", "skills", "--json"], cwd);
    assert.equal(code, 1);
    const report = JSON.parse(out);
    assert.equal(report.ok, false);
    assert.deepEqual(report.drift.removed, []);
    assert.equal(report.problems[0]?.skill, "a");
    const text = await run(["verify", "skills"], cwd);
    assert.equal(text.code, 1);
    assert.match(text.out, /^! a /m);
  });

  it("verify writes no raw terminal control character for a hostile lock, in any format", async () => {
    const cwd = tree({ "skills/a/SKILL.md": manifest("a"), "skills/a/f": "f" });
    const lock = lockOf({ roots: [join(cwd, "skills")], home: cwd });
    const a = lock.skills[0];
    assert.ok(a !== undefined);
    const manifestFile = a.files.find((file) => file.path === "SKILL.md");
    assert.ok(manifestFile !== undefined);
    const files = [...a.files, {
      path: "\u009b2J\u0085x\u2028\u202e.md",
      digest: manifestFile.digest,
      size: 1,
    }];
    const hostile = {
      agentSkillsLock: 1,
      skills: [
        { ...a, files, digest: skillDigest(files) },
        {
          name: "\u009b31mevil\u0085\u2029\u200b",
          path: "\u009b1m",
          digest: skillDigest([manifestFile]),
          files: [manifestFile],
        },
      ],
    };
    writeFileSync(
      join(cwd, "agent-skills.lock.json"),
      JSON.stringify(hostile),
    );
    // Any C0 but the line feed, DEL, C1, line separators, bidi overrides.
    const acting = (text: string): string[] =>
      [...text].filter((char) => {
        const code = char.codePointAt(0) ?? 0;
        return (code < 0x20 && code !== 0x0a) ||
          (code >= 0x7f && code <= 0x9f) || code === 0x2028 ||
          code === 0x2029 || (code >= 0x202a && code <= 0x202e);
      });
    for (
      const format of [[], ["--json"], ["--format", "github"], [
        "--format",
        "sarif",
      ]]
    ) {
      const { code, out, err } = await run(
        ["verify", "skills", ...format],
        cwd,
      );
      assert.equal(code, 1, err);
      assert.deepEqual(acting(out), [], format.join(" "));
      assert.deepEqual(acting(err), [], format.join(" "));
    }
  });

  it("verify reports a skill moved, a file added, removed and changed, and exits 1; a bad lock exits 2", async () => {
    const cwd = tree({
      "skills/a/SKILL.md": manifest("a"),
      "skills/a/keep.txt": "k\n",
      "skills/a/gone.txt": "g\n",
      "skills/b/SKILL.md": manifest("b"),
    });
    assert.equal((await run(["lock", "skills", "--depth", "2"], cwd)).code, 0);
    assert.equal(
      (await run(["verify", "skills", "--depth", "2"], cwd)).code,
      0,
    );
    writeFileSync(join(cwd, "skills/a/keep.txt"), "K\n");
    rmSync(join(cwd, "skills/a/gone.txt"));
    writeFileSync(join(cwd, "skills/a/new.txt"), "n\n");
    mkdirSync(join(cwd, "skills/cat"));
    renameSync(join(cwd, "skills/b"), join(cwd, "skills/cat/b"));
    const { code, out } = await run(
      ["verify", "skills", "--depth", "2", "--json"],
      cwd,
    );
    assert.equal(code, 1);
    const report = JSON.parse(out);
    assert.deepEqual(report.drift.added, []);
    assert.deepEqual(report.drift.removed, []);
    const [a, b] = report.drift.changed;
    assert.deepEqual(a.added, ["new.txt"]);
    assert.deepEqual(a.removed, ["gone.txt"]);
    assert.deepEqual(a.changed, ["keep.txt"]);
    assert.deepEqual(b.moved, { locked: "b", found: "cat/b" });
    writeFileSync(join(cwd, "agent-skills.lock.json"), "{");
    assert.equal(
      (await run(["verify", "skills", "--depth", "2"], cwd)).code,
      2,
    );
    writeFileSync(join(cwd, "agent-skills.lock.json"), new Uint8Array([0xff]));
    assert.equal(
      (await run(["verify", "skills", "--depth", "2"], cwd)).code,
      2,
    );
    assert.equal(
      readFileSync(join(cwd, "agent-skills.lock.json")).length,
      1,
    );
  });
});
