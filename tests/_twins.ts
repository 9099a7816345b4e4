// A watched instance and a polled twin over the same roots, for the tests of
// watch(): after each change, the watched refresh() must return what a full
// refresh returns, with the same catalog, overridden skills, loaded skills
// and new warnings. Events are waited for (up to 30 s, polling); nothing is
// timed. The listings of each watched refresh() are counted.

import assert from "node:assert/strict";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillChanges,
  type SkillWatch,
  type WatchChange,
} from "@clarvis/agent-skills";
import { backend } from "../src/fs/_backend.ts";
import { waitUntil } from "./_helpers.ts";

/** A watched instance, its polled twin, and the calls that compare them. */
export interface WatchTwins {
  readonly watched: AgentSkills;
  readonly polled: AgentSkills;
  readonly watch: SkillWatch;
  /** What onChange received, in order. */
  readonly changes: WatchChange[];
  /** The watched instance's first refresh(), right after watch(). */
  readonly first: SkillChanges;
  /**
   * Makes a change, waits until the watch reported every path in `seen`
   * (real paths), then refreshes both and compares them.
   */
  step(change: () => void, seen: readonly string[]): Promise<SkillChanges>;
  /** Waits for an event after the `from`th, then refreshes both and compares them. */
  agree(from: number): Promise<SkillChanges>;
  /** Refreshes both now and compares them. */
  compare(): SkillChanges;
  /** How many directories the last watched refresh() listed. */
  readonly listed: number;
}

/** Twins over `options`, settled; the watch with `maxWatches` when given. */
export function watchTwins(
  options: AgentSkillsOptions,
  { maxWatches }: { maxWatches?: number } = {},
): WatchTwins {
  const warned = { watched: [] as string[], polled: [] as string[] };
  const make = (into: string[]): AgentSkills =>
    createAgentSkills({
      ...options,
      onWarning: (warning) => into.push(`${warning.code} ${warning.path}`),
    });
  const watched = make(warned.watched);
  const polled = make(warned.polled);
  const changes: WatchChange[] = [];
  const watch = watched.watch({
    onChange: (change) => changes.push(change),
    debounce: 30,
    ...(maxWatches === undefined ? {} : { maxWatches }),
  });
  const first = watched.refresh();
  polled.refresh();
  let listed = 0;
  const compare = (): SkillChanges => {
    const said = {
      watched: warned.watched.length,
      polled: warned.polled.length,
    };
    const { list } = backend;
    listed = 0;
    backend.list = (path) => {
      listed++;
      return list(path);
    };
    let got: SkillChanges;
    try {
      got = watched.refresh();
    } finally {
      backend.list = list;
    }
    const { added, removed, changed } = got;
    assert.deepEqual({ added, removed, changed }, polled.refresh());
    assert.deepEqual(watched.listSkills(), polled.listSkills());
    assert.deepEqual(watched.listOverridden(), polled.listOverridden());
    for (const { name } of polled.listSkills()) {
      assert.deepEqual(watched.loadSkill(name), polled.loadSkill(name), name);
    }
    assert.deepEqual(
      warned.watched.slice(said.watched),
      warned.polled.slice(said.polled),
    );
    return got;
  };
  const step = async (
    change: () => void,
    seen: readonly string[],
  ): Promise<SkillChanges> => {
    const from = changes.length;
    change();
    const reported = (): Set<string> =>
      new Set(changes.slice(from).flatMap((c) => c.paths));
    await waitUntil(
      () => seen.every((path) => reported().has(path)),
      `events at ${seen.join(", ")}`,
    );
    return compare();
  };
  const agree = async (from: number): Promise<SkillChanges> => {
    await waitUntil(() => changes.length > from, "an event");
    return compare();
  };
  return {
    watched,
    polled,
    watch,
    changes,
    first,
    step,
    agree,
    compare,
    get listed() {
      return listed;
    },
  };
}
