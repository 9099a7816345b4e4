import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { renderCatalog } from "@clarvis/agent-skills";
import { globOf } from "../../src/prompt/_select.ts";
import { skillInfo } from "../_helpers.ts";

/** Whether `name` matches `pattern`, by the textbook table over code points. */
function oracle(pattern: string, name: string): boolean {
  const g = [...pattern];
  const n = [...name];
  // row[j]: whether the glob so far matches the first j characters.
  let row = n.map(() => false);
  row.unshift(true);
  for (const char of g) {
    const next = [char === "*" && row[0] === true];
    for (let j = 1; j <= n.length; j++) {
      next[j] = char === "*"
        ? row[j] === true || next[j - 1] === true
        : row[j - 1] === true && (char === "?" || char === n[j - 1]);
    }
    row = next;
  }
  return row[n.length] === true;
}

/** The steps the matcher takes for a name. */
function steps(pattern: string, name: string): number {
  const counter = { count: 0 };
  globOf(pattern).test(name, counter);
  return counter.count;
}

describe("globOf()", () => {
  it("matches the whole name: * any run, ? one character, the rest itself", () => {
    const cases: [string, string, boolean][] = [
      ["pdf-*", "pdf-fill", true],
      ["pdf-*", "pdf-", true],
      ["pdf-*", "xpdf-fill", false],
      ["pdf-fil?", "pdf-fill", true],
      ["pdf-fil?", "pdf-fil", false],
      ["*", "", true],
      ["", "", true],
      ["", "a", false],
      ["a", "", false],
      ["**a**", "a", true],
      ["*a*b", "xaxbxb", true],
      ["*a*b", "xaxbx", false],
      ["PDF", "pdf", false],
      ["?", "\n", true],
    ];
    for (const [pattern, name, expected] of cases) {
      assert.equal(globOf(pattern).test(name), expected, `${pattern} ${name}`);
    }
  });

  it("takes regular expression characters as themselves", () => {
    for (
      const char of [".", "+", "^", "$", "{", "}", "(", ")", "|", "[", "]"]
    ) {
      assert.equal(globOf(`a${char}b`).test(`a${char}b`), true, char);
      assert.equal(globOf(`a${char}b`).test("axb"), false, char);
    }
    assert.equal(globOf("a\\*").test("a\\xyz"), true);
    assert.equal(globOf("a\\*").test("a*"), false);
    assert.equal(globOf("[ab]").test("a"), false);
    assert.equal(globOf("pdf.*").test("pdf-fill"), false);
    assert.equal(globOf("pdf.*").test("pdf.fill"), true);
  });

  it("takes a character to be a code point: ? is one emoji, never half of one", () => {
    assert.equal(globOf("?").test("😀"), true);
    assert.equal(globOf("??").test("😀"), false);
    assert.equal(globOf("a?c").test("a😀c"), true);
    assert.equal(globOf("*😀").test("x😀"), true);
    assert.equal(globOf("?\uDE00").test("😀"), false);
    assert.equal(globOf("\uD83D?").test("😀"), false);
    assert.equal(globOf("*\uDE00").test("😀"), false);
    assert.equal(globOf("?").test("\uD83D"), true, "a lone surrogate is one");
    assert.equal(globOf("?-?").test("\uDE00-😀"), true);
  });

  it("agrees with the textbook table for any pattern and name (fast-check)", () => {
    const char = fc.constantFrom("a", "b", "-", "*", "?", "😀", "\uD83D", ".");
    const text = fc.array(char, { maxLength: 12 }).map((c) => c.join(""));
    fc.assert(
      fc.property(text, text, (pattern, name) => {
        assert.equal(globOf(pattern).test(name), oracle(pattern, name));
        const bound = ([...name].length + 1) * ([...pattern].length + 1);
        assert.ok(steps(pattern, name) <= bound);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes at most (name + 1) × (pattern + 1) steps, where a regular expression backtracks", () => {
    const hyphens = "-".repeat(4000);
    for (
      const pattern of [
        "*-*-*-x",
        "*".repeat(200) + "x",
        "*?*?*?*?*?*?x",
        "-*-*-*-*-*-*-*-*-*-*-*-*-*-*-*-*-x",
      ]
    ) {
      assert.equal(globOf(pattern).test(hyphens), false, pattern);
      assert.ok(
        steps(pattern, hyphens) <= 4001 * ([...pattern].length + 1),
        `${pattern}: ${steps(pattern, hyphens)} steps`,
      );
    }
    // Here a few steps per character of the name, for any length.
    const long = "-".repeat(100_000);
    assert.equal(globOf("*-*-*-").test(long), true);
    for (const pattern of ["*-*-*-x", "*-*-*-"]) {
      assert.ok(steps(pattern, long) <= 3 * 100_001, pattern);
    }
  });

  it("filters a catalog by a name of 4,000 hyphens at once", () => {
    const name = "-".repeat(4000);
    const { report } = renderCatalog([skillInfo(name), skillInfo("a-b-c-x")], {
      include: ["*-*-*-x"],
    });
    assert.deepEqual(report.shown, ["a-b-c-x"]);
    assert.deepEqual(report.filtered, [{ name, reason: "not_included" }]);
    const astral = "😀-".repeat(4000);
    assert.deepEqual(
      renderCatalog([skillInfo(astral)], { exclude: ["*-?-*-x", "*😀-"] })
        .report.filtered,
      [{ name: astral, reason: "excluded" }],
    );
  });
});
