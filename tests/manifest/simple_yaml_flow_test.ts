// The YAML fast path's flow lists, numbers, nulls and empty values (issue
// 49): each read exactly as js-yaml 5 reads it (the core schema), in each
// place a one-line value stands, and every near miss left to js-yaml.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";
import { jsYaml, random, same } from "./_yaml_fuzz.ts";
import { readAlike, shown } from "./_read_alike.ts";

/** A one-line value in each place the fast path reads one. */
const PLACES: ReadonlyArray<readonly [string, (value: string) => string]> = [
  ["a top-level value", (v) => `name: x\ndescription: ${v}`],
  ["a top-level value before another key", (v) => `tools: ${v}\nname: x`],
  ["a mapping's value", (v) => `metadata:\n  k: ${v}\n  z: w`],
];

/** The same places for a scalar, and a list item. */
const SCALAR_PLACES: ReadonlyArray<
  readonly [string, (value: string) => string]
> = [
  ...PLACES,
  ["a list item", (v) => `name: x\ntools:\n  - a\n  - ${v}`],
  ["a list item at column 0", (v) => `tools:\n- ${v}\nname: x`],
];

/** Left to js-yaml, or read exactly as js-yaml reads it. */
function leftOrAlike(yaml: string): void {
  const fast = simpleYaml(yaml);
  if (fast === undefined) return;
  const js = jsYaml(yaml);
  assert.ok("value" in js && same(fast, js.value), shown(yaml));
}

/** The value the fast path reads at `place`'s key. */
function valueAt(read: unknown, place: string): unknown {
  const data = read as { [key: string]: unknown };
  if (place.startsWith("a mapping")) {
    return (data.metadata as { [key: string]: unknown }).k;
  }
  if (place.startsWith("a list item")) return (data.tools as unknown[]).at(-1);
  return place.includes("before") ? data.tools : data.description;
}

describe("simpleYaml() on flow lists", () => {
  const READ: ReadonlyArray<readonly [string, unknown[]]> = [
    ["[a, b]", ["a", "b"]],
    ["[a,b]", ["a", "b"]],
    ["[]", []],
    ["[ ]", []],
    ["[a, b,]", ["a", "b"]],
    ["[a ,]", ["a"]],
    ["[ a , b ]", ["a", "b"]],
    ["[Read, Grep]", ["Read", "Grep"]],
    ["[MIT, Apache-2.0]", ["MIT", "Apache-2.0"]],
    ["[apk-file-or-directory]", ["apk-file-or-directory"]],
    ["[Bash(git add:*), Read]", ["Bash(git add:*)", "Read"]],
    ["[http://x.org/a, a :b, 1:2]", ["http://x.org/a", "a :b", "1:2"]],
    ["[a b  c]", ["a b  c"]],
    ["[C#, a#b]", ["C#", "a#b"]],
    ["[a] # a comment", ["a"]],
    ["[a, b]   #c", ["a", "b"]],
    ["[ ]  # none", []],
    ["[\"a, b\", 'c''d']", ["a, b", "c'd"]],
    ['["a" , b]', ["a", "b"]],
    ["['a',b]", ["a", "b"]],
    ["[\"\", '']", ["", ""]],
    ['["\\u00e9\\"\\t", \'#]\']', ['é"\t', "#]"]],
    ['["a]", "[b", "{c}", "d: e", "f # g"]', [
      "a]",
      "[b",
      "{c}",
      "d: e",
      "f # g",
    ]],
    ["[a'b, a\"b, a\\b]", ["a'b", 'a"b', "a\\b"]],
    ["['a''', '''']", ["a'", "'"]],
    ["[日本語, 😀, é, \u00A0nbsp]", ["日本語", "😀", "é", "\u00A0nbsp"]],
    ["[~, null, Null, NULL, true, False]", [
      null,
      null,
      null,
      null,
      true,
      false,
    ]],
    ["[1, -2, +3, 1.5, 1e3, 0x1f, 0o17, -0]", [
      1,
      -2,
      3,
      1.5,
      1000,
      31,
      15,
      -0,
    ]],
    ["[-a, --, ---, +x, ~x, nULL, 1_000]", [
      "-a",
      "--",
      "---",
      "+x",
      "~x",
      "nULL",
      "1_000",
    ]],
    ["[2024-01-01, 12:30, 0X1F]", ["2024-01-01", "12:30", "0X1F"]],
  ];

  for (const [place, yamlOf] of PLACES) {
    it(`reads each flow list of scalars as js-yaml does, in ${place}`, () => {
      for (const [value, expected] of READ) {
        const read = valueAt(readAlike(yamlOf(value)), place);
        assert.ok(same(read, expected), `${value}: ${JSON.stringify(read)}`);
      }
    });

    it(`leaves what js-yaml reads otherwise or refuses to js-yaml, in ${place}`, () => {
      for (
        const value of [
          "[a, [b]]", // nested
          "[[a]]",
          "[a, {b: c}]",
          "[{a: b}]",
          "[a: b]", // a pair: a mapping in the list
          "[a:, b]",
          "[a:]",
          "[? a]",
          '["a":b]',
          "['a': b]",
          "[,]", // js-yaml throws
          "[a,,b]",
          "[, a]",
          "[a #b]", // a comment inside: the list does not close
          "[a]# c", // a comment with no blank before it: js-yaml throws
          "[file] [options]", // text after the list: js-yaml throws (repaired)
          "[a]]",
          "[a]b",
          "[a}",
          "[a",
          "[a, b",
          '["a"b]',
          "['a'b]",
          "['a'#c]",
          '["a\\q"]', // an escape js-yaml refuses
          '["a', // a quote that does not close
          "['a'']", // the quote escaped: no closing quote
          "[&x a, *x]", // an anchor and an alias
          "[!!str 1]", // a tag
          "[%a]",
          "[@a]",
          "[`a`]",
          "[|]",
          "[-]",
          "[- a]",
          "[.inf, -.Inf, .NaN]", // floats js-yaml makes Infinity and NaN of
          "[1e999]", // past a double: js-yaml reads a string
          "[a, \u2028]",
        ]
      ) {
        const yaml = yamlOf(value);
        assert.equal(simpleYaml(yaml), undefined, shown(yaml));
      }
    });

    it(`leaves a flow list over two lines to js-yaml, in ${place}`, () => {
      for (const value of ["[a,\n    b]", "[a, b\n    ]", "[\n    a]"]) {
        const yaml = yamlOf(value);
        assert.equal(simpleYaml(yaml), undefined, shown(yaml));
        assert.ok("value" in jsYaml(yaml), shown(yaml));
      }
    });
  }

  it("leaves a flow list inside a block list to js-yaml", () => {
    for (const yaml of ["k:\n  - [a, b]", "k:\n- []", "k:\n  - a\n  - [b]"]) {
      assert.equal(simpleYaml(yaml), undefined, shown(yaml));
    }
  });

  it("reads the flow lists real manifests hold", () => {
    assert.deepEqual(
      readAlike(
        "name: spec-yaml\ndescription: d\nallowed-tools: [Read, Bash]\nargument-hint: [apk-file-or-directory]\nmetadata:\n  version: 2\n  tags: [a, b]",
      ),
      {
        name: "spec-yaml",
        description: "d",
        "allowed-tools": ["Read", "Bash"],
        "argument-hint": ["apk-file-or-directory"],
        metadata: { version: 2, tags: ["a", "b"] },
      },
    );
  });

  it("agrees with js-yaml on 30,000 random one-line flow lists, character by character", () => {
    // Entries of the characters flow lists are made of, so that most lists
    // are near misses of one another: brackets, commas, colons, quotes,
    // comments, number and null spellings, blanks and breaks.
    const CHARS = [
      ..."[]],: : #'\"\\-?{}~.01e9x+_aNnulé😀",
      "\t",
      "\n",
      "\u2028",
    ];
    const SEPARATORS = [",", ", ", ", ", " ,", ",  ", "", ",,"];
    const TAILS = ["", "", "", " # c", "  #", "#c", " x", " [b]", ",", "]"];
    const next = random(49);
    const pick = <T>(items: readonly T[]): T =>
      items[Math.floor(next() * items.length)] as T;
    let read = 0;
    for (let i = 0; i < 30_000; i++) {
      const entries = Array.from({ length: Math.floor(next() * 4) }, () => {
        let entry = "";
        const length = 1 + Math.floor(next() * 4);
        for (let c = 0; c < length; c++) {
          entry += next() < 0.6 ? pick([..."abc"]) : pick(CHARS);
        }
        return next() < 0.2
          ? `"${entry}"`
          : next() < 0.2
          ? `'${entry}'`
          : entry;
      });
      let list = "[";
      entries.forEach((entry, e) => {
        list += (e === 0 ? pick(["", "", " "]) : pick(SEPARATORS)) + entry;
      });
      list += `${next() < 0.1 ? "," : ""}${pick(["", "", " "])}]${pick(TAILS)}`;
      const [, yamlOf] = PLACES[i % PLACES.length] as (typeof PLACES)[number];
      const yaml = yamlOf(list);
      const fast = simpleYaml(yaml);
      if (fast === undefined) continue;
      const js = jsYaml(yaml);
      assert.ok("value" in js && same(fast, js.value), shown(yaml));
      read++;
    }
    assert.ok(read > 5_000, `only ${read} read`);
  });
});

describe("simpleYaml() on numbers", () => {
  const NUMBERS: ReadonlyArray<readonly [string, number]> = [
    ["0", 0],
    ["42", 42],
    ["2048", 2048],
    ["-2", -2],
    ["+1", 1],
    ["-0", -0],
    ["+0", 0],
    ["007", 7],
    ["00", 0],
    ["1.0", 1],
    ["1.5", 1.5],
    ["-0.0", -0],
    ["0.0", 0],
    ["1.", 1],
    [".5", 0.5],
    ["-.5", -0.5],
    ["+.5e-3", 0.0005],
    ["1e3", 1000],
    ["1E3", 1000],
    ["1.5e+3", 1500],
    ["1e-400", 0],
    ["5e-324", 5e-324],
    ["0x1f", 31],
    ["0x1F", 31],
    ["0o17", 15],
    ["9007199254740993", 9007199254740992],
    ["99999999999999999999999", 1e23],
  ];

  for (const [place, yamlOf] of SCALAR_PLACES) {
    it(`reads each number of the core schema as js-yaml does, in ${place}`, () => {
      for (const [text, value] of NUMBERS) {
        const read = valueAt(readAlike(yamlOf(text)), place);
        assert.ok(Object.is(read, value), `${text}: ${read}`);
        // Quoted, it is the string.
        for (const quoted of [`"${text}"`, `'${text}'`]) {
          assert.equal(valueAt(readAlike(yamlOf(quoted)), place), text);
        }
      }
    });

    it(`reads what only looks like a number as the string js-yaml reads, in ${place}`, () => {
      for (
        const text of [
          "1_000",
          "0X1F",
          "-0x1f",
          "+0o7",
          "0b101",
          "0o",
          "0x",
          "0o8",
          "1__0",
          "1e",
          "1.5e3.1",
          "2024-01-01",
          "12:30",
          "-1:2",
          "1.2.3",
          "1.0.0",
          "3 apples",
          "-edge-hyphens-",
          "--",
          "---",
          "-a",
          "+x",
          "+",
          ".",
          ".x",
          "...",
          ".e3",
          "-.",
          "v1.0",
        ]
      ) {
        assert.equal(
          valueAt(readAlike(yamlOf(text)), place),
          text,
          JSON.stringify(text),
        );
      }
    });

    it(`leaves what it is not sure of to js-yaml, in ${place}`, () => {
      for (
        const text of [
          ".inf",
          "-.Inf",
          "+.INF",
          ".NaN",
          ".nan",
          "1e999", // past a double: js-yaml reads the string
          "9".repeat(400),
          `0x${"f".repeat(300)}`,
          "-",
          "- a",
          "-:",
          "1:",
          "1: 2",
          "1 # one",
        ]
      ) {
        const yaml = yamlOf(text);
        assert.equal(simpleYaml(yaml), undefined, shown(yaml));
      }
      // And what js-yaml reads otherwise than its words: the same either way.
      for (const text of ["-.nan", ".Inf", "1e+", "0x1g"]) {
        leftOrAlike(yamlOf(text));
      }
    });
  }
});

describe("simpleYaml() on nulls and empty values", () => {
  for (const [place, yamlOf] of SCALAR_PLACES) {
    it(`reads null, Null, NULL and ~ as null, in ${place}`, () => {
      for (const text of ["null", "Null", "NULL", "~"]) {
        assert.equal(valueAt(readAlike(yamlOf(text)), place), null, text);
        assert.equal(valueAt(readAlike(yamlOf(`"${text}"`)), place), text);
      }
      for (const text of ["nULL", "nul", "None", "~x", "~ ~", "null x"]) {
        assert.equal(valueAt(readAlike(yamlOf(text)), place), text, text);
      }
    });
  }

  it("reads an empty value as null: at the end, before a key, after blank and comment lines", () => {
    for (
      const [yaml, key] of [
        ["name: x\ncompatibility:", "compatibility"],
        ["name: x\ncompatibility: ", "compatibility"],
        ["compatibility:\nname: x", "compatibility"],
        ["license:\nmetadata:\nallowed-tools:\nname: x", "metadata"],
        ["k:\n\nname: x", "k"],
        ["k:\n# a comment\nname: x", "k"],
        ["k:\n#c\n#d\n\n", "k"],
        ["k:\n\n", "k"],
      ] as const
    ) {
      const read = readAlike(yaml) as { [key: string]: unknown };
      assert.equal(read[key], null, shown(yaml));
    }
  });

  it("reads an empty value in a mapping and an empty list item as null", () => {
    assert.deepEqual(readAlike("m:\n  k:\n  j: 1"), { m: { k: null, j: 1 } });
    assert.deepEqual(readAlike("m:\n  k:"), { m: { k: null } });
    assert.deepEqual(readAlike("k:\n  - \n  - b"), { k: [null, "b"] });
    assert.deepEqual(readAlike("k:\n- a\n- \nj: x"), {
      k: ["a", null],
      j: "x",
    });
  });

  it("reads the block under an empty key after blank and comment lines", () => {
    assert.deepEqual(readAlike("k:\n\n  - a\nj: 1"), { k: ["a"], j: 1 });
    assert.deepEqual(readAlike("k:\n# c\n  x: 1"), { k: { x: 1 } });
    assert.deepEqual(readAlike("k:\n\n- a"), { k: ["a"] });
  });

  it("leaves an empty value followed by what it does not read to js-yaml", () => {
    for (
      const yaml of [
        "k:\n---", // js-yaml throws
        "k:\n...",
        "k:\n  # c\n  - a", // an indented comment
        "m:\n  k:\n    j: 1", // a deeper mapping
        "m:\n  k:\n  - a", // a list under the key, at its indent
        "k:\n  -\n  - b", // a dash alone
        "k:\n  - \n    b", // an item on the next line
        "k:\n  - \n  x: 1",
        "k:\n[a]",
      ]
    ) {
      assert.equal(simpleYaml(yaml), undefined, shown(yaml));
    }
  });
});
