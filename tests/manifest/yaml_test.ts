// src/manifest/_yaml.ts makes parsed YAML frozen JSON data two ways: a tree
// without an alias is frozen where it stands, and YAML with aliases is copied
// (each alias apart). The first is the speed path (BENCHMARKS.md says what it
// saves); this holds it to the copy on random trees, so that the two cannot
// drift.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { jsonData } from "../../src/manifest/_yaml.ts";

/** A tree as js-yaml gives one: mappings, lists and scalars, `.inf` and NaN included. */
const tree = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    tie("mapping"),
  ),
  mapping: fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "name")),
    tie("value"),
    { maxKeys: 5 },
  ),
}));

/** A fresh copy of a tree, with own `__proto__` keys kept as keys. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, {
      value: copy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Whether every object and list in `value` is frozen. */
function deepFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  return Object.isFrozen(value) &&
    Object.values(value).every((item) => deepFrozen(item));
}

describe("jsonData()", () => {
  it("freezes a tree in place to the same data as it copies one", () => {
    fc.assert(
      fc.property(tree.mapping, (mapping) => {
        const options = { path: "/x/SKILL.md" };
        const inPlace = jsonData(copy(mapping) as Record<string, unknown>, {
          ...options,
          aliased: false,
        });
        const copied = jsonData(copy(mapping) as Record<string, unknown>, {
          ...options,
          aliased: true,
        });
        assert.deepEqual(inPlace, copied);
        assert.deepEqual(Object.keys(inPlace), Object.keys(copied));
        assert.ok(deepFrozen(inPlace) && deepFrozen(copied));
      }),
      { numRuns: 2_000 },
    );
  });
});
