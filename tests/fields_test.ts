import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { skillFrontmatterSchema } from "@clarvis/agent-skills";
import {
  type _FieldProperty,
  _FIELDS,
  _fieldValues,
  _NORMALISED_KEYS,
  _SPEC_KEYS,
  _validFields,
} from "../src/_fields.ts";

// The keys of the schema's declared type and the properties the table may
// fill, as the compiler sees them: a key missing here, or one too many, does
// not type-check.
const DECLARED_KEYS: Record<keyof typeof skillFrontmatterSchema.shape, true> = {
  name: true,
  description: true,
  "allowed-tools": true,
  tools: true,
  "user-invocable": true,
  "disable-model-invocation": true,
};
const PROPERTIES: Record<_FieldProperty, true> = {
  name: true,
  description: true,
  allowedTools: true,
  userInvocable: true,
  disableModelInvocation: true,
};

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

  it("has a row with a schema for each key of the schema's declared type", () => {
    assert.deepEqual(
      _FIELDS.filter((field) => field.schema !== undefined).map((f) => f.key),
      Object.keys(DECLARED_KEYS),
    );
  });

  it("fills every property it names, each from a row", () => {
    const filled = new Set(_FIELDS.map((field) => field.property));
    assert.deepEqual(
      Object.keys(PROPERTIES).filter((property) =>
        !filled.has(property as _FieldProperty)
      ),
      [],
    );
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
      "disable-model-invocation",
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
        ["disableModelInvocation", false],
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
      disableModelInvocation: false,
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

describe("_validFields()", () => {
  const VALUE = fc.oneof(
    fc.constantFrom("", " ", "\t x \n", "pdf", "  pdf  ", "\u00a0", "\u2028"),
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
      maxLength: 3,
    }),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  );
  const KEYS = _FIELDS.map((field) => field.key);

  it("gives the schema's verdict and output on random mappings", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS, "other"), VALUE, {
          maxKeys: 8,
        }),
        (data) => {
          const fast = _validFields(data);
          const result = skillFrontmatterSchema.safeParse(data);
          assert.equal(
            fast !== undefined,
            result.success,
            JSON.stringify(data),
          );
          if (fast === undefined || !result.success) return;
          for (const field of _FIELDS) {
            if (field.schema === undefined) continue;
            const output: Record<string, unknown> = result.data;
            const parsed: unknown = output[field.key];
            assert.deepEqual(fast[field.key], parsed, field.key);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});
