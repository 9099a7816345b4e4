/**
 * The JSON output of every command: one document on stdout, escaped so that
 * a terminal shows it as it is.
 *
 * @module
 */

import { safeJson } from "../_text.ts";
import type { Output } from "./output.ts";

export function json(io: Output, value: unknown): void {
  io.outText(safeJson(value, 2));
}
