/**
 * The registries `createAgentSkills` made, and what the tools beside the
 * core (`./watch`, `./check`) reach of one.
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import type {
  DiscoveredSkill,
  Remembering,
  Unchanged,
} from "../discovery/_types.ts";
import { SkillError } from "../errors.ts";
import { describe } from "../_text.ts";
import type { WatchFallback } from "./changes.ts";
import type { Snapshot } from "./_snapshot.ts";

/** What a watched `refresh()` asks of the open watch. */
export interface RefreshWatch {
  /** Whether nothing changed that a refresh() would read. */
  quiet(): boolean;
  /** Why the next refresh() reads roots in full, when it does. */
  fallbacks(): WatchFallback[];
  /** What the watch vouches for, at this refresh(). */
  unchanged(): Unchanged;
  /** How the refresh serves again what the watch vouches for. */
  readonly remembering: Remembering;
  /** The refresh read `next`; returns the roots that lead elsewhere now. */
  refreshed(next: Snapshot): WatchFallback[];
}

/** A registry as the tools beside the core see it; `refresh()` reads through `watch`. */
export interface Instance {
  readonly config: SkillConfig;
  snapshot(): Snapshot;
  /** A skill of the snapshot with its texts (read now, if taken from an index). */
  read(skill: DiscoveredSkill): DiscoveredSkill | undefined;
  watch: RefreshWatch | undefined;
}

const instances = new WeakMap<object, Instance>();

/** Records `registry` as one `createAgentSkills` made. */
export function registerInstance(registry: object, instance: Instance): void {
  instances.set(registry, instance);
}

/** The instance behind a registry `createAgentSkills` made, else `invalid_input`. */
export function instanceOf(registry: unknown, caller: string): Instance {
  // A WeakMap answers `undefined` for a key that is no object.
  const instance = instances.get(registry as object);
  if (instance !== undefined) return instance;
  throw new SkillError(
    "invalid_input",
    `${caller} takes a registry made by createAgentSkills(), got ${
      describe(registry)
    }`,
  );
}
