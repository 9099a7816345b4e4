/**
 * STUB (replaced by the fswatch branch at merge).
 *
 * @module
 */

import { watch } from "node:fs";
import { join } from "node:path";

/** What a watcher saw. */
export type WatchSignal =
  | { readonly kind: "path"; readonly path: string }
  | { readonly kind: "overflow" }
  | {
    readonly kind: "error";
    readonly code: WatchErrorCode;
    readonly message: string;
    readonly cause?: unknown;
  };

/** Why a watch cannot start or stopped. */
export type WatchErrorCode =
  | "watch_unsupported"
  | "watch_denied"
  | "watch_limit"
  | "watch_missing"
  | "watch_failed";

/** A started watch. */
export interface DirectoryWatch {
  close(): void;
}

/** Thrown by watchDirectory when a watch cannot start. */
export class WatchStartError extends Error {
  /** Why. */
  readonly code: WatchErrorCode;
  /** Creates one. */
  constructor(code: WatchErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** Whether recursive watches are native. */
export const nativeRecursiveWatch: boolean = false;

/** Starts watching one directory. */
export function watchDirectory(
  path: string,
  _options: { recursive: boolean },
  onSignal: (signal: WatchSignal) => void,
): DirectoryWatch {
  let w;
  try {
    w = watch(path, { persistent: false }, (_type, name) => {
      onSignal({ kind: "path", path: name ? join(path, String(name)) : path });
    });
  } catch (error) {
    const code = (error as { code?: string }).code === "ENOENT"
      ? "watch_missing"
      : "watch_failed";
    throw new WatchStartError(code, String(error));
  }
  w.on("error", (error) => {
    onSignal({ kind: "error", code: "watch_failed", message: String(error) });
    w.close();
  });
  return { close: () => w.close() };
}
