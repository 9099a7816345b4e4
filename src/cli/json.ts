/**
 * The JSON output of every command: one document on stdout, escaped so that
 * a terminal shows it as it is.
 *
 * @module
 */

import { jsonSafe } from "../_text.ts";
import type { Output } from "./output.ts";

/** `value` as JSON text that a terminal shows as it is (see `jsonSafe()`). */
export function safeJson(value: unknown, indent?: number): string {
  return jsonSafe(JSON.stringify(value, null, indent));
}

export function json(io: Output, value: unknown): void {
  io.outText(safeJson(value, 2));
}
