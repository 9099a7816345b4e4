// What renderCatalog's report says of a description the budget removed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderCatalog, type SkillInfo } from "@clarvis/agent-skills";

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
