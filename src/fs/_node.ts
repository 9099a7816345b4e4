/**
 * The node:fs backend (Node, Bun): listings and status calls as node:fs
 * makes them.
 *
 * @module
 */

import {
  type Dirent,
  lstatSync,
  readdirSync,
  type Stats,
  statSync,
} from "node:fs";
import type { Buffer } from "node:buffer";
import type { Backend, Status, StatusKind } from "./_types.ts";

/** node:fs's listing and status calls. */
export const nodeBackend: Backend = {
  list: (path) =>
    readdirSync(path, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      kind: direntKind(entry),
    })),
  status: (path, { follow }) =>
    fromNode(follow ? statSync(path) : lstatSync(path)),
};

/** What a node:fs directory entry is. */
export function direntKind(entry: Dirent | Dirent<Buffer>): StatusKind {
  return entry.isFile()
    ? "file"
    : entry.isDirectory()
    ? "directory"
    : entry.isSymbolicLink()
    ? "symlink"
    : entry.isFIFO()
    ? "fifo"
    : entry.isSocket()
    ? "socket"
    : "device";
}

/** A node:fs status as the seam's. */
export function fromNode(stat: Stats): Status {
  return {
    kind: stat.isFile()
      ? "file"
      : stat.isDirectory()
      ? "directory"
      : stat.isSymbolicLink()
      ? "symlink"
      : stat.isFIFO()
      ? "fifo"
      : stat.isSocket()
      ? "socket"
      : "device",
    size: stat.size,
    dev: stat.dev,
    ino: stat.ino,
    nlink: stat.nlink,
    birthtimeMs: stat.birthtimeMs,
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.ctimeMs,
  };
}
