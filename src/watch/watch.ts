/**
 * `watchSkills()`: a watch of a registry's roots, what it takes and gives
 * (its options, the event its `onChange` receives, the handle it returns).
 * While it is open, the registry's `refresh()` reads only what it saw
 * change. See docs/reloading.md.
 *
 * @module
 */

import type { AgentSkills } from "../agent_skills.ts";
import { SkillError } from "../errors.ts";
import { instanceOf } from "../registry/_instances.ts";
import { readWatchOptions } from "./_options.ts";
import { RegistryWatch } from "./_watcher.ts";
import type { SkillWatch, WatchOptions } from "./types.ts";

export type { WatchFallback, WatchFallbackCode } from "../registry/changes.ts";
export type { SkillWatch, WatchChange, WatchOptions } from "./types.ts";

/**
 * Starts watching a registry's roots (opt-in: nothing is watched until this
 * is called) and calls `options.onChange` after a quiet spell whenever
 * something under them changed: the time to call `skills.refresh()`.
 * Watching never changes the snapshot. While the watch is open,
 * `refresh()` reads only what the watch saw change and returns the change
 * set a full refresh would; one that nothing changed for does no
 * filesystem I/O; the first one after the watch opened, and one after the
 * watch lost track (its `fallback` says why), reads roots in full. The
 * watch never keeps the process alive by itself. One watch at a time per
 * registry: close it to open another. See docs/reloading.md.
 *
 * @param skills The registry to watch, as `createAgentSkills()` made it.
 * @param options `onChange`, and the watch's bounds.
 * @returns The open watch: `close()` it (or, where the runtime has
 * `Symbol.dispose`, declare it with `using`).
 * @throws {StartupError} `invalid_option` for options of the wrong type.
 * @throws {SkillError} `invalid_input` when `skills` is not a registry made
 * by `createAgentSkills()`, or a watch is open on it already.
 *
 * @example Rebuild the prompt when skills change
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 * import { watchSkills } from "@clarvis/agent-skills/watch";
 *
 * const skills = createAgentSkills({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * const watch = watchSkills(skills, {
 *   onChange: () => {
 *     const { added, removed, changed } = skills.refresh();
 *     if (added.length + removed.length + changed.length > 0) {
 *       console.log("rebuild the catalog", { added, removed, changed });
 *     }
 *   },
 * });
 * console.log(watch.closed); // false
 * watch.close();
 * ```
 */
export function watchSkills(
  skills: AgentSkills,
  options: WatchOptions,
): SkillWatch {
  const instance = instanceOf(skills, "watchSkills()");
  const { onChange, debounce, maxWatches } = readWatchOptions(options);
  if (instance.watch !== undefined) {
    throw new SkillError(
      "invalid_input",
      "A watch is open on this registry already: close it before opening another",
    );
  }
  const watch = new RegistryWatch(instance.snapshot(), {
    debounce,
    maxWatches,
  });
  watch.subscribe(onChange);
  instance.watch = watch;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    watch.close();
    if (instance.watch === watch) instance.watch = undefined;
  };
  const handle = {
    close,
    get closed(): boolean {
      return closed;
    },
  };
  if (typeof Symbol.dispose === "symbol") {
    Object.defineProperty(handle, Symbol.dispose, { value: close });
  }
  return Object.freeze(handle);
}
