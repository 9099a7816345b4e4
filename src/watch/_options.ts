/**
 * The options of `AgentSkills.watch()`, checked as every options object
 * is: a plain object of known keys, each of its kind, or `invalid_option`
 * naming what is wrong.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import {
  checkedOption,
  COUNT,
  objectOptions,
  type OptionKind,
  readFields,
} from "../_option_check.ts";
import { describe } from "../_text.ts";
import { inotifyWatchesFree } from "../fs/_inotify.ts";
import type { WatchChange } from "./types.ts";

/** The default quiet time before `onChange`, in milliseconds. */
export const DEFAULT_DEBOUNCE_MS = 200;
/**
 * The bound on the directories watched at once when `maxWatches` is not
 * given and the system's own cannot be read: the least `max_user_watches`
 * any Linux has by default.
 */
export const FALLBACK_MAX_WATCHES = 8192;

/** The longest quiet time `debounce` takes, in milliseconds. */
export const MAX_DEBOUNCE_MS = 60_000;

/** The most directories `maxWatches` takes. */
export const MAX_WATCHES_BOUND = 1_000_000;

const KEYS = ["onChange", "debounce", "maxWatches"] as const;

const LISTENER: OptionKind<(change: WatchChange) => void> = {
  accepts: (value): value is (change: WatchChange) => void =>
    typeof value === "function",
  expected: "a function",
};

/** The options of `watch()`, checked, with their defaults. */
export function readWatchOptions(options: unknown): {
  onChange: (change: WatchChange) => void;
  debounce: number;
  maxWatches: number;
} {
  objectOptions(options, "watch", KEYS);
  const given = readFields(options, KEYS);
  const onChange = checkedOption(given.onChange, "onChange", LISTENER);
  if (onChange === undefined) {
    throw new StartupError(
      "invalid_option",
      'Option "onChange" of watch is required: a function called when the roots change',
    );
  }
  const debounce = given.debounce ?? DEFAULT_DEBOUNCE_MS;
  if (
    typeof debounce !== "number" || !Number.isFinite(debounce) ||
    debounce < 0 || debounce > MAX_DEBOUNCE_MS
  ) {
    throw new StartupError(
      "invalid_option",
      `Option "debounce" must be a number of milliseconds from 0 to ${MAX_DEBOUNCE_MS}, got ${
        describe(debounce)
      }`,
    );
  }
  const maxWatches = checkedOption(given.maxWatches, "maxWatches", COUNT) ??
    defaultMaxWatches();
  if (maxWatches > MAX_WATCHES_BOUND) {
    throw new StartupError(
      "invalid_option",
      `Option "maxWatches" must be at most ${MAX_WATCHES_BOUND}, got ${maxWatches}`,
    );
  }
  return { onChange, debounce, maxWatches };
}

/**
 * The bound on the directories a watch holds when `maxWatches` is not
 * given: half of the inotify watches this user may still add (the other
 * half left to the user's other programs), at most
 * {@linkcode MAX_WATCHES_BOUND}; {@linkcode FALLBACK_MAX_WATCHES} where the
 * system does not say (see `inotifyWatchesFree()`).
 *
 * @param proc Where procfs is mounted (another directory in tests).
 */
export function defaultMaxWatches(proc?: string): number {
  const free = inotifyWatchesFree(proc);
  return free === undefined
    ? FALLBACK_MAX_WATCHES
    : Math.min(MAX_WATCHES_BOUND, Math.floor(free / 2));
}
