/**
 * Writing the one file a command writes (`lock`'s lock, `pack`'s archive):
 * whole or not at all.
 *
 * @module
 */

import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

/**
 * Writes a file whole or not at all: a temporary file beside it (created,
 * never opened if one is there), then renamed over it.
 */
export function writeAtomically(
  path: string,
  data: string | Uint8Array,
): void {
  const temporary = join(path, "..", `.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, data, { flag: "wx" });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
