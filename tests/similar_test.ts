import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { closest, distanceWithin } from "../src/_names.ts";
import { seededRandom } from "./_helpers.ts";

/** The edit distance, the whole table: what the banded one must agree with. */
function reference(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

describe("distanceWithin()", () => {
  it("agrees with the whole table within the bound, and is undefined past it", () => {
    const next = seededRandom(31);
    const word = () =>
      Array.from(
        { length: Math.floor(next() * 9) },
        () => "abc"[Math.floor(next() * 3)],
      )
        .join("");
    for (let n = 0; n < 3000; n++) {
      const [a, b] = [word(), word()];
      const max = Math.floor(next() * 4);
      const distance = reference(a, b);
      assert.equal(
        distanceWithin(a, b, max),
        distance <= max ? distance : undefined,
        `${a} ${b} ${max}`,
      );
    }
  });

  it("passes over names whose lengths differ by more than the bound", () => {
    assert.equal(distanceWithin("a".repeat(1_000_000), "a", 2), undefined);
    assert.equal(distanceWithin("pdf", "pdf-forms", 2), undefined);
    assert.equal(distanceWithin("pdf-form", "pdf-forms", 2), 1);
  });

  it("compares two long names of equal length in a band, not the whole table", () => {
    // The whole table would be 10^10 cells: the band is 5 × 10^5.
    const long = "ab".repeat(50_000);
    assert.equal(distanceWithin(long, `${long.slice(0, -1)}x`, 2), 1);
    assert.equal(distanceWithin(long, "ba".repeat(50_000), 2), 2);
    assert.equal(distanceWithin(long, "c".repeat(100_000), 2), undefined);
  });
});

describe("closest()", () => {
  it("gives the candidates within the bound, closest first, in their order among equals", () => {
    assert.deepEqual(
      closest("pdf", ["pdx", "zip", "pdf1", "pd", "pdff"], {
        max: 1,
        limit: 3,
      }),
      ["pdx", "pdf1", "pd"],
    );
    assert.deepEqual(
      closest("list", ["lst", "list2", "ls"], { max: 2, limit: 1 }),
      [
        "lst",
      ],
    );
    assert.deepEqual(closest("x", [], { max: 2, limit: 3 }), []);
  });
});
