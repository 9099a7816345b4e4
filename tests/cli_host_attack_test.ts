// `check --host` and `why --host` attacked through main(), in-process:
// hostile characters in every field a host rule or listing shows, a name cut
// in the table or a listing cut in `why` (never inside a surrogate pair), and
// every format staying what it says it is.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { main } from "@clarvis/agent-skills/cli";
import { manifest, tempTrees } from "./_helpers.ts";

const tree = tempTrees();

interface Written {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Written {
  const written = { stdout: "", stderr: "" };
  const code = main(args, {
    stdout: (text) => (written.stdout += text),
    stderr: (text) => (written.stderr += text),
    color: false,
    columns: 100,
    cwd: "/",
  });
  return { code, ...written };
}

/** What acts on a terminal or shows as nothing, or half a surrogate pair. */
const UNSAFE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|\p{Cs}/u;

function assertSafe(label: string, text: string): void {
  for (const line of text.split("\n")) {
    assert.ok(!UNSAFE.test(line), `${label}: ${JSON.stringify(line)}`);
  }
}

/** A YAML double-quoted scalar of every character a terminal acts on. */
const HOSTILE =
  "\\e[2J\\a\\u009b2J\\u202e\\x7f\\nforged\\r\\u200b\\U000E0041\\u00ad\\u2061\\ufe0f\\u3164\\u2028 <b> \\0";

describe("check --host all: hostile text in every format", () => {
  const root = tree({
    "evil/SKILL.md":
      `---\nname: evil\ndescription: "${HOSTILE}"\nwhen_to_use: "${HOSTILE}"\nversion: "${HOSTILE}"\nmetadata:\n  short-description: "${HOSTILE}"\n---\nbody\n`,
    "pdf:forms/SKILL.md": manifest('"pdf:forms"', `"${HOSTILE}"`),
  });

  it("writes no raw control in text and github", () => {
    for (const format of ["text", "github"]) {
      const out = run(["check", "--host", "all", "--format", format, root]);
      assert.equal(out.code, 1);
      assertSafe(format, out.stdout + out.stderr);
      assert.match(out.stdout, /claude_ai_angle_brackets/);
    }
  });

  it("keeps json and sarif valid, each a document of the shape it claims", () => {
    const json = run(["check", "--host", "all", "--format", "json", root]);
    const document = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(document.hosts), [
      "claude-code",
      "codex",
      "claude-ai",
      "gemini",
      "spec",
    ]);
    assert.ok(
      document.diagnostics.every((d: { host?: string; source?: string }) =>
        d.host === undefined || (d.source ?? "").length > 0
      ),
    );
    const sarif = JSON.parse(
      run(["check", "--host", "all", "--format", "sarif", root]).stdout,
    );
    assert.equal(sarif.version, "2.1.0");
    const [only] = sarif.runs;
    const ids = only.tool.driver.rules.map((rule: { id: string }) => rule.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const result of only.results) {
      assert.ok(ids.includes(result.ruleId), result.ruleId);
      assert.ok(["error", "warning", "note"].includes(result.level));
    }
  });

  it("why --host all lists the skill without a raw control, json intact", () => {
    const out = run(["why", "evil", root, "--host", "all"]);
    assertSafe("why", out.stdout + out.stderr);
    const json = JSON.parse(
      run(["why", "evil", root, "--host", "all", "--json"]).stdout,
    );
    assert.equal(json.candidates[0].listings.length, 5);
  });
});

describe("check --host all and why --host: a cut never halves a character", () => {
  // Before: cut() sliced UTF-16 units, so a name of emoji cut at 40 showed
  // "…\ud83d…" in the table, and a listing cut at 200 did the same.
  const name = "\u{1F600}".repeat(30);
  const description = `${"d".repeat(198)}\u{1F600}\u{1F600} and more`;
  const root = tree({
    [`${name}/SKILL.md`]: manifest(name, description),
  });

  it("cuts a long name in the table before a surrogate pair", () => {
    const out = run(["check", "--host", "all", root]);
    assertSafe("table", out.stdout);
    assert.doesNotMatch(out.stdout, /\\ud83d/);
    assert.match(out.stdout, /\u{1F600}…/u);
  });

  it("cuts a long listing in why before a surrogate pair", () => {
    const out = run(["why", name, root, "--host", "claude-code"]);
    assertSafe("why", out.stdout);
    assert.doesNotMatch(out.stdout, /\\ud83d/);
  });
});

describe("--host where it does not apply", () => {
  const root = tree({ "pdf/SKILL.md": manifest("pdf") });

  it("is a usage error that names check and why, not a misspelt --root", () => {
    for (
      const args of [
        ["list", "--host", "codex", root],
        ["show", "pdf", "--host=codex", root],
      ]
    ) {
      const out = run(args);
      assert.equal(out.code, 2);
      assert.doesNotMatch(out.stderr, /did you mean --root/);
      assert.match(out.stderr, /check --host .*why NAME --host/);
    }
  });
});
