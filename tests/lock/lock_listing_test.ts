// skillsListing() (src/lock/listing.ts): the served skills in the shape of
// SEP-2640's skills/list entries, checked as a host following that extension
// checks them: every file listed once, each digest and size the file's own.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StartupError } from "@clarvis/agent-skills";
import {
  createSkillLock,
  formatSkillLock,
  parseSkillLock,
  skillsListing,
} from "@clarvis/agent-skills/lock";
import { manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** What a host checks of an entry, with the skill's directory on disk. */
function assertVerifies(
  entry: {
    uri: string;
    resources: readonly { uri: string; digest: string; size: number }[];
  },
  dir: string,
): void {
  const base = entry.uri.slice(0, -"/SKILL.md".length);
  assert.equal(entry.resources[0]?.uri, entry.uri);
  const uris = entry.resources.map((resource) => resource.uri);
  assert.equal(new Set(uris).size, uris.length);
  for (const resource of entry.resources) {
    assert.ok(resource.uri.startsWith(`${base}/`), resource.uri);
    const rel = resource.uri.slice(base.length + 1).split("/").map(
      decodeURIComponent,
    ).join("/");
    const bytes = readFileSync(join(dir, rel));
    assert.equal(resource.size, bytes.length);
    assert.equal(
      resource.digest,
      `sha256:${createHash("sha256").update(bytes).digest("hex")}`,
    );
  }
}

describe("skillsListing()", () => {
  it("lists each skill with its frontmatter as written and every file", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf", "Fill PDF forms.", {
        extra:
          "license: Apache-2.0\nversion: 2\nmetadata:\n  owner: ada\n  tags: [a, b]\nx-custom: true\n",
      }),
      "pdf/scripts/fill.py": "print('fill')\n",
      "pdf/nested/inner/SKILL.md": manifest("inner"),
    });
    const { skills, problems } = skillsListing({ roots: [root], home: root });
    assert.deepEqual(problems, []);
    assert.equal(skills.length, 1);
    const [pdf] = skills;
    assert.equal(pdf?.uri, "skill://pdf/SKILL.md");
    assert.deepEqual(pdf?.frontmatter, {
      name: "pdf",
      description: "Fill PDF forms.",
      license: "Apache-2.0",
      version: 2,
      metadata: { owner: "ada", tags: ["a", "b"] },
      "x-custom": true,
    });
    // A nested skill's files are the enclosing skill's files too.
    assert.deepEqual(pdf?.resources.map((resource) => resource.uri), [
      "skill://pdf/SKILL.md",
      "skill://pdf/nested/inner/SKILL.md",
      "skill://pdf/scripts/fill.py",
    ]);
    if (pdf !== undefined) assertVerifies(pdf, join(root, "pdf"));
  });

  it("ends the skill path with its name, under its category and the prefix", () => {
    const root = tree({
      "office/pdf-v2/SKILL.md": manifest("pdf"),
      "office/pdf-v2/a b#?%é.md": "odd name\n",
    });
    const { skills } = skillsListing({
      roots: [{ path: root, depth: 2 }],
      home: root,
      prefix: "acme/bill ing/",
      onWarning: () => {},
    });
    assert.equal(skills[0]?.uri, "skill://acme/bill%20ing/office/pdf/SKILL.md");
    assert.deepEqual(skills[0]?.resources.map((resource) => resource.uri), [
      "skill://acme/bill%20ing/office/pdf/SKILL.md",
      "skill://acme/bill%20ing/office/pdf/a%20b%23%3F%25%C3%A9.md",
    ]);
    const entry = skills[0];
    if (entry !== undefined) {
      assertVerifies(
        {
          ...entry,
          uri: entry.uri.replace("/pdf/", "/pdf-v2/"),
          resources: entry.resources.map((r) => ({
            ...r,
            uri: r.uri.replace("/pdf/", "/pdf-v2/"),
          })),
        },
        join(root, "office", "pdf-v2"),
      );
    }
  });

  it("puts a plugin's skill under its plugin's name", () => {
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: [
          { name: "one", source: "./plugins/one" },
          { name: "two", source: "./plugins/two" },
        ],
      }),
      "plugins/one/skills/setup/SKILL.md": manifest("setup"),
      "plugins/two/skills/setup/SKILL.md": manifest("setup", "Another."),
    });
    const { skills } = skillsListing({
      roots: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.deepEqual(skills.map((skill) => skill.uri), [
      "skill://one/setup/SKILL.md",
      "skill://two/setup/SKILL.md",
    ]);
    assert.deepEqual(skills.map((skill) => skill.frontmatter.name), [
      "setup",
      "setup",
    ]);
  });
});

describe("skillsListing() and plugin names", () => {
  it("gives a plugin named .. no URI: a plain skill's URI is its own", () => {
    const base = tree({
      "plain/x/SKILL.md": manifest("x", "Plain."),
      "dots/.claude-plugin/plugin.json": '{"name": ".."}',
      "dots/skills/x/SKILL.md": manifest("x", "Forged."),
    });
    const warnings: string[] = [];
    const { skills, problems } = skillsListing({
      roots: [join(base, "plain"), {
        path: join(base, "dots"),
        kind: "plugins",
      }],
      home: base,
      prefix: "acme",
      onWarning: (warning) => warnings.push(warning.code),
    });
    assert.deepEqual(skills.map((skill) => skill.uri), [
      "skill://acme/x/SKILL.md",
    ]);
    assert.equal(skills[0]?.frontmatter.description, "Plain.");
    assert.deepEqual(problems, []);
    assert.deepEqual(warnings, ["invalid_plugin"]);
  });

  it("gives every listed skill a URI of its own, whatever plugins are named", () => {
    const names = [".", "..", "", "a/..", "%2e%2e", "\uff0e\uff0e", "x"];
    const base = tree({
      "plain/x/SKILL.md": manifest("x", "Plain."),
      ".claude-plugin/marketplace.json": JSON.stringify({
        plugins: names.map((name, i) => ({
          name,
          source: `./p${i}`,
          strict: false,
        })),
      }),
      ...Object.fromEntries(
        names.map((_, i) => [`p${i}/skills/x/SKILL.md`, manifest("x")]),
      ),
    });
    const { skills } = skillsListing({
      roots: [join(base, "plain"), { path: base, kind: "plugins" }],
      home: base,
      prefix: "acme",
      onWarning: () => {},
    });
    const uris = skills.map((skill) => skill.uri);
    assert.deepEqual(uris, [
      "skill://acme/%252e%252e/x/SKILL.md",
      "skill://acme/x/SKILL.md",
      "skill://acme/x/x/SKILL.md",
    ]);
    // As a host resolves them: still one skill per URI.
    const resolved = uris.map((uri) =>
      new URL(uri.replace("skill:", "http:")).href
    );
    assert.equal(new Set(resolved).size, uris.length);
  });

  it("refuses a lock entry whose plugin is named ..", () => {
    const root = tree({
      ".claude-plugin/plugin.json": '{"name": "p"}',
      "skills/x/SKILL.md": manifest("x"),
    });
    const { lock } = createSkillLock({
      roots: [{ path: root, kind: "plugins" }],
      home: root,
    });
    assert.equal(lock.skills[0]?.name, "p:x");
    const forged = formatSkillLock(lock).replace('"p:x"', '"..:x"');
    assert.throws(
      () => parseSkillLock(forged),
      (error) =>
        error instanceof StartupError && error.code === "invalid_lock" &&
        error.message.includes('skills[0].name: "..:x"') &&
        error.message.includes('it is "..", which a path or URI resolves away'),
    );
  });
});
