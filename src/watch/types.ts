/**
 * What `watchSkills()` takes and gives: its options, the event its
 * `onChange` receives, and the handle it returns. A leaf module of types.
 *
 * @module
 */

import type { WatchFallback } from "../registry/changes.ts";

/** What a watch saw, passed to {@linkcode WatchOptions.onChange}. */
export interface WatchChange {
  /**
   * The real paths the watch saw change since the last call, sorted (at
   * most 1,000): an entry created, written, removed or renamed, or a
   * directory whose entries changed.
   */
  readonly paths: readonly string[];
  /**
   * How many more paths changed than `paths` lists, each counted once
   * however many events it had; counted up to 10,000 (past 10,000 paths
   * changed since the last refresh(), `fallback` says `watch_overflow`).
   */
  readonly more: number;
  /** Why the next refresh() will read roots in full, when it will. */
  readonly fallback: readonly WatchFallback[];
}

/** What {@linkcode watchSkills} takes. */
export interface WatchOptions {
  /**
   * Called once the roots have been quiet for `debounce` milliseconds after
   * a change: the time to call `refresh()`. Watching never changes the
   * snapshot itself. What it throws is not caught.
   */
  readonly onChange: (change: WatchChange) => void;
  /**
   * Milliseconds of quiet after the last event before `onChange` is called
   * (an editor writes a file in several steps). Default 200; at most
   * 60,000.
   */
  readonly debounce?: number;
  /**
   * The most directories watched at once, the parents of roots included
   * (each is one watch of the system's, shared with every other program of
   * the user). A root that would pass it is not watched and is read in
   * full at every refresh() (`watch_limit`).
   *
   * @default On Linux, half of the inotify watches this user may still
   * add when the watch opens: `/proc/sys/fs/inotify/max_user_watches` less
   * the watches the user's processes hold (the `inotify wd:` lines of
   * `/proc/<pid>/fdinfo`), at most 1,000,000. Where `/proc` cannot be read
   * (another system; Deno without `--allow-all`, which it asks to read
   * `/proc`): 8,192, the least any Linux allows.
   */
  readonly maxWatches?: number;
}

/**
 * An open watch: `close()` releases every handle it holds. Where the
 * runtime has `Symbol.dispose`, the object also has that method (it calls
 * `close()`), so `using` works; the type leaves it out, so that consumers
 * whose TypeScript library has no `Disposable` still type-check.
 */
export interface SkillWatch {
  /** Stops watching and releases every handle; calling it again does nothing. */
  close(): void;
  /** Whether `close()` was called. */
  readonly closed: boolean;
}
