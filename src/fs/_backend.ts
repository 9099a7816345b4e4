/**
 * Listing and status calls, Deno's own or node:fs's, chosen once; everything
 * else goes through node:fs in every runtime.
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
import type { Entry, Status, StatusKind } from "./_types.ts";

/** One runtime's calls: a directory's entries (unsorted), a path's status. */
export interface Backend {
  list(path: string): Entry[];
  status(path: string, options: { follow: boolean }): Status;
}

interface DenoFileInfo {
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
  isFifo: boolean | null;
  isSocket: boolean | null;
  size: number;
  dev: number;
  ino: number | null;
  nlink: number | null;
  birthtime: Date | null;
  mtime: Date | null;
  ctime: Date | null;
}

interface DenoFs {
  statSync(path: string): DenoFileInfo;
  lstatSync(path: string): DenoFileInfo;
  readDirSync(path: string): Iterable<{
    name: string;
    isFile: boolean;
    isDirectory: boolean;
    isSymlink: boolean;
  }>;
}

const DENO: DenoFs | undefined = (() => {
  const deno = (globalThis as { Deno?: Partial<DenoFs> }).Deno;
  return typeof deno?.readDirSync === "function" &&
      typeof deno.statSync === "function" &&
      typeof deno.lstatSync === "function"
    ? deno as DenoFs
    : undefined;
})();

const denoBackend: Backend | undefined = DENO === undefined ? undefined : {
  list: (path) =>
    Array.from(DENO.readDirSync(path), (entry) => ({
      name: entry.name,
      kind: entry.isFile
        ? "file"
        : entry.isDirectory
        ? "directory"
        : entry.isSymlink
        ? "symlink"
        : specialKind(DENO, `${path}/${entry.name}`),
    })),
  status: (path, { follow }) =>
    fromDeno(follow ? DENO.statSync(path) : DENO.lstatSync(path)),
};

/** What a special file is, where Deno's listing says only that it is one. */
function specialKind(deno: DenoFs, path: string): StatusKind {
  try {
    return fromDeno(deno.lstatSync(path)).kind;
  } catch {
    return "device";
  }
}

function fromDeno(info: DenoFileInfo): Status {
  return {
    kind: info.isFile
      ? "file"
      : info.isDirectory
      ? "directory"
      : info.isSymlink
      ? "symlink"
      : info.isFifo
      ? "fifo"
      : info.isSocket
      ? "socket"
      : "device",
    size: info.size,
    dev: info.dev,
    ino: info.ino ?? 0,
    nlink: info.nlink ?? 1,
    birthtimeMs: info.birthtime?.getTime() ?? 0,
    mtimeMs: info.mtime?.getTime() ?? 0,
    ctimeMs: info.ctime?.getTime() ?? 0,
  };
}

const nodeBackend: Backend = {
  list: (path) =>
    readdirSync(path, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      kind: nodeKind(entry),
    })),
  status: (path, { follow }) =>
    fromNode(follow ? statSync(path) : lstatSync(path)),
};

/** What a node:fs directory entry or status is. */
export function nodeKind(entry: Dirent | Dirent<Buffer> | Stats): StatusKind {
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
    kind: nodeKind(stat),
    size: stat.size,
    dev: stat.dev,
    ino: stat.ino,
    nlink: stat.nlink,
    birthtimeMs: stat.birthtimeMs,
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.ctimeMs,
  };
}

/** The backend of this runtime. */
export const backend: Backend = denoBackend ?? nodeBackend;
