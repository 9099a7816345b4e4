/**
 * What the watches of a registry share about one handle: why a watch is
 * not watching, what a tree or single directory holds as watched, where
 * their signals go, how each is kept, and how one handle starts, within
 * the bound the runtime watches reliably at.
 *
 * @module
 */

import {
  type DirectoryWatch,
  reliableWatches,
  watchDirectory,
  type WatchErrorCode,
  watchesHeld,
  type WatchSignal,
  WatchStartError,
} from "../fs/_watch.ts";

/** Why a watched directory is not watched (any more). */
export interface Trouble {
  readonly code: WatchErrorCode;
  readonly message: string;
}

/** A tree or a single directory, as watched. */
export interface Watched {
  /** Each directory's handle (one, for a single or a natively watched tree). */
  readonly handles: Map<string, DirectoryWatch>;
  readonly tree: boolean;
  /**
   * For a tree one handle serves, where the runtime would follow links: the
   * directories it holds, each checked to hold none.
   */
  known?: Set<string> | undefined;
  /** Whether a refresh() read it since it opened. */
  sure: boolean;
  /** How many directories it counts against the bound. */
  counted: number;
  /** Why it stopped; it holds no handle then. */
  trouble?: Trouble | undefined;
}

/** Where a watch's signals go. */
export interface WatchesSink {
  /** A path changed, seen by the watch of a tree or of a single directory. */
  changed(path: string, from: { tree: boolean }): void;
  /** A tree or directory stopped being watched (or events were dropped: `overflow`). */
  troubled(at: string | undefined, trouble: Trouble | "overflow"): void;
  /**
   * The tree at `at` is watched another way from now on (`why`): what
   * changed while it switched may not have been seen, so it is fresh again.
   */
  rearmed(at: string, why: string): void;
}

/**
 * A handle of `dir`, for the watch of `root` (`recursive`: the runtime's
 * own watch of the tree); undefined when `dir` is gone, a Trouble when it
 * cannot be watched. Under Deno, past the watches it holds reliably at once
 * (`reliableWatches`), none starts: `watch_limit`.
 */
export function startHandle(
  { root, dir, recursive }: { root: string; dir: string; recursive: boolean },
  onSignal: (signal: WatchSignal) => void,
): DirectoryWatch | Trouble | undefined {
  if (reliableWatches !== undefined && watchesHeld() >= reliableWatches) {
    return {
      code: "watch_limit",
      message:
        `Watching ${root} would pass ${reliableWatches} watches held at once, past which Deno loses events without saying so`,
    };
  }
  try {
    return watchDirectory(dir, { recursive }, onSignal);
  } catch (error) {
    if (!(error instanceof WatchStartError)) throw error;
    if (error.code === "watch_missing") return undefined;
    return { code: error.code, message: error.message };
  }
}

/** The key of a tree's watch: a single directory's is its path with another prefix. */
export const TREE = "tree\0";

/** Where a watch is kept: trees and single directories apart. */
export function keyOf(path: string, { tree }: { tree: boolean }): string {
  return (tree ? TREE : "dir\0") + path;
}
