/**
 * Writing the one file a command writes (`lock`'s lock, `pack`'s archive):
 * whole or not at all, and the command failed when it cannot be.
 *
 * @module
 */

import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
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
    const folder = missingFolder(path);
    return fail(io, values, {
      status: USAGE,
      error: {
        code: "unwritable",
        message: `Wrote no ${what}: cannot write ${display(path, io)}${
          folder === undefined
            ? ` (${reason(error)})`
            : `: its folder ${display(folder.path, io)} ${folder.why}`
        }`,
      },
      ...(warnings === undefined ? {} : { warnings }),
    });
  }
}

/**
 * The folder a file cannot be written in because it is no folder: it does
 * not exist, or it is a file; with what to do.
 */
function missingFolder(
  path: string,
): { path: string; why: string } | undefined {
  const folder = dirname(path);
  try {
    if (statSync(folder).isDirectory()) return undefined;
    return {
      path: folder,
      why: "is a file, not a folder; give --output a file in a folder",
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ENOENT" || code === "ENOTDIR"
      ? {
        path: folder,
        why: `does not exist${
          code === "ENOTDIR" ? " (a folder above it is a file)" : ""
        }; create it first, or give --output a file in a folder that exists`,
      }
      : undefined;
  }
}
