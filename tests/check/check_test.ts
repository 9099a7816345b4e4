import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, renameSync, rmdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createAgentSkills, StartupError } from "@clarvis/agent-skills";
import {
  CHECK_RULES,
  checkSkills,
  type CheckSkillsOptions,
  emptyRootLayout,
  type SkillDiagnostic,
} from "@clarvis/agent-skills/check";
import {
  codes,
  link,
  makeFifo,
  manifest,
  options,
  tempTrees,
} from "../_helpers.ts";

const BROKEN = fileURLToPath(
  new URL("../../fixtures/broken/", import.meta.url),
);
const LONG_NAME = "a".repeat(65);
const tree = tempTrees();

/** A directory name of 250 bytes: 17 nested ones pass PATH_MAX (4096). */
const LONG_DIR = "d".repeat(250);

/**
 * Makes `levels` directories nested at `path`, each named LONG_DIR, without
 * ever naming a long path: each level is wrapped around the last at `work`.
 * Root cannot be denied a read, but it can be given a path too long to list.
 */
function nestDeep(work: string, path: string, levels: number): void {
  const chain = join(work, "chain");
  mkdirSync(chain);
  for (let i = 0; i < levels; i++) {
    mkdirSync(join(work, "wrap"));
    renameSync(chain, join(work, "wrap", LONG_DIR));
    renameSync(join(work, "wrap"), chain);
  }
  renameSync(chain, path);
}

/** Removes what nestDeep() made, unwrapping it level by level. */
function removeDeep(work: string, path: string): void {
  const chain = join(work, "chain");
  renameSync(path, chain);
  while (readdirSync(chain).length > 0) {
    renameSync(join(chain, LONG_DIR), join(work, "next"));
    rmdirSync(chain);
    renameSync(join(work, "next"), chain);
  }
  rmdirSync(chain);
}

function rows(
  diagnostics: readonly SkillDiagnostic[],
  base: string,
): unknown[][] {
  return diagnostics.map((d) => [
    d.path.slice(base.length).replace(/^\//, ""),
    d.line,
    d.column,
    d.severity,
    d.code,
  ]);
}

describe("checkSkills()", () => {
  it("finds every planted problem in fixtures/broken, each at its file and line", () => {
    const report = checkSkills({ paths: [BROKEN], home: "/home/ada" });
    assert.deepEqual(rows(report.diagnostics, BROKEN), [
      ["Upper-Case/SKILL.md", 2, undefined, "error", "name_case"],
      [`${LONG_NAME}/SKILL.md`, 2, undefined, "error", "name_length"],
      ["case-variants", undefined, undefined, "warning", "ambiguous_manifest"],
      ["dir-manifest/SKILL.md", undefined, undefined, "error", "not_a_file"],
      ["dir-name/SKILL.md", 2, undefined, "error", "name_mismatch"],
      ["double--hyphen/SKILL.md", 2, undefined, "error", "name_hyphens"],
      // The skipped copy is a duplicate, not also a name_mismatch.
      ["dup-copy/SKILL.md", undefined, undefined, "error", "duplicate_skill"],
      ["duplicate-key/SKILL.md", 4, 1, "error", "invalid_skill"],
      ["edge-hyphens/SKILL.md", 2, undefined, "error", "name_mismatch"],
      ["edge-hyphens/SKILL.md", 2, undefined, "error", "name_hyphens"],
      ["empty-description/SKILL.md", 3, undefined, "error", "invalid_skill"],
      ["empty-frontmatter/SKILL.md", 2, undefined, "error", "invalid_skill"],
      [
        "escaping-link/dangling.md",
        undefined,
        undefined,
        "warning",
        "dangling_symlink",
      ],
      [
        "escaping-link/fill.py",
        undefined,
        undefined,
        "warning",
        "resource_escape",
      ],
      ["extra-fields/SKILL.md", 4, undefined, "info", "unknown_field"],
      ["extra-fields/SKILL.md", 5, undefined, "info", "unknown_field"],
      ["extra-fields/SKILL.md", 6, undefined, "info", "unknown_field"],
      ["field-types/SKILL.md", 4, undefined, "warning", "field_type"],
      ["field-types/SKILL.md", 5, undefined, "error", "field_type"],
      ["field-types/SKILL.md", 6, undefined, "error", "field_type"],
      ["long-body/SKILL.md", 501, undefined, "info", "body_length"],
      [
        "long-compatibility/SKILL.md",
        4,
        undefined,
        "error",
        "compatibility_length",
      ],
      [
        "long-description/SKILL.md",
        3,
        undefined,
        "error",
        "description_length",
      ],
      ["missing-fence/SKILL.md", 1, undefined, "error", "invalid_skill"],
      ["missing-name/SKILL.md", 1, undefined, "error", "invalid_skill"],
      ["not-a-mapping/SKILL.md", 2, undefined, "error", "invalid_skill"],
      ["schema-errors/SKILL.md", 1, undefined, "error", "invalid_skill"],
      ["schema-errors/SKILL.md", 4, undefined, "error", "invalid_skill"],
      ["schema-errors/SKILL.md", 7, undefined, "error", "invalid_skill"],
      ["unclosed-fence/SKILL.md", 1, undefined, "error", "invalid_skill"],
      ["under_score/SKILL.md", 2, undefined, "error", "name_characters"],
      ["unquoted-colon/SKILL.md", 3, undefined, "error", "yaml_repaired"],
    ]);
    assert.deepEqual(report.counts, { error: 24, warning: 4, info: 4 });
    assert.equal(report.skills.length, 16);
  });

  it("reports each schema problem with its own field path", () => {
    const report = checkSkills({
      paths: [join(BROKEN, "schema-errors")],
      home: "/h",
    });
    assert.deepEqual(report.diagnostics.map((d) => d.message), [
      "frontmatter.description: is required",
      "frontmatter.allowed-tools[1]: expected string, received number",
      "frontmatter.user-invocable: expected true or false",
    ]);
    assert.deepEqual(report.diagnostics.map((d) => d.skill), [
      "schema-errors",
      "schema-errors",
      "schema-errors",
    ]);
  });

  it("checks a single skill directory as well as a root", () => {
    const report = checkSkills({
      paths: [join(BROKEN, "under_score")],
      home: "/h",
    });
    assert.deepEqual(rows(report.diagnostics, BROKEN), [
      ["under_score/SKILL.md", 2, undefined, "error", "name_characters"],
    ]);
    assert.deepEqual(report.skills.map((skill) => skill.name), ["under_score"]);
  });

  it("checks a directory reached twice (here through a symlink) once", () => {
    const base = tree({
      "store/under_score/SKILL.md": manifest("under_score"),
    });
    link(join(base, "store"), join(base, "linked"));
    const report = checkSkills({
      paths: [join(base, "linked"), join(base, "store")],
      home: "/h",
    });
    assert.deepEqual(report.diagnostics.map((d) => [d.code, d.path]), [
      ["name_characters", join(base, "store", "under_score", "SKILL.md")],
    ]);
    assert.equal(report.skills.length, 1);
  });

  it("reports nothing but notes for a clean store", () => {
    const root = tree({
      "clean/SKILL.md": manifest("clean", "Clean.", {
        extra: "license: MIT\n",
      }),
    });
    const report = checkSkills({ paths: [root], home: "/h" });
    assert.deepEqual(report.diagnostics, []);
    assert.deepEqual(report.counts, { error: 0, warning: 0, info: 0 });
  });

  it("reports a FIFO manifest as a not_a_file error without blocking", () => {
    const root = tree({ "ok/SKILL.md": manifest("ok") });
    mkdirSync(join(root, "fifo"));
    makeFifo(join(root, "fifo", "SKILL.md"));
    const report = checkSkills({ paths: [root], home: "/h" });
    assert.deepEqual(rows(report.diagnostics, root), [
      ["fifo/SKILL.md", undefined, undefined, "error", "not_a_file"],
    ]);
  });

  it("calls a skill whose resource directory cannot be listed a warning, as loading does", () => {
    const base = tree({ "store/deep/SKILL.md": manifest("deep") });
    const store = join(base, "store");
    const scripts = join(store, "deep", "scripts");
    nestDeep(base, scripts, 17);
    try {
      const limits = { maxResourceDepth: 32 };
      const { options: loadOptions, warnings } = options(store, limits);
      const loaded = createAgentSkills(loadOptions).loadSkill("deep");
      assert.equal(loaded?.name, "deep");
      assert.deepEqual(codes(warnings), ["unreadable"]);

      const report = checkSkills({ paths: [store], home: "/h", ...limits });
      assert.deepEqual(report.skills.map((skill) => skill.name), ["deep"]);
      assert.deepEqual(
        report.diagnostics.map((d) => [d.severity, d.code, d.skill]),
        [["warning", "unreadable", "deep"]],
      );
      assert.ok(
        report.diagnostics[0]?.path.startsWith(join(scripts, LONG_DIR)),
      );
      assert.deepEqual(report.counts, { error: 0, warning: 1, info: 0 });
    } finally {
      removeDeep(base, scripts);
    }
  });

  it("passes bad options on as StartupError", () => {
    assert.throws(
      () => checkSkills({ paths: [], home: "/h" }),
      (error) =>
        error instanceof StartupError && error.code === "empty_roots" &&
        error.message.includes('"paths"'),
    );
  });

  it("refuses options that are not an object, or without paths, never checking a preset", () => {
    const cases: Array<[unknown, string]> = [
      [null, "must be an object"],
      ["skills", "must be an object"],
      [{}, 'Option "paths" is required'],
      [{ home: "/h" }, 'Option "paths" is required'],
      // deno-lint-ignore no-sparse-arrays
      [{ paths: [, "/a"], home: "/h" }, '"paths[0]" is a hole'],
      [{ paths: "/a", home: "/h" }, '"paths" must be an array'],
    ];
    for (const [options, message] of cases) {
      assert.throws(
        () => checkSkills(options as CheckSkillsOptions),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          error.message.includes(message),
        String(message),
      );
    }
  });
});

describe("checkSkills() on a path with nothing to check", () => {
  function verdict(path: string): unknown[][] {
    const report = checkSkills({ paths: [path], home: "/h" });
    return report.diagnostics.map((d) => [d.severity, d.code, d.path]);
  }

  it("calls a path that does not exist an error", () => {
    const base = tree();
    const missing = join(base, "no", "such", "dir");
    assert.deepEqual(verdict(missing), [["error", "path_not_found", missing]]);
  });

  it("calls a path that cannot be read an error", () => {
    const base = tree();
    const loop = join(base, "loop");
    link(loop, loop);
    const report = checkSkills({ paths: [loop], home: "/h" });
    assert.deepEqual(
      report.diagnostics.map((d) => [d.severity, d.code, d.path]),
      [["error", "unreadable", loop]],
    );
    assert.match(
      report.diagnostics[0]?.message ?? "",
      /too many levels of symlinks/,
    );
  });

  it("calls a file that is not a manifest an error", () => {
    const base = tree({ "notes.txt": "x" });
    const file = join(base, "notes.txt");
    assert.deepEqual(verdict(file), [["error", "root_not_directory", file]]);
  });

  it("checks the directory of a SKILL.md given itself", () => {
    const base = tree({ "under_score/SKILL.md": manifest("under_score") });
    const report = checkSkills({
      paths: [join(base, "under_score", "SKILL.md")],
      home: "/h",
    });
    assert.deepEqual(report.skills.map((skill) => skill.name), ["under_score"]);
    assert.deepEqual(report.diagnostics.map((d) => d.code), [
      "name_characters",
    ]);
  });

  for (
    const [what, files] of [
      ["an empty directory", {}],
      ["a directory whose only file is SKILLS.md", { "SKILLS.md": "x" }],
      ["a directory of directories without manifests", { "a/README.md": "x" }],
    ] as Array<[string, Record<string, string>]>
  ) {
    it(`calls ${what} no_skills, naming what was looked for`, () => {
      const base = tree(files);
      const report = checkSkills({ paths: [base], home: "/h" });
      assert.deepEqual(
        report.diagnostics.map((d) => [d.severity, d.code, d.path]),
        [["error", "no_skills", base]],
      );
      assert.match(
        report.diagnostics[0]?.message ?? "",
        /no SKILL\.md in it or in any directory one level below$/,
      );
    });
  }

  it("says where skills nested two levels down are, and which root to check", () => {
    const base = tree({ ".curated/pdf/SKILL.md": manifest("pdf") });
    const report = checkSkills({ paths: [base], home: "/h" });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["no_skills"]);
    assert.match(
      report.diagnostics[0]?.message ?? "",
      new RegExp(
        `found \\.curated/pdf/SKILL\\.md: skills are one level below a root, so check ${
          join(base, ".curated").replaceAll("/", "\\/").replaceAll(".", "\\.")
        } instead$`,
      ),
    );
  });

  it("names every directory that holds skills two levels down, as openai/skills lays them out", () => {
    const base = tree({
      ".curated/pdf/SKILL.md": manifest("pdf"),
      ".curated/zip/SKILL.md": manifest("zip"),
      ".experimental/draw/SKILL.md": manifest("draw"),
      ".system/creator/SKILL.md": manifest("creator"),
      "docs/README.md": "not a skill",
    });
    const report = checkSkills({ paths: [base], home: "/h" });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["no_skills"]);
    assert.equal(
      report.diagnostics[0]?.message,
      `No skills in ${base}: no SKILL.md in it or in any directory one level below; found .curated/pdf/SKILL.md, .experimental/draw/SKILL.md, .system/creator/SKILL.md: skills are one level below a root, so check ${
        join(base, ".curated")
      } ${join(base, ".experimental")} ${join(base, ".system")} instead`,
    );
  });

  it("does not call a root of invalid skills empty", () => {
    const base = tree({ "bad/SKILL.md": "no frontmatter\n" });
    assert.deepEqual(verdict(base), [[
      "error",
      "invalid_skill",
      join(base, "bad", "SKILL.md"),
    ]]);
  });
});

describe("emptyRootLayout()", () => {
  it("says a root that does not exist is missing", () => {
    const base = tree({});
    assert.deepEqual(emptyRootLayout(join(base, "nothing")), {
      kind: "missing",
    });
  });

  it("says a directory holding its own manifest (any case) is a skill directory", () => {
    const base = tree({
      "upper/SKILL.md": manifest("upper"),
      "lower/skill.md": manifest("lower"),
    });
    for (const dir of ["upper", "lower"]) {
      assert.deepEqual(emptyRootLayout(join(base, dir)), {
        kind: "skill_directory",
      });
    }
  });

  it("names each directory whose own directories hold skills, with one manifest each", () => {
    const base = tree({
      ".curated/pdf/SKILL.md": manifest("pdf"),
      ".curated/zip/SKILL.md": manifest("zip"),
      "more/draw/SKILL.md": manifest("draw"),
      "docs/README.md": "not a skill",
    });
    assert.deepEqual(emptyRootLayout(base), {
      kind: "nested",
      nested: [
        { dir: join(base, ".curated"), example: ".curated/pdf/SKILL.md" },
        { dir: join(base, "more"), example: "more/draw/SKILL.md" },
      ],
    });
  });

  it("says a marketplace holds plugins, and gives the depth of many category folders", () => {
    const market = tree({
      ".claude-plugin/marketplace.json": '{"plugins": []}',
      "plugins/a/skills/x/SKILL.md": manifest("x"),
    });
    assert.deepEqual(emptyRootLayout(market), {
      kind: "plugins",
      examples: ["plugins/a/skills/x/SKILL.md"],
    });
    const files: Record<string, string> = {};
    for (const c of ["a", "b", "c", "d"]) {
      files[`${c}/sub/s-${c}/SKILL.md`] = manifest(`s-${c}`);
    }
    assert.deepEqual(emptyRootLayout(tree(files)), {
      kind: "deeper",
      depth: 3,
      examples: [
        "a/sub/s-a/SKILL.md",
        "b/sub/s-b/SKILL.md",
        "c/sub/s-c/SKILL.md",
        "d/sub/s-d/SKILL.md",
      ],
    });
  });

  it("says other for an empty root, a file, and a root whose skills are one level down", () => {
    const base = tree({
      "empty/.keep": "",
      "file.txt": "not a root",
      "store/pdf/SKILL.md": "no frontmatter\n",
    });
    for (const path of ["empty", "file.txt", "store"]) {
      assert.deepEqual(emptyRootLayout(join(base, path)), { kind: "other" });
    }
  });
});

describe("CHECK_RULES", () => {
  it("holds each spec rule once per message, frozen, with a code, a severity and the spec's sentence", () => {
    assert.ok(Object.isFrozen(CHECK_RULES));
    for (const rule of CHECK_RULES) {
      assert.ok(Object.isFrozen(rule));
      assert.deepEqual(Object.keys(rule), ["code", "severity", "spec"]);
      assert.ok(["error", "warning", "info"].includes(rule.severity));
      assert.match(rule.spec, /\.$/);
    }
    const codes = new Set(CHECK_RULES.map((rule) => rule.code));
    for (
      const code of [
        "manifest_name",
        "name_length",
        "name_case",
        "name_characters",
        "name_hyphens",
        "description_length",
        "compatibility_length",
        "field_type",
        "body_length",
        "allowed_tools_list",
        "unknown_field",
      ]
    ) {
      assert.ok(codes.has(code as SkillDiagnostic["code"]), code);
    }
  });

  it("gives every rule code a check reports, at the rule's severity", () => {
    const report = checkSkills({ paths: [BROKEN], home: "/h" });
    const ruled = report.diagnostics.filter((d) =>
      CHECK_RULES.some((rule) => rule.code === d.code)
    );
    assert.ok(ruled.length > 0);
    for (const d of ruled) {
      assert.ok(
        CHECK_RULES.some((rule) =>
          rule.code === d.code && rule.severity === d.severity
        ),
        `${d.code} ${d.severity}`,
      );
    }
  });
});

describe("checkSkills() on manifests other hosts miss", () => {
  it("calls a mixed-case manifest name an error and skill.md a warning", () => {
    const base = tree({
      "mixed/Skill.md": manifest("mixed"),
      "lower/skill.md": manifest("lower"),
      "upper/SKILL.md": manifest("upper"),
    });
    const report = checkSkills({ paths: [base], home: "/h" });
    assert.deepEqual(rows(report.diagnostics, base), [
      ["lower/skill.md", 1, undefined, "warning", "manifest_name"],
      ["mixed/Skill.md", 1, undefined, "error", "manifest_name"],
    ]);
    // Discovery still loads all three.
    assert.deepEqual(report.skills.map((skill) => skill.name).sort(), [
      "lower",
      "mixed",
      "upper",
    ]);
  });

  it("calls a manifest that loads only through the YAML repair an error", () => {
    const base = tree({
      "colon/SKILL.md":
        "---\nname: colon\ndescription: Use when: asked\n---\nbody\n",
    });
    const report = checkSkills({ paths: [base], home: "/h" });
    assert.deepEqual(rows(report.diagnostics, base), [
      ["colon/SKILL.md", 3, undefined, "error", "yaml_repaired"],
    ]);
    assert.deepEqual(report.skills.map((skill) => skill.name), ["colon"]);
  });
});

describe("checkSkills() severities: the spec's musts are errors, its advice notes", () => {
  function codesOf(extra: string, body?: string): unknown[][] {
    const base = tree({
      "s/SKILL.md": manifest("s", "The s skill.", {
        extra,
        ...(body === undefined ? {} : { body }),
      }),
    });
    const report = checkSkills({ paths: [base], home: "/h" });
    return report.diagnostics.map((d) => [d.severity, d.code, d.line]);
  }

  it("calls an empty compatibility an error, and one with no value too", () => {
    assert.deepEqual(codesOf('compatibility: ""\n'), [
      ["error", "compatibility_length", 4],
    ]);
    assert.deepEqual(codesOf("compatibility:\n"), [["error", "field_type", 4]]);
  });

  it("calls metadata that is not a map of strings an error, a license that is not a string a warning", () => {
    assert.deepEqual(codesOf("metadata: [a, b]\nlicense: [MIT]\n"), [
      ["error", "field_type", 4],
      ["warning", "field_type", 5],
    ]);
  });

  it("notes allowed-tools written as a YAML list, block or flow", () => {
    assert.deepEqual(codesOf("allowed-tools:\n  - Read\n  - Write\n"), [
      ["info", "allowed_tools_list", 4],
    ]);
    assert.deepEqual(codesOf("allowed-tools: [Read, Write]\n"), [
      ["info", "allowed_tools_list", 4],
    ]);
    assert.deepEqual(codesOf("allowed-tools: Read Write\n"), []);
  });

  it("notes a body over 500 lines, never failing on it", () => {
    const body = Array.from({ length: 501 }, (_, i) => `line ${i}`).join("\n");
    assert.deepEqual(codesOf("", body), [["info", "body_length", 501]]);
  });
});

describe("checkSkills() on Unicode, read the way the reference reads it", () => {
  function verdict(dir: string, name: string, description = "D."): unknown[][] {
    const base = tree({
      [`${dir}/SKILL.md`]:
        `---\nname: ${name}\ndescription: ${description}\n---\nbody\n`,
    });
    const report = checkSkills({ paths: [base], home: "/h" });
    return report.diagnostics.map((d) => [d.severity, d.code]);
  }

  it("accepts lower-case names in any script", () => {
    assert.deepEqual(verdict("技能", "技能"), []);
    assert.deepEqual(verdict("мой-навык", "мой-навык"), []);
  });

  it("calls an upper-case name in any script name_case", () => {
    assert.deepEqual(verdict("НАВЫК", "НАВЫК"), [["error", "name_case"]]);
  });

  it("calls punctuation and symbols name_characters, whatever the script", () => {
    assert.deepEqual(verdict("a_b", "a_b"), [["error", "name_characters"]]);
    assert.deepEqual(verdict("a★b", "a★b"), [["error", "name_characters"]]);
  });

  it("matches a decomposed name to its composed directory (NFKC)", () => {
    const composed = "caf\u00e9";
    const decomposed = "cafe\u0301";
    assert.deepEqual(verdict(composed, decomposed), []);
  });

  it("counts lengths in code points, not UTF-16 units", () => {
    assert.deepEqual(verdict("e", "e", "😀".repeat(600)), []);
    assert.deepEqual(verdict("e", "e", "😀".repeat(1025)), [[
      "error",
      "description_length",
    ]]);
    assert.deepEqual(verdict("n", "😀".repeat(33)), [[
      "error",
      "name_mismatch",
    ], ["error", "name_characters"]]);
  });
});

describe("checkSkills() positions", () => {
  function positions(text: string): unknown[][] {
    const base = tree({ "s/SKILL.md": text });
    const report = checkSkills({ paths: [base], home: "/h" });
    return report.diagnostics.map((d) => [d.code, d.line, d.column]);
  }

  it("puts a flow mapping's findings on the mapping's line", () => {
    assert.deepEqual(
      positions("---\n{name: Bad_Name, description: d}\n---\nbody\n"),
      [
        ["name_mismatch", 2, undefined],
        ["name_case", 2, undefined],
        ["name_characters", 2, undefined],
      ],
    );
  });

  it("counts the whole SKILL.md, blank lines included, for the 500-line advice", () => {
    const header = "---\nname: s\ndescription: d\n---\n";
    const fill = (lines: number): string => "\n".repeat(lines);
    assert.deepEqual(positions(header + fill(496)), []); // 500 lines
    assert.deepEqual(positions(header + fill(497)), [[
      "body_length",
      501,
      undefined,
    ]]);
  });

  it("keeps lines and columns with a BOM and CRLF line endings", () => {
    const crlf = (text: string): string => text.replaceAll("\n", "\r\n");
    assert.deepEqual(
      positions(
        crlf("\uFEFF---\nname: s\ndescription: d\nlicense: [a]\n---\n"),
      ),
      [["field_type", 4, undefined]],
    );
    assert.deepEqual(
      positions(crlf("\uFEFF---\nname: s\ndescription: d\nx: [a\n---\n")),
      [["invalid_skill", 4, 6]],
    );
    assert.deepEqual(
      positions(crlf("\uFEFF---\nname: s\nuser-invocable: maybe\n---\n")),
      [["invalid_skill", 1, undefined], ["invalid_skill", 3, undefined]],
    );
  });
});
