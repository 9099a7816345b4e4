// agent-skills lock and verify (src/cli/lock.ts), run in-process through
// main(): the file written, each kind of drift in each format, and a lock
// that is missing, malformed or hostile.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { createSkillLock, formatSkillLock } from "@clarvis/agent-skills/lock";
import { makeFifo, manifest, runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** A store of two skills, in a fresh working directory. */
function store(): { cwd: string; root: string } {
  const cwd = tree({
    "skills/pdf/SKILL.md": manifest("pdf"),
    "skills/pdf/forms.md": "# forms\n",
    "skills/pdf/scripts/fill.py": "print('fill')\n",
    "skills/docx/SKILL.md": manifest("docx"),
  });
  return { cwd, root: join(cwd, "skills") };
}

async function run(args: string[], cwd: string) {
  return await runMain([...args, "--home", cwd], { columns: 100, cwd });
}

describe("agent-skills lock", () => {
  it("writes agent-skills.lock.json in the current directory", async () => {
    const { cwd, root } = store();
    const { code, out, err } = await run(["lock", "skills"], cwd);
    assert.equal(code, 0, err);
    assert.equal(out, "Locked 2 skills in agent-skills.lock.json\n");
    const text = readFileSync(join(cwd, "agent-skills.lock.json"), "utf8");
    const { lock } = createSkillLock({ roots: [root], home: cwd });
    assert.equal(text, formatSkillLock(lock));
    // No temporary file is left beside it.
    assert.deepEqual(readdirSync(cwd).sort(), [
      "agent-skills.lock.json",
      "skills",
    ]);
  });

  it("writes to --output, or to stdout for -", async () => {
    const { cwd } = store();
    assert.equal(
      (await run(["lock", "skills", "--output", "my.lock"], cwd)).code,
      0,
    );
    const written = readFileSync(join(cwd, "my.lock"), "utf8");
    const { code, out } = await run(["lock", "skills", "--output", "-"], cwd);
    assert.equal(code, 0);
    assert.equal(out, written);
    const json = JSON.parse((await run(["lock", "skills", "--json"], cwd)).out);
    assert.equal(json.skills, 2);
    assert.equal(json.path, join(cwd, "agent-skills.lock.json"));
  });

  it("writes no lock in place of a FIFO or a folder at --output, or of a symlink to one, and leaves them as they were (exit 2)", async () => {
    const { cwd } = store();
    makeFifo(join(cwd, "fifo"));
    mkdirSync(join(cwd, "folder"));
    symlinkSync("fifo", join(cwd, "to-fifo"));
    symlinkSync("to-fifo", join(cwd, "to-link"));
    const before = readdirSync(cwd, { recursive: true }).map(String).sort();
    const cases = [
      ["fifo", "a FIFO"],
      ["folder", "a directory"],
      ["to-fifo", "a symlink to a FIFO"],
      ["to-link", "a symlink to a FIFO"],
    ] as const;
    for (const [target, what] of cases) {
      const { code, out, err } = await run(
        ["lock", "skills", "--output", target],
        cwd,
      );
      assert.equal(code, 2, err);
      assert.equal(out, "");
      assert.equal(
        err,
        `agent-skills: unwritable: Wrote no lock: cannot write ${target} (it is ${what}, not a file, and a file written there would replace it)\n`,
      );
    }
    assert.ok(lstatSync(join(cwd, "fifo")).isFIFO());
    assert.ok(lstatSync(join(cwd, "folder")).isDirectory());
    assert.ok(lstatSync(join(cwd, "to-fifo")).isSymbolicLink());
    assert.deepEqual(
      readdirSync(cwd, { recursive: true }).map(String).sort(),
      before,
    );
  });

  it(
    "writes no lock in place of a symlink into /proc, such as /dev/stdout, whatever the descriptor is (exit 2)",
    {
      skip: process.platform !== "linux" && "/proc is Linux's",
    },
    async () => {
      const { cwd } = store();
      // As /dev/stdout and /dev/fd/N lead: to what this process has open (a
      // regular file, when its output goes to one), through /proc.
      const open = openSync(join(cwd, "out.txt"), "w");
      symlinkSync(`/proc/self/fd/${open}`, join(cwd, "stdout"));
      try {
        const { code, err } = await run(
          ["lock", "skills", "--output", "stdout"],
          cwd,
        );
        assert.equal(code, 2, err);
        assert.match(err, /it is a symlink into \/proc, not a file/);
        assert.equal(
          readlinkSync(join(cwd, "stdout")),
          `/proc/self/fd/${open}`,
        );
        assert.equal(readFileSync(join(cwd, "out.txt"), "utf8"), "");
      } finally {
        closeSync(open);
      }
    },
  );

  it("replaces a lock whole, and writes none when a skill cannot be locked", async () => {
    const { cwd } = store();
    assert.equal((await run(["lock", "skills"], cwd)).code, 0);
    const before = readFileSync(join(cwd, "agent-skills.lock.json"), "utf8");
    writeFileSync(join(cwd, "skills", "pdf", "bad\\name.md"), "x");
    const { code, err } = await run(["lock", "skills"], cwd);
    assert.equal(code, 1);
    assert.match(
      err,
      /unlockable_skill: Wrote no lock: Cannot lock skill "pdf": .*backslash/,
    );
    assert.equal(
      readFileSync(join(cwd, "agent-skills.lock.json"), "utf8"),
      before,
    );
  });

  it("refuses an empty --output as a usage error", async () => {
    const { cwd } = store();
    const { code, err } = await run(["lock", "--output", ""], cwd);
    assert.equal(code, 2);
    assert.match(err, /option --output takes a file name/);
  });
});

describe("agent-skills lock refuses to land inside a skill, by real path", () => {
  /** Asserts a refused lock: exit 2, lock_inside_skill naming pdf, no file in pdf. */
  function assertRefused(
    result: { code: number; err: string },
    pdf: string,
  ): void {
    assert.equal(result.code, 2, result.err);
    assert.match(result.err, /lock_inside_skill: .*inside skill "pdf"/);
    assert.deepEqual(readdirSync(pdf).sort(), [
      "SKILL.md",
      "forms.md",
      "scripts",
    ]);
  }

  it("when --output's parent directory is a symlink into the skill", async () => {
    const { cwd, root } = store();
    symlinkSync(join(root, "pdf"), join(cwd, "out"));
    assertRefused(
      await run(["lock", "skills", "--output", "out/lock.json"], cwd),
      join(root, "pdf"),
    );
    // Deeper, and through a chain of links.
    symlinkSync(join(cwd, "out"), join(cwd, "again"));
    assertRefused(
      await run(["lock", "skills", "--output", "again/scripts/lock.json"], cwd),
      join(root, "pdf"),
    );
    assert.equal((await run(["verify", "skills"], cwd)).code, 2); // no lock was written
  });

  it("when --output is a symlink to a file in the skill, there or not yet", async () => {
    const { cwd, root } = store();
    symlinkSync(join(root, "pdf", "forms.md"), join(cwd, "there.json"));
    symlinkSync(join(root, "pdf", "lock.json"), join(cwd, "dangling.json"));
    for (const output of ["there.json", "dangling.json"]) {
      const result = await run(["lock", "skills", "--output", output], cwd);
      assertRefused(result, join(root, "pdf"));
      assert.match(result.err, /through a symlink/);
    }
  });

  it("when the root is given through a symlink and --output by its real path", async () => {
    const { cwd, root } = store();
    symlinkSync(root, join(cwd, "alias"));
    assertRefused(
      await run(
        ["lock", "alias", "--output", join(root, "pdf", "lock.json")],
        cwd,
      ),
      join(root, "pdf"),
    );
    assertRefused(
      await run(["lock", "skills", "--output", "alias/pdf/lock.json"], cwd),
      join(root, "pdf"),
    );
  });

  it("when the skill's directory is a symlink and --output names its target", async () => {
    const cwd = tree({
      "skills/docx/SKILL.md": manifest("docx"),
      "elsewhere/pdf/SKILL.md": manifest("pdf"),
    });
    symlinkSync(join(cwd, "elsewhere", "pdf"), join(cwd, "skills", "pdf"));
    const result = await run([
      "lock",
      "skills",
      "--output",
      "elsewhere/pdf/lock.json",
    ], cwd);
    assert.equal(result.code, 2, result.err);
    assert.match(result.err, /lock_inside_skill: .*inside skill "pdf"/);
    assert.deepEqual(readdirSync(join(cwd, "elsewhere", "pdf")), ["SKILL.md"]);
  });

  it("follows a loop of symlinks at --output a bounded number of times", async () => {
    const { cwd, root } = store();
    symlinkSync("b.json", join(cwd, "a.json"));
    symlinkSync("a.json", join(cwd, "b.json"));
    const { code, err } = await run(
      ["lock", "skills", "--output", "a.json"],
      cwd,
    );
    // The rename replaces the link: the lock is beside it, in no skill.
    assert.equal(code, 0, err);
    assert.equal(
      (await run(["verify", "skills", "--lock", "a.json"], cwd)).code,
      0,
    );
    assert.deepEqual(readdirSync(join(root, "pdf")).sort(), [
      "SKILL.md",
      "forms.md",
      "scripts",
    ]);
  });

  it("and writes through a symlink that leads outside every skill, which verify then matches", async () => {
    const { cwd } = store();
    mkdirSync(join(cwd, "locks"));
    symlinkSync(join(cwd, "locks"), join(cwd, "out"));
    const { code, err } = await run(
      ["lock", "skills", "--output", "out/a.json"],
      cwd,
    );
    assert.equal(code, 0, err);
    assert.ok(existsSync(join(cwd, "locks", "a.json")));
    const verified = await run(
      ["verify", "skills", "--lock", "out/a.json"],
      cwd,
    );
    assert.equal(verified.code, 0, verified.out);
  });
});

describe("agent-skills verify", () => {
  async function locked(): Promise<{ cwd: string; root: string }> {
    const made = store();
    assert.equal((await run(["lock", "skills"], made.cwd)).code, 0);
    return made;
  }

  it("exits 0 when everything matches", async () => {
    const { cwd } = await locked();
    const { code, out } = await run(["verify", "skills"], cwd);
    assert.equal(code, 0);
    assert.equal(out, "2 locked skills match agent-skills.lock.json\n");
    const json = JSON.parse(
      (await run(["verify", "skills", "--json"], cwd)).out,
    );
    assert.equal(json.ok, true);
  });

  it("names each skill added, removed or changed, and each file", async () => {
    const { cwd, root } = await locked();
    mkdirSync(join(root, "new"));
    writeFileSync(join(root, "new", "SKILL.md"), manifest("new"));
    rmSync(join(root, "docx"), { recursive: true });
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    writeFileSync(join(root, "pdf", "added.md"), "x");
    rmSync(join(root, "pdf", "scripts", "fill.py"));
    const { code, out } = await run(["verify", "skills"], cwd);
    assert.equal(code, 1);
    assert.equal(
      out,
      [
        "+ new  served, not in the lock",
        "- docx  locked, no longer served",
        "~ pdf",
        "    + added.md",
        "    - scripts/fill.py",
        "    ~ forms.md",
        "5 differences from agent-skills.lock.json",
        "",
      ].join("\n"),
    );
    const json = JSON.parse(
      (await run(["verify", "skills", "--json"], cwd)).out,
    );
    assert.deepEqual(json.drift, {
      added: ["new"],
      removed: ["docx"],
      changed: [{
        name: "pdf",
        added: ["added.md"],
        removed: ["scripts/fill.py"],
        changed: ["forms.md"],
      }],
    });
  });

  it("says when a skill moved within its root", async () => {
    const { cwd, root } = await locked();
    mkdirSync(join(root, "tools"));
    renameSync(join(root, "docx"), join(root, "tools", "docx"));
    const { code, out } = await run(["verify", "skills", "--depth", "2"], cwd);
    assert.equal(code, 1);
    assert.match(out, /~ docx\n {4}moved: docx -> tools\/docx\n/);
  });

  it("writes GitHub workflow commands and SARIF, each file at its path", async () => {
    const { cwd, root } = await locked();
    writeFileSync(join(root, "pdf", "forms.md"), "# FORMS\n");
    rmSync(join(root, "docx"), { recursive: true });
    const github = await run(["verify", "skills", "--format", "github"], cwd);
    assert.equal(github.code, 1);
    assert.equal(
      github.out,
      [
        '::error file=agent-skills.lock.json,title=locked_skill_gone::Skill "docx" is locked and no longer served',
        '::error file=skills/pdf/forms.md,title=integrity_mismatch::Skill "pdf": forms.md changed since it was locked',
        "::notice title=agent-skills verify::2 differences from agent-skills.lock.json",
        "",
      ].join("\n"),
    );
    const sarif = JSON.parse(
      (await run(["verify", "skills", "--format", "sarif"], cwd)).out,
    );
    assert.deepEqual(
      sarif.runs[0].results.map((result: { ruleId: string }) => result.ruleId),
      ["locked_skill_gone", "integrity_mismatch"],
    );
  });

  it("fails with exit 2 for a lock that is missing, not JSON, or malformed", async () => {
    const { cwd } = store();
    const missing = await run(["verify", "skills"], cwd);
    assert.equal(missing.code, 2);
    assert.match(
      missing.err,
      /invalid_lock: Cannot read the lock .*agent-skills\.lock\.json/,
    );
    writeFileSync(join(cwd, "bad.json"), "{");
    assert.match(
      (await run(["verify", "skills", "--lock", "bad.json"], cwd)).err,
      /invalid_lock: bad\.json is not JSON/,
    );
    writeFileSync(
      join(cwd, "evil.json"),
      JSON.stringify({
        agentSkillsLock: 1,
        skills: [{ name: "x", path: "../../etc", digest: "", files: [] }],
      }),
    );
    const evil = await run(
      ["verify", "skills", "--lock", "evil.json", "--json"],
      cwd,
    );
    assert.equal(evil.code, 2);
    assert.match(
      JSON.parse(evil.out).error.message,
      /evil\.json is not a skill lock: skills\[0\]\.path: "\.\.\/\.\.\/etc" is not a path inside a skill directory/,
    );
    writeFileSync(join(cwd, "bytes.json"), new Uint8Array([0xff, 0xfe]));
    assert.equal(
      (await run(["verify", "skills", "--lock", "bytes.json"], cwd)).code,
      2,
    );
  });

  it("reads a skills-lock.json of another tool as no lock of its own", async () => {
    const { cwd } = store();
    writeFileSync(
      join(cwd, "skills-lock.json"),
      JSON.stringify({
        version: 1,
        skills: {
          pdf: { source: "a/b", sourceType: "github", computedHash: "0" },
        },
      }),
    );
    const { code, err } = await run([
      "verify",
      "skills",
      "--lock",
      "skills-lock.json",
    ], cwd);
    assert.equal(code, 2);
    assert.match(
      err,
      /is not a skill lock: the lock has a field it may not have: "version"/,
    );
    assert.ok(!existsSync(join(cwd, "agent-skills.lock.json")));
  });
});
