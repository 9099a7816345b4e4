/**
 * The directories a watch holds open, within a bound: trees (a root's real
 * directory, a symlink's target), each watched whole, and single
 * directories (a root's parent, the nearest existing ancestor of a missing
 * root), each watched alone. Where the runtime watches a tree natively, one
 * handle serves it; elsewhere each directory of the tree gets its own, and
 * directories created or removed later are watched or released as their
 * events come. Where the runtime's own watch of a tree follows symbolic
 * links (Deno on Linux), it serves only a tree that holds no link to a
 * directory and no `.git` or `node_modules`, checked when it opens and at
 * each directory that appears in it; a tree that does, or comes to, is
 * watched one directory at a time. `.git` and `node_modules` are not
 * entered, symlinks are never followed, and every directory counts against
 * `maxWatches`. A watch is fresh until the refresh() after it opened: what
 * changed before it opened was not seen.
 *
 * @module
 */

import { basename } from "node:path";
import {
  type DirectoryWatch,
  treeWatch,
  type WatchSignal,
} from "../fs/_watch.ts";
import {
  keyOf,
  startHandle,
  TREE,
  type Trouble,
  type Watched,
  type WatchesSink,
} from "./_handle.ts";
import { tryList } from "../fs/_listing.ts";
import { childPath, isInside } from "../fs/_status.ts";
import { isBelow } from "./_changed.ts";
import {
  countDirectories,
  inSkipped,
  isDirectory,
  limitTrouble,
  SKIPPED,
  survey,
} from "./_tree.ts";

/** The trees and directories a watch holds open. */
export class Watches {
  readonly #watched = new Map<string, Watched>();
  readonly #max: number;
  readonly #sink: WatchesSink;
  #count = 0;

  /** A set of watches that holds at most `maxWatches` directories. */
  constructor(maxWatches: number, sink: WatchesSink) {
    this.#max = maxWatches;
    this.#sink = sink;
  }

  /** How many directories are watched. */
  get count(): number {
    return this.#count;
  }

  /**
   * Starts watching `path`, a whole tree or the one directory; returns why
   * it could not, and then holds nothing for it (but remembers the trouble).
   */
  open(path: string, { tree }: { tree: boolean }): Trouble | undefined {
    this.close(path, { tree });
    const watched: Watched = {
      handles: new Map(),
      tree,
      sure: false,
      counted: 0,
    };
    this.#watched.set(keyOf(path, { tree }), watched);
    const trouble = !tree || treeWatch === "tree"
      ? this.#native(path, watched)
      : treeWatch === "linkless"
      ? this.#linkless(path, watched)
      : this.#walk({ root: path, dir: path, watched });
    if (trouble !== undefined) this.#fail(watched, trouble);
    return trouble;
  }

  /** Stops watching `path` (opened by `open`). */
  close(path: string, { tree }: { tree: boolean }): void {
    const key = keyOf(path, { tree });
    const watched = this.#watched.get(key);
    if (watched === undefined) return;
    this.#release(watched);
    this.#watched.delete(key);
  }

  /** Stops watching everything. */
  closeAll(): void {
    for (const watched of this.#watched.values()) this.#release(watched);
    this.#watched.clear();
  }

  /** Whether `path` is opened (watched, or given up on). */
  has(path: string, { tree }: { tree: boolean }): boolean {
    return this.#watched.has(keyOf(path, { tree }));
  }

  /** Each path opened, and whether as a tree. */
  *opened(): Iterable<{ path: string; tree: boolean }> {
    for (const [key, watched] of this.#watched) {
      yield { path: key.slice(key.indexOf("\0") + 1), tree: watched.tree };
    }
  }

  /**
   * The trouble of `path`, when it is not watched: of its own watch, or, when
   * it has none, of the tree opened that holds it (see `watchedPaths()`).
   */
  troubleOf(path: string, { tree }: { tree: boolean }): Trouble | undefined {
    const own = this.#watched.get(keyOf(path, { tree }));
    if (own !== undefined) return own.trouble;
    for (const [key, watched] of this.#watched) {
      const at = key.slice(TREE.length);
      if (watched.tree && isInside(path, at) && !inSkipped(path, at)) {
        return watched.trouble;
      }
    }
    return undefined;
  }

  /** Whether `path` is open, watched, and was read by a refresh() since. */
  sure(path: string, { tree }: { tree: boolean }): boolean {
    const watched = this.#watched.get(keyOf(path, { tree }));
    return watched !== undefined && watched.sure &&
      watched.trouble === undefined;
  }

  /** Whether a sure tree holds `path`, outside the folders it does not enter. */
  covers(path: string): boolean {
    for (const [key, watched] of this.#watched) {
      const tree = key.slice(TREE.length);
      if (
        watched.tree && watched.sure && watched.trouble === undefined &&
        isInside(path, tree) && !inSkipped(path, tree)
      ) {
        return true;
      }
    }
    return false;
  }

  /** Whether some watch is fresh (opened since the last refresh). */
  get fresh(): boolean {
    for (const watched of this.#watched.values()) {
      if (!watched.sure && watched.trouble === undefined) return true;
    }
    return false;
  }

  /**
   * Marks every watch sure, a refresh() having read what they cover: but
   * one with a handle not started yet (see `DirectoryWatch.ready`), which
   * stays fresh.
   */
  settle(): void {
    for (const watched of this.#watched.values()) {
      watched.sure = [...watched.handles.values()].every((h) => h.ready);
    }
  }

  /** Marks every watch fresh: events were dropped. */
  unsettle(): void {
    for (const watched of this.#watched.values()) watched.sure = false;
  }

  /**
   * One native handle for `path` (a single directory, or a tree of
   * `directories`, counted here when not given).
   */
  #native(
    path: string,
    watched: Watched,
    directories?: number,
  ): Trouble | undefined {
    // The bound counts the directories a native watch of a tree holds too.
    const count = !watched.tree
      ? this.#count < this.#max ? 1 : undefined
      : directories ?? countDirectories(path, this.#max - this.#count);
    if (count === undefined) return limitTrouble(path, this.#max);
    const handle = this.#start({ root: path, dir: path, watched });
    if (handle === undefined) {
      return { code: "watch_missing", message: `${path} is not there` };
    }
    if ("code" in handle) return handle;
    watched.handles.set(path, handle);
    watched.counted = count;
    this.#count += count;
    return undefined;
  }

  /**
   * One handle for the tree at `path`, where the runtime would follow a
   * link: when its directories are within the bound and hold no link to a
   * directory (nor a folder not entered); else one handle per directory.
   */
  #linkless(path: string, watched: Watched): Trouble | undefined {
    const found = survey(path, this.#max - this.#count);
    if (found === undefined) {
      return this.#walk({ root: path, dir: path, watched });
    }
    watched.known = new Set(found);
    return this.#native(path, watched, found.length);
  }

  /**
   * One handle per directory of the tree below `dir`, within the bound:
   * each directory without one gets one and is listed; `dir` is listed even
   * when it has one, for what appeared in it unseen.
   */
  #walk(
    { root, dir, watched }: { root: string; dir: string; watched: Watched },
  ): Trouble | undefined {
    const queue = [dir];
    for (const at of queue) {
      if (!watched.handles.has(at)) {
        if (this.#count >= this.#max) return limitTrouble(root, this.#max);
        const handle = this.#start({ root, dir: at, watched });
        if (handle === undefined) {
          // Gone meanwhile: the root itself must be there.
          if (at === root) {
            return { code: "watch_missing", message: `${root} is not there` };
          }
          continue;
        }
        if ("code" in handle) return handle;
        watched.handles.set(at, handle);
        watched.counted++;
        this.#count++;
      }
      const listing = tryList(at);
      if (!listing.ok) continue;
      for (const entry of listing.value.entries) {
        const below = childPath(at, entry.name);
        if (
          entry.kind === "directory" && !SKIPPED.has(entry.name) &&
          !watched.handles.has(below)
        ) {
          queue.push(below);
        }
      }
    }
    return undefined;
  }

  /** A handle of `dir`, for the watch of `root`; undefined: `dir` is gone. */
  #start(
    { root, dir, watched }: { root: string; dir: string; watched: Watched },
  ): DirectoryWatch | Trouble | undefined {
    return startHandle(
      {
        root,
        dir,
        recursive: watched.tree &&
          (treeWatch === "tree" || watched.known !== undefined),
      },
      (signal) => this.#signal({ root, dir, watched, signal }),
    );
  }

  /** What a handle saw. */
  #signal(
    { root, dir, watched, signal }: {
      root: string;
      dir: string;
      watched: Watched;
      signal: WatchSignal;
    },
  ): void {
    if (this.#watched.get(keyOf(root, watched)) !== watched) return; // closed since
    if (signal.kind === "overflow") {
      this.#sink.troubled(root, "overflow");
      return;
    }
    if (signal.kind === "error") {
      this.#fail(watched, {
        code: signal.code,
        message: `Watching ${dir} failed: ${signal.message}`,
      });
      this.#sink.troubled(root, watched.trouble ?? signal);
      return;
    }
    this.#sink.changed(signal.path, watched);
    const trouble = watched.known !== undefined
      ? this.#check({ root, watched }, signal.path)
      : watched.tree && treeWatch !== "tree"
      ? this.#follow({ root, dir, watched }, signal.path)
      : undefined;
    if (trouble !== undefined) {
      if (trouble !== undefined) {
        this.#fail(watched, trouble);
        this.#sink.troubled(root, trouble);
      }
    }
  }

  /**
   * Keeps a tree watched one handle per directory as it changes: a
   * directory created below is watched, one removed released.
   */
  #follow(
    { root, dir, watched }: { root: string; dir: string; watched: Watched },
    path: string,
  ): Trouble | undefined {
    if (isDirectory(path)) {
      // A signal for the directory itself: what it holds may have changed
      // unseen (a watch that started late, an event that names no entry).
      if (path === dir) return this.#walk({ root, dir, watched });
      if (watched.handles.has(path)) return undefined;
      if (SKIPPED.has(basename(path)) || !isBelow(path, dir)) return undefined;
      return this.#walk({ root, dir: path, watched });
    }
    for (const [at, handle] of watched.handles) {
      if (at === path || isBelow(at, path)) {
        handle.close();
        watched.handles.delete(at);
        watched.counted--;
        this.#count--;
      }
    }
    return undefined;
  }

  /**
   * Keeps a tree one handle serves fit for it as it changes: a directory
   * that appears is checked and counted, one that goes uncounted. One that
   * holds a link to a directory (the runtime's walk would follow it), or a
   * folder not entered, or passes the bound, turns the tree into one handle
   * per directory. A link made alone is not followed by the runtime (an
   * inotify event for a link does not say "directory"), so it changes
   * nothing here.
   */
  #check(
    { root, watched }: { root: string; watched: Watched },
    path: string,
  ): Trouble | undefined {
    const known = watched.known;
    if (known === undefined || known.has(path)) {
      if (known !== undefined && !isDirectory(path)) {
        for (const dir of known) {
          if (dir === path || isBelow(dir, path)) known.delete(dir);
        }
        this.#recount(watched, known.size);
      }
      return undefined;
    }
    if (!isDirectory(path) || !isBelow(path, root)) return undefined;
    const found = SKIPPED.has(basename(path))
      ? undefined
      : survey(path, this.#max - this.#count);
    if (found !== undefined) {
      for (const dir of found) known.add(dir);
      this.#recount(watched, known.size);
      return undefined;
    }
    // The events still queued on the watch closed here are gone with it,
    // and until each directory's own watch starts, nothing is seen.
    this.#release(watched);
    watched.known = undefined;
    watched.sure = false;
    const trouble = this.#walk({ root, dir: root, watched });
    if (trouble === undefined) {
      this.#sink.rearmed(
        root,
        `${path} holds a link to a directory or a folder not watched, so ${root} is watched one directory at a time from now on`,
      );
    }
    return trouble;
  }

  /** Sets how many directories a watch counts against the bound. */
  #recount(watched: Watched, counted: number): void {
    this.#count += counted - watched.counted;
    watched.counted = counted;
  }

  /** Gives up on a watch: releases its handles and keeps why. */
  #fail(watched: Watched, trouble: Trouble): void {
    this.#release(watched);
    watched.trouble = trouble;
  }

  /** Closes every handle of a watch, and uncounts what it counted. */
  #release(watched: Watched): void {
    for (const handle of watched.handles.values()) handle.close();
    watched.handles.clear();
    this.#count -= watched.counted;
    watched.counted = 0;
  }
}
