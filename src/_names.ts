/**
 * A plugin skill's name, put together and in its parts: the spec's rules
 * apply to the name its frontmatter gives, not to the `<plugin>:` before it.
 *
 * @module
 */

import type { SkillInfo } from "./skill.ts";

/** A skill's name as it is served: `<plugin>:<name>` in a plugin's namespace. */
export function namespaced(
  namespace: string | undefined,
  name: string,
): string {
  return namespace === undefined ? name : `${namespace}:${name}`;
}

/** A skill's name without its plugin's namespace: what the spec's name rules apply to. */
export function bareName(info: Pick<SkillInfo, "name" | "plugin">): string {
  return info.plugin === undefined
    ? info.name
    : info.name.slice(info.plugin.length + 1);
}
