import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import process from "node:process";
import { join } from "node:path";
import {
  createAgentSkills,
  setWarnSink,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { options, tempTrees, writeTree } from "./_helpers.ts";

const tree = tempTrees();

/** An instance over `root` with the default (global) warning sink. */
function load(root: string): ReturnType<typeof createAgentSkills> {
  return createAgentSkills({ home: root, cwd: root, roots: [root] });
}

function brokenRoot(): string {
  return tree({ "bad/SKILL.md": "no frontmatter\n" });
}

function withStderr(fn: () => void): string {
  const original = process.stderr.write;
  let written = "";
  process.stderr.write = ((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    fn();
  } finally {
    process.stderr.write = original;
  }
  return written;
}

describe("setWarnSink()", () => {
  afterEach(() => setWarnSink(null));

  it("writes one readable line per warning to stderr by default", () => {
    const root = brokenRoot();
    const written = withStderr(() => load(root));
    assert.equal(
      written,
      `agent-skills: warning [invalid_skill] Invalid skill manifest ${
        join(root, "bad", "SKILL.md")
      }:1: missing frontmatter: the file must start with a --- line, then YAML, then a --- line\n`,
    );
  });

  it("writes exactly one line per warning, whatever the names from disk hold", () => {
    const forged =
      "x\nagent-skills: warning [invalid_skill] forged\r\u001b[2K\u202e\u2066";
    const root = tree({ [`${forged}/SKILL.md`]: "no frontmatter\n" });
    const written = withStderr(() => load(root));
    assert.equal(
      written,
      `agent-skills: warning [invalid_skill] Invalid skill manifest ${root}/x\\nagent-skills: warning [invalid_skill] forged\\r\\u001b[2K\\u202e\\u2066/SKILL.md:1: missing frontmatter: the file must start with a --- line, then YAML, then a --- line\n`,
    );
  });

  it("writes invisible characters as escapes, an astral one as one code point", () => {
    const hidden = "x\u00AD\u2061\uFE0F\u3164\u{E0041}\u{E0100}";
    const root = tree({ [`${hidden}/SKILL.md`]: "no frontmatter\n" });
    const written = withStderr(() => load(root));
    assert.ok(
      written.includes(
        `${root}/x\\u00ad\\u2061\\ufe0f\\u3164\\u{e0041}\\u{e0100}/SKILL.md:1:`,
      ),
      written,
    );
  });

  it("redirects warnings to the given sink", () => {
    const root = brokenRoot();
    const seen: SkillWarning[] = [];
    setWarnSink((warning) => seen.push(warning));
    const redirected = withStderr(() => load(root));
    assert.equal(redirected, "");
    assert.deepEqual(seen.map((warning) => [warning.code, warning.path]), [
      ["invalid_skill", join(root, "bad", "SKILL.md")],
    ]);
  });

  it("restores stderr when given null", () => {
    const root = brokenRoot();
    const seen: SkillWarning[] = [];
    setWarnSink((warning) => seen.push(warning));
    setWarnSink(null);
    const restored = withStderr(() => load(root));
    assert.match(restored, /^agent-skills: warning \[invalid_skill\]/);
    assert.deepEqual(seen, []);
  });

  it("applies to live instances on their next warning", () => {
    const root = brokenRoot();
    const skills = withStderrValue(() => load(root));
    const seen: SkillWarning[] = [];
    setWarnSink((warning) => seen.push(warning));
    // A refresh says only what is new: a second broken skill.
    writeTree(root, { "worse/SKILL.md": "no frontmatter either\n" });
    skills.refresh();
    assert.deepEqual(seen.map((warning) => warning.path), [
      join(root, "worse", "SKILL.md"),
    ]);
  });

  it("loses to a per-instance onWarning", () => {
    const root = brokenRoot();
    const global: SkillWarning[] = [];
    const local: SkillWarning[] = [];
    setWarnSink((warning) => global.push(warning));
    createAgentSkills({
      home: root,
      cwd: root,
      roots: [root],
      onWarning: (w) => local.push(w),
    });
    assert.equal(global.length, 0);
    assert.deepEqual(local.map((warning) => warning.code), ["invalid_skill"]);
  });
});

function withStderrValue<T>(fn: () => T): T {
  let value: T | undefined;
  withStderr(() => {
    value = fn();
  });
  return value as T;
}

describe("onWarning", () => {
  class Abort extends Error {}

  it("propagates what the sink throws out of createAgentSkills, unchanged", () => {
    // Too large a manifest: a problem found while the file is open.
    const root = tree({
      "big/SKILL.md": "---\nname: big\ndescription: d\n---\n",
    });
    const abort = new Abort("stop the scan");
    const later: SkillWarning[] = [];
    let calls = 0;
    assert.throws(
      () =>
        createAgentSkills(
          options(root, {
            maxManifestBytes: 10,
            onWarning: (warning) => {
              if (calls++ === 0) throw abort;
              later.push(warning);
            },
          }).options,
        ),
      (error) => error === abort,
    );
    assert.deepEqual(later, []); // the scan stopped at the throw
  });

  it("leaves the previous snapshot in place when the sink throws in refresh()", () => {
    const root = tree({
      "good/SKILL.md": "---\nname: good\ndescription: d\n---\n",
    });
    let fail = false;
    const skills = createAgentSkills({
      home: root,
      cwd: root,
      roots: [root],
      onWarning: () => {
        if (fail) throw new Abort("stop the refresh");
      },
    });
    writeTree(root, { "bad/SKILL.md": "no frontmatter\n" });
    fail = true;
    assert.throws(() => skills.refresh(), Abort);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["good"]);
    fail = false;
    skills.refresh();
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["good"]);
  });
});
