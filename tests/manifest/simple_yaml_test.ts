import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";
import { differential, jsYaml, same } from "./_yaml_fuzz.ts";

/** The frontmatter of a manifest's text, as `parseManifest` splits it. */
function frontmatterOf(text: string): string | undefined {
  const normalised = text.replace(/\r\n/g, "\n");
  return /^\uFEFF?---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/.exec(
    normalised,
  )?.[1];
}

/** Every SKILL.md (any case) under `dir`. */
function manifestsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...manifestsUnder(path));
    else if (entry.isFile() && entry.name.toLowerCase() === "skill.md") {
      found.push(path);
    }
  }
  return found;
}

describe("simpleYaml()", () => {
  it("reads the common forms as js-yaml does", () => {
    const yaml = [
      "name: pdf-tools",
      "description: >-",
      "  Use when the user asks for a PDF.",
      "  Also: forms, tables.",
      "license: 'Apache-2.0 (see ''LICENSE'')'",
      "allowed-tools:",
      "  - Bash(git add:*)",
      '  - "Read"',
      "metadata:",
      '  version: "1.2"',
      "  author: Ada Lovelace",
      "# a comment",
      "",
      "body-notes: |",
      "  line one",
      "    indented",
      "",
      "  after a gap",
      "x-list:",
      "- at column 0",
      "compatibility: C# and é 日本語 😀",
    ].join("\n");
    const fast = simpleYaml(yaml);
    assert.notEqual(fast, undefined);
    const js = jsYaml(yaml);
    assert.ok("value" in js);
    assert.deepEqual(fast, js.value);
    assert.ok(same(fast, js.value));
  });

  it("reads a value that starts outside ASCII, at the top, in a list and in a mapping", () => {
    for (
      const text of ["é tout", "日本語", "😀 emoji", "\u00A0nbsp", "Ωmega"]
    ) {
      for (
        const yaml of [
          `description: ${text}`,
          `tools:\n  - ${text}`,
          `metadata:\n  k: ${text}`,
        ]
      ) {
        const fast = simpleYaml(yaml);
        assert.notEqual(fast, undefined, JSON.stringify(yaml));
        const js = jsYaml(yaml);
        assert.ok("value" in js && same(fast, js.value), JSON.stringify(yaml));
      }
    }
  });

  it("reads numbers, nulls, empty values and flow lists as js-yaml does (issue 49)", () => {
    for (
      const yaml of [
        "name: 2048", // a number
        "name: NULL", // null in another spelling
        "name: ~", // null
        "name: 2024-01-01", // a string: the core schema has no timestamp
        "name:", // null
        "name: [a, b]",
      ]
    ) {
      const fast = simpleYaml(yaml);
      assert.notEqual(fast, undefined, JSON.stringify(yaml));
      const js = jsYaml(yaml);
      assert.ok("value" in js && same(fast, js.value), JSON.stringify(yaml));
    }
  });

  it("leaves to js-yaml what it does not read as js-yaml does", () => {
    for (
      const yaml of [
        "name: .inf", // Infinity
        'name: "a\\qb"', // an escape js-yaml does not know
        'name: "a\\uD800b"', // an escaped lone surrogate
        "name: x # a comment",
        "name: a: b", // a nested key: an error
        "name: [a, [b]]",
        "name: [file] [options]",
        "name: &a x",
        "name: x\n  continued", // a plain value on two lines
        "name: x\nname: y", // a duplicate key: an error
        "true: x", // the key "true"
        "__proto__: x",
        "name:\tx",
        "description: >\n  a\n\n  b", // a folded gap
        "description: |+\n  kept\n",
        "description: |2\n   x",
        "# only a comment",
        "---\nname: x",
        "name: x\n...",
      ]
    ) {
      assert.equal(simpleYaml(yaml), undefined, JSON.stringify(yaml));
    }
  });

  it("agrees with js-yaml on 60,000 random frontmatters", () => {
    let read = 0;
    const forms = new Map<string, number>();
    for (const seed of [1, 2, 3]) {
      const run = differential(seed, 20_000);
      assert.equal(
        run.mismatch,
        undefined,
        `seed ${seed}: ${JSON.stringify(run.mismatch)}`,
      );
      read += run.read;
      for (const [form, count] of run.readByForm) {
        forms.set(form, (forms.get(form) ?? 0) + count);
      }
    }
    // Not a test that holds by reading nothing: thousands read, each form.
    assert.ok(read > 9_000, `only ${read} read`);
    for (
      const form of [
        "plain",
        "double",
        "single",
        "block",
        "list",
        "flow",
        "number",
      ]
    ) {
      assert.ok((forms.get(form) ?? 0) > 500, `${form}: ${forms.get(form)}`);
    }
    for (const form of ["mapping", "escape", "boolean", "null", "empty"]) {
      assert.ok((forms.get(form) ?? 0) > 200, `${form}: ${forms.get(form)}`);
    }
  });

  it("agrees with js-yaml on every manifest of the fixtures", () => {
    let read = 0;
    for (const path of manifestsUnder("fixtures")) {
      if (!statSync(path).isFile()) continue;
      const yaml = frontmatterOf(readFileSync(path, "utf8"));
      if (yaml === undefined) continue;
      const fast = simpleYaml(yaml);
      if (fast === undefined) continue;
      const js = jsYaml(yaml);
      assert.ok("value" in js && same(fast, js.value), path);
      read++;
    }
    assert.ok(read > 20, `only ${read} read`);
  });

  it("reads all the real manifests of fixtures/public", () => {
    const left: string[] = [];
    const paths = manifestsUnder("fixtures/public");
    for (const path of paths) {
      const yaml = frontmatterOf(readFileSync(path, "utf8"));
      if (yaml !== undefined && simpleYaml(yaml) === undefined) left.push(path);
    }
    assert.ok(paths.length >= 116, `${paths.length} manifests`);
    // `argument-hint: [apk-file-or-directory]`, a flow list, too (issue 49).
    assert.deepEqual(left, []);
  });
});
