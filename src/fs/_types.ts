/**
 * What the filesystem seam passes along.
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

/** A path's status; times in milliseconds, 0 where the file system does not say. */
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
