// A lock is input: parseSkillLock() and lockPolicy() (which makes the `lock`
// option) refuse a malformed or hostile one with invalid_lock, naming the
// field, before any root is read.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createAgentSkills, StartupError } from "@clarvis/agent-skills";
import {
  createSkillLock,
  lockPolicy,
  parseSkillLock,
  type SkillLock,
} from "@clarvis/agent-skills/lock";
import { manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

const ZERO = `sha256:${"0".repeat(64)}`;

/** A valid lock of one skill, as plain JSON data, to break field by field. */
function validLock(): {
  agentSkillsLock: 1;
  skills: Array<Record<string, unknown>>;
} {
  const root = tree({ "s/SKILL.md": manifest("s"), "s/a.md": "a" });
  const { options: opts } = options(root);
  return JSON.parse(JSON.stringify(createSkillLock(opts).lock));
}

/**
 * Asserts both ways in refuse `value`: as a lock file's text (unless it
 * cannot be JSON: a getter, a symbol key) and as the lock of the `lock`
 * option's policy.
 */
function refused(
  value: unknown,
  pattern: RegExp,
  { json = true }: { json?: boolean } = {},
): void {
  for (
    const attempt of [
      ...(json
        ? [() => parseSkillLock(JSON.stringify(value), "skills.lock.json")]
        : []),
      () =>
        createAgentSkills({
          home: "/",
          cwd: "/",
          roots: ["/nonexistent"],
          lock: lockPolicy(value as SkillLock),
        }),
    ]
  ) {
    assert.throws(attempt, (error) => {
      assert.ok(error instanceof StartupError);
      assert.equal(error.code, "invalid_lock");
      assert.match(error.message, pattern);
      assert.ok(error.message.length < 400, error.message);
      return true;
    });
  }
}

describe("a malformed or hostile lock", () => {
  it("reads a valid one", () => {
    const lock = validLock();
    assert.equal(parseSkillLock(JSON.stringify(lock)).skills.length, 1);
  });

  it("refuses text that is not JSON, naming the source", () => {
    assert.throws(
      () => parseSkillLock("{", "skills.lock.json"),
      (error) =>
        error instanceof StartupError && error.code === "invalid_lock" &&
        /^skills\.lock\.json is not JSON/.test(error.message),
    );
  });

  it("refuses another version, another tool's lock, and a missing field", () => {
    refused({ agentSkillsLock: 2, skills: [] }, /agentSkillsLock must be 1/);
    refused(
      { version: 1, skills: { pdf: { source: "x", computedHash: "y" } } },
      /field it may not have: "version"/,
    );
    refused({ agentSkillsLock: 1 }, /has no "skills"/);
    refused([], /the lock must be an object, got an array/);
    refused(null, /must be an object, got null/);
  });

  it("refuses a field of the wrong type", () => {
    const lock = validLock();
    refused({ ...lock, skills: {} }, /skills must be a list/);
    refused(
      { ...lock, skills: [{ ...lock.skills[0], name: 7 }] },
      /skills\[0\]\.name must be a non-empty string, got 7/,
    );
    refused(
      { ...lock, skills: [{ ...lock.skills[0], files: "SKILL.md" }] },
      /skills\[0\]\.files must be a list/,
    );
    const files = lock.skills[0]?.files as Array<Record<string, unknown>>;
    refused(
      {
        ...lock,
        skills: [{ ...lock.skills[0], files: [{ ...files[0], size: -1 }] }],
      },
      /skills\[0\]\.files\[0\]\.size must be a whole number/,
    );
    refused(
      {
        ...lock,
        skills: [{ ...lock.skills[0], files: [{ ...files[0], size: 1.5 }] }],
      },
      /size must be a whole number/,
    );
  });

  it("refuses paths that leave the skill or the root", () => {
    const lock = validLock();
    for (
      const [path, why] of [
        ["../etc", /"\.\." segment/],
        ["a/../../b", /"\.\." segment/],
        ["/etc/passwd", /absolute/],
        ["a//b", /empty segment/],
        ["./a", /"\." segment/],
        ["a\\..\\b", /backslash/],
        ["a\nb", /control character/],
      ] as const
    ) {
      refused(
        { ...lock, skills: [{ ...lock.skills[0], path }] },
        new RegExp(`skills\\[0\\]\\.path: .*${why.source}`),
      );
      const files = lock.skills[0]?.files as Array<Record<string, unknown>>;
      refused(
        {
          ...lock,
          skills: [{ ...lock.skills[0], files: [{ ...files[0], path }] }],
        },
        new RegExp(`skills\\[0\\]\\.files\\[0\\]\\.path: .*${why.source}`),
      );
    }
  });

  it("refuses malformed digests, and a skill digest its files do not give", () => {
    const lock = validLock();
    for (
      const digest of [
        ZERO.toUpperCase(),
        "sha256:abc",
        `sha512:${"0".repeat(64)}`,
        "",
      ]
    ) {
      refused(
        { ...lock, skills: [{ ...lock.skills[0], digest }] },
        /skills\[0\]\.digest must be "sha256:"/,
      );
    }
    refused(
      { ...lock, skills: [{ ...lock.skills[0], digest: ZERO }] },
      /skills\[0\]\.digest: sha256:0{64} is not the digest of its files/,
    );
  });

  it("refuses a name locked twice and a file listed twice", () => {
    const lock = validLock();
    refused(
      { ...lock, skills: [lock.skills[0], lock.skills[0]] },
      /skills\[1\]\.name: "s" is locked twice/,
    );
    const files = lock.skills[0]?.files as unknown[];
    refused(
      { ...lock, skills: [{ ...lock.skills[0], files: [files[0], files[0]] }] },
      /files\[1\]\.path: "SKILL\.md" is listed twice/,
    );
  });

  it("refuses huge input before walking it, and cuts long values in messages", () => {
    refused(
      { agentSkillsLock: 1, skills: new Array(100_001).fill(0) },
      /skills holds 100001 entries, more than a lock may \(100000\)/,
    );
    const lock = validLock();
    refused(
      { ...lock, skills: [{ ...lock.skills[0], name: "n".repeat(1_000_000) }] },
      /skills\[0\]\.name is 1000000 characters long/,
    );
    refused({ agentSkillsLock: "x".repeat(1_000_000), skills: [] }, /x{80}…/);
  });

  it("reads each field once and survives getters that throw", () => {
    const lock = validLock();
    let reads = 0;
    const counted = {
      get agentSkillsLock() {
        reads++;
        return 1;
      },
      skills: lock.skills,
    };
    parseSkillLock(JSON.stringify(lock));
    const skills = createAgentSkills({
      home: "/",
      cwd: "/",
      roots: ["/nonexistent"],
      lock: lockPolicy(counted as unknown as SkillLock),
      onWarning: () => {},
    });
    assert.equal(reads, 1);
    assert.deepEqual(skills.listSkills(), []);
    const throwing = Object.defineProperty({ skills: [] }, "agentSkillsLock", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    refused(throwing, /cannot be read \(boom\)/, { json: false });
  });

  it("reads a lock file's JSON by its keys, whatever their order or spelling tricks", () => {
    const lock = validLock();
    const skill = lock.skills[0] as Record<string, unknown>;
    const files = skill.files as Record<string, unknown>[];
    const file = files[0] as Record<string, unknown>;
    // Another order of the same keys is the same lock.
    const reordered = JSON.stringify({
      skills: [{
        files: files.map(({ size, digest, path }) => ({ size, digest, path })),
        digest: skill.digest,
        path: skill.path,
        name: skill.name,
      }],
      agentSkillsLock: 1,
    });
    assert.deepEqual(
      parseSkillLock(reordered),
      parseSkillLock(JSON.stringify(lock)),
    );
    const text = JSON.stringify(lock);
    const fileText = JSON.stringify(file);
    // "__proto__" in JSON is an own key like any other: not a field of a lock.
    assert.throws(
      () =>
        parseSkillLock(
          text.replace(fileText, `${fileText.slice(0, -1)},"__proto__":{}}`),
        ),
      /skills\[0\]\.files\[0\] has a field it may not have: "__proto__"/,
    );
    // A key given twice is read as JSON.parse reads it: the last one counts.
    const twice = text.replace(
      fileText,
      `${fileText.slice(0, -1)},"digest":"${ZERO}"}`,
    );
    assert.throws(
      () => parseSkillLock(twice),
      /skills\[0\]\.digest: .* is not the digest of its files/,
    );
    // One key too few, or an extra one after the others.
    const { size: _, ...sizeless } = file;
    assert.throws(
      () => parseSkillLock(text.replace(fileText, JSON.stringify(sizeless))),
      /skills\[0\]\.files\[0\] has no "size"/,
    );
    assert.throws(
      () =>
        parseSkillLock(
          text.replace(fileText, `${fileText.slice(0, -1)},"mode":"0755"}`),
        ),
      /skills\[0\]\.files\[0\] has a field it may not have: "mode"/,
    );
  });

  it("reads a lock file's JSON alike with Object.prototype polluted", () => {
    const text = JSON.stringify(validLock());
    const expected = parseSkillLock(text);
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = "yes";
    try {
      assert.deepEqual(
        JSON.parse(JSON.stringify(parseSkillLock(text))),
        JSON.parse(JSON.stringify(expected)),
      );
    } finally {
      delete proto.polluted;
    }
  });

  it("refuses a symbol key and an unknown mode", () => {
    refused({ agentSkillsLock: 1, skills: [], [Symbol("x")]: 1 }, /a symbol/, {
      json: false,
    });
    assert.throws(
      () =>
        lockPolicy({ agentSkillsLock: 1, skills: [] }, {
          mode: "warn" as "report",
        }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        /Option "mode" must be "enforce" or "report"/.test(error.message),
    );
  });
});
