/**
 * What `refresh()` returns: the names that changed, and with a watch open
 * why it read roots in full. A leaf module of types.
 *
 * @module
 */

/** What one {@linkcode AgentSkills.refresh} changed, by skill name. */
export interface SkillChanges {
  /** The skills that were not in the previous snapshot, sorted. */
  readonly added: readonly string[];
  /** The skills that are no longer served, sorted. */
  readonly removed: readonly string[];
  /** The skills whose catalog entry or body changed, or that another root serves now, sorted. */
  readonly changed: readonly string[];
  /** With a watch open (`./watch`): why this refresh read roots in full; absent without one. */
  readonly fallback?: readonly WatchFallback[];
}

/**
 * Why a watch cannot vouch for what changed, so that refresh() reads roots
 * in full (docs/reloading.md):
 *
 * - `watch_started`: the watch (or its watch of a tree) started since the last refresh().
 * - `watch_overflow`: the runtime dropped events, or more paths changed than it keeps (10,000).
 * - `watch_failed`: a watcher failed and was closed; the next refresh() watches again.
 * - `watch_denied`: the process may not watch a directory; read in full at every refresh().
 * - `watch_limit`: watching a root would pass a limit; read in full at every refresh().
 * - `watch_unsupported`: the runtime cannot watch this directory.
 * - `root_replaced`: a root now leads to another directory (or appeared, or went away).
 */
export type WatchFallbackCode =
  | "watch_started"
  | "watch_overflow"
  | "watch_failed"
  | "watch_denied"
  | "watch_limit"
  | "watch_unsupported"
  | "root_replaced";

/** Why a refresh() reads a root (or every root) in full. */
export interface WatchFallback {
  /** What happened. */
  readonly code: WatchFallbackCode;
  /** A sentence naming the root or directory, and what the watch does. */
  readonly message: string;
  /** The configured root it concerns; absent: every root. */
  readonly root?: string;
}
