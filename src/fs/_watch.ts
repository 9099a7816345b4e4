/**
 * Watching a directory, the one primitive the watch logic builds on: Deno's
 * own `Deno.watchFs` where the runtime is Deno, node:fs `watch` elsewhere
 * (chosen as `_backend.ts` chooses), behind one call, `watchDirectory()`,
 * that says what changed as absolute paths under the watched one, when
 * events were lost, and why a watch could not start or stopped, as codes.
 *
 * What every runtime shares here:
 * - a watch never keeps the process alive by itself (node:fs with
 *   `persistent: false`; Deno's watcher unref'd, see `_watch_deno.ts`);
 * - signals are delivered asynchronously, never during the call, and never
 *   after `close()`;
 * - a path signal never names a wrong path: where an event names no entry,
 *   or one whose name is not UTF-8, the signal names the watched directory;
 * - when the watched directory itself is removed or replaced (a watch
 *   follows the directory, not its path), a path signal for it comes, then
 *   an error signal `watch_missing`, and the watch is closed;
 * - a path that is not a directory does not start a watch
 *   (`watch_missing`, as `ENOTDIR`).
 *
 * Lost events: Deno reports some (its queue of 1024 events overflowed, or
 * the OS asked for a rescan) as an `overflow` signal, but not the kernel's
 * own overflow, which many watches at once bring about
 * ({@linkcode reliableWatches}). node:fs never does:
 * libuv drops inotify's overflow notice (it names no watch), so under Node
 * and Bun events beyond the kernel's queue (`max_queued_events`, 16384 by
 * default) are lost unsaid.
 *
 * Recursion: Deno's watch is natively recursive everywhere, but follows
 * symbolic links out of the tree on Linux; node:fs's is recursive only on
 * macOS and Windows (`_watch_node.ts` says why not Node's or Bun's on
 * Linux). {@linkcode treeWatch} says which holds here. Where none does, the
 * caller watches each directory with `recursive: false`.
 *
 * @module
 */

import {
  DENO_RELIABLE_WATCHES,
  denoWatchAvailable,
  denoWatchesHeld,
  startDenoWatch,
} from "./_watch_deno.ts";
import { nodeNativeRecursive, startNodeWatch } from "./_watch_node.ts";
import { tryStatus } from "./_status.ts";
import type { Status } from "./_types.ts";

/** What a watcher saw. */
export type WatchSignal =
  /** Something at `path` changed: the entry itself, or (for a directory) something in it. Absolute. */
  | { readonly kind: "path"; readonly path: string }
  /** The watcher dropped events (the kernel queue overflowed, a rescan was asked for): it cannot say what changed. */
  | { readonly kind: "overflow" }
  /** The watcher failed and is closed; `code` is one of WatchErrorCode. */
  | {
    readonly kind: "error";
    readonly code: WatchErrorCode;
    readonly message: string;
    readonly cause?: unknown;
  };

/** Why a watch cannot start or stopped. */
export type WatchErrorCode =
  /** This runtime has no way to watch (or not recursively, where asked). */
  | "watch_unsupported"
  /** No permission (Deno without read permission for the path, EACCES/EPERM). */
  | "watch_denied"
  /** The OS ran out of watches or instances (ENOSPC from inotify, EMFILE). */
  | "watch_limit"
  /** The path does not exist, or is not a directory (ENOENT/ENOTDIR). */
  | "watch_missing"
  /** Anything else. */
  | "watch_failed";

/** A started watch. close() releases every handle it holds; calling it twice is harmless. */
export interface DirectoryWatch {
  /** Stops the watch and releases its handles; no signal follows. */
  close(): void;
  /**
   * Whether it is watching. Under Deno, a watch of a path that a watch
   * closed just before also covered starts only once that one is released
   * (a turn later; see `_watch_deno.ts`): until then what changes is not
   * seen, and once it starts a path signal for the directory itself comes.
   * Always true elsewhere.
   */
  readonly ready: boolean;
}

/** Thrown by watchDirectory when a watch cannot start. */
export class WatchStartError extends Error {
  /** Why the watch cannot start. */
  readonly code: WatchErrorCode;

  /**
   * @param code why the watch cannot start
   * @param message what happened, naming the path
   * @param options the runtime's own error as `cause`
   */
  constructor(
    code: WatchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "WatchStartError";
    this.code = code;
  }
}

/**
 * How `watchDirectory(path, { recursive: true }, …)` watches a whole tree on
 * this runtime and platform:
 * - `"tree"`: natively, and never beyond the tree (macOS and Windows, in
 *   every runtime: the system watches the tree itself);
 * - `"linkless"`: natively, but the runtime follows each symbolic link to a
 *   directory it finds in the tree and watches the target, outside the tree
 *   and beyond any bound the caller keeps (Deno on Linux: its walk follows
 *   links). Fit only for a tree that holds no such link, which the caller
 *   must make sure of before and while it watches;
 * - `"none"`: not at all (node:fs on Linux, see `_watch_node.ts`): the
 *   caller watches each directory with `recursive: false`.
 */
export type TreeWatch = "tree" | "linkless" | "none";

/** How this runtime and platform watch a whole tree: see {@linkcode TreeWatch}. */
export const treeWatch: TreeWatch = nodeNativeRecursive
  ? "tree"
  : denoWatchAvailable
  ? "linkless"
  : "none";

/**
 * The most watches this process may hold at once through
 * {@linkcode watchDirectory} while the runtime still tells of every event,
 * where there is such a bound (Deno: `DENO_RELIABLE_WATCHES`, see
 * `_watch_deno.ts`); undefined where none is known (node:fs, whose
 * inotify events cost the same whatever the number of watches).
 */
export const reliableWatches: number | undefined = denoWatchAvailable
  ? DENO_RELIABLE_WATCHES
  : undefined;

/** How many watches this process holds open through {@linkcode watchDirectory}, where they are counted (Deno). */
export function watchesHeld(): number {
  return denoWatchAvailable ? denoWatchesHeld() : 0;
}

/**
 * Starts watching one directory (and with `recursive`, everything below it, only where {@linkcode treeWatch} is not
 * `"none"`; there recursive: true throws WatchStartError "watch_unsupported"). The watch never keeps the process alive by itself.
 * Signals are delivered asynchronously, never during the call.
 *
 * @param path an absolute path of a directory
 * @param options `recursive`: the whole tree, where {@linkcode treeWatch} allows it
 * @param onSignal called with each signal until the watch is closed
 * @returns the started watch
 * @throws {WatchStartError} when the watch cannot start
 */
export function watchDirectory(
  path: string,
  options: { recursive: boolean },
  onSignal: (signal: WatchSignal) => void,
): DirectoryWatch {
  if (options.recursive && treeWatch === "none") {
    throw new WatchStartError(
      "watch_unsupported",
      `Cannot watch ${path} recursively: this runtime and platform watch one directory at a time; watch each with recursive: false`,
    );
  }
  const before = directoryStatus(path);
  let closed = false;
  let started: { close(): void; ready(): boolean } | undefined;
  const close = (): void => {
    if (closed) return;
    closed = true;
    started?.close();
  };
  const fail = (error: unknown): void => {
    if (closed) return;
    close();
    const code = watchErrorCode(error);
    onSignal({
      kind: "error",
      code,
      message: `The watch of ${path} stopped (${code}): ${describe(error)}`,
      cause: error,
    });
  };
  const onPath = (changed: string): void => {
    if (closed) return;
    onSignal({ kind: "path", path: changed });
    // The receiver may close the watch on that signal: then nothing follows.
    if (closed) return;
    if (changed === path && !sameDirectory(path, before)) {
      close();
      onSignal({
        kind: "error",
        code: "watch_missing",
        message:
          `The watched directory ${path} was removed or replaced: watch it again`,
      });
    }
  };
  const onOverflow = (): void => {
    if (!closed) onSignal({ kind: "overflow" });
  };
  try {
    started = denoWatchAvailable
      ? startDenoWatch(path, {
        ...options,
        identity: `${before.dev}:${before.ino}`,
        onPath,
        onOverflow,
        onFailure: fail,
      })
      : {
        close: startNodeWatch(path, { ...options, onPath, onFailure: fail }),
        ready: () => true,
      };
  } catch (error) {
    throw startError(path, error);
  }
  if (!sameDirectory(path, before)) {
    close();
    throw new WatchStartError(
      "watch_failed",
      `The directory ${path} was replaced while its watch started: try again`,
    );
  }
  return {
    close,
    get ready(): boolean {
      return !closed && started?.ready() === true;
    },
  };
}

/**
 * The status of the directory at `path` (followed); throws the
 * WatchStartError that says why there is none.
 */
function directoryStatus(path: string): Status {
  const read = tryStatus(path, { follow: true });
  if (!read.ok) throw startError(path, read.error);
  if (read.value.kind !== "directory") {
    throw new WatchStartError(
      "watch_missing",
      `Cannot watch ${path}: it is a ${read.value.kind}, not a directory; watch the directory that holds it`,
    );
  }
  return read.value;
}

/** Whether the directory at `path` is still the one `before` describes. */
function sameDirectory(path: string, before: Status): boolean {
  const now = tryStatus(path, { follow: true });
  return now.ok && now.value.kind === "directory" &&
    now.value.dev === before.dev && now.value.ino === before.ino &&
    now.value.birthtimeMs === before.birthtimeMs;
}

function startError(path: string, error: unknown): WatchStartError {
  const code = watchErrorCode(error);
  return new WatchStartError(
    code,
    `Cannot watch ${path} (${code}): ${describe(error)}`,
    { cause: error },
  );
}

const ERRNO_CODES: Readonly<Record<string, WatchErrorCode>> = {
  ENOSPC: "watch_limit",
  EMFILE: "watch_limit",
  ENFILE: "watch_limit",
  EACCES: "watch_denied",
  EPERM: "watch_denied",
  ERR_ACCESS_DENIED: "watch_denied",
  ENOENT: "watch_missing",
  ENOTDIR: "watch_missing",
};

const DENO_CLASSES: Readonly<Record<string, WatchErrorCode>> = {
  NotCapable: "watch_denied",
  PermissionDenied: "watch_denied",
  NotFound: "watch_missing",
  NotADirectory: "watch_missing",
};

/**
 * The code of a runtime's watch error: node:fs's errno `code` (Deno's
 * errors carry one too, where the OS gave it), else Deno's error class, else
 * the notify crate's words for a watch limit, else `watch_failed`.
 */
export function watchErrorCode(error: unknown): WatchErrorCode {
  if (typeof error !== "object" || error === null) return "watch_failed";
  const { code, name, message } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (typeof code === "string" && Object.hasOwn(ERRNO_CODES, code)) {
    return ERRNO_CODES[code] ?? "watch_failed";
  }
  if (typeof name === "string" && Object.hasOwn(DENO_CLASSES, name)) {
    return DENO_CLASSES[name] ?? "watch_failed";
  }
  if (
    typeof message === "string" &&
    /watch limit|too many open files|no space left on device/i.test(message)
  ) {
    return "watch_limit";
  }
  return "watch_failed";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
