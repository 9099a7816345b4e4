/**
 * The SKILL.md frontmatter format: {@linkcode skillFrontmatterSchema}, the
 * zod schema its YAML mapping must pass, and the types of what it holds.
 *
 * @module
 */

import { z } from "zod";
import { type FieldType, TYPED } from "./_fields.ts";

/**
 * The zod schema of a SKILL.md frontmatter mapping, in passthrough (loose)
 * mode: keys it does not name are kept, never rejected. Discovery holds every
 * frontmatter to its rules: it checks them without calling zod (a property
 * test holds the two to the same verdict, output and wording on random
 * mappings). Exported from the main entry and from
 * `@clarvis/agent-skills/schema`.
 *
 * - `name`, `description`: required, non-empty after trimming.
 * - `allowed-tools`, `tools`: optional; a string or a list of strings.
 * - `user-invocable`, `disable-model-invocation`: optional booleans.
 *
 * A missing optional field may also be written as an empty value (`null`).
 * Discovery checks these rules (without zod), then normalises the result
 * into a {@linkcode SkillInfo}. Before it checks them, discovery reads the harmless
 * typing of YAML 1.2 as the reference validator and Claude Code do: a
 * number or boolean where a string is wanted (`name: 2048`) as its source
 * text, `yes`/`no`/`on`/`off` in a boolean field as true or false, and an
 * empty optional field as absent. The schema alone does not.
 *
 * @example Validate a frontmatter object yourself
 * ```ts
 * import { skillFrontmatterSchema } from "@clarvis/agent-skills/schema";
 * import assert from "node:assert/strict";
 *
 * const result = skillFrontmatterSchema.safeParse({ name: "pdf" });
 * assert.equal(result.success, false);
 * assert.deepEqual(result.error?.issues[0]?.path, ["description"]);
 * ```
 */
export const skillFrontmatterSchema: z.ZodObject<{
  name: z.ZodString;
  description: z.ZodString;
  "allowed-tools": z.ZodOptional<
    z.ZodNullable<z.ZodUnion<[z.ZodString, z.ZodArray<z.ZodString>]>>
  >;
  tools: z.ZodOptional<
    z.ZodNullable<z.ZodUnion<[z.ZodString, z.ZodArray<z.ZodString>]>>
  >;
  "user-invocable": z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
  "disable-model-invocation": z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
}, z.core.$loose> = z.looseObject(
  // The shape is the fields table's; tests/manifest/fields_test.ts holds the declared
  // type above to it, key by key.
  shapeOf(TYPED),
) as unknown as typeof skillFrontmatterSchema;

/** A frontmatter mapping as {@linkcode skillFrontmatterSchema} accepts it. */
export type SkillFrontmatter = z.infer<typeof skillFrontmatterSchema>;

/**
 * The fields' schemas as a zod shape whose values are getters (as zod's
 * recursive shapes are), each made on its first use and kept: importing the
 * library makes none of them.
 */
function shapeOf(
  fields: readonly { key: string; type: FieldType }[],
): { [key: string]: z.ZodType } {
  const shape: { [key: string]: z.ZodType } = {};
  for (const { key, type } of fields) {
    let schema: z.ZodType | undefined;
    Object.defineProperty(shape, key, {
      get: () => schema ??= schemaOf(type),
      enumerable: true,
    });
  }
  return shape;
}

/** The zod schema of one type of the fields table. */
function schemaOf(type: FieldType): z.ZodType {
  switch (type) {
    case "text":
      return z.string({
        error: (issue) => issue.input === undefined ? "is required" : undefined,
      }).trim().min(1, { error: "must not be empty" });
    case "tools":
      return z.union([z.string(), z.array(z.string())], {
        error: "expected a string or a list of strings",
      }).nullable().optional();
    case "flag":
      return z.boolean({ error: "expected true or false" }).nullable()
        .optional();
  }
}
