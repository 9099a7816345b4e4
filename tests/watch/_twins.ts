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
} from "@clarvis/agent-skills";
import {
  type SkillWatch,
  type WatchChange,
  watchSkills,
} from "@clarvis/agent-skills/watch";
import { backend } from "../../src/fs/_backend.ts";
import { waitUntil } from "../_helpers.ts";

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
  /**
   * Refreshes both now and compares them; where both refresh() calls threw
   * (under strict), the same error, which is thrown on once the snapshots
   * kept are compared.
   */
  compare(): SkillChanges;
  /** How many directories the last watched refresh() listed. */
  readonly listed: number;
}

/**
 * Twins over `options`, settled; the watch with `maxWatches` when given.
 * `explained`: names explain() is compared for, besides the skills served.
 */
export function watchTwins(
  options: AgentSkillsOptions,
  { maxWatches, explained = [] }: {
    maxWatches?: number;
    explained?: readonly string[];
  } = {},
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
  const watch = watchSkills(watched, {
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
    let got: Attempt<SkillChanges>;
    try {
      got = attempt(() => watched.refresh());
    } finally {
      backend.list = list;
    }
    const want = attempt(() => polled.refresh());
    assert.deepEqual(shown(got, plain), shown(want, plain), "refresh()");
    assert.deepEqual(watched.listSkills(), polled.listSkills());
    assert.deepEqual(watched.listOverridden(), polled.listOverridden());
    for (const { name } of polled.listSkills()) {
      assert.deepEqual(watched.loadSkill(name), polled.loadSkill(name), name);
    }
    const names = new Set([
      ...explained,
      ...polled.listSkills().map((skill) => skill.name),
    ]);
    for (const name of names) {
      assert.deepEqual(
        shown(attempt(() => watched.explain(name)), (e) => e),
        shown(attempt(() => polled.explain(name)), (e) => e),
        `explain ${name}`,
      );
    }
    assert.deepEqual(
      warned.watched.slice(said.watched),
      warned.polled.slice(said.polled),
    );
    if (!got.ok) throw got.error;
    return got.value;
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

/**
 * An instance over the one root `root` (its home and working directory too,
 * warnings dropped) with a watch open, and what its onChange received.
 */
export function watchedRoot(root: string): {
  skills: AgentSkills;
  watch: SkillWatch;
  changes: WatchChange[];
} {
  const skills = createAgentSkills({
    roots: [root],
    home: root,
    cwd: root,
    onWarning: () => {},
  });
  const changes: WatchChange[] = [];
  const watch = watchSkills(skills, {
    onChange: (change) => changes.push(change),
    debounce: 30,
  });
  return { skills, watch, changes };
}

/** What a call returned, or the error it threw. */
type Attempt<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: unknown };

function attempt<T>(call: () => T): Attempt<T> {
  try {
    return { ok: true, value: call() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** An attempt as compared: what it returned (as `show` gives it), or its error's name, code and message. */
function shown<T>(tried: Attempt<T>, show: (value: T) => unknown): unknown {
  if (tried.ok) return { value: show(tried.value) };
  const { name, code, message } = tried.error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
  };
  return { error: { name, code, message } };
}

/** A change set without the watch's reasons, to compare with a polled one. */
function plain(changes: SkillChanges): SkillChanges {
  const { added, removed, changed } = changes;
  return { added, removed, changed };
}
