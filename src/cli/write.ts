/**
 * Writing the one file a command writes (`lock`'s lock, `pack`'s archive):
 * whole or not at all, and the command failed when it cannot be.
 *
 * @module
 */

import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { reason } from "../fs/_status.ts";
import type { SkillWarning } from "../warn.ts";
import type { Output } from "./output.ts";
import { display, fail } from "./terminal.ts";
import { USAGE, type Values } from "./types.ts";

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

/**
 * Writes a command's file whole (see {@linkcode writeAtomically}), or fails
 * the command: `unwritable` (exit 2), naming the file and why. Returns the
 * failure's exit status, or `undefined` once the file is written.
 */
export function writeOrFail(
  io: Output,
  values: Values,
  { path, data, what, warnings }: {
    path: string;
    data: string | Uint8Array;
    /** What is written, for the message: "lock", "archive". */
    what: string;
    warnings?: SkillWarning[];
  },
): number | undefined {
  try {
    writeAtomically(path, data);
    return undefined;
  } catch (error) {
    return fail(io, values, {
      status: USAGE,
      error: {
        code: "unwritable",
        message: `Wrote no ${what}: cannot write ${display(path, io)} (${
          reason(error)
        })`,
      },
      ...(warnings === undefined ? {} : { warnings }),
    });
  }
}
