// The agent-skills command, run as a subprocess: `deno run --allow-read
// cli.ts` under Deno, the installed package's npm bin under Node and Bun
// (build:npm runs this file against the packed tarball). Deno runs this file
// with --allow-run, to start that subprocess; the CLI itself gets only
// --allow-read.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "@clarvis/agent-skills/cli";
import Ajv from "ajv";
import draft04 from "ajv/lib/refs/json-schema-draft-04.json" with {
  type: "json",
};
import sarifSchema from "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json" with {
  type: "json",
};
import { link, manifest, tempTrees } from "../../_helpers.ts";
import { zip } from "../../archive/_archive.ts";
import { runScript, RUNTIME } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const HOME = ["--home", "/nonexistent-home"];
const DEMO = [
  "--root",
  "fixtures/demo/user-store",
  "--root",
  "fixtures/demo/workspace-store",
  ...HOME,
];
const tree = tempTrees();

/**
 * The SARIF 2.1.0 JSON schema (its final draft, rtm.5, as
 * @microsoft/jest-sarif ships it; a draft-04 schema, read as that package's
 * own matcher reads it).
 */
const VALID_SARIF = (() => {
  const ajv = new Ajv({ schemaId: "auto", validateSchema: false });
  ajv.addMetaSchema(draft04);
  return ajv.compile(sarifSchema);
})();

type Run = ReturnType<typeof runScript>;

/** The CLI's entry: cli.ts under Deno, the installed package's bin elsewhere. */
const ENTRY = RUNTIME === "deno"
  ? join(ROOT, "cli.ts")
  : join(ROOT, "node_modules", "@clarvis", "agent-skills", "esm", "bin.cjs");

function cli(...args: string[]): Run {
  return runScript(ENTRY, args, {
    cwd: ROOT,
    deno: ["--allow-read", `--config=${join(ROOT, "deno.json")}`],
    node: [],
  });
}

function json(run: Run): Record<string, unknown> {
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe("agent-skills", () => {
  it("prints help with exit 0, and usage with exit 2 when no command is given", () => {
    const help = cli("--help");
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^agent-skills: /);
    for (const command of ["list", "show", "path", "check"]) {
      const run = cli(command, "--help");
      assert.equal(run.code, 0, command);
      assert.match(
        run.stdout,
        new RegExp(`^Usage: agent-skills ${command}`),
        command,
      );
    }
    const none = cli();
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Usage:/);
  });

  it("rejects unknown commands and flags with exit 2 and a hint", () => {
    const command = cli("lst");
    assert.equal(command.code, 2);
    assert.match(
      command.stderr,
      /unknown command "lst" \(did you mean list\?\)/,
    );
    const flag = cli("list", "--rot", "x");
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /unknown option --rot \(did you mean --root\?\)/);
    assert.match(flag.stderr, /Run agent-skills list --help for usage/);
    assert.equal(cli("show", ...DEMO).code, 2, "show without NAME");
    assert.equal(cli("list", "--preset", "other", ...HOME).code, 2);
  });

  it("exits 2 on a startup error, naming the bad value", () => {
    const run = cli("list", "--workspace", "/no/such/workspace", ...HOME);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /invalid_workspace: .*\/no\/such\/workspace/);
  });

  describe("list", () => {
    it("prints the catalog in 80 columns, with the skills each one overrides", () => {
      const run = cli("list", ...DEMO);
      assert.equal(run.code, 0);
      assert.equal(run.stderr, "");
      assert.equal(
        run.stdout,
        [
          "NAME             DESCRIPTION",
          "commit-messages  Write commit messages: a short imperative subject, a blank lin…",
          "pdf-forms        Fill in and flatten PDF forms. Use when the user asks to compl…",
          "release-notes    Draft release notes in this project's house style.",
          "                 overrides custom/custom: fixtures/demo/user-store/release-note…",
          "3 skills",
          "",
        ].join("\n"),
      );
      for (const line of run.stdout.split("\n")) {
        assert.ok(line.length <= 80, line);
      }
    });

    it("prints one JSON document with overrides and warnings as data", () => {
      const root = tree({
        "ok/SKILL.md": manifest("ok"),
        "bad/SKILL.md": "no fence",
      });
      const run = cli("list", "--root", root, "--json", ...HOME);
      assert.equal(run.code, 0);
      assert.equal(run.stderr, "");
      const doc = json(run) as {
        skills: Array<{ name: string; overrides: unknown[] }>;
        warnings: Array<{ code: string }>;
      };
      assert.deepEqual(
        doc.skills.map((skill) => [skill.name, skill.overrides]),
        [["ok", []]],
      );
      assert.deepEqual(doc.warnings.map((warning) => warning.code), [
        "invalid_skill",
      ]);
      const demo = json(cli("list", ...DEMO, "--json")) as {
        skills: Array<{ name: string; overrides: Array<{ path: string }> }>;
      };
      const notes = demo.skills.find((skill) => skill.name === "release-notes");
      assert.deepEqual(notes?.overrides.map((other) => other.path), [
        join(
          realpathSync(ROOT),
          "fixtures/demo/user-store/release-notes/SKILL.md",
        ),
      ]);
    });

    it("keeps the SCOPE/SOURCE column where a root is not custom", () => {
      const run = cli(
        "list",
        "--home",
        "fixtures/stores/home",
        "--workspace",
        "fixtures/stores/project",
      );
      assert.equal(run.code, 0);
      const lines = run.stdout.split("\n");
      assert.equal(
        lines[0],
        "NAME                 SCOPE/SOURCE       DESCRIPTION",
      );
      assert.match(
        run.stdout,
        /\ncode-review {10}workspace\/clarvis {2}\S/,
      );
      for (const line of lines) assert.ok(line.length <= 80, line);
    });

    it("takes DIR as a root, after any --root", () => {
      const run = cli(
        "list",
        "fixtures/demo/workspace-store",
        "--root",
        "fixtures/demo/user-store",
        "--json",
        ...HOME,
      );
      const doc = json(run) as {
        skills: Array<{ name: string; root: string }>;
      };
      const notes = doc.skills.find((skill) => skill.name === "release-notes");
      assert.equal(
        notes?.root,
        join(realpathSync(ROOT), "fixtures/demo/workspace-store"),
      );
      assert.equal(doc.skills.length, 3);
    });

    it("says why a root it was given holds no skills, and which roots to pass", () => {
      const store = tree({
        "skills/.curated/pdf/SKILL.md": manifest("pdf"),
        "skills/.curated/zip/SKILL.md": manifest("zip"),
        "skills/.system/creator/SKILL.md": manifest("creator"),
      });
      const skills = join(store, "skills");
      const nested = cli("list", skills, ...HOME);
      // Skills it did not read fail it, as check's no_skills.
      assert.equal(nested.code, 1);
      assert.equal(nested.stdout, `No skills in ${skills}\n`);
      assert.equal(
        nested.stderr,
        `agent-skills: no skills one level below ${skills}; found .curated/pdf/SKILL.md, .system/creator/SKILL.md: skills are one level below a root, so pass --root ${skills}/.curated --root ${skills}/.system\n`,
      );
      const pdf = join(skills, ".curated", "pdf");
      assert.deepEqual(json(cli("list", "--root", pdf, "--json", ...HOME)), {
        skills: [],
        warnings: [],
        hints: [
          `${pdf} is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${skills}/.curated`,
        ],
      });
      assert.equal(
        cli("list", "no/such/root", ...HOME).stderr,
        "agent-skills: no/such/root does not exist\n",
      );
      // A root whose skills loaded, or failed to with their own warnings, gets no hint.
      const demo = cli("list", ...DEMO, "--json");
      assert.deepEqual(json(demo).hints, []);
      const broken = cli(
        "list",
        "--root",
        tree({ "bad/SKILL.md": "x" }),
        ...HOME,
      );
      assert.doesNotMatch(broken.stderr, /^agent-skills: /m);
    });

    it("reads COLUMNS for its width; under Deno only where it may be read", () => {
      const wide = (flags: string[]): string =>
        runScript(ENTRY, ["list", ...DEMO], {
          cwd: ROOT,
          deno: [
            "--allow-read",
            `--config=${join(ROOT, "deno.json")}`,
            ...flags,
          ],
          node: [],
          env: { COLUMNS: "100" },
        }).stdout.split("\n")[1] ?? "";
      const full =
        "commit-messages  Write commit messages: a short imperative subject, a blank line, then why.";
      if (RUNTIME === "deno") {
        // The CLI asks nothing of the user: without the grant COLUMNS is not read.
        assert.equal(wide([]).length, 80);
        // The command's own grant, for this one variable, as a user would give it.
        assert.equal(wide(["--allow-env=COLUMNS"]), full);
      } else {
        assert.equal(wide([]), full);
      }
    });

    it("serves the skills of Claude Code's and Codex's folders with --preset", () => {
      const home = tree({
        ".claude/skills/mine/SKILL.md": manifest("mine", "Personal."),
        ".codex/skills/cx/SKILL.md": manifest("cx", "From Codex."),
        ".agents/skills/shared/SKILL.md": manifest("shared", "Shared."),
      });
      const work = tree({
        ".claude/skills/mine/SKILL.md": manifest("mine", "Project."),
        ".codex/skills/shared/SKILL.md": manifest("shared", "Repo."),
      });
      const listed = (preset: string): unknown =>
        (json(
          cli(
            "list",
            "--preset",
            preset,
            "--home",
            home,
            "--workspace",
            work,
            "--json",
          ),
        ).skills as Array<
          { name: string; description: string; scope: string; source: string }
        >).map((s) => [s.name, s.description, `${s.scope}/${s.source}`]);
      // Claude Code: a personal skill wins over the project's.
      assert.deepEqual(listed("claude"), [[
        "mine",
        "Personal.",
        "user/claude",
      ]]);
      // Codex: the repository's folders come last.
      assert.deepEqual(listed("codex"), [
        ["cx", "From Codex.", "user/codex"],
        ["shared", "Repo.", "workspace/codex"],
      ]);
      assert.equal(
        cli("list", "--preset", "vscode", ...HOME).stderr,
        'agent-skills list: unknown preset "vscode" (one of clarvis, claude, codex)\nRun agent-skills list --help for usage.\n',
      );
    });

    it("writes warnings to stderr in human mode", () => {
      const root = tree({ "bad/SKILL.md": "no fence" });
      const run = cli("list", "--root", root, ...HOME);
      assert.equal(run.code, 0);
      assert.match(
        run.stderr,
        /^warning \[invalid_skill\] Invalid skill manifest .*bad\/SKILL\.md:1: missing frontmatter/,
      );
      assert.match(run.stdout, /^No skills in /);
    });
  });

  describe("show", () => {
    it("prints the entry, resources and body of one skill", () => {
      const run = cli("show", "pdf-forms", ...DEMO);
      assert.equal(run.code, 0);
      assert.match(
        run.stdout,
        /^pdf-forms\ndescription: {14}Fill in and flatten PDF forms\./,
      );
      assert.match(
        run.stdout,
        /\nallowed tools: {12}Bash\(python3:\*\), Read\n/,
      );
      assert.match(
        run.stdout,
        /\nresources \(2\):\n {2}references\/fields\.md\n {2}scripts\/fill\.py\n/,
      );
      assert.match(run.stdout, /\n# PDF forms\n/);
    });

    it("exits 1 for an unknown skill", () => {
      const run = cli("show", "nope", ...DEMO);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /unknown_skill: Unknown skill "nope"/);
      const doc = json(cli("show", "nope", ...DEMO, "--json"));
      assert.deepEqual((doc.error as { code: string }).code, "unknown_skill");
    });
  });

  describe("show and path: an unknown skill", () => {
    it("suggests the served names a typo away, and the why that says more", () => {
      const show = cli("show", "pdf-form", ...DEMO);
      assert.equal(show.code, 1);
      assert.equal(
        show.stderr,
        'agent-skills: unknown_skill: Unknown skill "pdf-form" (did you mean "pdf-forms"? agent-skills why "pdf-form" with the same roots says why)\n',
      );
      const path = json(
        cli("path", "comit-messages", "SKILL.md", ...DEMO, "--json"),
      );
      assert.deepEqual(path.error, {
        code: "unknown_skill",
        message:
          'Unknown skill "comit-messages" (did you mean "commit-messages"? agent-skills why "comit-messages" with the same roots says why)',
      });
      const why = cli("why", "pdf-form", ...DEMO);
      assert.match(
        why.stdout,
        /\n {2}similar {2}\S+\/pdf-forms\/SKILL\.md is the skill "pdf-forms", a name close to "pdf-form": did you mean "pdf-forms"\?\n/,
      );
    });
  });

  describe("path", () => {
    it("prints the confined absolute path", () => {
      const run = cli("path", "pdf-forms", "scripts/fill.py", ...DEMO);
      assert.equal(run.code, 0);
      assert.equal(
        run.stdout,
        `${
          realpathSync(
            join(ROOT, "fixtures/demo/user-store/pdf-forms/scripts/fill.py"),
          )
        }\n`,
      );
      assert.equal(
        json(cli("path", "pdf-forms", "scripts/fill.py", ...DEMO, "--json"))
          .path,
        run.stdout.trim(),
      );
    });

    it("exits 1 with the error code for an escape or a missing file", () => {
      const escape = cli(
        "path",
        "pdf-forms",
        "../commit-messages/SKILL.md",
        ...DEMO,
      );
      assert.equal(escape.code, 1);
      assert.match(escape.stderr, /path_escape: /);
      const missing = json(
        cli("path", "pdf-forms", "nope.txt", ...DEMO, "--json"),
      );
      assert.equal((missing.error as { code: string }).code, "not_found");
    });
  });

  describe("check", () => {
    it("prints every problem as path:line:col: code: message and exits 1", () => {
      const run = cli("check", "fixtures/broken", ...HOME);
      assert.equal(run.code, 1);
      const lines = run.stdout.trimEnd().split("\n");
      assert.equal(lines.length, 33);
      assert.ok(lines.includes(
        'fixtures/broken/unquoted-colon/SKILL.md:3:1: yaml_repaired: Loaded fixtures/broken/unquoted-colon/SKILL.md:3 after repairing its YAML: the value of "description" contains ": ", so YAML reads it as a nested key; quote it: description: "Use when: the user asks for it" [error]',
      ));
      assert.ok(lines.includes(
        "fixtures/broken/schema-errors/SKILL.md:4:1: invalid_skill: frontmatter.allowed-tools[1]: expected string, received number [error]",
      ));
      assert.ok(lines.includes(
        'fixtures/broken/under_score/SKILL.md:2:1: name_characters: frontmatter.name: "under_score" has characters other than letters, digits and - [error]',
      ));
      assert.equal(
        lines.at(-1),
        "24 errors, 4 warnings, 4 notes in 16 loadable skills",
      );
    });

    it("prints one JSON document", () => {
      const run = cli("check", "fixtures/broken", "--json", ...HOME);
      assert.equal(run.code, 1);
      const doc = json(run) as {
        ok: boolean;
        counts: unknown;
        diagnostics: unknown[];
        skills: number;
      };
      assert.equal(doc.ok, false);
      assert.deepEqual(doc.counts, { error: 24, warning: 4, info: 4 });
      assert.equal(doc.diagnostics.length, 32);
      assert.equal(doc.skills, 16);
    });

    it("exits 0 for warnings, 1 for warnings under --strict, 0 for notes either way", () => {
      assert.equal(
        cli("check", "fixtures/broken/case-variants", ...HOME).code,
        0,
      );
      assert.equal(
        cli("check", "fixtures/broken/case-variants", "--strict", ...HOME)
          .code,
        1,
      );
      const notes = cli(
        "check",
        "fixtures/broken/extra-fields",
        "--strict",
        ...HOME,
      );
      assert.equal(notes.code, 0);
      assert.match(
        notes.stdout,
        /0 errors, 0 warnings, 3 notes in 1 loadable skill \(strict: warnings fail\)/,
      );
    });

    it("fails, naming the preset roots, when no DIR is given and none exists", () => {
      const run = cli(
        "check",
        "--home",
        "/nonexistent-home",
        "--workspace",
        "/",
      );
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(
        run.stderr,
        /^agent-skills: no_skills: No skills to check: none of the preset roots exists \(\/nonexistent-home\/\.agents\/skills, /,
      );
    });

    it("fails for a DIR that does not exist, or holds no skill", () => {
      const base = tree({ "empty/README.md": "x" });
      const run = cli(
        "check",
        join(base, "no-such-dir"),
        join(base, "empty"),
        ...HOME,
      );
      assert.equal(run.code, 1);
      assert.deepEqual(run.stdout.trimEnd().split("\n"), [
        `${join(base, "empty")}: no_skills: No skills in ${
          join(base, "empty")
        }: no SKILL.md in it or in any directory one level below [error]`,
        `${join(base, "no-such-dir")}: path_not_found: Path does not exist: ${
          join(base, "no-such-dir")
        } [error]`,
        "2 errors, 0 warnings, 0 notes in 0 loadable skills",
      ]);
    });

    it("checks the --root roots when no DIR is given", () => {
      const run = cli(
        "check",
        "--root",
        "fixtures/demo/workspace-store",
        ...HOME,
      );
      assert.equal(run.code, 0);
      assert.match(run.stdout, /argument-hint: not an Agent Skills spec field/);
    });
  });
});

describe("main()", () => {
  async function inProcess(
    args: string[],
    color: boolean,
    columns: number,
  ): Promise<string> {
    let out = "";
    await main(args, {
      stdout: (text) => (out += text),
      stderr: (text) => (out += text),
      color,
      columns,
      cwd: ROOT,
    });
    return out;
  }

  it("fits the catalog to the width, 80 when it is unknown (0), and never cuts under --wide", async () => {
    const lines = async (
      columns: number,
      ...flags: string[]
    ): Promise<string[]> =>
      (await inProcess(["list", ...DEMO, ...flags], false, columns)).trimEnd()
        .split(
          "\n",
        );
    assert.deepEqual(await lines(0), await lines(80));
    for (const columns of [60, 80, 120]) {
      for (const line of await lines(columns)) {
        assert.ok(line.length <= columns, `${columns}: ${line}`);
      }
    }
    assert.equal(
      (await lines(120))[1],
      "commit-messages  Write commit messages: a short imperative subject, a blank line, then why.",
    );
    // Under 40 columns left for descriptions, each gets a line of its own.
    assert.deepEqual((await lines(50)).slice(0, 5), [
      "NAME",
      "  DESCRIPTION",
      "commit-messages",
      "  Write commit messages: a short imperative subje…",
      "pdf-forms",
    ]);
    const wide = await lines(20, "--wide");
    assert.equal(
      wide[4],
      "                 overrides custom/custom: fixtures/demo/user-store/release-notes/SKILL.md",
    );
    assert.equal(wide[1], (await lines(120))[1]);
  });

  it("keeps every help line within 80 columns, with each command's options in their section", async () => {
    const pages = await Promise.all(
      [
        "--help",
        ...["list", "show", "path", "check", "catalog", "why"].map((c) =>
          `${c} --help`
        ),
      ].map((args) => inProcess(args.split(" "), false, 80)),
    );
    for (const page of pages) {
      for (const line of page.split("\n")) assert.ok(line.length <= 80, line);
    }
    const check = pages[4] ?? "";
    assert.match(check, /\nCheck:\n {2}--strict .*\n {2}--format FORMAT /);
    assert.ok(check.indexOf("Check:") < check.indexOf("Output:"));
    assert.match(pages[1] ?? "", /\nList:\n {2}DIR .*\n {2}--wide /);
    assert.doesNotMatch(pages[2] ?? "", /--strict|--wide/);
  });

  it("prints its version, as deno.json gives it", async () => {
    const config = JSON.parse(
      readFileSync(join(ROOT, "deno.json"), "utf8"),
    ) as { version: string };
    assert.equal(
      await inProcess(["--version"], false, 80),
      `agent-skills ${config.version}\n`,
    );
    assert.equal(
      await inProcess(["-V"], false, 80),
      `agent-skills ${config.version}\n`,
    );
    assert.equal(cli("--version").stdout, `agent-skills ${config.version}\n`);
  });

  it("colours only when asked to", async () => {
    const ESC = "\u001b[";
    assert.ok(
      (await inProcess(["list", ...DEMO], true, 80)).includes(
        `${ESC}1mcommit-messages`,
      ),
    );
    assert.ok(!(await inProcess(["list", ...DEMO], false, 80)).includes(ESC));
  });

  it("names the option of each usage error from parseArgs' tokens", async () => {
    const cases: Array<[string[], string]> = [
      [["list", "--rot", "x"], "unknown option --rot (did you mean --root?)"],
      [["list", "-x"], "unknown option -x"],
      [["list", "--root"], "option --root needs a value"],
      [["list", "--json=yes"], "option --json takes no value"],
    ];
    for (const [args, problem] of cases) {
      assert.equal(
        await inProcess(args, false, 80),
        `agent-skills list: ${problem}\nRun agent-skills list --help for usage.\n`,
      );
    }
  });

  it("prints one line per row, warning and diagnostic, whatever names hold", async () => {
    const forged = "agent-skills: warning [invalid_skill] forged";
    const root = tree({
      [`bad\n${forged}/SKILL.md`]: "no frontmatter\n",
      "odd/SKILL.md": manifest("odd", `"Line one\\n${forged}\\u001b[2K"`, {
        extra: `name-too: x\n`,
      }).replace("name: odd", 'name: "odd\\nforged"'),
    });
    const run = async (...args: string[]): Promise<string[]> =>
      (await inProcess([...args, "--home", root], false, 200)).trimEnd().split(
        "\n",
      );
    for (
      const lines of [
        await run("check", root),
        await run("list", "--root", root),
      ]
    ) {
      for (const line of lines) {
        assert.ok(!line.startsWith("agent-skills: warning"), line);
        assert.ok(!line.includes("\u001b"), line);
      }
    }
    const listed = await run("list", "--root", root);
    // Two warnings (the broken manifest, the name), the header, one row, the count.
    assert.equal(listed.length, 5);
    assert.match(
      listed[3] ?? "",
      /^odd\\nforged {2}Line one /,
    );
  });

  it("writes no control, bidi or zero-width character from disk, in any command or format", async () => {
    // C1's CSI and DEL too, which JSON.stringify leaves raw (only in names:
    // YAML refuses them).
    const forged =
      "\x1b[2J\nagent-skills: warning [invalid_skill] forged\r\u009b2J\x7f";
    const bidi = "\u202E\u2066\u061C\u200F\u200B";
    const hostile = `evil${forged}${bidi}\u2060\uFEFF`;
    const root = tree({
      [`${hostile}/SKILL.md`]: manifest("evil", `Desc ${bidi}${"\\u001b"}.`),
      [`${hostile}/ref${bidi}.md`]: "x",
      "good/SKILL.md": manifest("good", `"Good ${bidi} one"`, {
        body: `Body ${bidi}\x1b[31m`,
      }),
      [`good/r${bidi}\x1b.txt`]: "x",
    });
    // Skills two levels down: the hint names where they are.
    const nested = tree({ [`cat${hostile}/deep/SKILL.md`]: manifest("deep") });
    const runs = [
      ["list", "--root", root],
      ["list", nested],
      ["show", "good", "--root", root],
      ["path", "good", `r${bidi}\x1b.txt`, "--root", root],
      ["check", root],
      ["check", nested],
      ["check", root, "--format", "github"],
      ["check", root, "--format", "sarif"],
      ["check", root, "--format", "json"],
      ["list", "--root", root, "--json"],
      ["show", "good", "--root", root, "--json"],
      ["catalog", "--root", root],
      ["catalog", "--root", root, "--json"],
      ["why", "evil", "--root", root],
      ["why", "nope", "--root", root],
      ["why", "evil", "--root", root, "--json"],
      // A name a typo away: its path and name are in the suggestion.
      ["why", "evl", "--root", root],
      ["show", "evl", "--root", root],
      ["path", "evl", "x", "--root", root, "--json"],
    ];
    const UNSAFE =
      /[\p{Cc}\u2028\u2029\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
    for (const args of runs) {
      const out = await inProcess([...args, "--home", root], false, 200);
      for (const line of out.split("\n")) {
        // A tab is kept in a skill's body; nothing else is written raw.
        assert.ok(!UNSAFE.test(line.replaceAll("\t", "")), `${args}: ${line}`);
        assert.ok(
          !line.startsWith("agent-skills: warning"),
          `${args}: ${line}`,
        );
      }
    }
    assert.match(
      await inProcess(
        ["show", "evl", "--root", root, "--home", root],
        false,
        200,
      ),
      /\(did you mean "evil"\? agent-skills why "evl"/,
    );
    const hint = await inProcess(["list", nested, "--home", root], false, 200);
    assert.match(hint, /found catevil\\u001b\[2J\\nagent-skills/);
  });

  it("writes SARIF whose URIs name the files, whatever characters their names hold", async () => {
    const names = [
      "a#b",
      "100%41",
      "q?x",
      "with space",
      "caf\u00e9",
      "evil\u202e",
    ];
    const root = tree(
      Object.fromEntries(
        names.map((name) => [`${name}/SKILL.md`, manifest("x", "Misnamed.")]),
      ),
    );
    const sarif = JSON.parse(
      await inProcess(
        ["check", root, "--format", "sarif", "--home", root],
        false,
        80,
      ),
    );
    assert.ok(VALID_SARIF(sarif), JSON.stringify(VALID_SARIF.errors, null, 2));
    const uris: string[] = sarif.runs[0].results.map((
      result: {
        locations: Array<
          { physicalLocation: { artifactLocation: { uri: string } } }
        >;
      },
    ) => result.locations[0]?.physicalLocation.artifactLocation.uri);
    const files = new Set(
      uris.map((uri) => decodeURIComponent(new URL(uri).pathname)),
    );
    // The tree is outside the current directory: file URIs, one per skill.
    assert.deepEqual(
      [...files].sort(),
      names.map((name) => join(root, name, "SKILL.md")).sort(),
    );
    // Inside it, relative references, each segment encoded.
    const inside = JSON.parse(
      await inProcess(
        ["check", "fixtures/broken/under_score", "--format", "sarif", ...HOME],
        false,
        80,
      ),
    );
    assert.equal(
      inside.runs[0].results[0].locations[0].physicalLocation.artifactLocation
        .uri,
      "fixtures/broken/under_score/SKILL.md",
    );
  });

  it("writes GitHub Actions workflow commands with --format github", async () => {
    const root = tree({
      "Odd%,x/SKILL.md": manifest("Odd%,x", "A skill."),
      "long/SKILL.md": manifest("long", "Long.", {
        body: Array.from({ length: 501 }, () => "line").join("\n"),
      }),
    });
    const out = await inProcess(
      ["check", root, "--format", "github", "--home", root],
      false,
      80,
    );
    assert.equal(
      out,
      [
        `::error file=${root}/Odd%25%2Cx/SKILL.md,line=2,title=name_case::frontmatter.name: "Odd%25,x" has upper-case letters; the spec allows lower case only`,
        `::error file=${root}/Odd%25%2Cx/SKILL.md,line=2,title=name_characters::frontmatter.name: "Odd%25,x" has characters other than letters, digits and -`,
        `::notice file=${root}/long/SKILL.md,line=501,title=body_length::SKILL.md is 505 lines long; the spec advises under 500 (move detail into references/)`,
        "::notice title=agent-skills check::2 errors, 0 warnings, 1 note in 2 loadable skills",
        "",
      ].join("\n"),
    );
  });

  it("writes one document for a refused archive among other paths, in SARIF and JSON, nothing on stderr (exit 1)", () => {
    const dir = tree({ "s/SKILL.md": manifest("s", "Fill <forms>.") });
    writeFileSync(
      join(dir, "bad.skill"),
      zip({ "t/SKILL.md": manifest("t"), "../../x": "x" }),
    );
    const paths = [join(dir, "bad.skill"), join(dir, "s"), ...HOME];
    const sarifRun = cli(
      "check",
      ...paths,
      "--host",
      "claude-ai",
      "--format",
      "sarif",
    );
    assert.equal(sarifRun.code, 1, sarifRun.stderr);
    assert.equal(sarifRun.stderr, "");
    const sarif = JSON.parse(sarifRun.stdout);
    assert.ok(VALID_SARIF(sarif), JSON.stringify(VALID_SARIF.errors, null, 2));
    const ids = sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId);
    assert.ok(ids.includes("unsafe_path"), ids.join(" "));
    assert.ok(ids.includes("claude_ai_angle_brackets"), ids.join(" "));
    const jsonRun = cli(
      "check",
      ...paths,
      "--host",
      "claude-ai",
      "--format",
      "json",
    );
    assert.equal(jsonRun.code, 1, jsonRun.stderr);
    assert.equal(jsonRun.stderr, "");
    const codes = (json(jsonRun).diagnostics as { code: string }[]).map((d) =>
      d.code
    );
    assert.ok(codes.includes("unsafe_path"), codes.join(" "));
    assert.ok(codes.includes("claude_ai_angle_brackets"), codes.join(" "));
  });

  it("writes one SARIF 2.1.0 document with --format sarif", async () => {
    const out = await inProcess(
      [
        "check",
        "fixtures/broken/under_score",
        "fixtures/broken/long-body",
        "--format",
        "sarif",
        ...HOME,
      ],
      false,
      80,
    );
    const sarif = JSON.parse(out);
    assert.ok(VALID_SARIF(sarif), JSON.stringify(VALID_SARIF.errors, null, 2));
    // Every kind of diagnostic, with a line or without, is valid SARIF too.
    const every = JSON.parse(
      await inProcess(
        ["check", "fixtures/broken", "--format", "sarif", ...HOME],
        false,
        80,
      ),
    );
    assert.equal(every.runs[0].results.length, 32);
    assert.ok(VALID_SARIF(every), JSON.stringify(VALID_SARIF.errors, null, 2));
    assert.equal(sarif.version, "2.1.0");
    assert.equal(sarif.runs.length, 1);
    const [run] = sarif.runs;
    assert.equal(run.tool.driver.name, "agent-skills");
    assert.deepEqual(
      run.tool.driver.rules.map((rule: { id: string }) => rule.id),
      ["body_length", "name_characters"],
    );
    for (const rule of run.tool.driver.rules) {
      assert.equal(typeof rule.shortDescription.text, "string");
    }
    assert.deepEqual(
      run.results.map((result: {
        ruleId: string;
        level: string;
        message: { text: string };
        locations: Array<{
          physicalLocation: {
            artifactLocation: { uri: string };
            region: { startLine: number };
          };
        }>;
      }) => [
        result.ruleId,
        result.level,
        result.locations[0]?.physicalLocation.artifactLocation.uri,
        result.locations[0]?.physicalLocation.region.startLine,
        typeof result.message.text,
      ]),
      [
        [
          "body_length",
          "note",
          "fixtures/broken/long-body/SKILL.md",
          501,
          "string",
        ],
        [
          "name_characters",
          "error",
          "fixtures/broken/under_score/SKILL.md",
          2,
          "string",
        ],
      ],
    );
  });

  it("answers a usage error with one JSON document when JSON was asked for", async () => {
    for (const json of [["--json"], ["--format", "json"], ["--format=json"]]) {
      let stdout = "";
      let stderr = "";
      const code = await main(["check", "--bogus", ...json], {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        color: false,
        columns: 80,
        cwd: ROOT,
      });
      assert.equal(code, 2);
      assert.equal(stderr, "");
      assert.deepEqual(JSON.parse(stdout), {
        error: {
          code: "usage",
          message: "unknown option --bogus (see agent-skills check --help)",
        },
        warnings: [],
      });
    }
  });

  it("passes --max-manifest-bytes on to the library", async () => {
    const small = await inProcess(
      [
        "check",
        "fixtures/broken/under_score",
        "--max-manifest-bytes",
        "10",
        ...HOME,
      ],
      false,
      80,
    );
    assert.match(small, /invalid_skill: Invalid skill manifest .*10-byte cap/);
    // A bad value is a usage error in the flag's words, not the option's.
    for (
      const value of ["x", "0", "-5", "1.5", "1e3", "99999999999999999999"]
    ) {
      assert.equal(
        await inProcess(
          [
            "check",
            "fixtures/broken/under_score",
            `--max-manifest-bytes=${value}`,
          ],
          false,
          80,
        ),
        `agent-skills check: option --max-manifest-bytes takes a whole number of bytes above 0${
          value.length > 16 ? ", at most 9007199254740991" : ""
        }, got "${value}"\nRun agent-skills check --help for usage.\n`,
      );
    }
  });

  it("never looks for a home directory without a root that starts with ~", async () => {
    // Under Deno this suite has no --allow-sys: a homedir() call would fail.
    assert.match(
      await inProcess(["check", "fixtures/broken/ok"], false, 80),
      /^0 errors, 0 warnings, 0 notes in 1 loadable skill\n$/,
    );
  });

  it("names --home when the home directory cannot be found (Deno without --allow-sys)", async () => {
    const out = await inProcess(["list", "--workspace", "/"], false, 80);
    if ("Deno" in globalThis) {
      assert.equal(
        out,
        "agent-skills: home_unavailable: Cannot find the home directory that ~ in a root stands for: pass --home DIR (under Deno, or grant --allow-sys=homedir)\n",
      );
    } else {
      // Node and Bun may always call os.homedir(): the preset resolves.
      assert.doesNotMatch(out, /home_unavailable/);
    }
  });

  it("says an unknown skill and a missing file the command-line way", async () => {
    assert.equal(
      await inProcess(["path", "nobody", "x.md", ...DEMO], false, 80),
      'agent-skills: unknown_skill: Unknown skill "nobody" (agent-skills why "nobody" with the same roots says why)\n',
    );
    const missing = await inProcess(
      ["path", "pdf-forms", "nope.md", ...DEMO],
      false,
      80,
    );
    assert.match(missing, /does not exist at \S+nope\.md\n$/);
  });

  it("names the key of a duplicate-key YAML error", async () => {
    assert.match(
      await inProcess(
        ["check", "fixtures/broken/duplicate-key", ...HOME],
        false,
        80,
      ),
      /invalid_skill: invalid YAML: duplicated mapping key "description" \[error\]/,
    );
  });

  it("refuses an unknown --format as a usage error", async () => {
    assert.equal(
      await inProcess(["check", "--format", "xml"], false, 80),
      'agent-skills check: unknown format "xml" (one of text, json, github, sarif)\nRun agent-skills check --help for usage.\n',
    );
  });

  it("cuts descriptions to the terminal width", async () => {
    const lines = (await inProcess(["list", ...DEMO], false, 60)).split("\n");
    assert.equal(
      lines[1],
      "commit-messages  Write commit messages: a short imperative …",
    );
    for (const line of lines) assert.ok(line.length <= 60, line);
  });
});

describe("agent-skills: finding skills where the hosts keep them", () => {
  /** A marketplace as trailofbits/skills lays one out, with a skill at its top too. */
  function market(): string {
    return tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [
          { name: "a", source: "./plugins/a" },
          { name: "b", source: "./plugins/b" },
        ],
      }),
      "plugins/a/skills/setup/SKILL.md": manifest("setup", "A's setup."),
      "plugins/b/skills/setup/SKILL.md": manifest("setup", "B's setup."),
      "top/SKILL.md": manifest("top"),
    });
  }

  it("reads category folders with --depth, and refuses a depth that is not a count", () => {
    const root = tree({
      "dev/web/react/SKILL.md": manifest("react"),
      "dev/lint/SKILL.md": manifest("lint"),
    });
    const names = (run: Run): unknown =>
      (json(run).skills as Array<{ name: string }>).map((s) => s.name);
    assert.deepEqual(names(cli("list", root, "--json", ...HOME)), []);
    assert.deepEqual(
      names(cli("list", root, "--depth", "3", "--json", ...HOME)),
      ["lint", "react"],
    );
    const check = cli("check", root, "--depth", "3", ...HOME);
    assert.equal(check.code, 0, check.stdout);
    const hidden = cli("list", root, "--hidden", ...HOME);
    assert.equal(hidden.code, 2);
    assert.match(hidden.stderr, /option --hidden .*: give --depth N too/);
    const bad = cli("list", root, "--depth", "0", ...HOME);
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /option --depth takes a whole number of levels above 0, got "0"/,
    );
  });

  it("serves a marketplace's plugins with --plugins, each skill as plugin:skill", () => {
    const root = market();
    const listed = json(cli("list", root, "--plugins", "--json", ...HOME));
    assert.deepEqual(
      (listed.skills as Array<{ name: string; plugin: string }>).map((
        s,
      ) => [s.name, s.plugin]),
      [["a:setup", "a"], ["b:setup", "b"]],
    );
    const shown = cli("show", "b:setup", "--root", root, "--plugins", ...HOME);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /B's setup\./);
    const path = cli(
      "path",
      "a:setup",
      "SKILL.md",
      "--root",
      root,
      "--plugins",
      ...HOME,
    );
    assert.equal(
      path.stdout.trim(),
      join(realpathSync(root), "plugins", "a", "skills", "setup", "SKILL.md"),
    );
  });

  it("fails check of a marketplace's top, though a skill there loads, and passes it with --plugins", () => {
    const root = market();
    const plain = cli("check", root, ...HOME);
    assert.equal(plain.code, 1);
    assert.match(
      plain.stdout,
      /unread_skills: 2 skill directories sit below .* deeper than this check looks, unchecked; .*so check it as one \(--plugins; .*\) \[error\]\n1 error, 0 warnings, 0 notes in 1 loadable skill\n$/,
    );
    const plugins = cli("check", root, "--plugins", ...HOME);
    assert.equal(plugins.code, 0, plugins.stdout);
    assert.match(plugins.stdout, /in 2 loadable skills\n$/);
  });

  it("says in list which flag reads a marketplace, or category folders", () => {
    const root = tree({
      ".claude-plugin/marketplace.json": '{"plugins": []}',
      "plugins/a/skills/setup/SKILL.md": manifest("setup"),
    });
    assert.equal(
      cli("list", root, ...HOME).stderr,
      `agent-skills: no skills one level below ${root}; found plugins/a/skills/setup/SKILL.md: it is a plugin marketplace, so pass --plugins\n`,
    );
    const files: Record<string, string> = {};
    for (const c of ["a", "b", "c", "d"]) {
      files[`${c}/sub/s-${c}/SKILL.md`] = manifest(`s-${c}`);
    }
    const categories = tree(files);
    assert.equal(
      cli("list", categories, ...HOME).stderr,
      `agent-skills: no skills one level below ${categories}; found a/sub/s-a/SKILL.md, b/sub/s-b/SKILL.md, c/sub/s-c/SKILL.md: they are in category folders, so pass --depth 3\n`,
    );
  });

  it("exits 1 from list for a root that does not exist", () => {
    const run = cli("list", "--root", "no/such/root", ...HOME);
    assert.equal(run.code, 1);
    assert.equal(run.stderr, "agent-skills: no/such/root does not exist\n");
    assert.equal(cli("list", "no/such/root", "--json", ...HOME).code, 1);
  });

  it("passes check of a preset whose one root is empty while another has skills", () => {
    const home = tree({ ".agents/skills/mine/SKILL.md": manifest("mine") });
    const work = tree({ ".agents/skills/.keep": "" });
    const run = cli("check", "--home", home, "--workspace", work);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(
      run.stdout,
      "0 errors, 0 warnings, 0 notes in 1 loadable skill\n",
    );
    // Every preset root empty: no skills is still a failure.
    const none = cli("check", "--home", work, "--workspace", work);
    assert.equal(none.code, 1);
    assert.match(none.stdout, /no_skills/);
  });
});

describe("agent-skills catalog", () => {
  it("prints the catalog a host would show, and the empty block without a model-invocable skill", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf", "Fill <forms>."),
      "deploy/SKILL.md": manifest("deploy", "Deploy.", {
        extra: "disable-model-invocation: true\n",
      }),
    });
    const run = cli("catalog", "--root", root, ...HOME);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `<available_skills>\n<skill>\n<name>pdf</name>\n<description>Fill &lt;forms&gt;.</description>\n<location>${
        join(realpathSync(root), "pdf", "SKILL.md")
      }</location>\n</skill>\n</available_skills>\n`,
    );
    const only = tree({
      "deploy/SKILL.md": manifest("deploy", "Deploy.", {
        extra: "disable-model-invocation: true\n",
      }),
    });
    const empty = cli("catalog", "--root", only, ...HOME);
    assert.equal(empty.code, 0);
    assert.equal(empty.stdout, "<available_skills>\n</available_skills>\n");
    assert.equal(
      empty.stderr,
      "agent-skills: no skill in the catalog: 1 skill found, each only for a user to invoke (disable-model-invocation: true)\n",
    );
  });

  it("fits a budget, says on stderr what it cut, and reports it all with --json", () => {
    const files: Record<string, string> = {};
    for (const name of ["a", "b", "c", "d"]) {
      files[`${name}/SKILL.md`] = manifest(name, "x".repeat(300));
    }
    const root = tree(files);
    const run = cli("catalog", "--root", root, "--budget", "400", ...HOME);
    assert.ok(run.stdout.length - 1 <= 400, run.stdout);
    assert.match(
      run.stderr,
      /^agent-skills: to fit 400 characters, \d+ descriptions? shortened, \d+ descriptions? removed, \d+ skills? left out/,
    );
    const report = json(
      cli("catalog", "--root", root, "--budget", "400", "--json", ...HOME),
    ).report as {
      shown: string[];
      shortened: unknown[];
      withoutDescription: unknown[];
      leftOut: string[];
    };
    assert.equal(
      report.shown.length + report.shortened.length +
        report.withoutDescription.length + report.leftOut.length,
      4,
    );
    const markdown = cli(
      "catalog",
      "--root",
      root,
      "--format",
      "markdown",
      ...HOME,
    );
    assert.match(markdown.stdout, /^- a: x{300} \(file: .*\/a\/SKILL\.md\)\n/);
  });

  it("refuses a format or budget it does not take", () => {
    const bad = cli("catalog", "--format", "html", ...HOME);
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /unknown format "html" \(one of xml, markdown, json\)/,
    );
    const budget = cli("catalog", "--budget", "lots", ...HOME);
    assert.equal(budget.code, 2);
    assert.match(
      budget.stderr,
      /option --budget takes a whole number of characters/,
    );
  });
});

describe("agent-skills why", () => {
  it("says which skill is served and what it shadows, and exits 0", () => {
    const low = tree({ "pdf/SKILL.md": manifest("pdf", "Low.") });
    const high = tree({ "pdf/SKILL.md": manifest("pdf", "High.") });
    const run = cli("why", "pdf", "--root", low, "--root", high, ...HOME);
    assert.equal(run.code, 0, run.stderr);
    const [lowPath, highPath] = [low, high].map((root) =>
      join(realpathSync(root), "pdf", "SKILL.md")
    );
    assert.deepEqual(run.stdout.trimEnd().split("\n"), [
      `Served: ${highPath} (root ${
        realpathSync(high)
      }); the catalog shows it to the model in full`,
      `Shadowed: ${lowPath} (root ${
        realpathSync(low)
      }) loads, but ${highPath} of the later root ${
        realpathSync(high)
      } is served under the name (the last root wins): to serve this one, put its root ${
        realpathSync(low)
      } after ${
        realpathSync(high)
      } in the roots (the roots option's order; on the command line, give ${
        realpathSync(low)
      } as a --root or DIR after ${realpathSync(high)})`,
    ]);
  });

  it("says why a name is not served: the dropped manifest, the near misses and the roots; exits 1", () => {
    const root = tree({
      "pdf/SKILL.md": "---\nname: pdf\n---\nno description\n",
      "docs/zip/SKILL.md": manifest("zip"),
    });
    const real = realpathSync(root);
    const pdf = cli("why", "pdf", "--root", root, ...HOME);
    assert.equal(pdf.code, 1);
    assert.match(pdf.stdout, /^No skill is served as "pdf"\.\n/);
    assert.match(
      pdf.stdout,
      new RegExp(`\\nDropped: Invalid skill manifest ${real}/pdf/SKILL\\.md:`),
    );
    // Warnings about other skills are left out of the answer.
    assert.equal(pdf.stderr, "");
    const zip = cli("why", "zip", "--root", root, ...HOME);
    assert.equal(zip.code, 1);
    assert.match(
      zip.stdout,
      new RegExp(
        `Near misses:\\n  too_deep  ${real}/docs/zip/SKILL\\.md is 2 levels below root ${real}, which reads one level: read the root with depth: 2 \\(--depth 2\\)`,
      ),
    );
    assert.match(
      zip.stdout,
      new RegExp(
        `Roots, in ascending precedence \\(the last wins\\):\\n  ${real}\\n`,
      ),
    );
    assert.equal(cli("why", "zip", "--root", root, "--depth", "2").code, 0);
    // A DIR is a root, as for list.
    assert.equal(cli("why", "zip", root, "--depth", "2", ...HOME).code, 0);
  });

  it("finds a skill three levels down that list says to read with --depth 3", () => {
    const root = tree({
      "a/x/s1/SKILL.md": manifest("s1"),
      "a/y/s2/SKILL.md": manifest("s2"),
      "b/z/s3/SKILL.md": manifest("s3"),
      "b/w/s4/SKILL.md": manifest("s4"),
    });
    const real = realpathSync(root);
    assert.match(cli("list", root, ...HOME).stderr, /--depth 3/);
    const run = cli("why", "s1", root, ...HOME);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      new RegExp(
        `\\n  too_deep  ${real}/a/x/s1/SKILL\\.md is 3 levels below root ${real}, which reads one level: read the root with depth: 3 \\(--depth 3\\), or add ${real}/a/x as a root\\n`,
      ),
    );
    assert.equal(cli("why", "s1", root, "--depth", "3", ...HOME).code, 0);
  });

  it("says a name nothing is near, with the roots that do not exist", () => {
    const missing = join(tree(), "nothing-here");
    const run = cli("why", "pdf", "--root", missing, ...HOME);
    assert.equal(run.code, 1);
    assert.equal(
      run.stdout,
      `No skill is served as "pdf": no root holds a skill or a directory of that name.\nRoots, in ascending precedence (the last wins):\n  ${missing}  does not exist\n`,
    );
  });

  it("says what a catalog with --budget does to the skill, and gives it all with --json", () => {
    const files: Record<string, string> = {};
    for (const name of ["a", "b", "c", "d"]) {
      files[`${name}/SKILL.md`] = manifest(name, "x".repeat(300));
    }
    const root = tree(files);
    const run = cli("why", "d", "--root", root, "--budget", "300", ...HOME);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /the catalog's budget leaves it out/);
    const document = json(
      cli("why", "d", "--root", root, "--budget", "300", "--json", ...HOME),
    );
    assert.deepEqual(Object.keys(document), [
      "name",
      "candidates",
      "nearMisses",
      "untrusted",
      "roots",
      "warnings",
      "hints",
    ]);
    // Every root is trusted without --untrusted-workspace.
    assert.deepEqual(document.untrusted, []);
    const [served] = document.candidates as Array<Record<string, unknown>>;
    assert.deepEqual(served?.catalog, { verdict: "left_out" });
    assert.equal(served?.verdict, "served");
  });

  it("needs a NAME, and refuses a format it does not take", () => {
    const none = cli("why", ...HOME);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /expected at least 1 argument, got 0/);
    const bad = cli("why", "pdf", "--format", "sarif", ...HOME);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown format "sarif"/);
  });
});

describe("agent-skills show, path and catalog: DIRs are roots, as for list", () => {
  const USER = "fixtures/demo/user-store";
  const WORKSPACE = "fixtures/demo/workspace-store";

  /** The command run in this process, from `cwd`: its exit code and all it wrote. */
  async function inProcess(
    args: string[],
    cwd = ROOT,
  ): Promise<[number, string]> {
    let out = "";
    // The flags go before a "--", after which each argument is a DIR.
    const end = args.includes("--") ? args.indexOf("--") : args.length;
    const code = await main([
      ...args.slice(0, end),
      ...HOME,
      ...args.slice(end),
    ], {
      stdout: (text) => (out += text),
      stderr: (text) => (out += text),
      color: false,
      columns: 200,
      cwd,
    });
    return [code, out];
  }

  it("reads each DIR as --root DIR, after any --root, so it wins", async () => {
    const show = cli("show", "pdf-forms", USER, ...HOME);
    assert.equal(show.code, 0, show.stderr);
    assert.equal(
      show.stdout,
      cli("show", "pdf-forms", "--root", USER, ...HOME).stdout,
    );
    const path = cli("path", "pdf-forms", "scripts/fill.py", USER, ...HOME);
    assert.equal(
      path.stdout,
      `${realpathSync(join(ROOT, USER, "pdf-forms/scripts/fill.py"))}\n`,
    );
    const catalog = cli("catalog", USER, WORKSPACE, ...HOME);
    assert.equal(catalog.code, 0, catalog.stderr);
    assert.equal(catalog.stdout, cli("catalog", ...DEMO).stdout);
    // release-notes is in both stores: the DIR, after the --root, is served.
    const [, served] = await inProcess([
      "path",
      "release-notes",
      "SKILL.md",
      "--root",
      WORKSPACE,
      USER,
    ]);
    assert.equal(
      served,
      `${realpathSync(join(ROOT, USER, "release-notes/SKILL.md"))}\n`,
    );
  });

  it("says DIR in each usage and help, and still needs NAME and REL", async () => {
    for (
      const [command, usage] of [
        ["show", "show NAME [DIR]..."],
        ["path", "path NAME REL [DIR]..."],
        ["catalog", "catalog [DIR]..."],
      ] as const
    ) {
      const [code, help] = await inProcess([command, "--help"]);
      assert.equal(code, 0);
      assert.ok(help.startsWith(`Usage: agent-skills ${usage}`), help);
      assert.match(
        help,
        /\n {2}DIR {15}a root, as --root DIR \(after any --root\), as for list\n/,
      );
    }
    assert.deepEqual(await inProcess(["path", "pdf-forms"]), [
      2,
      "agent-skills path: expected at least 2 arguments, got 1\nRun agent-skills path --help for usage.\n",
    ]);
  });

  it("takes a DIR that is a symlink, starts with a dash, repeats 2,000 times, or is a file", async () => {
    const store = tree({ "pdf/SKILL.md": manifest("pdf") });
    const cwd = tree({ "-store/pdf/SKILL.md": manifest("pdf") });
    const alias = join(tree(), "alias");
    link(store, alias);
    assert.equal((await inProcess(["path", "pdf", "SKILL.md", alias]))[0], 0);
    assert.deepEqual(
      await inProcess(["path", "pdf", "SKILL.md", "--", "-store"], cwd),
      [
        0,
        `${join(cwd, "-store/pdf/SKILL.md")}\n`,
      ],
    );
    const many = Array.from({ length: 2000 }, () => store);
    assert.equal((await inProcess(["show", "pdf", ...many]))[0], 0);
    assert.equal(
      (await inProcess(["catalog", ...many]))[1].match(/<skill>/g)?.length,
      1,
    );
    const file = join(store, "pdf/SKILL.md");
    const [code, out] = await inProcess(["show", "pdf", file]);
    assert.equal(code, 1);
    assert.match(
      out,
      /skill_directory: .*pdf\/SKILL\.md is a skill's manifest, not a root of skills: list the folder that holds its skill, --root /,
    );
  });

  it("writes no control, bidi or zero-width character of a DIR's name, nor a NUL", async () => {
    const hostile = `\x1b[2J\r\u009b2J\x7f\u202e\u200b\0${"x".repeat(5000)}`;
    const UNSAFE =
      /[\p{Cc}\u2028\u2029\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
    for (
      const args of [
        ["show", "pdf", hostile],
        ["path", "pdf", "SKILL.md", hostile],
        ["catalog", hostile],
        ["catalog", hostile, "--json"],
      ]
    ) {
      const [code, out] = await inProcess(args);
      assert.ok(code === 0 || code === 1, `${code}`);
      for (const line of out.split("\n")) {
        assert.ok(!UNSAFE.test(line), JSON.stringify(line));
      }
    }
  });
});

describe("agent-skills why --host and check --host", () => {
  it("say the same of each host: why first whether it loads the skill, check in its table", () => {
    // Before, why said codex, gemini, claude-ai and spec "list" bom, which
    // check said each of them skips or fails.
    const why = cli("why", "bom", "fixtures/hosts", "--host", "all", ...HOME);
    assert.equal(why.code, 0, why.stderr);
    const lines = why.stdout.split("\n");
    for (
      const expected of [
        /^ {2}claude-code lists "bom": /,
        /^ {2}codex skips it:$/,
        /^ {2}claude-ai refuses its upload:$/,
        /^ {2}gemini skips it:$/,
        /^ {2}spec fails it:$/,
      ]
    ) {
      assert.ok(lines.some((line) => expected.test(line)), `${expected}`);
    }
    assert.doesNotMatch(why.stdout, /(codex|gemini|claude-ai|spec) lists/);
    const check = json(
      cli("check", "fixtures/hosts/bom", "--host", "all", "--json", ...HOME),
    ) as { verdicts: Array<{ hosts: Record<string, string> }> };
    assert.deepEqual(check.verdicts[0]?.hosts, {
      "claude-code": "loads",
      codex: "refuses",
      "claude-ai": "refuses",
      gemini: "refuses",
      spec: "refuses",
    });
  });
});
