// What the agent-skills command writes, run in-process through main(): no
// text from disk, and no argument echoed back, reaches the terminal raw, in
// any command or format.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { writeFileSync } from "node:fs";
import { createSkillLock, formatSkillLock } from "@clarvis/agent-skills/lock";
import { main } from "@clarvis/agent-skills/cli";
import { link, manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What acts on a terminal or shows as nothing, as this test sees it (not the
 * library's own set): controls, format characters (bidi, zero-width, tags),
 * separators and every default-ignorable code point.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** The colours the command paints with, when asked to; no other escape. */
const OWN_COLOURS = new RegExp(`${"\x1b"}\\[(?:1|2|22|31|33|39)m`, "g");

/**
 * Raw: ESC (a CSI that clears the screen), BEL, C1's CSI, RLO, DEL, a
 * line break and a carriage return, zero-width, tag, soft hyphen, invisible
 * operator, variation selector, Hangul filler, line separator.
 */
const RAW =
  "\x1b[2J\x07\u009b2J\u202e\x7f\nagent-skills: forged\r\u200b\u{E0041}\u00ad\u2061\uFE0F\u3164\u2028";

/** The same characters as YAML escapes in a double-quoted scalar. */
const YAML =
  "\\e[2J\\a\\u009b2J\\u202e\\x7f\\nagent-skills: forged\\r\\u200b\\U000E0041\\u00ad\\u2061\\ufe0f\\u3164\\u2028";

interface Written {
  stdout: string;
  stderr: string;
}

async function run(
  args: string[],
  color = false,
  columns = 100,
): Promise<Written> {
  const written = { stdout: "", stderr: "" };
  await main(args, {
    stdout: (text) => (written.stdout += text),
    stderr: (text) => (written.stderr += text),
    color,
    columns,
    cwd: "/",
  });
  return written;
}

/** Fails when a line of either stream holds a raw acting character. */
function assertSafe(args: string[], { stdout, stderr }: Written): void {
  for (const [stream, text] of [["stdout", stdout], ["stderr", stderr]]) {
    for (const line of (text ?? "").split("\n")) {
      // A tab is kept in a body and an XML description; nothing else is raw.
      const shown = line.replaceAll("\t", "").replace(OWN_COLOURS, "");
      assert.ok(
        !UNSAFE.test(shown),
        `${JSON.stringify(args)} ${stream}: ${JSON.stringify(line)}`,
      );
      // A body and an XML description keep their line breaks, on stdout;
      // no message on stderr is more than one line.
      assert.ok(
        stream === "stdout" || !line.startsWith("agent-skills: forged"),
        `${JSON.stringify(args)} ${stream}: ${JSON.stringify(line)}`,
      );
    }
  }
}

/** Roots whose every name holds the hostile characters, with the flags that read them. */
function hostileRoots(): string[][] {
  const plain = tree({
    [`${RAW}dir/SKILL.md`]: manifest(`"evil${YAML}"`, `"Desc ${YAML}."`),
    [`${RAW}dir/ref${RAW}.md`]: "x",
    "good/SKILL.md": manifest("good", `"Good ${YAML} one"`, {
      extra: `metadata:\n  "k${YAML}": "v${YAML}"\n`,
      body: `Body\t${RAW}\ttabbed`,
    }),
    [`good/r${RAW}.txt`]: "x",
  });
  // A skill directory reached by a symlink, and a resource link that dangles.
  link(`${plain}/good`, `${plain}/l${RAW}`);
  link(`${plain}/nowhere${RAW}`, `${plain}/good/d${RAW}`);
  // A skill dropped with several problems, in a category folder.
  const nested = tree({
    [`cat${RAW}/broken/SKILL.md`]:
      "---\nname: broken\nallowed-tools:\n  - 42\nuser-invocable: sometimes\n---\nBody.\n",
    [`cat${RAW}/fine/SKILL.md`]: manifest("fine"),
  });
  const market = tree({
    ".claude-plugin/marketplace.json": JSON.stringify({
      plugins: [{ name: `p${RAW}`, source: "./plugins/a" }],
    }),
    "plugins/a/skills/setup/SKILL.md": manifest("setup", `"Set ${YAML}."`),
    [`plugins/a/skills/setup/s${RAW}.md`]: "x",
  });
  return [
    ["--root", plain],
    ["--root", nested, "--depth", "2"],
    ["--root", market, "--plugins"],
  ];
}

/**
 * A lock file of one skill no root serves, whose name holds the invisible
 * characters a lock may hold (control characters it may not): every verify
 * says it is gone, and that each served skill is not locked.
 */
function hostileLock(): string {
  const dir = tree({ "s/SKILL.md": manifest("s") });
  const { lock } = createSkillLock({ roots: [dir], home: dir });
  const name = `gone\u202e\u200b\u{E0041}\u2028`;
  const text = formatSkillLock({
    ...lock,
    skills: lock.skills.map((skill) => ({ ...skill, name })),
  });
  const path = `${dir}/hostile.lock.json`;
  writeFileSync(path, text);
  return path;
}

/** Every command in every format over the roots, and for each skill listed. */
async function commandsOver(roots: string[]): Promise<string[][]> {
  const home = ["--home", "/nonexistent-home"];
  const listed = JSON.parse(
    (await run(["list", ...roots, ...home, "--json"])).stdout,
  )
    .skills as Array<{ name: string; resources?: string[] }>;
  const dir = roots[1] ?? "";
  const flags = roots.slice(2);
  const perSkill = listed.flatMap(({ name }) => {
    const rel = [
      "SKILL.md",
      `r${RAW}.txt`,
      `ref${RAW}.md`,
      `s${RAW}.md`,
    ];
    return [
      ["show", name],
      ["show", name, "--json"],
      ["why", name],
      ["why", name, "--json"],
      ["why", name, "--budget", "60"],
      ...rel.flatMap((file) => [["path", name, file], [
        "path",
        name,
        file,
        "--json",
      ]]),
    ];
  });
  return [
    ["list"],
    ["list", "--wide"],
    ["list", "--json"],
    ["catalog"],
    ["catalog", "--format", "markdown"],
    ["catalog", "--format", "json"],
    ["catalog", "--json"],
    ["catalog", "--budget", "60"],
    ["catalog", "--budget", "60", "--json"],
    ["why", "broken"],
    ["why", `broken${RAW}`],
    ["why", "nope", "--json"],
    ["show", `nope${RAW}`],
    ["path", "good", `../${RAW}`],
    ["lock", "--output", "-"],
    ["lock", "--output", "-", "--json"],
    ...[[], ["--json"], ["--format", "github"], ["--format", "sarif"]].map(
      (format) => ["verify", "--lock", hostileLock(), ...format],
    ),
    ...perSkill,
  ].map((args) => [...args, ...roots, ...home]).concat(
    [
      [],
      ["--json"],
      ["--format", "json"],
      ["--format", "github"],
      ["--format", "sarif"],
      ["--strict"],
    ].map((format) => ["check", dir, ...flags, ...format, ...home]),
  );
}

describe("agent-skills output", () => {
  it("writes no acting character from disk, in any command or format", async () => {
    for (const roots of hostileRoots()) {
      for (const args of await commandsOver(roots)) {
        assertSafe(args, await run(args));
        // In colour too: only the command's own colours are escapes; and
        // in a terminal too narrow for a name.
        assertSafe(args, await run(args, true, 10));
      }
    }
  });

  it("echoes no argument raw in a usage error, as text or JSON", async () => {
    const cases = [
      [RAW],
      ["help", RAW],
      ["list", `--x${RAW}`],
      ["list", `--root=${RAW}`, "--depth", RAW],
      ["list", "--preset", RAW],
      ["list", "--max-manifest-bytes", RAW],
      ["list", "--depth", `-${RAW}`],
      ["list", "--hidden", "--root", RAW],
      ["catalog", "--format", RAW],
      ["catalog", "--budget", RAW],
      ["catalog", RAW],
      ["show", RAW, RAW],
      ["check", "--format", RAW],
      ["verify", "--lock", RAW],
      ["verify", "--format", RAW],
      ["lock", "--output", ""],
      ["why"],
    ];
    for (const args of cases) {
      for (const json of [[], ["--json"]]) {
        const all = [...args, ...json, "--home", "/nonexistent-home"];
        assertSafe(all, await run(all));
      }
    }
  });

  it("escapes the path of each problem of a dropped skill under why", async () => {
    const [, nested = ""] = hostileRoots()[1] ?? [];
    const { stdout } = await run([
      "why",
      "broken",
      "--root",
      nested,
      "--depth",
      "2",
      "--home",
      "/nonexistent-home",
    ]);
    const dir =
      `${nested}/cat\\u001b[2J\\u0007\\u009b2J\\u202e\\u007f\\nagent-skills: forged\\r\\u200b\\u{e0041}\\u00ad\\u2061\\ufe0f\\u3164\\u2028/broken/SKILL.md`;
    const lines = stdout.split("\n").filter((line) =>
      line.startsWith(`  ${dir}:`)
    );
    // One line for each problem, the path escaped as in the message above them.
    assert.deepEqual(lines, [
      `  ${dir}:1 frontmatter.description: is required`,
      `  ${dir}:3 frontmatter.allowed-tools[0]: expected string, received number`,
      `  ${dir}:5 frontmatter.user-invocable: expected true or false`,
    ]);
  });
});

describe("agent-skills show", () => {
  it("puts every value in one column after its label, with no space at a line's end", async () => {
    const { stdout: out } = await run([
      "show",
      "pdf-forms",
      "--root",
      `${ROOT}fixtures/demo/user-store`,
      "--home",
      "/nonexistent-home",
    ]);
    const path = `${ROOT}fixtures/demo/user-store/pdf-forms/SKILL.md`;
    assert.deepEqual(out.split("\n").slice(0, 13), [
      "pdf-forms",
      "description:              Fill in and flatten PDF forms. Use when the user asks to complete, inspect or sign a PDF form.",
      "scope/source:             custom/custom",
      `path:                     ${path}`,
      "allowed tools:            Bash(python3:*), Read",
      "user-invocable:           yes",
      "disable-model-invocation: no",
      "license:                  MIT",
      'metadata:                 {"short-description":"Fill PDF forms"}',
      "resources (2):",
      "  references/fields.md",
      "  scripts/fill.py",
      "",
    ]);
    for (const line of out.split("\n")) assert.doesNotMatch(line, / $/);
  });
});
