/**
 * Where warnings go: the global sink that {@linkcode setWarnSink} sets, and
 * the sink of each instance.
 *
 * @module
 */

import process from "node:process";
import { _oneLineSafe } from "./_text.ts";
import type { SkillWarning, WarnSink } from "./warn.ts";

/** One line per warning: names from disk cannot forge other lines. */
function _writeToStderr(warning: SkillWarning): void {
  process.stderr.write(
    `agent-skills: warning [${warning.code}] ${
      _oneLineSafe(warning.message)
    }\n`,
  );
}

let globalSink: WarnSink = _writeToStderr;

/** Sets the global sink; `null` restores the default (one stderr line each). */
export function _setGlobalSink(sink: WarnSink | null): void {
  globalSink = sink ?? _writeToStderr;
}

/**
 * Returns the sink an instance should use: its own, else the global one read
 * at the time of each warning (so `setWarnSink` applies to live instances).
 */
export function _warnerFor(onWarning: WarnSink | undefined): WarnSink {
  return onWarning ?? ((warning) => globalSink(warning));
}
