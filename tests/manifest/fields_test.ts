import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { z } from "zod";
import { skillFrontmatterSchema } from "@clarvis/agent-skills/schema";
import * as main from "@clarvis/agent-skills";
import {
  fieldProblems,
  type FieldProperty,
  FIELDS,
  fieldValues,
  NORMALISED_KEYS,
  TYPED,
  validFields,
} from "../../src/manifest/_fields.ts";
import { SPEC_KEYS } from "../../src/check/_rules.ts";

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
const PROPERTIES: Record<FieldProperty, true> = {
  name: true,
  description: true,
  allowedTools: true,
  userInvocable: true,
  disableModelInvocation: true,
};

describe("skillFrontmatterSchema", () => {
  it("is exported from ./schema only: the main entry, the core, loads no zod", () => {
    assert.equal(typeof skillFrontmatterSchema.safeParse, "function");
    assert.ok(!("skillFrontmatterSchema" in main));
  });
});

describe("FIELDS", () => {
  it("is the shape of skillFrontmatterSchema, key by key and in order", () => {
    assert.deepEqual(
      Object.keys(skillFrontmatterSchema.shape),
      TYPED.map((field) => field.key),
    );
  });

  it("has a row with a type for each key of the schema's declared type", () => {
    assert.deepEqual(
      TYPED.map((field) => field.key),
      Object.keys(DECLARED_KEYS),
    );
  });

  it("fills every property it names, each from a row", () => {
    const filled = new Set(FIELDS.map((field) => field.property));
    assert.deepEqual(
      Object.keys(PROPERTIES).filter((property) =>
        !filled.has(property as FieldProperty)
      ),
      [],
    );
  });

  it("names the spec's fields as the reference validator allows them", () => {
    assert.deepEqual(
      [...SPEC_KEYS].sort(),
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
    assert.deepEqual([...NORMALISED_KEYS], [
      "name",
      "description",
      "allowed-tools",
      "tools",
      "user-invocable",
      "disable-model-invocation",
    ]);
  });
});

describe("fieldValues()", () => {
  it("fills each property from its first set row, in table order", () => {
    assert.deepEqual(
      Object.entries(fieldValues({
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
      fieldValues({
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
    assert.deepEqual(fieldValues({ name: "n", description: "d" }), {
      name: "n",
      description: "d",
      userInvocable: true,
      disableModelInvocation: false,
    });
  });

  it("freezes the tool list", () => {
    const { allowedTools } = fieldValues({
      name: "n",
      description: "d",
      "allowed-tools": "Read",
    });
    assert.ok(Object.isFrozen(allowedTools));
  });
});

/**
 * A zod issue as discovery words it: the path as `frontmatter.key[index]`,
 * and, for a union, the branch that matched the input's kind.
 */
function zodWording(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const inner = issue.errors.find((branch) =>
      branch.some((i) => i.path.length > 0)
    )?.[0];
    if (inner !== undefined) {
      return zodWording({ ...inner, path: [...issue.path, ...inner.path] });
    }
  }
  let where = "frontmatter";
  for (const part of issue.path) {
    where += typeof part === "number" ? `[${part}]` : `.${String(part)}`;
  }
  return `${where}: ${issue.message.replace(/^Invalid input: /, "")}`;
}

describe("validFields()", () => {
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
  const KEYS = FIELDS.map((field) => field.key);

  it("gives the schema's verdict and output on random mappings", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS, "other"), VALUE, {
          maxKeys: 8,
        }),
        (data) => {
          const fast = validFields(data);
          const result = skillFrontmatterSchema.safeParse(data);
          assert.equal(
            fast !== undefined,
            result.success,
            JSON.stringify(data),
          );
          if (!result.success) {
            // Discovery words each problem as zod does, one per field (zod
            // may add a second for the same field: an empty list is also
            // "shorter than 1").
            const worded = result.error.issues.map(zodWording);
            const problems = fieldProblems(data);
            for (const p of problems) {
              assert.ok(worded.includes(`${p.where}: ${p.reason}`), p.reason);
            }
            assert.deepEqual(
              problems.map((p) => p.key),
              [...new Set(result.error.issues.map((i) => String(i.path[0])))],
            );
            return;
          }
          assert.deepEqual(fieldProblems(data), []);
          for (const field of TYPED) {
            const output: Record<string, unknown> = result.data;
            const parsed: unknown = output[field.key];
            assert.deepEqual(fast?.[field.key], parsed, field.key);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});
