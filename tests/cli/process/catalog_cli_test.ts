// agent-skills catalog: --location, the note of an empty catalog, and the
// budget's summary of removed descriptions (main() in process).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { main } from "@clarvis/agent-skills/cli";
import { manifest, tempTrees } from "../../_helpers.ts";

const tree = tempTrees();
const HOME = ["--home", "/nonexistent-home"];

async function run(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(["catalog", ...args, ...HOME], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    color: false,
    columns: 80,
    cwd: "/nonexistent-cwd",
  });
  return { code, stdout, stderr };
}

describe("agent-skills catalog --location", () => {
  it("leaves the location out with none, and writes it relative to the root with relative", async () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf", "Fill forms.") });
    const none = await run("--root", root, "--location", "none");
    assert.equal(none.code, 0, none.stderr);
    assert.equal(
      none.stdout,
      "<available_skills>\n<skill>\n<name>pdf</name>\n<description>Fill forms.</description>\n</skill>\n</available_skills>\n",
    );
    const relative = await run(
      "--root",
      root,
      "--location=relative",
      "--format",
      "markdown",
    );
    assert.equal(relative.stdout, "- pdf: Fill forms. (file: pdf/SKILL.md)\n");
    const absolute = await run("--root", root, "--location", "absolute");
    assert.ok(
      absolute.stdout.includes(
        `<location>${join(realpathSync(root), "pdf", "SKILL.md")}</location>`,
      ),
    );
  });

  it("refuses a location it does not take, naming the value escaped, with exit 2", async () => {
    const bad = await run("--location", "short\u001b[2J");
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /option --location takes absolute, relative, none, got "short\\u001b\[2J"/,
    );
    assert.ok(!bad.stderr.includes("\u001b"));
  });
});

describe("agent-skills catalog with no skill to show", () => {
  it("prints the empty block and says on stderr where it looked", async () => {
    const root = tree({ "notes/readme.md": "x" });
    const weird = join(root, "sk\u001b]0;x\u0007ills");
    mkdirSync(weird);
    const result = await run("--root", root, "--root", weird);
    // Roots named that hold no skill fail it, as they fail list.
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "<available_skills>\n</available_skills>\n");
    assert.equal(
      result.stderr,
      [root, join(root, "sk\\u001b]0;x\\u0007ills")].map((path) =>
        `agent-skills: no skills in ${path}: no SKILL.md in it or in any directory one level below\n`
      ).join(""),
    );
    const json = await run("--root", root, "--format", "json");
    assert.deepEqual(JSON.parse(json.stdout), { skills: [] });
    const markdown = await run("--root", root, "--format", "markdown");
    assert.equal(markdown.stdout, "");
    assert.match(markdown.stderr, /no skills in /);
    // With no root named, the preset's roots may be empty: it says where it looked.
    const preset = await run("--home", root, "--workspace", root);
    assert.equal(preset.code, 0);
    assert.match(preset.stderr, /no skills found in .*; give the roots/);
  });

  it("says the budget left every skill out", async () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf", "d".repeat(200)) });
    const result = await run("--root", root, "--budget", "50");
    assert.equal(result.stdout, "<available_skills>\n</available_skills>\n");
    assert.match(
      result.stderr,
      /no skill in the catalog: the budget of 50 characters leaves every skill out; raise --budget\n$/,
    );
  });

  it("writes only the JSON document under --json", async () => {
    const root = tree({ "notes/readme.md": "x" });
    const result = await run("--root", root, "--json");
    assert.equal(result.stderr, "");
    const document = JSON.parse(result.stdout);
    assert.equal(document.text, "<available_skills>\n</available_skills>");
  });
});

describe("agent-skills catalog --budget summary", () => {
  it("says removed for the descriptions it removed, not shortened", async () => {
    const files: Record<string, string> = {};
    for (const name of ["a", "b", "c", "d"]) {
      files[`${name}/SKILL.md`] = manifest(name, "x".repeat(300));
    }
    const root = tree(files);
    const result = await run("--root", root, "--budget", "400", "--json");
    const { report } = JSON.parse(result.stdout);
    const text = await run("--root", root, "--budget", "400");
    assert.equal(
      text.stderr,
      `agent-skills: to fit 400 characters, ${report.shortened.length} description${
        report.shortened.length === 1 ? "" : "s"
      } shortened, ${report.withoutDescription.length} description${
        report.withoutDescription.length === 1 ? "" : "s"
      } removed, ${report.leftOut.length} skill${
        report.leftOut.length === 1 ? "" : "s"
      } left out (${
        report.leftOut.join(", ") || "none"
      }); --json lists them all\n`,
    );
    assert.ok(report.withoutDescription.length > 0);
  });
});

describe("agent-skills catalog --format markdown", () => {
  it("writes a plugin skill's name so that copying it gives the name show takes", async () => {
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        owner: { name: "Ada" },
        plugins: [{ name: "gh-cli", source: "./plugins/gh-cli" }],
      }),
      "plugins/gh-cli/skills/gh-cli/SKILL.md": manifest("gh-cli", "Use gh."),
    });
    const result = await run(
      `kind=plugins,path=${root}`,
      "--format",
      "markdown",
      "--location",
      "none",
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, "- gh-cli:gh-cli: Use gh.\n");
    const name = result.stdout.slice(2, result.stdout.indexOf(": "));
    let out = "";
    const shown = await main([
      "show",
      name,
      "--root",
      root,
      "--plugins",
      ...HOME,
    ], {
      stdout: (text) => (out += text),
      stderr: (text) => (out += text),
      color: false,
      columns: 80,
      cwd: "/nonexistent-cwd",
    });
    assert.equal(shown, 0, out);
  });
});
