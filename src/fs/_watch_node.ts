/**
 * The node:fs watch (Node, Bun): `fs.watch` with `persistent: false`, so an
 * open watch never holds the process open, and file names as bytes, so a
 * name that is not UTF-8 is never turned into a wrong path.
 *
 * A watch is recursive natively only on macOS and Windows (FSEvents,
 * ReadDirectoryChangesW). Node 20's `recursive` on Linux is a JavaScript
 * emulation that watches every file and polls with `stat`, and mangles a
 * name that is not UTF-8: never used. Bun 1.4's on Linux is its own walk
 * that adds one inotify watch per directory (symlinks not followed, names
 * kept as bytes), but the walk is unbounded and unseen by the caller, and it
 * reported an event without a file name when the tree was removed; the
 * caller's own per-directory watches, which it can bound, are used instead.
 *
 * @module
 */

import { watch } from "node:fs";
import { basename, join } from "node:path";
import process from "node:process";
import type { Buffer } from "node:buffer";

/**
 * Whether node:fs watches a whole tree natively here: on macOS and Windows,
 * in Node and Bun alike.
 */
export const nodeNativeRecursive: boolean = process.platform === "darwin" ||
  process.platform === "win32";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Starts `fs.watch` on the directory `path`; throws node:fs's own error when
 * it cannot start. `onPath` gets the absolute path of what changed (`path`
 * itself where the event names no entry, names one that is not UTF-8, or
 * names the directory itself); `onFailure` gets the watcher's error once,
 * after which the watch is closed. Returns the call that closes it.
 */
export function startNodeWatch(
  path: string,
  options: {
    recursive: boolean;
    onPath: (path: string) => void;
    onFailure: (error: unknown) => void;
  },
): () => void {
  const own = basename(path);
  const watcher = watch(
    path,
    { recursive: options.recursive, persistent: false, encoding: "buffer" },
    (_event, filename: Buffer | string | null | undefined) => {
      const name = decoded(filename);
      // inotify names the watched directory itself by its base name (when it
      // is removed or renamed), which cannot be told from an entry of that
      // name: the directory itself covers both.
      options.onPath(
        name === undefined || name === own ? path : join(path, name),
      );
    },
  );
  watcher.on("error", (error: unknown) => {
    watcher.close();
    options.onFailure(error);
  });
  return () => watcher.close();
}

/** A file name as strict UTF-8; `undefined` for none or for other bytes. */
function decoded(
  filename: Buffer | string | null | undefined,
): string | undefined {
  if (filename === null || filename === undefined || filename.length === 0) {
    return undefined;
  }
  if (typeof filename === "string") return filename;
  try {
    return UTF8.decode(filename);
  } catch {
    return undefined;
  }
}
