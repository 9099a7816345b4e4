/**
 * Where warnings go: the global sink that {@linkcode setWarnSink} sets, and
 * the sink of each instance.
 *
 * @module
 */

import process from "node:process";
import type { SkillWarning, WarnSink } from "./warn.ts";

function _writeToStderr(warning: SkillWarning): void {
  process.stderr.write(
    `agent-skills: warning [${warning.code}] ${warning.message}\n`,
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
