/**
 * STUB (replaced by the fswatch branch at merge).
 *
 * @module
 */

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
  _path: string,
  _options: { recursive: boolean },
  _onSignal: (signal: WatchSignal) => void,
): DirectoryWatch {
  throw new WatchStartError("watch_unsupported", "stub");
}
