// The YAML fast path's double-quoted values (issue 32) are read in work
// linear in their length, however their escapes and quotes are laid out:
// counted as the characters its searches pass over, never timed.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";

/**
 * What `read` returns, and how many characters the string searches
 * (`indexOf`) it made passed over: each search counted from where it started
 * to where it stopped.
 */
function counted<T>(read: () => T): { value: T; searched: number } {
  const indexOf = String.prototype.indexOf;
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
  try {
    return { value: read(), searched };
  } finally {
    String.prototype.indexOf = indexOf;
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
