// packSkill() (src/archive/pack.ts): the layouts, what is left out, the
// symlink rules, deterministic bytes, the archive-level limits, and a
// round trip through readSkillArchive() and checkSkillArchive().

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  ARCHIVE_LIMITS,
  ArchiveError,
  type ArchiveErrorCode,
  checkSkillArchive,
  excludedFromArchive,
  type PackOptions,
  packSkill,
  readSkillArchive,
} from "@clarvis/agent-skills/archive";
import { StartupError } from "@clarvis/agent-skills";
import { link, manifest, tempTrees, withTree } from "../_helpers.ts";
import { centralRecords } from "./_archive.ts";

const tree = tempTrees();

/** A skill with resources and the leftovers a packer leaves out. */
function skill(): string {
  return join(
    tree({
      "pdf/SKILL.md": manifest("pdf"),
      "pdf/forms.md": "# forms\n",
      "pdf/scripts/fill.py": "print('fill')\n",
      "pdf/scripts/__pycache__/fill.cpython-312.pyc": "\0pyc",
      "pdf/scripts/old.pyc": "\0pyc",
      "pdf/node_modules/x/index.js": "x\n",
      "pdf/.DS_Store": "\0",
      "pdf/assets/.DS_Store": "\0",
      "pdf/evals/evals.json": "[]\n",
      "pdf/references/evals/keep.md": "kept: only a top-level evals/ goes\n",
    }),
    "pdf",
  );
}

function refuses(
  code: ArchiveErrorCode,
  pack: () => unknown,
  message?: RegExp,
): void {
  assert.throws(pack, (error) => {
    assert.ok(error instanceof ArchiveError, String(error));
    assert.equal(error.code, code, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

describe("packSkill()", () => {
  it("puts the files under a folder named after the skill, leaving out what Anthropic's packer leaves out", () => {
    const archive = readSkillArchive(packSkill(skill()), { name: "pdf.skill" });
    assert.equal(archive.layout, "folder");
    assert.equal(archive.top, "pdf");
    assert.deepEqual([...archive.files.keys()], [
      "SKILL.md",
      "forms.md",
      "references/evals/keep.md",
      "scripts/fill.py",
    ]);
  });

  it("round-trips: the files read back are the skill's bytes", () => {
    const dir = skill();
    const archive = readSkillArchive(packSkill(dir));
    for (const [path, bytes] of archive.files) {
      assert.ok(same(bytes, readFileSync(join(dir, path))), path);
    }
  });

  it("puts the files at the top with layout flat, and both layouts read", () => {
    const dir = skill();
    const flat = readSkillArchive(packSkill(dir, { layout: "flat" }));
    const folder = readSkillArchive(packSkill(dir));
    assert.equal(flat.layout, "flat");
    assert.equal(flat.top, undefined);
    assert.deepEqual([...flat.files.keys()], [...folder.files.keys()]);
  });

  it("gives the same bytes twice, and entries in code point order with fixed dates and modes", () => {
    const dir = join(
      tree({
        "s/SKILL.md": manifest("s"),
        "s/b.md": "b",
        "s/B.md": "B",
        "s/a/z.md": "z",
        "s/10": "ten",
        "s/\u00e9.md": "e",
        "s/run.sh": "#!/bin/sh\n",
      }),
      "s",
    );
    chmodSync(join(dir, "run.sh"), 0o755);
    const first = packSkill(dir, { layout: "flat" });
    assert.ok(same(first, packSkill(dir, { layout: "flat" })));
    const entries = centralEntries(first);
    assert.deepEqual(entries.map((entry) => entry.name), [
      "10",
      "B.md",
      "SKILL.md",
      "a/z.md",
      "b.md",
      "run.sh",
      "\u00e9.md",
    ]);
    for (const entry of entries) {
      // 1980-01-01 00:00:00 in DOS time and date.
      assert.equal(entry.time, 0);
      assert.equal(entry.date, (1 << 5) | 1);
      assert.equal(entry.mode, entry.name === "run.sh" ? 0o100755 : 0o100644);
    }
  });

  it("packs a symlink that stays inside the skill as the file it leads to", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/shared/notes.md": "notes\n",
      "outside.md": "secret\n",
    });
    link("shared/notes.md", join(root, "s", "notes.md"));
    const archive = readSkillArchive(packSkill(join(root, "s")));
    assert.equal(
      new TextDecoder().decode(archive.files.get("notes.md")),
      "notes\n",
    );
  });

  it("refuses a symlink that leads outside the skill, or nowhere, naming it", () => {
    const root = tree({ "s/SKILL.md": manifest("s"), "outside.md": "x\n" });
    link("../outside.md", join(root, "s", "refs", "escape.md"));
    refuses("symlink", () => packSkill(join(root, "s")), /refs\/escape\.md/);
    const other = tree({ "s/SKILL.md": manifest("s") });
    link("missing.md", join(other, "s", "gone.md"));
    refuses("symlink", () => packSkill(join(other, "s")), /gone\.md/);
  });

  it("refuses a skill that does not check clean, and a directory that is no skill", () => {
    const root = tree({
      "s/SKILL.md": "---\nname: s\n---\nno description\n",
      "store/a/SKILL.md": manifest("a"),
      "store/b/SKILL.md": manifest("b"),
      "other/SKILL.md": manifest("not-other"),
    });
    refuses("invalid_skill", () => packSkill(join(root, "s")));
    refuses("invalid_skill", () => packSkill(join(root, "store")));
    refuses("invalid_skill", () => packSkill(join(root, "other")), /name/);
  });

  it("refuses a manifest not named SKILL.md, or two of them", () => {
    const root = tree({
      "lower/skill.md": manifest("lower"),
      "both/SKILL.md": manifest("both"),
      "both/Skill.md": manifest("both"),
    });
    refuses("manifest_count", () => packSkill(join(root, "lower")));
    refuses("manifest_count", () => packSkill(join(root, "both")));
  });

  it("refuses what claude.ai's upload refuses: a nested archive, a plugin manifest", () => {
    const root = tree({
      "zip/SKILL.md": manifest("zip"),
      "zip/assets/bundle.ZIP": "PK",
      "skill/SKILL.md": manifest("skill"),
      "skill/vendored/other.skill": "PK",
      "plugin/SKILL.md": manifest("plugin"),
      "plugin/.claude-plugin/plugin.json": "{}",
    });
    refuses("nested_archive", () => packSkill(join(root, "zip")), /bundle/);
    refuses("nested_archive", () => packSkill(join(root, "skill")));
    refuses("plugin_manifest", () => packSkill(join(root, "plugin")));
  });

  it("refuses, for the folder layout, what claude.ai refuses in a frontmatter, naming the rule", () => {
    const root = tree({
      "extra/SKILL.md":
        "---\nname: extra\ndescription: Does x.\nversion: 1.0\n---\nBody.\n",
      "claude-helper/SKILL.md": manifest("claude-helper"),
      "brackets/SKILL.md":
        "---\nname: brackets\ndescription: Turns <b> into bold.\n---\nBody.\n",
    });
    refuses(
      "invalid_skill",
      () => packSkill(join(root, "extra")),
      /claude_ai_field: claude-ai: frontmatter\.version/,
    );
    refuses(
      "invalid_skill",
      () => packSkill(join(root, "claude-helper")),
      /claude_ai_reserved_name/,
    );
    refuses(
      "invalid_skill",
      () => packSkill(join(root, "brackets")),
      /claude_ai_angle_brackets/,
    );
    // The flat layout is Gemini CLI's, which takes them.
    for (const name of ["extra", "claude-helper", "brackets"]) {
      const bytes = packSkill(join(root, name), { layout: "flat" });
      assert.equal(readSkillArchive(bytes).layout, "flat");
    }
  });

  it("says the flat layout packs a skill that only claude.ai's rules refuse, and only then", () => {
    const root = tree({
      "extra/SKILL.md":
        "---\nname: extra\ndescription: Does x.\nversion: 1.0\n---\nBody.\n",
      // Refused by the spec's own rules too (name_case): no layout packs it.
      "Upper/SKILL.md": manifest("Upper", "Turns <b> into bold."),
    });
    refuses(
      "invalid_skill",
      () => packSkill(join(root, "extra")),
      /only claude\.ai's rules.*layout: "flat"/,
    );
    packSkill(join(root, "extra"), { layout: "flat" });
    for (const layout of ["folder", "flat"] as const) {
      assert.throws(
        () => packSkill(join(root, "Upper"), { layout }),
        (error) => {
          assert.ok(error instanceof ArchiveError, String(error));
          assert.equal(error.code, "invalid_skill");
          assert.match(error.message, /name_case/);
          assert.doesNotMatch(error.message, /"flat"/);
          return true;
        },
      );
    }
  });

  it("holds an archive to a host's rules when asked, the flat layout included", () => {
    const root = tree({
      "extra/SKILL.md":
        "---\nname: extra\ndescription: Does x.\nversion: 1.0\n---\nBody.\n",
    });
    const flat = packSkill(join(root, "extra"), { layout: "flat" });
    assert.equal(
      checkSkillArchive(flat, { name: "extra.skill" }).counts.error,
      0,
    );
    const report = checkSkillArchive(flat, {
      name: "extra.skill",
      hosts: ["claude-ai", "gemini"],
    });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.code, d.severity, d.path]).sort(),
      [
        ["claude_ai_archive_layout", "error", "extra.skill!/SKILL.md"],
        ["claude_ai_field", "error", "extra.skill!/SKILL.md"],
        ["gemini_fields", "info", "extra.skill!/SKILL.md"],
        ["unknown_field", "info", "extra.skill!/SKILL.md"],
      ],
    );
    const folder = packSkill(join(
      tree({
        "pdf/SKILL.md": manifest("pdf"),
      }),
      "pdf",
    ));
    assert.deepEqual(
      checkSkillArchive(folder, { hosts: ["claude-ai"] }).diagnostics,
      [],
    );
    assert.throws(
      () => checkSkillArchive(folder, { hosts: ["claude"] as never }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        /Option "hosts" of checkSkillArchive/.test(error.message),
    );
  });

  it("refuses more than 200 files, counting the manifest", async () => {
    const files: Record<string, string> = { "s/SKILL.md": manifest("s") };
    for (let i = 0; i < 199; i++) files[`s/f/${i}.md`] = `${i}`;
    await withTree(files, (root) => {
      assert.equal(
        readSkillArchive(packSkill(join(root, "s"))).files.size,
        200,
      );
    });
    files["s/f/199.md"] = "199";
    await withTree(files, (root) => {
      refuses("too_many_files", () => packSkill(join(root, "s")), /201 files/);
    });
  });

  it("refuses more than 30 MB uncompressed before reading it", () => {
    const root = tree({ "s/SKILL.md": manifest("s"), "s/big.bin": "" });
    const fd = openSync(join(root, "s", "big.bin"), "r+");
    ftruncateSync(fd, 30 * 1000 * 1000); // sparse: nothing is written
    closeSync(fd);
    refuses("too_large", () => packSkill(join(root, "s")), /30 MB/);
  });

  it("takes only the options and layouts it knows (invalid_option)", () => {
    for (const options of [{ layout: "tar" }, { layot: "flat" }]) {
      assert.throws(
        () => packSkill(skill(), options as PackOptions),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option",
      );
    }
  });

  it("packs the demo store's skills, and each archive checks clean", () => {
    const store = "fixtures/demo/user-store";
    // commit-messages has Claude Code's user-invocable: claude.ai refuses
    // it, so only the flat layout (Gemini CLI's) packs it.
    const claudeCodeOnly = new Set(["commit-messages"]);
    for (const name of readdirSync(store).sort()) {
      const dir = join(store, name);
      if (claudeCodeOnly.has(name)) {
        refuses(
          "invalid_skill",
          () => packSkill(dir, { home: "/home/ada" }),
          /claude_ai_field: claude-ai: frontmatter\.user-invocable/,
        );
      }
      const layout = claudeCodeOnly.has(name) ? "flat" : "folder";
      const bytes = packSkill(dir, { home: "/home/ada", layout });
      const report = checkSkillArchive(bytes, { name: `${name}.skill` });
      assert.equal(report.counts.error, 0, name);
      assert.equal(report.skills[0]?.name, name);
      assert.equal(
        report.skills[0]?.path,
        layout === "folder"
          ? `${name}.skill!/${name}/SKILL.md`
          : `${name}.skill!/SKILL.md`,
      );
      if (layout === "folder") {
        const hosted = checkSkillArchive(bytes, { hosts: ["claude-ai"] });
        assert.equal(hosted.counts.error, 0, name);
      }
    }
  });
});

describe("excludedFromArchive()", () => {
  it("follows package_skill.py: folders anywhere, evals at the top, file names", () => {
    assert.equal(excludedFromArchive("a/__pycache__/x.py"), true);
    assert.equal(excludedFromArchive("node_modules/x.js"), true);
    assert.equal(excludedFromArchive("evals/evals.json"), true);
    assert.equal(excludedFromArchive("refs/evals/x.md"), false);
    assert.equal(excludedFromArchive("evals"), false); // a file, not a folder
    assert.equal(excludedFromArchive("x.pyc"), true);
    assert.equal(excludedFromArchive("a/.DS_Store"), true);
    assert.equal(excludedFromArchive("a/DS_Store"), false);
  });
});

describe("ARCHIVE_LIMITS", () => {
  it("cites a source for each limit, and sets the numbers the errors say", () => {
    for (const limit of ARCHIVE_LIMITS) assert.match(limit.source, /#\d+/);
    const max = (code: string) =>
      ARCHIVE_LIMITS.find((limit) => limit.code === code)?.max;
    assert.equal(max("too_many_files"), 200);
    assert.equal(max("too_large"), 30_000_000);
  });
});

/** The central directory's names, DOS times and dates, and Unix modes. */
function centralEntries(
  bytes: Uint8Array,
): { name: string; time: number; date: number; mode: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return centralRecords(bytes).central.map(({ at, name }) => ({
    name,
    time: view.getUint16(at + 12, true),
    date: view.getUint16(at + 14, true),
    mode: view.getUint32(at + 38, true) >>> 16,
  }));
}
