// The YAML fast path's double-quoted escapes and booleans (issue 32): each
// read exactly as js-yaml reads it, in each place a one-line value stands,
// and everything it is not sure of left to js-yaml.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAgentSkills, renderCatalog } from "@clarvis/agent-skills";
import { parseManifest } from "../../src/manifest/_parse.ts";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";
import { jsYaml, random, same } from "./_yaml_fuzz.ts";
import { readAlike, shown } from "./_read_alike.ts";
import { tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** Each escape of YAML 1.2's double-quoted style, and what it stands for. */
const ESCAPES: ReadonlyArray<readonly [string, string]> = [
  ["\\0", "\0"],
  ["\\a", "\x07"],
  ["\\b", "\b"],
  ["\\t", "\t"],
  ["\\n", "\n"],
  ["\\v", "\v"],
  ["\\f", "\f"],
  ["\\r", "\r"],
  ["\\e", "\x1b"],
  ["\\ ", " "],
  ['\\"', '"'],
  ["\\/", "/"],
  ["\\\\", "\\"],
  ["\\N", "\x85"],
  ["\\_", "\xa0"],
  ["\\L", "\u2028"],
  ["\\P", "\u2029"],
  ["\\x41", "A"],
  ["\\x1b", "\x1b"],
  ["\\x7F", "\x7f"],
  ["\\xe9", "é"],
  ["\\x00", "\0"],
  ["\\u00e9", "é"],
  ["\\u0000", "\0"],
  ["\\u202E", "\u202e"],
  ["\\u200b", "\u200b"],
  ["\\uFEFF", "\ufeff"],
  ["\\uFFFE", "\ufffe"],
  ["\\uffff", "\uffff"],
  ["\\u0085", "\x85"],
  ["\\U00000041", "A"],
  ["\\U0001F600", "😀"],
  ["\\U000E0041", "\u{e0041}"],
  ["\\U0010FFFF", "\u{10ffff}"],
];

/** A one-line value in each place the fast path reads one. */
const PLACES: ReadonlyArray<
  readonly [string, (value: string) => string, (read: unknown) => unknown]
> = [
  ["a top-level value", (v) => `name: x\ndescription: ${v}`, (d) => d],
  ["a list item", (v) => `name: x\ntools:\n  - a\n  - ${v}`, (d) => d],
  ["a list item at column 0", (v) => `tools:\n- ${v}\nname: x`, (d) => d],
  ["a mapping's value", (v) => `metadata:\n  k: ${v}\n  z: w`, (d) => d],
];

describe("simpleYaml() on double-quoted escapes", () => {
  for (const [place, yamlOf] of PLACES) {
    it(`decodes each escape as js-yaml does, in ${place}`, () => {
      for (const [escape, decoded] of ESCAPES) {
        const value = `"a${escape}b${escape}"`;
        const read = JSON.stringify(readAlike(yamlOf(value)));
        const expected = JSON.stringify(`a${decoded}b${decoded}`);
        assert.ok(read.includes(expected), `${escape}: ${read}`);
      }
      // All of them in one value, and a value of escapes alone.
      const all = ESCAPES.map(([escape]) => escape).join("");
      const read = JSON.stringify(readAlike(yamlOf(`"${all}"`)));
      assert.ok(
        read.includes(JSON.stringify(ESCAPES.map(([, d]) => d).join(""))),
      );
      readAlike(yamlOf('"\\\\"'));
      readAlike(yamlOf('"\\""'));
    });

    it(`leaves each escape it does not read to js-yaml, in ${place}`, () => {
      for (
        const value of [
          '"\\q"', // an unknown escape: js-yaml throws
          '"\\c"',
          '"\\x4"', // too few digits
          '"\\xG0"', // not a digit
          '"\\u12"',
          '"\\u12G4"',
          '"\\U0010FFF"',
          '"\\x"',
          '"\\U00110000"', // past Unicode: js-yaml makes two low surrogates
          '"\\UFFFFFFFF"',
          '"\\U80000000"',
          '"\\uD800"', // a lone surrogate
          '"\\udc41"',
          '"\\U0000D800"',
          '"\\uD83D\\uDE00"', // a pair: left to js-yaml too
          '"a\\"', // the closing quote escaped: no closing quote
          '"a\\\\\\"',
          '"a\\', // a line break escaped: the value goes on
          '"a', // a line break inside
          '"a"b"', // a quote inside
          '"a\\tb" # comment', // a comment after it
          '"a\\tb"c',
          '"a\\\tb"', // an escaped tab: a tab is js-yaml's
          '"\\x4"1',
        ]
      ) {
        const yaml = yamlOf(value);
        assert.equal(simpleYaml(yaml), undefined, JSON.stringify(yaml));
        // And over two lines, which only js-yaml reads.
        const broken = yamlOf(`"a\\tb\n  c"`);
        assert.equal(simpleYaml(broken), undefined, JSON.stringify(broken));
      }
    });
  }

  it("agrees with js-yaml on 30,000 random double-quoted values, character by character", () => {
    // The characters escapes are made of, so that most sequences are near
    // misses of one another: short or long hex, surrogates, quotes, breaks.
    const CHARS = [
      ...'\\\\\\""xuU0123456789aAbBcCdDeEfF8DdNLP_ /nrtqz é😀',
      "\t",
      "\n",
      "#",
    ];
    const next = random(32);
    let read = 0;
    for (let i = 0; i < 30_000; i++) {
      let inner = "";
      const length = 1 + Math.floor(next() * 12);
      for (let c = 0; c < length; c++) {
        inner += CHARS[Math.floor(next() * CHARS.length)];
      }
      const [, yamlOf] = PLACES[i % PLACES.length] as (typeof PLACES)[number];
      const yaml = yamlOf(`"${inner}"`);
      const fast = simpleYaml(yaml);
      if (fast === undefined) continue;
      const js = jsYaml(yaml);
      assert.ok("value" in js && same(fast, js.value), shown(yaml));
      read++;
    }
    assert.ok(read > 3_000, `only ${read} read`);
  });

  it("reads a 1 MiB line of escapes as js-yaml does, and leaves one bad escape at its end", () => {
    const unit = '\\u00e9\\x1b\\"\\\\\\e\\U0001F600 plain ';
    const line = unit.repeat(Math.ceil(2 ** 20 / unit.length));
    const yaml = `name: x\ndescription: "${line}"`;
    const read = readAlike(yaml) as { description: string };
    assert.equal(
      read.description,
      'é\x1b"\\\x1b😀 plain '.repeat(Math.ceil(2 ** 20 / unit.length)),
    );
    assert.equal(simpleYaml(`name: x\ndescription: "${line}\\q"`), undefined);
    assert.equal(simpleYaml(`name: x\ndescription: "${line}\\"`), undefined);
    assert.equal(simpleYaml(`name: x\ndescription: "${line}`), undefined);
  });
});

describe("simpleYaml() on booleans", () => {
  const BOOLEANS: ReadonlyArray<readonly [string, boolean]> = [
    ["true", true],
    ["True", true],
    ["TRUE", true],
    ["false", false],
    ["False", false],
    ["FALSE", false],
  ];

  for (const [place, yamlOf] of PLACES) {
    it(`reads true and false in YAML 1.2's three spellings, in ${place}`, () => {
      for (const [word, value] of BOOLEANS) {
        const read = readAlike(yamlOf(word));
        assert.ok(JSON.stringify(read).includes(`${value}`), word);
        // Quoted, it is the string.
        for (const quoted of [`"${word}"`, `'${word}'`]) {
          const text = readAlike(yamlOf(quoted));
          assert.ok(JSON.stringify(text).includes(`"${word}"`), quoted);
        }
      }
    });

    it(`reads other spellings as strings or leaves them, as js-yaml reads them, in ${place}`, () => {
      for (
        const word of [
          "tRue",
          "TRue",
          "yes",
          "no",
          "on",
          "off",
          "y",
          "n",
          "true.",
          "truex",
          "true x",
          "True!",
          "FALSE-",
        ]
      ) {
        const yaml = yamlOf(word);
        const fast = simpleYaml(yaml);
        if (fast === undefined) continue;
        const js = jsYaml(yaml);
        assert.ok("value" in js && same(fast, js.value), yaml);
        assert.ok(JSON.stringify(fast).includes(`"${word}"`), yaml);
      }
    });
  }

  it("still leaves true, false and null as keys to js-yaml", () => {
    for (const key of ["true", "False", "null"]) {
      assert.equal(simpleYaml(`${key}: x`), undefined);
    }
  });

  it("reads user-invocable: true as the store-shaped manifests have it", () => {
    const yaml = 'name: x\ndescription: "a \\"b\\" c"\nuser-invocable: true';
    assert.deepEqual(readAlike(yaml), {
      name: "x",
      description: 'a "b" c',
      "user-invocable": true,
    });
  });
});

describe("what the fast path decodes reaches the checks after it", () => {
  const HOSTILE = '"a\\u0000b\\x1bc\\u202Ed\\e[2J\\u200be\\N\\Lf"';
  const DECODED = "a\0b\x1bc\u202ed\x1b[2J\u200be\x85\u2028f";

  it("gives parseManifest the control and bidi characters exactly", () => {
    const text = `---\nname: x\ndescription: ${HOSTILE}\n---\nbody\n`;
    assert.notEqual(simpleYaml(`name: x\ndescription: ${HOSTILE}`), undefined);
    const parsed = parseManifest(text, { path: "/s/x/SKILL.md" });
    assert.equal(parsed.description, DECODED);
  });

  it("leaves no raw control or bidi character in a catalog", () => {
    const root = tree({
      "x/SKILL.md": `---\nname: x\ndescription: ${HOSTILE}\n---\nbody\n`,
    });
    const skills = createAgentSkills({ home: root, cwd: root, roots: [root] });
    assert.equal(skills.listSkills()[0]?.description, DECODED);
    for (const format of ["xml", "markdown", "json"] as const) {
      const catalog = renderCatalog(skills.listSkills(), { format }).text;
      for (const char of "\0\x1b\u202e\u200b\x85\u2028") {
        assert.ok(
          !catalog.includes(char),
          `${format}: ${JSON.stringify(char)}`,
        );
      }
    }
  });
});
