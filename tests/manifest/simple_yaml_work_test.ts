// The YAML fast path's double-quoted values (issue 32) and flow lists (issue
// 49) are read in work linear in their length, however their escapes, quotes
// and entries are laid out: counted as the characters its searches pass
// over, never timed.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";

/**
 * What `read` returns, and how many characters the string searches
 * (`indexOf`, `includes`) it made passed over: each search counted from where
 * it started to where it stopped.
 */
function counted<T>(read: () => T): { value: T; searched: number } {
  const { indexOf, includes } = String.prototype;
  let searched = 0;
  String.prototype.indexOf = function (
    this: string,
    search: string,
    position?: number,
  ): number {
    const from = Math.max(0, Math.min(position ?? 0, this.length));
    const at = indexOf.call(this, search, from);
    searched += (at === -1 ? this.length : at + search.length) - from;
    return at;
  };
  String.prototype.includes = function (
    this: string,
    search: string,
    position?: number,
  ): boolean {
    return this.indexOf(search, position) !== -1;
  };
  try {
    return { value: read(), searched };
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.includes = includes;
  }
}

/** About 1 MiB of `unit`, repeated. */
function mebibyte(unit: string): string {
  return unit.repeat(Math.ceil(2 ** 20 / unit.length));
}

describe("simpleYaml() on a 1 MiB double-quoted value", () => {
  for (
    const [what, unit, decoded] of [
      ["escaped quotes alone", '\\"', '"'],
      ["escaped backslashes alone", "\\\\", "\\"],
      ["a quote escaped after each character", 'a\\"', 'a"'],
      ["a hex escape after each word", "word \\x41", "word A"],
      ["astral escapes", "\\U0001F600", "😀"],
      [
        "escapes far apart",
        `${"a".repeat(4096)}\\e`,
        `${"a".repeat(4096)}\x1b`,
      ],
    ] as const
  ) {
    it(`reads ${what} searching each character a bounded number of times`, () => {
      const line = mebibyte(unit);
      const yaml = `name: x\ndescription: "${line}"`;
      const { value, searched } = counted(() => simpleYaml(yaml));
      assert.equal(
        value?.description,
        decoded.repeat(line.length / unit.length),
      );
      assert.ok(
        searched <= 4 * yaml.length,
        `${searched} characters searched for ${yaml.length}`,
      );
    });
  }

  it("leaves a 1 MiB value with a bad escape or quote at its end to js-yaml, in linear work", () => {
    const line = mebibyte('\\"a');
    for (const end of ['\\q"', '\\"', "", '"b"', '\\x4"']) {
      const yaml = `name: x\ndescription: "${line}${end}`;
      const { value, searched } = counted(() => simpleYaml(yaml));
      assert.equal(value, undefined, JSON.stringify(end));
      assert.ok(searched <= 4 * yaml.length, `${searched} for ${yaml.length}`);
    }
  });
});

describe("simpleYaml() on a 1 MiB flow list", () => {
  for (
    const [what, unit, item] of [
      ["plain entries", "Bash(git add:*), ", "Bash(git add:*)"],
      ["one-character entries", "a,", "a"],
      ["numbers and nulls", "-0.5e3, ~, ", null],
      ["double-quoted entries with escapes", '"a\\"\\u00e9, ]", ', 'a"é, ]'],
      ["single-quoted entries", "'a'', b', ", "a', b"],
    ] as const
  ) {
    it(`reads ${what} searching each character a bounded number of times`, () => {
      const line = mebibyte(unit);
      const yaml = `name: x\nallowed-tools: [${line}]`;
      const { value, searched } = counted(() => simpleYaml(yaml));
      const tools = value?.["allowed-tools"] as unknown[];
      const count = line.length / unit.length;
      // Numbers and nulls: two entries a unit.
      assert.equal(tools.length, item === null ? 2 * count : count);
      if (item !== null) assert.equal(tools[count - 1], item);
      else assert.deepEqual(tools.slice(-2), [-500, null]);
      assert.ok(
        searched <= 4 * yaml.length,
        `${searched} characters searched for ${yaml.length}`,
      );
    });
  }

  it("leaves a 1 MiB flow list that does not close, or closes nested, to js-yaml, in linear work", () => {
    for (
      const end of ["", " # ]", "[]]", "] x", '"]', ":]", " #x]"]
    ) {
      const yaml = `name: x\nallowed-tools: [${mebibyte("a, ")}${end}`;
      const { value, searched } = counted(() => simpleYaml(yaml));
      assert.equal(value, undefined, JSON.stringify(end));
      assert.ok(searched <= 4 * yaml.length, `${searched} for ${yaml.length}`);
    }
  });

  it("leaves 100,000 nested brackets to js-yaml at once", () => {
    const yaml = `name: x\nallowed-tools: ${"[".repeat(100_000)}${
      "]".repeat(100_000)
    }`;
    const { value, searched } = counted(() => simpleYaml(yaml));
    assert.equal(value, undefined);
    assert.ok(searched <= 4 * yaml.length, `${searched} for ${yaml.length}`);
  });
});
