/**
 * The watch of one registry: what it watches for each root it scanned
 * (its real tree, the targets of its symlinks, its entry in its parent, or
 * for a missing root the nearest existing ancestor), the paths it saw
 * change, what it tells `onChange` after a quiet spell, and what it
 * vouches for at the next refresh(): a root it saw nothing change under is
 * served as it was, an entry as it was, and anything it cannot vouch for is
 * read again, with the reason said.
 *
 * @module
 */

import type { SkillRoot } from "../config/config.ts";
import { isInside } from "../fs/_status.ts";
import { planOf, type RootPlan, watchedPaths } from "./_plan.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import type { Remembering, Unchanged } from "../discovery/_types.ts";
import { remembering } from "./_memo.ts";
import { ChangedPaths, MAX_CHANGED_PATHS } from "./_changed.ts";
import { type Timer, unrefTimeout } from "./_timer.ts";
import type { Trouble } from "./_handle.ts";
import { Watches } from "./_watches.ts";
import type { WatchFallback } from "../registry/changes.ts";
import type { WatchChange } from "./types.ts";

/** The most paths one `onChange` lists. */
const LISTED_PATHS = 1000;

/** The watch of one registry, shared by its open handles. */
export class RegistryWatch {
  readonly remembering: Remembering = remembering; // see RefreshWatch
  readonly #changed = new ChangedPaths();
  readonly #watches: Watches;
  readonly #debounce: number;
  readonly #subscribers = new Set<(change: WatchChange) => void>();
  #plans = new Map<SkillRoot, RootPlan>();
  /** The real directories of skills the watch cannot vouch for. */
  #unwatched = new Set<string>();
  /** The real trees the watch vouches for nothing in (see RootPlan.blind). */
  #blind: string[] = [];
  /** Why the next refresh() reads roots in full (besides the polled ones). */
  #pending: WatchFallback[] = [];
  /** What the next `onChange` says: the paths listed, the others, and why. */
  #told = {
    paths: new Set<string>(),
    more: new Set<string>(),
    fallback: [] as WatchFallback[],
  };
  #timer: Timer | undefined;

  /**
   * Starts watching what `snapshot` scanned. What changed before now was
   * not seen: the first refresh() reads every root.
   */
  constructor(
    snapshot: Snapshot,
    { debounce, maxWatches }: { debounce: number; maxWatches: number },
  ) {
    this.#debounce = debounce;
    this.#watches = new Watches(maxWatches, {
      changed: (path, from) => this.#saw(path, from),
      troubled: (at, trouble) => this.#troubled(at, trouble),
      rearmed: (at, why) => this.#rearmed(at, why),
    });
    this.#plan(snapshot);
    this.#pending = [{
      code: "watch_started",
      message:
        "The watch started: the next refresh() reads every root, since what changed before it started was not seen",
    }];
  }

  /** Adds a listener; returns how to remove it. */
  subscribe(onChange: (change: WatchChange) => void): () => boolean {
    const listener = (change: WatchChange): void => onChange(change);
    this.#subscribers.add(listener);
    return () => {
      this.#subscribers.delete(listener);
      return this.#subscribers.size === 0;
    };
  }

  /** How many directories are watched. */
  get watching(): number {
    return this.#watches.count;
  }

  /**
   * Whether a refresh() has nothing to read: no path changed, no watch is
   * fresh or failed, and every root is watched.
   */
  quiet(): boolean {
    return this.#changed.empty && this.#pending.length === 0 &&
      !this.#watches.fresh && this.#polled().length === 0;
  }

  /** Why the next refresh() reads roots in full, when it does. */
  fallbacks(): WatchFallback[] {
    return [...this.#pending, ...this.#polled()];
  }

  /** What the watch vouches for, at this refresh(). */
  unchanged(): Unchanged {
    const changed = this.#changed;
    const watches = this.#watches;
    return {
      path: (path) =>
        changed.unchangedAt(path) && watches.covers(path) &&
        !this.#unwatched.has(path) &&
        !this.#blind.some((tree) => isInside(path, tree)),
      root: (root) => {
        const plan = this.#plans.get(root);
        return plan !== undefined && this.#rootUnchanged(plan);
      },
      changedInside: (root) => {
        const plan = this.#plans.get(root);
        return plan?.real === undefined || plan.linked.length > 0 ||
            !changed.unchangedAtOrAbove(plan.entry) || !this.#rootKept(plan)
          ? undefined
          : changed.changedInside(plan.real);
      },
    };
  }

  /**
   * A refresh() read `snapshot`: what was seen is consumed, what was fresh
   * is sure, and what to watch follows the roots as they are now.
   *
   * @returns The roots that lead elsewhere now (read in full by this
   * refresh, whose change set says so).
   */
  refreshed(snapshot: Snapshot): WatchFallback[] {
    this.#changed.clear();
    this.#watches.settle();
    this.#pending = [];
    const { opened, replaced } = this.#plan(snapshot);
    if (opened.length > 0) {
      // What changed there before its watch started was not seen.
      const fallback = opened.map((path): WatchFallback => ({
        code: "watch_started",
        message:
          `Started watching ${path}: the next refresh() reads what it holds`,
      }));
      this.#pending.push(...fallback);
      this.#tell({ fallback });
    }
    return replaced;
  }

  /** Stops watching: every handle and the timer are released. */
  close(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#watches.closeAll();
    this.#subscribers.clear();
  }

  /** Whether nothing the root's scan read changed, as far as the watch saw. */
  #rootUnchanged(plan: RootPlan): boolean {
    const changed = this.#changed;
    return (plan.real === undefined || changed.unchangedAt(plan.real)) &&
      changed.unchangedAt(plan.entry) && this.#rootKept(plan);
  }

  /**
   * Whether the watch vouches for the root's scan but for its own tree and
   * its entry in its parent: its tree is watched, and nothing changed at the
   * targets of its links.
   */
  #rootKept(plan: RootPlan): boolean {
    const changed = this.#changed;
    const watches = this.#watches;
    const { real, parent, link, linked } = plan;
    if (
      plan.unwatched.length > 0 || plan.blind ||
      (real !== undefined && !watches.covers(real))
    ) {
      return false;
    }
    if (!watches.sure(parent, { tree: false }) && !watches.covers(parent)) {
      // A plain directory that may not be watched from its parent is seen
      // going away through its own events.
      const denied =
        watches.troubleOf(parent, { tree: false })?.code === "watch_denied";
      if (real === undefined || link || !denied) return false;
    }
    return linked.every((path) =>
      watches.covers(path) && changed.unchangedAt(path)
    );
  }

  /** The roots read in full at every refresh(), and why. */
  #polled(): WatchFallback[] {
    const polled: WatchFallback[] = [];
    for (const plan of this.#plans.values()) {
      const trouble = this.#troubleOf(plan);
      if (trouble === undefined) continue;
      polled.push({
        code: trouble.code === "watch_missing" ? "watch_failed" : trouble.code,
        message:
          `${trouble.message}: the root ${plan.root.path} is read in full at every refresh()`,
        root: plan.root.path,
      });
    }
    return polled;
  }

  /** What keeps a root from being watched, for good. */
  #troubleOf(plan: RootPlan): Trouble | undefined {
    const watches = this.#watches;
    const persistent = (trouble: Trouble | undefined): Trouble | undefined =>
      trouble !== undefined && trouble.code !== "watch_failed" &&
        trouble.code !== "watch_missing"
        ? trouble
        : undefined;
    if (plan.unwatched.length > 0 || plan.blind) {
      return {
        code: "watch_unsupported",
        message:
          `A skill of ${plan.root.path} is in a .git or node_modules folder, which a watch does not enter, or its SKILL.md is a symlink to a file outside its directory, or has another name (a hard link) through which it may be written unseen`,
      };
    }
    const tree = plan.real === undefined
      ? undefined
      : persistent(watches.troubleOf(plan.real, { tree: true }));
    if (tree !== undefined) return tree;
    const parent = persistent(watches.troubleOf(plan.parent, { tree: false }));
    if (
      parent !== undefined &&
      (plan.real === undefined || plan.link ||
        parent.code !== "watch_denied")
    ) {
      return parent;
    }
    for (const path of plan.linked) {
      if (plan.real !== undefined && isInside(path, plan.real)) continue;
      const trouble = persistent(watches.troubleOf(path, { tree: true }));
      if (trouble !== undefined) return trouble;
    }
    return undefined;
  }

  /**
   * Plans what to watch for each root `snapshot` scanned, opens what is
   * new, closes what is no longer needed; returns the paths opened, and
   * the roots that lead elsewhere than at the last plan.
   */
  #plan(snapshot: Snapshot): { opened: string[]; replaced: WatchFallback[] } {
    const plans = new Map<SkillRoot, RootPlan>();
    const replaced: WatchFallback[] = [];
    for (const root of snapshot.record.scanned) {
      const plan = planOf(root, snapshot);
      const before = this.#plans.get(root);
      if (before !== undefined && before.real !== plan.real) {
        replaced.push({
          code: "root_replaced",
          message: `The root ${root.path} now leads to ${
            plan.real ?? "nothing"
          } (was ${before.real ?? "nothing"}): it is read in full`,
          root: root.path,
        });
      }
      plans.set(root, plan);
    }
    this.#plans = plans;
    this.#unwatched = new Set(
      [...plans.values()].flatMap((plan) => plan.unwatched),
    );
    this.#blind = [...plans.values()].flatMap((plan) =>
      plan.blind && plan.real !== undefined ? [plan.real] : []
    );
    const { trees, singles } = watchedPaths(plans.values());
    const watches = this.#watches;
    for (const { path, tree } of [...watches.opened()]) {
      const wanted = tree ? trees : singles;
      const failed = watches.troubleOf(path, { tree })?.code;
      if (
        !wanted.has(path) || failed === "watch_failed" ||
        failed === "watch_missing"
      ) {
        watches.close(path, { tree });
      }
    }
    const opened: string[] = [];
    for (const [paths, tree] of [[trees, true], [singles, false]] as const) {
      for (const path of paths) {
        if (watches.has(path, { tree })) continue;
        watches.open(path, { tree });
        opened.push(path);
      }
    }
    return { opened, replaced };
  }

  /** An event: kept for the next refresh() and the next `onChange`. */
  #saw(path: string, { tree }: { tree: boolean }): void {
    // A root's parent tells only about the root's own entry.
    if (!tree && !this.#isEntry(path)) return;
    const overflowed = this.#changed.overflowed;
    this.#changed.add(path);
    if (this.#changed.overflowed && !overflowed) {
      this.#troubled(undefined, "overflow");
    }
    const { paths, more } = this.#told;
    if (paths.size < LISTED_PATHS || paths.has(path)) paths.add(path);
    else if (more.size < MAX_CHANGED_PATHS) more.add(path);
    this.#tell({});
  }

  /** Whether `path` is a root's own entry, or the directory that holds one. */
  #isEntry(path: string): boolean {
    for (const plan of this.#plans.values()) {
      if (plan.entry === path || plan.parent === path) return true;
    }
    return false;
  }

  /** A watch failed, or events were dropped. */
  #troubled(at: string | undefined, trouble: Trouble | "overflow"): void {
    const fallback: WatchFallback[] = [];
    if (trouble === "overflow") {
      this.#watches.unsettle();
      fallback.push({
        code: "watch_overflow",
        message: `Events were dropped${
          at === undefined ? "" : ` watching ${at}`
        }: the next refresh() reads every root`,
      });
    } else {
      for (const plan of this.#plans.values()) {
        if (at !== undefined && !concerns(plan, at)) continue;
        fallback.push({
          code: trouble.code === "watch_missing"
            ? "watch_failed"
            : trouble.code,
          message:
            `${trouble.message}: the root ${plan.root.path} is read in full`,
          root: plan.root.path,
        });
      }
    }
    this.#pending.push(...fallback);
    this.#tell({ fallback });
  }

  /** A tree is watched another way: the next refresh() reads its roots. */
  #rearmed(at: string, why: string): void {
    const fallback: WatchFallback[] = [];
    for (const plan of this.#plans.values()) {
      if (!concerns(plan, at)) continue;
      fallback.push({
        code: "watch_started",
        message:
          `${why}: what changed as it switched may not have been seen, so the next refresh() reads the root ${plan.root.path}`,
        root: plan.root.path,
      });
    }
    this.#pending.push(...fallback);
    this.#tell({ fallback });
  }

  /** Says more at the next `onChange`, after the quiet spell. */
  #tell({ fallback = [] }: { fallback?: readonly WatchFallback[] }): void {
    this.#told.fallback.push(...fallback);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = unrefTimeout(() => this.#emit(), this.#debounce);
  }

  /** Calls every listener with what was seen since the last call. */
  #emit(): void {
    this.#timer = undefined;
    const { paths, more, fallback } = this.#told;
    this.#told = { paths: new Set(), more: new Set(), fallback: [] };
    const change: WatchChange = Object.freeze({
      paths: Object.freeze([...paths].sort()),
      more: more.size,
      fallback: Object.freeze(fallback),
    });
    let thrown: { error: unknown } | undefined;
    for (const listener of [...this.#subscribers]) {
      try {
        listener(change);
      } catch (error) {
        thrown ??= { error };
      }
    }
    if (thrown !== undefined) throw thrown.error;
  }
}

/**
 * Whether what happened to the watch of `at` (a tree, or a single
 * directory) concerns the root of `plan`: its tree, a target of its links
 * or its parent is `at`, or inside the tree at `at`.
 */
function concerns(plan: RootPlan, at: string): boolean {
  return [plan.parent, ...plan.linked, plan.real].some((path) =>
    path !== undefined && isInside(path, at)
  );
}
