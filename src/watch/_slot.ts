/**
 * The one watch a registry may have open: `watch()` opens it (refused while
 * one is open) and hands out its handle; `refresh()` reads through the open
 * one.
 *
 * @module
 */

import { SkillError } from "../errors.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import { readWatchOptions } from "./_options.ts";
import { RegistryWatch } from "./_watcher.ts";
import type { SkillWatch, WatchOptions } from "./watch.ts";

/** Where a registry keeps its open watch, if any. */
export class WatchSlot {
  /** The open watch, or undefined. */
  current: RegistryWatch | undefined;

  /**
   * Opens a watch over the roots of `snapshot`.
   *
   * @throws {StartupError} `invalid_option` for options of the wrong type.
   * @throws {SkillError} `invalid_input` when a watch is open already.
   */
  open(snapshot: Snapshot, options: WatchOptions): SkillWatch {
    const { onChange, debounce, maxWatches } = readWatchOptions(options);
    if (this.current !== undefined) {
      throw new SkillError(
        "invalid_input",
        "A watch is open on this registry already: close it before opening another",
      );
    }
    const watch = new RegistryWatch(snapshot, { debounce, maxWatches });
    watch.subscribe(onChange);
    this.current = watch;
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      watch.close();
      if (this.current === watch) this.current = undefined;
    };
    const handle = {
      close,
      get closed(): boolean {
        return closed;
      },
    };
    if (typeof Symbol.dispose === "symbol") {
      Object.defineProperty(handle, Symbol.dispose, { value: close });
    }
    return Object.freeze(handle);
  }
}
