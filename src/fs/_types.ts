/**
 * What the filesystem seam passes along: a directory entry, a status and
 * its kind, a read that may have failed, and the interface of the backends
 * (`deno.ts`, `node.ts`) that `backend.ts` chooses between once.
 *
 * @module
 */

/** What a read returned, or the error it threw. */
export type Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: unknown };

/** A directory entry: its name, and what the listing says it is. */
export interface Entry {
  readonly name: string;
  readonly kind: StatusKind;
}

/** What a path is, as a status call tells. */
export type StatusKind =
  | "file"
  | "directory"
  | "symlink"
  | "fifo"
  | "socket"
  | "device";

/**
 * What discovery reads of a path's status: its kind and size, what
 * identifies it (a new file or directory at the same path differs in device,
 * inode or birth time, since a file system may give it the inode of one just
 * removed) and when it last changed. Times are milliseconds (0 where the
 * file system does not say); under Deno they are whole milliseconds, and the
 * change time whole seconds.
 */
export interface Status {
  readonly kind: StatusKind;
  readonly size: number;
  readonly dev: number;
  readonly ino: number;
  /** How many names it has (hard links); 1 where the file system does not say. */
  readonly nlink: number;
  readonly birthtimeMs: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/**
 * The two calls a backend makes its own way: listing a directory and taking
 * a path's status. Everything else goes through node:fs in every runtime.
 */
export interface Backend {
  /** A directory's entries, unsorted, each with what the listing says it is. */
  list(path: string): Entry[];
  /** The status of `path`: of its target, with `follow`. */
  status(path: string, options: { follow: boolean }): Status;
}
