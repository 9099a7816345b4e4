// `agent-skills check` of archives among other paths (src/cli/archive.ts,
// src/cli/check.ts), in-process through main(): whatever fails, one run
// prints one document, a refused archive a diagnostic in it beside every
// other path's, in each format (text, json, github, sarif).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, runMain, tempTrees } from "../_helpers.ts";
import { rawZip, zip } from "../archive/_archive.ts";

const tree = tempTrees();

/** An acting character: control (C0, DEL, C1), bidi, zero-width. */
const ACTING =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const FORMATS: readonly string[][] = [
  ["--format", "text"],
  ["--format", "json"],
  ["--json"],
  ["--format", "github"],
  ["--format", "sarif"],
];

/**
 * A working directory holding a skill directory with a note
 * (`unknown_field`), a good archive, and archives that are refused: an
 * entry `../../x` (`unsafe_path`), an end record that hides entries
 * (`corrupt`), text that is no zip (`not_a_zip`).
 */
function store(): string {
  const cwd = tree({
    "skills/pdf/SKILL.md": manifest("pdf", "The pdf skill.", {
      extra: "extra-key: 1\n",
    }),
  });
  writeFileSync(join(cwd, "good.skill"), zip({ "s/SKILL.md": manifest("s") }));
  writeFileSync(
    join(cwd, "bad.skill"),
    zip({ "s/SKILL.md": manifest("s"), "../../x": "x" }),
  );
  writeFileSync(
    join(cwd, "lies.skill"),
    rawZip([
      { name: "s/SKILL.md", data: manifest("s") },
      { name: "../../x", data: "x" },
      { name: "t/y.md", data: "y" },
    ], { count: 1 }),
  );
  writeFileSync(join(cwd, "text.zip"), "not a zip");
  return cwd;
}

/** The code and path of each diagnostic of a JSON report, relative to cwd. */
function located(
  report: { diagnostics: { code: string; path: string }[] },
  cwd: string,
): string[] {
  return report.diagnostics.map((d) =>
    `${d.code} ${d.path.slice(cwd.length + 1)}`
  ).sort();
}

describe("agent-skills check of refused archives among other paths", () => {
  const paths = [
    "bad.skill",
    "skills/pdf",
    "lies.skill",
    "good.skill",
    "text.zip",
    "missing.skill",
  ];
  const expected = [
    "corrupt lies.skill",
    "not_a_zip text.zip",
    "unknown_field skills/pdf/SKILL.md",
    "unreadable missing.skill",
    "unsafe_path bad.skill",
  ];

  it("prints one JSON document of every path's diagnostics, each refused archive an error at its path (exit 1)", async () => {
    const cwd = store();
    for (const format of [["--format", "json"], ["--json"]]) {
      const { code, out, err } = await runMain(["check", ...paths, ...format], {
        columns: 100,
        cwd,
      });
      assert.equal(code, 1, err);
      assert.equal(err, "");
      const report = JSON.parse(out);
      assert.deepEqual(located(report, cwd), expected);
      assert.equal(report.ok, false);
      assert.deepEqual(report.counts, { error: 4, warning: 0, info: 1 });
      assert.equal(report.skills, 2);
      const bad = report.diagnostics.find((d: { code: string }) =>
        d.code === "unsafe_path"
      );
      assert.equal(bad.severity, "error");
      assert.match(bad.message, /\.\.\/\.\.\/x/);
    }
  });

  it("prints one SARIF document with a result for each refused archive beside the others", async () => {
    const cwd = store();
    const { code, out, err } = await runMain(
      ["check", ...paths, "--format", "sarif"],
      { columns: 100, cwd },
    );
    assert.equal(code, 1, err);
    assert.equal(err, "");
    const document = JSON.parse(out);
    const results = document.runs[0].results as {
      ruleId: string;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
    assert.deepEqual(
      results.map((r) =>
        `${r.ruleId} ${r.locations[0]?.physicalLocation.artifactLocation.uri}`
      ).sort(),
      expected,
    );
    assert.equal(
      results.find((r) => r.ruleId === "corrupt")?.level,
      "error",
    );
    const rules = document.runs[0].tool.driver.rules.map((r: { id: string }) =>
      r.id
    );
    assert.ok(rules.includes("unsafe_path"), rules.join(" "));
  });

  it("prints a GitHub workflow command for each refused archive beside the others, then the summary", async () => {
    const cwd = store();
    const { code, out, err } = await runMain(
      ["check", ...paths, "--format", "github"],
      { columns: 100, cwd },
    );
    assert.equal(code, 1, err);
    assert.equal(err, "");
    assert.match(out, /^::error file=bad\.skill,title=unsafe_path::/m);
    assert.match(out, /^::error file=lies\.skill,title=corrupt::/m);
    assert.match(out, /^::error file=missing\.skill,title=unreadable::/m);
    assert.match(
      out,
      /^::notice file=skills\/pdf\/SKILL\.md,line=\d+(,col=\d+)?,title=unknown_field::/m,
    );
    assert.match(
      out,
      /::notice title=agent-skills check::4 errors, 0 warnings, 1 note in 2 loadable skills\n$/,
    );
  });

  it("prints each refused archive as a line of the report in text, then the summary, nothing on stderr", async () => {
    const cwd = store();
    const { code, out, err } = await runMain(["check", ...paths], {
      columns: 100,
      cwd,
    });
    assert.equal(code, 1, err);
    assert.equal(err, "");
    assert.match(
      out,
      /^bad\.skill: unsafe_path: .*\.\.\/\.\.\/x.* \[error\]$/m,
    );
    assert.match(out, /^lies\.skill: corrupt: .*end record.* \[error\]$/m);
    assert.match(out, /^text\.zip: not_a_zip: /m);
    assert.match(out, /^skills\/pdf\/SKILL\.md:\d+:\d+: unknown_field: /m);
    assert.match(
      out,
      /\n4 errors, 0 warnings, 1 note in 2 loadable skills\n$/,
    );
  });

  it("fails one refused archive alone in every format, one document each", async () => {
    const cwd = store();
    for (const format of FORMATS) {
      const { code, out, err } = await runMain([
        "check",
        "lies.skill",
        ...format,
      ], {
        columns: 100,
        cwd,
      });
      assert.equal(code, 1, format.join(" "));
      assert.equal(err, "", format.join(" "));
      assert.match(out, /corrupt/, format.join(" "));
      if (format.includes("json") || format.includes("--json")) {
        assert.equal(JSON.parse(out).diagnostics.length, 1);
      }
      if (format.includes("sarif")) {
        assert.equal(JSON.parse(out).runs[0].results.length, 1);
      }
    }
  });

  it("prints no raw control, bidi or zero-width character of a refused archive's name or entries, in any format; JSON parses", async () => {
    const cwd = store();
    const name = "e\u202evil\u009b2J\u200b\u001b[31m.skill";
    writeFileSync(
      join(cwd, name),
      zip({
        "s/SKILL.md": manifest("s"),
        "s/\u202e\u009b2J\u2028x.zip": "PK",
      }),
    );
    const lies = "\u2066lies\u2069.zip";
    writeFileSync(
      join(cwd, lies),
      rawZip([
        { name: "s/SKILL.md", data: manifest("s") },
        { name: "s/\u202ex\u0085.md", data: "x", gap: new Uint8Array(3) },
      ]),
    );
    for (const format of FORMATS) {
      const { code, out, err } = await runMain(
        ["check", name, lies, "skills/pdf", ...format],
        { columns: 100, cwd },
      );
      assert.equal(code, 1, format.join(" "));
      assert.doesNotMatch(out + err, ACTING, format.join(" "));
      assert.match(out, /nested_archive/);
      assert.match(out, /corrupt/);
      if (format.includes("json") || format.includes("--json")) {
        assert.equal(JSON.parse(out).diagnostics.length, 3);
      }
      if (format.includes("sarif")) {
        assert.equal(JSON.parse(out).runs[0].results.length, 3);
      }
    }
  });
});
