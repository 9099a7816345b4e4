// What renderCatalog's report says of a description the budget removed, and
// the text of a catalog with no skill in it.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  type CatalogFormat,
  renderCatalog,
  type SkillInfo,
} from "@clarvis/agent-skills";

function info(
  name: string,
  description = `The ${name} skill.`,
  extra: Partial<SkillInfo> = {},
): SkillInfo {
  return {
    name,
    description,
    disableModelInvocation: false,
    scope: "user",
    source: "agents",
    root: "/skills",
    dir: `/skills/${name}`,
    path: `/skills/${name}/SKILL.md`,
    metadata: {},
    ...extra,
  } as SkillInfo;
}

const FORMATS: readonly CatalogFormat[] = ["xml", "markdown", "json"];

describe("renderCatalog(): descriptions the budget removed", () => {
  const skills = Array.from(
    { length: 4 },
    (_, i) => info(`skill-${i}`, "d".repeat(200)),
  );

  it("reports them apart from the shortened ones, with their length", () => {
    const { text, report } = renderCatalog(skills, {
      budget: { limit: 500, floor: 50 },
    });
    assert.ok(text.length <= 500);
    assert.ok(report.withoutDescription.length > 0);
    assert.ok(report.shortened.every((s) => s.to > 0));
    for (const entry of report.withoutDescription) {
      assert.deepEqual(Object.keys(entry), ["name", "from"]);
      assert.equal(entry.from, 200);
      assert.ok(!text.includes(`<name>${entry.name}</name>\n<description>`));
    }
    const names = [
      ...report.shown,
      ...report.shortened.map((s) => s.name),
      ...report.withoutDescription.map((s) => s.name),
      ...report.leftOut,
    ].sort();
    assert.deepEqual(names, skills.map((s) => s.name));
  });

  it("names each in the text's order", () => {
    const { report } = renderCatalog(skills, {
      budget: { limit: 420, floor: 50 },
      rank: ["skill-3", "skill-2", "skill-1", "skill-0"],
    });
    const names = report.withoutDescription.map((s) => s.name);
    assert.deepEqual(
      names,
      ["skill-3", "skill-2", "skill-1", "skill-0"].filter((n) =>
        names.includes(n)
      ),
    );
  });
});

describe("renderCatalog(): no skill in it", () => {
  it("gives the empty block, whose size the report gives and the budget counts", () => {
    const xml = renderCatalog([], { budget: { limit: 100 } });
    assert.equal(xml.text, "<available_skills>\n</available_skills>");
    assert.equal(xml.report.size, xml.text.length);
    const json = renderCatalog([], { format: "json", budget: { limit: 100 } });
    assert.deepEqual(JSON.parse(json.text), { skills: [] });
  });

  it("gives nothing when even the empty block is over the budget", () => {
    for (const format of FORMATS) {
      const { text, report } = renderCatalog([info("a")], {
        format,
        budget: { limit: 10 },
      });
      assert.equal(text, "");
      assert.equal(report.size, 0);
      assert.deepEqual(report.leftOut, ["a"]);
    }
  });

  it("gives the empty block when the budget leaves every skill out but the block fits", () => {
    const { text, report } = renderCatalog([info("a", "d".repeat(100))], {
      budget: { limit: 50 },
    });
    assert.equal(text, "<available_skills>\n</available_skills>");
    assert.equal(report.size, text.length);
    assert.deepEqual(report.leftOut, ["a"]);
  });
});
