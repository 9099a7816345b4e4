/**
 * The zod schema of a SKILL.md frontmatter mapping, for validating
 * frontmatter yourself or building on it: the same
 * {@linkcode skillFrontmatterSchema} the main entry exports, on its own.
 *
 * @example Validate a frontmatter mapping
 * ```ts
 * import { skillFrontmatterSchema } from "@clarvis/agent-skills/schema";
 *
 * const result = skillFrontmatterSchema.safeParse({
 *   name: "pdf",
 *   description: "Fill PDF forms.",
 *   "user-invocable": false,
 * });
 * console.log(result.success); // true
 * ```
 *
 * @module
 */

export { skillFrontmatterSchema } from "./src/manifest/frontmatter.ts";
export type { SkillFrontmatter } from "./src/manifest/frontmatter.ts";
export type { JsonValue } from "./src/skill.ts";
