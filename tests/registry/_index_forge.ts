// Indexes as a host keeps them, and forged ones made from them: for the
// index's hostile tests (index_forged_test, index_huge_test, and the race
// of the index race tests).

import { join } from "node:path";
import { options } from "../_helpers.ts";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillIndex,
  type SkillWarning,
} from "@clarvis/agent-skills";

/** Options over the roots `a` and `b` of `base`, warnings collected. */
export function over(
  base: string,
  extra: AgentSkillsOptions = {},
): { options: AgentSkillsOptions; warnings: SkillWarning[] } {
  return options(base, { roots: [join(base, "a"), join(base, "b")], ...extra });
}

/**
 * Runs `make` with the clock `ahead` milliseconds late: the manifests a
 * test has just written count as settled (older than the racy window) for
 * the scans made meanwhile, as they would a few seconds later.
 */
export function settled<T>(make: () => T, ahead = 10_000): T {
  const now = Date.now;
  Date.now = () => now() + ahead;
  try {
    return make();
  } finally {
    Date.now = now;
  }
}

/** The index of a registry over `options` as a host keeps it (JSON text), every manifest settled. */
export function keptIndex(options: AgentSkillsOptions): SkillIndex {
  const quiet = { ...options, onWarning: () => {} };
  return JSON.parse(
    JSON.stringify(settled(() => createAgentSkills(quiet)).index()),
  );
}

/** One skill's entry of an index, as JSON data, to forge. */
export interface Entry {
  key: number[];
  place: [string | null, number, number, number, boolean];
  origin: number;
  info: Record<string, unknown>;
  body: string;
  nameLine: number;
  repairs?: Record<string, unknown>[];
  truncations?: Record<string, unknown>[];
  coercions?: Record<string, unknown>[];
}

/** A root an index's entries name by number: path, scope, source, plugin. */
export type Origin = [string, string, string, string | null];

/** The entries of `index`. */
export function entries(index: SkillIndex): Entry[] {
  return index.skills as unknown as Entry[];
}

/** The origins of `index`. */
export function origins(index: SkillIndex): Origin[] {
  return index.origins as unknown as Origin[];
}

/** The manifest path an entry of `index` stands for: its origin's root, and its path below. */
export function pathOf(index: SkillIndex, entry: Entry): string {
  const root = origins(index)[entry.origin]?.[0] ?? "(no origin)";
  return join(root, entry.info["path"] as string);
}

/** The entry of `index` whose manifest path ends with `suffix`. */
export function entryAt(index: SkillIndex, suffix: string): Entry {
  const entry = entries(index).find((skill) =>
    pathOf(index, skill).endsWith(suffix)
  );
  if (entry === undefined) throw new Error(`no entry at ${suffix}`);
  return entry;
}

/**
 * A copy of `index` with the entry at `suffix` changed by `forge` (which
 * may add origins).
 */
export function forged(
  index: SkillIndex,
  suffix: string,
  forge: (entry: Entry, origins: Origin[]) => void,
): SkillIndex {
  const copy = structuredClone(index);
  forge(entryAt(copy, suffix), origins(copy));
  return copy;
}
