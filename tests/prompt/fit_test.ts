import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { renderCatalog } from "@clarvis/agent-skills";
import { characters, cutTo } from "../../src/prompt/catalog.ts";
import { skillInfo } from "../_helpers.ts";

/** The descriptions a JSON catalog shows, by name. */
function shownDescriptions(text: string): Map<string, string | undefined> {
  if (text === "") return new Map();
  const { skills } = JSON.parse(text) as {
    skills: { name: string; description?: string }[];
  };
  return new Map(skills.map((s) => [s.name, s.description]));
}

describe("cutTo()", () => {
  it("counts and cuts by code points, an emoji one, never splitting a pair", () => {
    assert.equal(characters("😀😀a"), 3);
    assert.equal(
      characters("\uD83Da\uDE00"),
      3,
      "lone surrogates are one each",
    );
    assert.equal(cutTo("😀😀😀😀", 4), "😀😀😀😀");
    assert.equal(cutTo("😀😀😀😀", 3), "😀😀…");
    assert.equal(cutTo("a😀😀😀", 2), "a…");
    assert.equal(cutTo("😀😀😀😀", 1), "…");
    assert.equal(cutTo("😀😀😀😀", 0), "");
    assert.equal(cutTo("\uD83D\uD83D\uD83D", 2), "\uD83D…");
    assert.equal(cutTo("abc", Infinity), "abc");
  });
});

describe("characters()", () => {
  it("is the count of code points on any mix of pairs and lone surrogates", () => {
    // A fixed generator: the same 2,000 texts on every run.
    let seed = 49;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const units = ["a", "\uD83D", "\uDE00", "\uDBFF", "\uDC00", "é"];
    for (let round = 0; round < 2000; round++) {
      const text = Array.from(
        { length: next() % 12 },
        () => units[next() % units.length],
      ).join("");
      assert.equal(characters(text), [...text].length, JSON.stringify(text));
    }
  });
});

describe("a budget over astral text", () => {
  it("cuts a description of emoji no shorter than the floor (60, not 59)", () => {
    const skills = ["a", "b", "c"].map((name) =>
      skillInfo(name, "😀".repeat(200))
    );
    const full = renderCatalog(skills, { format: "json" }).text.length;
    // Each description 400 code units long, 119 (59 emoji and "…") when cut.
    const limit = full - 3 * (400 - 119);
    const { text, report } = renderCatalog(skills, {
      format: "json",
      budget: { limit },
    });
    assert.equal(text.length, limit);
    assert.deepEqual(report.shortened.map((s) => [s.from, s.to]), [
      [200, 60],
      [200, 60],
      [200, 60],
    ]);
    assert.equal(shownDescriptions(text).get("a"), `${"😀".repeat(59)}…`);
  });

  it("caps a description in code points", () => {
    const { text, report } = renderCatalog([skillInfo("a", "😀".repeat(20))], {
      format: "json",
      descriptionCap: 10,
    });
    assert.deepEqual(report.shortened, [{ name: "a", from: 20, to: 10 }]);
    assert.equal(shownDescriptions(text).get("a"), `${"😀".repeat(9)}…`);
  });

  it("never cuts below the floor or through a pair, and fits the limit (fast-check)", () => {
    const char = fc.constantFrom("😀", "𝒜", "a", "é", " ", "\uD83D", "\uDE00");
    const description = fc.array(char, { minLength: 1, maxLength: 120 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(
        fc.array(description, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 80 }),
        (descriptions, limit, floor) => {
          const skills = descriptions.map((d, i) => skillInfo(`s${i}`, d));
          const { text, report } = renderCatalog(skills, {
            format: "json",
            budget: { limit, floor },
          });
          assert.ok(text.length <= limit, `${text.length} > ${limit}`);
          const shown = shownDescriptions(text);
          for (const { name, from, to } of report.shortened) {
            const original = descriptions[Number(name.slice(1))] ?? "";
            assert.equal(from, [...original].length);
            if (to === 0) {
              assert.equal(shown.get(name), undefined);
              continue;
            }
            assert.ok(to >= floor, `${to} < ${floor}`);
            const cut = [...(shown.get(name) ?? "")];
            assert.equal(cut.length, to);
            assert.equal(cut.at(-1), "…");
            assert.deepEqual(cut.slice(0, -1), [...original].slice(0, to - 1));
          }
          for (const name of report.shown) {
            assert.equal(
              shown.get(name),
              descriptions[Number(name.slice(1))],
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
