import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { skillFrontmatterSchema } from "@clarvis/agent-skills";
import {
  _FIELDS,
  _fieldValues,
  _NORMALISED_KEYS,
  _SPEC_KEYS,
} from "../src/_fields.ts";

describe("_FIELDS", () => {
  it("is the shape of skillFrontmatterSchema, key by key and in order", () => {
    assert.deepEqual(
      Object.keys(skillFrontmatterSchema.shape),
      _FIELDS.filter((field) => field.schema !== undefined).map((f) => f.key),
    );
    for (const field of _FIELDS) {
      if (field.schema === undefined) continue;
      assert.equal(
        (skillFrontmatterSchema.shape as Record<string, unknown>)[field.key],
        field.schema,
        field.key,
      );
    }
  });

  it("names the spec's fields as the reference validator allows them", () => {
    assert.deepEqual(
      [..._SPEC_KEYS].sort(),
      [
        "allowed-tools",
        "compatibility",
        "description",
        "license",
        "metadata",
        "name",
      ],
    );
  });

  it("keeps every field with a property of its own out of metadata", () => {
    assert.deepEqual([..._NORMALISED_KEYS], [
      "name",
      "description",
      "allowed-tools",
      "tools",
      "user-invocable",
    ]);
  });
});

describe("_fieldValues()", () => {
  it("fills each property from its first set row, in table order", () => {
    assert.deepEqual(
      Object.entries(_fieldValues({
        "user-invocable": false,
        tools: "Read",
        "allowed-tools": ["Bash(git add:*)", " Edit "],
        description: "D",
        name: "n",
      })),
      [
        ["name", "n"],
        ["description", "D"],
        ["allowedTools", ["Bash(git add:*)", "Edit"]],
        ["userInvocable", false],
      ],
    );
  });

  it("falls back to a later row, and reads null as absent", () => {
    assert.deepEqual(
      _fieldValues({
        name: "n",
        description: "d",
        "allowed-tools": null,
        tools: "A, B",
      })
        .allowedTools,
      ["A", "B"],
    );
  });

  it("applies defaults and leaves out a property with none", () => {
    assert.deepEqual(_fieldValues({ name: "n", description: "d" }), {
      name: "n",
      description: "d",
      userInvocable: true,
    });
  });

  it("freezes the tool list", () => {
    const { allowedTools } = _fieldValues({
      name: "n",
      description: "d",
      "allowed-tools": "Read",
    });
    assert.ok(Object.isFrozen(allowedTools));
  });
});
