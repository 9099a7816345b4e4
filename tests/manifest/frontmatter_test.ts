import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { skillFrontmatterSchema } from "@clarvis/agent-skills/schema";

describe("skillFrontmatterSchema", () => {
  it("requires name and description and keeps unknown keys", () => {
    const result = skillFrontmatterSchema.safeParse({
      name: "a",
      description: "b",
      extra: { nested: true },
    });
    assert.ok(result.success);
    assert.deepEqual(result.data, {
      name: "a",
      description: "b",
      extra: { nested: true },
    });
    assert.equal(
      skillFrontmatterSchema.safeParse({ name: "a" }).success,
      false,
    );
    assert.equal(
      skillFrontmatterSchema.safeParse({ description: "b" }).success,
      false,
    );
  });
});
