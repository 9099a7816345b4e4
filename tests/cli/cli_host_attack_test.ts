// `check --host` and `why --host` attacked through main(), in-process:
// hostile characters in every field a host rule or listing shows, a name cut
// in the table or a listing cut in `why` (never inside a surrogate pair), and
// every format staying what it says it is.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { main } from "@clarvis/agent-skills/cli";
import { manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

interface Written {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[]): Promise<Written> {
  const written = { stdout: "", stderr: "" };
  const code = await main(args, {
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

  it("writes no raw control in text and github", async () => {
    for (const format of ["text", "github"]) {
      const out = await run([
        "check",
        "--host",
        "all",
        "--format",
        format,
        root,
      ]);
      assert.equal(out.code, 1);
      assertSafe(format, out.stdout + out.stderr);
      assert.match(out.stdout, /claude_ai_angle_brackets/);
    }
  });

  it("keeps json and sarif valid, each a document of the shape it claims", async () => {
    const json = await run([
      "check",
      "--host",
      "all",
      "--format",
      "json",
      root,
    ]);
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
      (await run(["check", "--host", "all", "--format", "sarif", root])).stdout,
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

  it("why --host all lists the skill without a raw control, json intact", async () => {
    const out = await run(["why", "evil", root, "--host", "all"]);
    assertSafe("why", out.stdout + out.stderr);
    const json = JSON.parse(
      (await run(["why", "evil", root, "--host", "all", "--json"])).stdout,
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

  it("cuts a long name in the table before a surrogate pair", async () => {
    const out = await run(["check", "--host", "all", root]);
    assertSafe("table", out.stdout);
    assert.doesNotMatch(out.stdout, /\\ud83d/);
    assert.match(out.stdout, /\u{1F600}…/u);
  });

  it("cuts a long listing in why before a surrogate pair", async () => {
    const out = await run(["why", name, root, "--host", "claude-code"]);
    assertSafe("why", out.stdout);
    assert.doesNotMatch(out.stdout, /\\ud83d/);
  });
});

describe("--host where it does not apply", () => {
  const root = tree({ "pdf/SKILL.md": manifest("pdf") });

  it("is a usage error that names check and why, not a misspelt --root", async () => {
    for (
      const args of [
        ["list", "--host", "codex", root],
        ["show", "pdf", "--host=codex", root],
      ]
    ) {
      const out = await run(args);
      assert.equal(out.code, 2);
      assert.doesNotMatch(out.stderr, /did you mean --root/);
      assert.match(out.stderr, /check --host .*why NAME --host/);
    }
  });
});

describe("why --host: whether each host loads the skill, first", () => {
  /** A name and description of controls, bidi and zero-width characters. */
  const NAME = "evil\u202e\u200b\u2066x\u2069";
  const root = tree({
    // A directory other than its name (name_mismatch), a name of characters
    // no spec takes, < > in the description, a nested archive whose name
    // holds the same characters: refused by claude-ai and spec.
    "dir/SKILL.md": manifest(
      '"evil\\u202e\\u200b\\u2066x\\u2069"',
      '"Line\\u2028two \\u202egnp.exe <b>\\e[31m"',
    ),
    "dir/a\u202e\u200b\x1b[2J.zip": "PK",
  });

  it("says each host's verdict, then why, with no raw control or invisible character", async () => {
    const out = await run(["why", NAME, root, "--host", "all"]);
    assert.equal(out.code, 0);
    assertSafe("why", out.stdout + out.stderr);
    assert.match(out.stdout, /^ {2}claude-ai refuses its upload:$/m);
    assert.match(out.stdout, /^ {2}spec fails it:$/m);
    assert.match(out.stdout, /^ {4}error \[nested_archive\] "a\\u202e/m);
    // Escaped once: the name quoted, each acting character written \uXXXX.
    assert.match(
      out.stdout,
      /^ {2}gemini lists "evil\\u202e\\u200b\\u2066x\\u2069": /m,
    );
  });

  it("gives check's verdicts in the table, its columns aligned whatever the name holds", async () => {
    const out = await run(["check", root, "--host", "all"]);
    assertSafe("table", out.stdout);
    const lines = out.stdout.split("\n");
    const header = lines.findIndex((line) => line.startsWith("skill "));
    const starts = ["claude-code", "codex", "claude-ai", "gemini", "spec"].map(
      (host) => lines[header]?.indexOf(host) ?? -1,
    );
    const rows = lines.slice(header + 1, header + 3);
    assert.equal(rows.length, 2);
    for (const line of rows) {
      for (const start of starts) {
        assert.equal(line[start - 1], " ", line);
        assert.notEqual(line[start], " ", line);
      }
    }
    const [row] = rows;
    // claude-ai: angle brackets, name characters, the nested archive;
    // spec: name characters, name_mismatch.
    // codex collapses the description's line separator: a warning.
    assert.match(row ?? "", /^evil\\u202e\S* +ok +1W +3E +ok +2E$/);
    const json = JSON.parse(
      (await run(["check", root, "--host", "all", "--format", "json"])).stdout,
    );
    assert.deepEqual(json.verdicts[0].hosts, {
      "claude-code": "loads",
      codex: "changes",
      "claude-ai": "refuses",
      gemini: "loads",
      spec: "refuses",
    });
    assert.deepEqual(json.hosts["claude-ai"], {
      error: 3,
      warning: 0,
      info: 0,
    });
  });
});

describe("--host given oddly", () => {
  const root = tree({ "pdf/SKILL.md": manifest("pdf") });
  const hosts = async (args: string[]) => {
    const out = await run(["check", root, ...args, "--format", "json"]);
    return {
      code: out.code,
      hosts: Object.keys(JSON.parse(out.stdout).hosts ?? {}),
    };
  };

  it("takes any case, a comma-separated list, blanks around a name, each host once", async () => {
    const all = ["claude-code", "codex", "claude-ai", "gemini", "spec"];
    assert.deepEqual((await hosts(["--host", "ALL"])).hosts, all);
    assert.deepEqual((await hosts(["--host", "spec,spec"])).hosts, ["spec"]);
    assert.deepEqual(
      (await hosts(["--host", "Spec", "--host", "spec"])).hosts,
      [
        "spec",
      ],
    );
    assert.deepEqual((await hosts(["--host", " SPEC , Codex"])).hosts, [
      "codex",
      "spec",
    ]);
    assert.deepEqual((await hosts(["--host", "codex,all"])).hosts, all);
    const table = await run(["check", root, "--host", "All"]);
    assert.match(
      table.stdout,
      /^skill +claude-code +codex +claude-ai +gemini +spec$/m,
    );
    const why = await run([
      "why",
      "pdf",
      root,
      "--host",
      "CODEX,gemini",
      "--json",
    ]);
    assert.deepEqual(
      JSON.parse(why.stdout).candidates[0].verdicts.map((v: { host: string }) =>
        v.host
      ),
      ["codex", "gemini"],
    );
  });

  it("refuses an unknown or empty name in a list as a usage error naming it", async () => {
    for (
      const [value, named] of [
        ["codex,bogus", /unknown host "bogus"/],
        ["spec,", /unknown host ""/],
        [",", /unknown host ""/],
        ["codex;spec", /unknown host "codex;spec"/],
        ["\u202espec", /unknown host "\\u202espec"/],
      ] as const
    ) {
      for (const command of [["check", root], ["why", "pdf", root]]) {
        const out = await run([...command, "--host", value]);
        assert.equal(out.code, 2, value);
        assert.match(out.stderr, named);
        assertSafe(value, out.stderr);
      }
    }
  });
});
