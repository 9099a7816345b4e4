// claude.ai's upload rules on a skill folder: `checkSkills({ hosts:
// ["claude-ai"] })` holds the files `packSkill()` would pack to the limits
// the archive code holds an archive to (src/check/_upload.ts, one
// definition: at most 200 files and 30 MB, no archive or plugin manifest
// inside, exactly one SKILL.md at the top, no two names that are one in
// NFC), with the codes packSkill() throws: anthropics/claude-code #24826,
// #92902. The files are those check lists anyway: counting reads nothing
// more, and no size past the 200th file.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { closeSync, ftruncateSync, openSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createAgentSkills } from "@clarvis/agent-skills";
import {
  checkSkills,
  explainHosts,
  type HostName,
  hostVerdicts,
  type SkillDiagnostic,
} from "@clarvis/agent-skills/check";
import {
  ARCHIVE_LIMITS,
  ArchiveError,
  packSkill,
} from "@clarvis/agent-skills/archive";
import { backend } from "../../src/fs/_backend.ts";
import {
  countListings,
  link,
  makeFifo,
  manifest,
  resourceListings,
  tempTrees,
  withTree,
} from "../_helpers.ts";

/** The files an upload takes, as the archive's table of limits says. */
const MAX_ARCHIVE_FILES =
  ARCHIVE_LIMITS.find((limit) => limit.code === "too_many_files")?.max ?? 0;

const HOME = "/nonexistent-home";
const tree = tempTrees();

/** The files of a skill `s` with `count` files in all, its manifest one. */
function skillFiles(count: number, dir = "s"): Record<string, string> {
  const files: Record<string, string> = { [`${dir}/SKILL.md`]: manifest(dir) };
  for (let i = 1; i < count; i++) files[`${dir}/refs/${i}.md`] = `${i}`;
  return files;
}

/** The claude-ai diagnostics of a check of one skill directory. */
function uploadCodes(
  dir: string,
  hosts: readonly HostName[] = ["claude-ai"],
): string[] {
  const report = checkSkills({ paths: [dir], home: HOME, hosts });
  return report.diagnostics.filter((d) => d.host === "claude-ai").map((d) =>
    d.code
  );
}

/** The code packSkill() refuses a skill directory with; undefined: packed. */
function packCode(dir: string): string | undefined {
  try {
    packSkill(dir, { home: HOME });
    return undefined;
  } catch (error) {
    if (error instanceof ArchiveError) return error.code;
    throw error;
  }
}

describe("check --host claude-ai: the upload's file count", () => {
  it(`takes ${MAX_ARCHIVE_FILES} files and refuses one more, the manifest counted, as packSkill() does`, async () => {
    await withTree(skillFiles(MAX_ARCHIVE_FILES), (root) => {
      assert.deepEqual(uploadCodes(join(root, "s")), []);
      assert.equal(packCode(join(root, "s")), undefined);
    });
    await withTree(skillFiles(MAX_ARCHIVE_FILES + 1), (root) => {
      const report = checkSkills({
        paths: [join(root, "s")],
        home: HOME,
        hosts: ["claude-ai"],
      });
      const found = report.diagnostics.find((d) => d.code === "too_many_files");
      assert.equal(found?.host, "claude-ai");
      assert.equal(found?.severity, "error");
      assert.equal(found?.path, join(root, "s", "SKILL.md"));
      assert.match(found?.message ?? "", /^claude-ai: .* 201 files .* 200 /);
      assert.match(found?.source ?? "", /#92902/);
      assert.equal(packCode(join(root, "s")), "too_many_files");
    });
  });

  it("counts what packSkill() packs: no build leftovers, a link inside as its file, nothing outside, no FIFO", async () => {
    const outside = tree({ "a.md": "a", "many/1.md": "1", "many/2.md": "2" });
    const files = {
      ...skillFiles(MAX_ARCHIVE_FILES),
      "s/scripts/__pycache__/x.pyc": "",
      "s/x.pyc": "",
      "s/.DS_Store": "",
      "s/evals/evals.json": "{}",
      "s/node_modules/m/index.js": "",
      "s/.git/config": "",
    };
    await withTree(files, (root) => {
      const s = join(root, "s");
      makeFifo(join(s, "pipe"));
      link(join(outside, "many"), join(s, "outside-dir"));
      link(join(outside, "a.md"), join(s, "outside.md"));
      // 200 files: the leftovers, the links that leave, the FIFO not counted.
      assert.deepEqual(uploadCodes(s), []);
      // A link to a file inside is packed as that file: one more.
      link(join(s, "refs", "1.md"), join(s, "again.md"));
      assert.deepEqual(uploadCodes(s), ["too_many_files"]);
    });
  });

  it("reads no more of a folder than check reads anyway: no second walk, no size past the limit", async () => {
    const counted = (dir: string, hosts: HostName[]) => {
      const status = backend.status;
      let statuses = 0;
      backend.status = (path, options) => {
        if (path.startsWith(dir)) statuses++;
        return status(path, options);
      };
      try {
        const { listed } = countListings(() =>
          checkSkills({ paths: [dir], home: HOME, hosts })
        );
        return { listed: listed.length, statuses };
      } finally {
        backend.status = status;
      }
    };
    await withTree(skillFiles(1000), (root) => {
      const s = join(root, "s");
      const without = counted(s, []);
      const upload = counted(s, ["claude-ai"]);
      assert.equal(upload.listed, without.listed);
      // Over the limit, no file's size is read.
      assert.equal(upload.statuses, without.statuses);
      assert.deepEqual(uploadCodes(s), ["too_many_files"]);
    });
    await withTree(skillFiles(MAX_ARCHIVE_FILES), (root) => {
      const s = join(root, "s");
      const without = counted(s, []);
      const upload = counted(s, ["claude-ai"]);
      assert.equal(upload.listed, without.listed);
      // Within it, one size per file, no more.
      assert.equal(upload.statuses - without.statuses, MAX_ARCHIVE_FILES);
    });
  });

  it("says at least N files when the listing stopped at its bound, and still refuses", async () => {
    await withTree(skillFiles(600), (root) => {
      const report = checkSkills({
        paths: [join(root, "s")],
        home: HOME,
        hosts: ["claude-ai"],
        maxResourceEntries: 250,
      });
      const found = report.diagnostics.find((d) => d.code === "too_many_files");
      assert.match(found?.message ?? "", /holds at least 2\d\d files/);
    });
  });
});

describe("check --host claude-ai: the upload's other rules on a folder", () => {
  it("finds each rule that a fixture of fixtures/hosts breaks, at its manifest", () => {
    const fixtures = fileURLToPath(
      new URL("../../fixtures/hosts", import.meta.url),
    );
    for (
      const [dir, code] of [
        ["too-many-files", "too_many_files"],
        ["nested-archive", "nested_archive"],
        ["plugin-manifest", "plugin_manifest"],
      ]
    ) {
      const path = join(fixtures, dir ?? "");
      assert.deepEqual(uploadCodes(path), [code], dir);
      assert.equal(packCode(path), code, dir);
    }
  });

  it("refuses more than 30 MB, before reading a byte of it, as packSkill() does", () => {
    const root = tree({ "s/SKILL.md": manifest("s"), "s/big.bin": "" });
    const fd = openSync(join(root, "s", "big.bin"), "r+");
    ftruncateSync(fd, 30 * 1000 * 1000); // sparse: nothing is written
    closeSync(fd);
    assert.deepEqual(uploadCodes(join(root, "s")), ["too_large"]);
    assert.equal(packCode(join(root, "s")), "too_large");
  });

  it("refuses an archive, a plugin's manifest, a manifest not named SKILL.md, with packSkill()'s codes", () => {
    const root = tree({
      "zip/SKILL.md": manifest("zip"),
      "zip/assets/bundle.ZIP": "PK",
      "skill/SKILL.md": manifest("skill"),
      "skill/vendored/other.skill": "PK",
      "plugin/SKILL.md": manifest("plugin"),
      "plugin/.claude-plugin/plugin.json": "{}",
      "deep-plugin/SKILL.md": manifest("deep-plugin"),
      "deep-plugin/x/.claude-plugin/plugin.json": "{}",
      "lower/skill.md": manifest("lower"),
      "both/SKILL.md": manifest("both"),
      "both/Skill.md": manifest("both"),
      "plain/SKILL.md": manifest("plain"),
      "plain/.claude-plugin/marketplace.json": "{}",
      "plain/notes.zipped": "",
    });
    const expected: Record<string, [check: string, pack: string]> = {
      zip: ["nested_archive", "nested_archive"],
      skill: ["nested_archive", "nested_archive"],
      plugin: ["plugin_manifest", "plugin_manifest"],
      "deep-plugin": ["plugin_manifest", "plugin_manifest"],
      lower: ["manifest_count", "manifest_count"],
      both: ["manifest_count", "manifest_count"],
    };
    for (const [dir, [check, pack]] of Object.entries(expected)) {
      assert.deepEqual(uploadCodes(join(root, dir)), [check], dir);
      assert.equal(packCode(join(root, dir)), pack, dir);
    }
    assert.deepEqual(uploadCodes(join(root, "plain")), []);
    assert.equal(packCode(join(root, "plain")), undefined);
  });

  it("refuses two names that are one in NFC (one file once extracted on macOS)", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/caf\u00e9.md": "nfc",
      "s/cafe\u0301.md": "nfd",
      "t/SKILL.md": manifest("t"),
      "t/caf\u00e9": "a file",
      "t/cafe\u0301/x.md": "in a folder of the same name",
    });
    assert.deepEqual(uploadCodes(join(root, "s")), ["duplicate_entry"]);
    assert.deepEqual(uploadCodes(join(root, "t")), ["duplicate_entry"]);
    assert.equal(packCode(join(root, "s")), "duplicate_entry");
  });

  it("is claude-ai's alone, and explain() gives the verdict check gives", async () => {
    await withTree(skillFiles(MAX_ARCHIVE_FILES + 1), (root) => {
      const s = join(root, "s");
      assert.deepEqual(uploadCodes(s, ["codex", "gemini", "spec"]), []);
      const report = checkSkills({
        paths: [root],
        home: HOME,
        hosts: ["claude-ai", "codex"],
      });
      const [skill] = report.skills;
      assert.ok(skill !== undefined);
      const checked = hostVerdicts(skill, report.diagnostics, [
        "claude-ai",
        "codex",
      ]);
      const skills = createAgentSkills({ roots: [root], home: HOME });
      const [served] =
        explainHosts(skills, "s", { hosts: ["claude-ai", "codex"] })
          .candidates;
      assert.equal(served?.verdict, "served");
      if (served?.verdict !== "served") return;
      assert.deepEqual(
        served.verdicts?.map((v) => [v.host, v.verdict, v.counts]),
        checked.map((v) => [v.host, v.verdict, v.counts]),
      );
      assert.deepEqual(checked.map((v) => v.verdict), ["refuses", "loads"]);
      const reason: SkillDiagnostic | undefined = served.verdicts?.[0]
        ?.reasons[0];
      assert.equal(reason?.code, "too_many_files");
    });
  });

  it("has explain() list a skill's files for claude-ai only, once", async () => {
    await withTree(skillFiles(300), (root) => {
      const skills = createAgentSkills({ roots: [root], home: HOME });
      // Every listing explain() makes (where kernel paths can be read, a
      // directory is listed through its descriptor's path, not its own).
      const below = (hosts: HostName[]) =>
        countListings(() => explainHosts(skills, "s", { hosts })).listed.length;
      assert.equal(below(["codex", "gemini", "spec", "claude-code"]), 0);
      // The skill's folder and refs/, each once: the resources' one walk
      // (each listing as many times as this runtime lists a directory).
      assert.equal(below(["claude-ai"]), 2 * resourceListings());
    });
  });
});
