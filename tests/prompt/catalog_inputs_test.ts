// renderCatalog over hostile inputs: a long precedence list (its work
// counted), a countTokens that returns what is no count or throws, the same
// skill given twice.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  renderCatalog,
  type SkillInfo,
  StartupError,
} from "@clarvis/agent-skills";
import { skillInfo } from "../_helpers.ts";

/** `list` behind a proxy that counts the reads of its items. */
function counted(list: string[]): { list: string[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list: proxy, reads: () => reads };
}

describe("renderCatalog(): precedence", () => {
  it("reads the precedence list once, whatever the number of skills", () => {
    const skills = Array.from(
      { length: 300 },
      (_, i) => skillInfo(`s${i}`, "d", { root: `/roots/r${i % 7}/skills` }),
    );
    const roots = Array.from({ length: 2000 }, (_, i) => `/p${i}`);
    roots.push("/roots/r3", "/roots/r5/skills");
    const { list, reads } = counted(roots);
    const { report } = renderCatalog(skills, {
      precedence: list,
      budget: { limit: 0 },
    });
    // Each item is read a bounded number of times (checked, then indexed),
    // never once for each skill: 300 × 2,002 reads before.
    assert.ok(reads() <= 3 * roots.length, `${reads()} reads`);
    // The least important go first; the most important, last, is the first
    // by name of /roots/r5/skills, the highest root listed.
    assert.equal(report.leftOut.at(-1), "s103");
    assert.equal(report.leftOut.at(-44), "s10"); // the first of /roots/r3
  });

  it("ranks a skill by the highest listed root it is in, as before", () => {
    const skills: SkillInfo[] = [
      skillInfo("a", "d", { root: "/x/y/z" }),
      skillInfo("b", "d", { root: "/x/yy" }),
      skillInfo("c", "d", { root: "/w" }),
    ];
    const { report } = renderCatalog(skills, {
      precedence: ["/x/y", "", "/x", "/x/y/z/", "/x/y"],
      budget: { limit: 0 },
    });
    // a is in /x/y (4) and /x (2); b in /x (2) and "" (1); c in "" (1).
    assert.deepEqual(report.leftOut, ["c", "b", "a"]);
  });
});

describe("renderCatalog(): what countTokens returns", () => {
  const skills = [skillInfo("pdf", "Fill forms."), skillInfo("xls", "Sheets.")];
  const render = (countTokens: (text: string) => number) =>
    renderCatalog(skills, {
      budget: { limit: 200, unit: "tokens", countTokens },
    });

  for (
    const [given, shown] of [
      [NaN, "NaN"],
      [-5, "-5"],
      [1.5, "1.5"],
      [Infinity, "Infinity"],
      ["3", '"3"'],
      [undefined, "undefined"],
      ["\u202e\u0007", '"\\u202e\\u0007"'],
    ] as const
  ) {
    it(`refuses ${shown} with invalid_option, naming renderCatalog, countTokens and the value`, () => {
      assert.throws(
        () => render(() => given as unknown as number),
        (error: unknown) => {
          assert.ok(error instanceof StartupError);
          assert.equal(error.code, "invalid_option");
          assert.match(
            error.message,
            /^renderCatalog: option "budget\.countTokens" returned /,
          );
          assert.ok(
            error.message.includes(` returned ${shown} for a text of `),
            error.message,
          );
          assert.match(error.message, /a whole number, 0 or more$/);
          return true;
        },
      );
    });
  }

  it("wraps a counter that throws in invalid_option, with its error as cause", () => {
    const boom = new Error("boom");
    assert.throws(
      () =>
        render(() => {
          throw boom;
        }),
      (error: unknown) => {
        assert.ok(error instanceof StartupError);
        assert.equal(error.code, "invalid_option");
        assert.equal(error.cause, boom);
        assert.match(
          error.message,
          /^renderCatalog: option "budget\.countTokens" threw /,
        );
        return true;
      },
    );
  });

  it("takes 0 and whole numbers", () => {
    assert.equal(render(() => 0).report.size, 0);
    assert.deepEqual(render((text) => text.length).report.leftOut, []);
  });
});

describe("renderCatalog(): a skill given twice", () => {
  const pdf = skillInfo("pdf", "Fill forms.");
  const other = skillInfo("pdf", "Another.", { root: "/other" });
  const xls = skillInfo("xls", "Sheets.", { disableModelInvocation: true });

  it("shows a name once, the first given, and reports it once", () => {
    const { text, report } = renderCatalog([pdf, other, pdf], {
      format: "markdown",
      location: "none",
    });
    assert.equal(text, "- pdf: Fill forms.");
    assert.deepEqual(report.shown, ["pdf"]);
  });

  it("reports each name once in every list, with a budget and filters", () => {
    const skills = [pdf, xls, pdf, xls, other];
    for (const limit of [0, 30, 1000]) {
      const { report } = renderCatalog([...skills, ...skills], {
        budget: { limit },
      });
      const names = [
        ...report.shown,
        ...report.shortened.map((entry) => entry.name),
        ...report.withoutDescription.map((entry) => entry.name),
        ...report.leftOut,
        ...report.filtered.map((entry) => entry.name),
      ];
      assert.deepEqual([...names].sort(), ["pdf", "xls"], `limit ${limit}`);
    }
  });
});
