/**
 * Deno's own watch, `Deno.watchFs`, where the runtime has it: natively
 * recursive on every platform (inotify, FSEvents, ReadDirectoryChangesW
 * through the notify crate), one watcher shared by the whole process.
 *
 * A pending `Deno.watchFs` keeps a Deno process alive: its iterator's
 * `next()` is a ref'd op. Deno's node:fs `watch` ignores `persistent: false`
 * (measured with Deno 2.9: a process holding one never exits), so it is no
 * way out. The supported way is the watcher's `unref()` (not in Deno's
 * declared types; what node:fs `FSWatcher.unref()` calls since Deno 1.42),
 * which unrefs the op of the `next()` in flight only: so it is called after
 * every `next()`. Where a Deno has no `unref()`, an open watch holds the
 * process until `close()`, which cancels the pending `next()` at once.
 *
 * Deno's recursive watch on Linux follows symbolic links to directories
 * while it walks the tree (when it opens, and for each directory created or
 * moved in later): it adds inotify watches on their targets, even outside
 * the tree (measured with Deno 2.9.6, counting the process's inotify
 * watches; events from there were not delivered). A link created alone is
 * not followed. A caller that must not watch outside a tree, or must bound
 * its watches, uses a recursive watch only for a tree that holds no such
 * link, and otherwise watches each directory with `recursive: false`.
 *
 * Deno 2.9.6 drops the event of a symbolic link created in a watched
 * directory when the link's target lies outside it (it matches the event's
 * canonical path against the watched path, denoland/deno#27560), and hands
 * each event to every watch whose path is a prefix of it, recursive or not:
 * so a path may come deeper than a non-recursive watch asked for.
 *
 * @module
 */

import { sep } from "node:path";

/** What one Deno watch event carries. */
interface DenoWatchEvent {
  readonly kind: string;
  readonly paths: readonly string[];
  readonly flag?: string | null;
}

/** Deno's watcher, with the `unref()` its declared types leave out. */
interface DenoFsWatcher {
  next(): Promise<IteratorResult<DenoWatchEvent>>;
  close(): void;
  unref?(): void;
}

/** The calls of Deno's namespace this watch makes. */
interface DenoWatchFs {
  watchFs(path: string, options: { recursive: boolean }): DenoFsWatcher;
  realPathSync(path: string): string;
}

const DENO: DenoWatchFs | undefined = (() => {
  const deno = (globalThis as unknown as { Deno?: Partial<DenoWatchFs> })
    .Deno;
  return typeof deno?.watchFs === "function" &&
      typeof deno.realPathSync === "function"
    ? deno as DenoWatchFs
    : undefined;
})();

/** Whether this runtime is Deno, with its own watch. */
export const denoWatchAvailable: boolean = DENO !== undefined;

/**
 * The watches closed while a `next()` of theirs was in flight: Deno
 * releases such a watch (and its watches in the shared watcher) only once
 * that call has settled, a turn later. Until then, a watch opened on a path
 * inside one, or holding one, shares the shared watcher's entries for those
 * paths (kept by path, not by watch), and the late release removes them:
 * the new watch would see nothing there, unsaid (measured with Deno 2.9.6).
 */
const releasing = new Set<Opened & { readonly released: Promise<void> }>();

/**
 * The most watches this process holds at once through this module while
 * Deno still tells of every event: each event costs Deno a look at every
 * watch it holds (it opens the event's file and each watched directory),
 * and each of those opens is an event in the kernel's queue too, so with
 * more watches a steady run of changes fills that queue, and what the
 * kernel then drops, Deno does not say (its rescan names no path, and it
 * hands events out by path). Measured with Deno 2.9.6 on Linux, 2 cores
 * (scripts/watch_deno_limit.ts, BENCHMARKS.md): no edit lost with up to 48
 * watches, some lost from 64 on a busy machine (from 128 on a quiet one);
 * this bound is half the least count that lost one.
 */
export const DENO_RELIABLE_WATCHES = 32;

/** How many watches this module holds open (started or waiting to). */
let held = 0;

/** How many Deno watches this process holds open through this module. */
export function denoWatchesHeld(): number {
  return held;
}

/** A started Deno watch: how to close it, and whether it is watching yet. */
export interface DenoWatch {
  /** Stops it; nothing is signalled after. */
  close(): void;
  /**
   * Whether it is watching: false while it waits for a watch on an
   * overlapping path to be released (what changes meanwhile is not seen).
   */
  ready(): boolean;
}

/**
 * Starts `Deno.watchFs` on the directory `path`; throws Deno's own error
 * when it cannot start (or when the runtime is not Deno). Where a watch
 * closed in this process is not released yet and its release would end
 * what this one holds (see `undoes()`), it starts once that one is
 * (`ready()` says when), then signals `path` itself (what it holds may have
 * changed meanwhile); a failure to start then comes through `onFailure`. `onPath` gets each path an event names, under `path`
 * as given (Deno reports real paths, which differ where `path` runs through
 * a symbolic link; a path under neither becomes `path` itself, a name
 * holding U+FFFD its directory, and an event Deno refuses for a path that
 * is not UTF-8 `path` itself); `onOverflow` a rescan; `onFailure` the error
 * that ended the watch, once, after which it is closed.
 */
export function startDenoWatch(
  path: string,
  options: {
    recursive: boolean;
    /** What identifies the directory now (its device and inode). */
    identity: string;
    onPath: (path: string) => void;
    onOverflow: () => void;
    onFailure: (error: unknown) => void;
  },
): DenoWatch {
  if (DENO === undefined) throw new Error("Deno.watchFs is not available");
  const deno = DENO;
  let closed = false;
  let watcher: DenoFsWatcher | undefined;
  let inFlight: Promise<unknown> | undefined;
  const start = (): void => {
    const started = deno.watchFs(path, { recursive: options.recursive });
    watcher = started;
    let real = path;
    try {
      real = deno.realPathSync(path);
    } catch {
      // unresolvable now: events are then matched against `path` alone
    }
    const read = async (): Promise<void> => {
      while (!closed) {
        const pending = started.next();
        started.unref?.();
        inFlight = pending;
        let result: IteratorResult<DenoWatchEvent>;
        try {
          result = await pending;
        } catch (error) {
          if (closed || !namesNotUtf8(error)) throw error;
          // the event is consumed and the watch goes on; what it named is
          // somewhere under `path`
          options.onPath(path);
          continue;
        } finally {
          inFlight = undefined;
        }
        if (closed) return;
        if (result.done) throw new Error(`The watch of ${path} ended`);
        if (result.value.flag === "rescan") options.onOverflow();
        else {
          for (const changed of result.value.paths) {
            options.onPath(underPath(changed, path, real));
          }
        }
      }
    };
    read().catch((error: unknown) => {
      if (closed) return;
      close();
      options.onFailure(error);
    });
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    held--;
    if (watcher === undefined) return;
    const pending = inFlight;
    watcher.close();
    if (pending === undefined) return;
    const entry = {
      path,
      recursive: options.recursive,
      identity: options.identity,
      released: pending.then(() => {}, () => {}).then(() => {
        releasing.delete(entry);
      }),
    };
    releasing.add(entry);
  };
  const overlapping = [...releasing].filter((entry) =>
    undoes(entry, { path, ...options })
  );
  if (overlapping.length === 0) start();
  held++;
  if (overlapping.length > 0) {
    Promise.all(overlapping.map((entry) => entry.released)).then(() => {
      if (closed) return;
      try {
        start();
      } catch (error) {
        close();
        options.onFailure(error);
        return;
      }
      // What is in it may have changed while it waited.
      options.onPath(path);
    });
  }
  return { close, ready: () => watcher !== undefined && !closed };
}

/** A watch of a directory, as opened. */
interface Opened {
  readonly path: string;
  readonly recursive: boolean;
  readonly identity: string;
}

/**
 * Whether releasing `old` would end kernel watches that `opened` holds.
 * Deno's shared watcher (notify's inotify backend) keeps one entry a path,
 * marked recursive or not by the last watch of that path, and releasing a
 * watch of a path removes that path's entry, with every entry below it when
 * it is marked recursive. So: a watch of the same path in another mode (in
 * the same mode, of the same directory, Deno counts both and removes
 * nothing), a watch inside a recursive one, or a recursive watch holding
 * the old one's path.
 */
function undoes(old: Opened, opened: Opened): boolean {
  if (old.path === opened.path) {
    return old.recursive !== opened.recursive ||
      old.identity !== opened.identity;
  }
  return (old.recursive && isBelow(opened.path, old.path)) ||
    (opened.recursive && isBelow(old.path, opened.path));
}

/** Whether `path` is strictly below the directory `dir`. */
function isBelow(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path.length > prefix.length && path.startsWith(prefix);
}

/**
 * Whether `error` is Deno's refusal of an event whose path is not UTF-8
 * (a TypeError, thrown by `next()` instead of the event; measured with
 * Deno 2.9).
 */
function namesNotUtf8(error: unknown): boolean {
  return error instanceof TypeError && /invalid UTF-8/i.test(error.message);
}

/**
 * `changed` as a path under `path`, whose real path is `real`. A name
 * holding U+FFFD may be a lossy decoding of bytes that are not UTF-8, which
 * would name no entry (Deno 2.9 refuses such an event instead, see
 * `namesNotUtf8`, but a path built from one must never be wrong): the path
 * stops at the directory that holds the first such name, which covers it
 * (a name that truly holds U+FFFD is reported the same way).
 */
function underPath(changed: string, path: string, real: string): string {
  const own = path.endsWith(sep) ? path : path + sep;
  for (const base of [path, real]) {
    if (changed === base) return path;
    const prefix = base.endsWith(sep) ? base : base + sep;
    if (changed.startsWith(prefix)) {
      const names = changed.slice(prefix.length).split(sep);
      const mangled = names.findIndex((name) => name.includes("\uFFFD"));
      const kept = mangled === -1 ? names : names.slice(0, mangled);
      return kept.length === 0 ? path : own + kept.join(sep);
    }
  }
  return path;
}
