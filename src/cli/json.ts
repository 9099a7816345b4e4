/**
 * The JSON output of every command: one document on stdout, escaped so that
 * a terminal shows it as it is.
 *
 * @module
 */

import { safeJson } from "../_text.ts";
import type { CliIO } from "./types.ts";

export function json(io: CliIO, value: unknown): void {
  io.stdout(`${safeJson(value, 2)}\n`);
}
