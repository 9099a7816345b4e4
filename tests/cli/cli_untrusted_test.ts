// A root the `trust` option leaves unread: the library says it in its own
// terms (the option `trust`), once per root; the command line says it once,
// in its terms (the flag --untrusted-workspace), as a note in every command,
// list and check alike.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  clarvisSkillRoots,
  createAgentSkills,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { manifest, runMain, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** A home with one skill, a workspace with another. */
function project(): { home: string; ws: string } {
  const base = tree({
    "home/.agents/skills/mine/SKILL.md": manifest("mine"),
    "ws/.agents/skills/theirs/SKILL.md": manifest("theirs"),
  });
  return { home: join(base, "home"), ws: join(base, "ws") };
}

async function run(args: string[], { home, ws }: { home: string; ws: string }) {
  return await runMain([...args, "--untrusted-workspace", "--home", home], {
    columns: 200,
    cwd: ws,
  });
}

/** The lines of a text that speak of untrusted_root. */
function untrustedLines(text: string): string[] {
  return text.split("\n").filter((line) => line.includes("untrusted_root"));
}

/** What the command line says of the roots it did not read. */
const NOTE =
  "not read, as --untrusted-workspace asks: .agents/skills, .clarvis/skills (the workspace's roots); leave out --untrusted-workspace to read them";

describe("untrusted_root in the library", () => {
  it("speaks of the trust option, never of a flag", () => {
    const { home, ws } = project();
    const warnings: SkillWarning[] = [];
    createAgentSkills({
      home,
      cwd: ws,
      roots: clarvisSkillRoots(),
      trust: false,
      onWarning: (warning) => warnings.push(warning),
    });
    assert.equal(warnings.length, 2);
    for (const warning of warnings) {
      assert.equal(warning.code, "untrusted_root");
      assert.match(warning.message, /the trust option does not trust it/);
      assert.doesNotMatch(warning.message, /--|command line/);
    }
    const report = checkSkills({
      paths: clarvisSkillRoots(),
      home,
      cwd: ws,
      trust: false,
    });
    for (const diagnostic of report.diagnostics) {
      assert.doesNotMatch(diagnostic.message, /--|command line/);
    }
    const why = createAgentSkills({
      home,
      cwd: ws,
      roots: clarvisSkillRoots(),
      trust: false,
      onWarning: () => {},
    }).explain("theirs");
    for (const root of why.untrusted) {
      assert.doesNotMatch(root.message, /--|command line/);
    }
  });
});

describe("untrusted_root on the command line", () => {
  it("is one note in list, in the flag's terms", async () => {
    const { err, code } = await run(["list"], project());
    assert.equal(code, 0);
    assert.deepEqual(untrustedLines(err), [`note [untrusted_root] ${NOTE}`]);
    assert.doesNotMatch(err, /trust option|trust: true/);
  });

  it("is the same one note in check, at the same severity", async () => {
    const { out, code } = await run(["check", "--strict"], project());
    assert.equal(code, 0, out);
    assert.deepEqual(untrustedLines(out), [
      `.agents/skills, .clarvis/skills: untrusted_root: ${NOTE} [info]`,
    ]);
    assert.doesNotMatch(out, /trust option|trust: true/);
  });

  it("is one note in every other command that prints warnings", async () => {
    const at = project();
    for (
      const args of [
        ["catalog"],
        ["show", "mine"],
        ["path", "mine", "SKILL.md"],
        ["lock", "--output", "-"],
      ]
    ) {
      const { err } = await run(args, at);
      assert.deepEqual(untrustedLines(err), [
        `note [untrusted_root] ${NOTE}`,
      ], args[0]);
    }
  });

  it("says in why which roots not read may hold the name, in the flag's terms", async () => {
    const { out } = await run(["why", "theirs"], project());
    const lines = out.split("\n").filter((line) => line.startsWith("Not read"));
    assert.equal(lines.length, 2);
    for (const line of lines) {
      assert.match(
        line,
        /^Not read: untrusted: the root .*skills \(scope "workspace"\) may hold "theirs": --untrusted-workspace leaves it unread; leave out --untrusted-workspace to read it$/,
      );
    }
  });
});
