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
 * Starts `Deno.watchFs` on the directory `path`; throws Deno's own error
 * when it cannot start (or when the runtime is not Deno). `onPath` gets each
 * path an event names, under `path` as given (Deno reports real paths, which
 * differ where `path` runs through a symbolic link; a path under neither
 * becomes `path` itself, a name holding U+FFFD its directory, and an event
 * Deno refuses for a path that is not UTF-8 `path` itself); `onOverflow` a
 * rescan; `onFailure` the error that ended the watch, once, after which it
 * is closed. Returns the call that closes it.
 */
export function startDenoWatch(
  path: string,
  options: {
    recursive: boolean;
    onPath: (path: string) => void;
    onOverflow: () => void;
    onFailure: (error: unknown) => void;
  },
): () => void {
  if (DENO === undefined) throw new Error("Deno.watchFs is not available");
  const watcher = DENO.watchFs(path, { recursive: options.recursive });
  let real = path;
  try {
    real = DENO.realPathSync(path);
  } catch {
    // unresolvable now: events are then matched against `path` alone
  }
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    watcher.close();
  };
  const read = async (): Promise<void> => {
    while (!closed) {
      const pending = watcher.next();
      watcher.unref?.();
      let result: IteratorResult<DenoWatchEvent>;
      try {
        result = await pending;
      } catch (error) {
        if (closed || !namesNotUtf8(error)) throw error;
        // the event is consumed and the watch goes on; what it named is
        // somewhere under `path`
        options.onPath(path);
        continue;
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
  return close;
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
