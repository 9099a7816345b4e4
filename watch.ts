/**
 * A watch of a registry's roots: {@linkcode watchSkills} calls `onChange`
 * when something under them changed, and, while it is open, the registry's
 * `refresh()` reads only what it saw change. See docs/reloading.md.
 *
 * @example Refresh when skills change
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import { watchSkills } from "@clarvis/agent-skills/watch";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const watch = watchSkills(skills, { onChange: () => skills.refresh() });
 * watch.close();
 * ```
 *
 * @module
 */

export { watchSkills } from "./src/watch/watch.ts";
export type {
  SkillWatch,
  WatchChange,
  WatchFallback,
  WatchFallbackCode,
  WatchOptions,
} from "./src/watch/watch.ts";
