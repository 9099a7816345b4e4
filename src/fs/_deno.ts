/**
 * The Deno backend: Deno's own listing and status calls, where the runtime
 * has them (node:fs builds a `Dirent` or a `Stats` object on top of them,
 * which costs more than the call: see BENCHMARKS.md).
 *
 * @module
 */

import type { Backend, Status, StatusKind } from "./_types.ts";

/** The status calls of Deno's own namespace, where it has them. */
interface DenoStat {
  statSync(path: string): DenoFileInfo;
  lstatSync(path: string): DenoFileInfo;
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

/** Deno's namespace, where it has the calls this backend makes. */
interface DenoFs extends DenoStat {
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

/** Deno's own calls, or `undefined` outside Deno. */
export const denoBackend: Backend | undefined = DENO === undefined
  ? undefined
  : {
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
function specialKind(deno: DenoStat, path: string): StatusKind {
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
