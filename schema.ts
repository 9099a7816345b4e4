/**
 * The zod schema of a SKILL.md frontmatter mapping, for validating
 * frontmatter yourself or building on it. It is an entry point of its own so
 * that importing `@clarvis/agent-skills` does not load zod: discovery checks
 * the same rules without it.
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

export { skillFrontmatterSchema } from "./src/frontmatter.ts";
export type { JsonValue, SkillFrontmatter } from "./src/frontmatter.ts";
