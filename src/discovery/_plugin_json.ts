/**
 * The JSON manifests of a root of plugins (`marketplace.json`,
 * `plugin.json`), read as a skill manifest is and proven to be inside the
 * root before a byte is read; and what the root is bounded by.
 *
 * @module
 */

import { join, relative } from "node:path";
import { readManifest } from "../fs/_read.ts";
import { errorCode, isInside, reason } from "../fs/_status.ts";
import { invalidPluginProblem } from "./_problems.ts";
import type { RootScan } from "./_types.ts";

/** The most bytes a `marketplace.json` or `plugin.json` is read to. */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * What a root of plugins reads from: its real directory (the root itself
 * is always followed), and whether the symlinks inside it are.
 */
export interface Bound {
  readonly path: string;
  readonly real: string;
  readonly follow: boolean;
}

/** What {@linkcode readJson} returns for a file that is not there. */
export const MISSING: unique symbol = Symbol("missing");
/** What {@linkcode readJson} returns for a file it reported as unusable. */
export const INVALID: unique symbol = Symbol("invalid");

/**
 * A JSON file's value; `MISSING` when there is no such file; `INVALID`
 * (reported) when it cannot be read or parsed. Read as a manifest is: never
 * a special file, never past 1 MiB; and, before a byte is read, proven to
 * be really inside the root of plugins (`bound`), reached through no
 * symlink at all when symlinks are not followed.
 */
export function readJson(
  { report, buffer }: Pick<RootScan, "report" | "buffer">,
  path: string,
  bound: Bound,
): unknown {
  const exact = bound.follow
    ? undefined
    : join(bound.real, relative(bound.path, path));
  const read = readManifest(path, {
    maxBytes: MAX_JSON_BYTES,
    within: { dir: bound.real, exact },
    buffer,
  });
  switch (read.kind) {
    case "elsewhere":
      report(invalidPluginProblem(path, elsewhere(read.real, bound)));
      return INVALID;
    case "text":
      try {
        return JSON.parse(read.text);
      } catch (error) {
        report(invalidPluginProblem(
          path,
          `it is not valid JSON (${
            error instanceof Error ? error.message : String(error)
          })`,
        ));
        return INVALID;
      }
    case "unopenable": {
      const code = errorCode(read.error);
      if (code === "ENOENT" || code === "ENOTDIR") return MISSING;
      report(
        invalidPluginProblem(path, `it cannot be read (${reason(read.error)})`),
      );
      return INVALID;
    }
    case "not_a_file":
      report(invalidPluginProblem(path, `it is ${read.what}, not a file`));
      return INVALID;
    case "too_large":
      report(invalidPluginProblem(path, `it is over ${MAX_JSON_BYTES} bytes`));
      return INVALID;
    case "not_utf8":
      report(invalidPluginProblem(path, "it is not UTF-8"));
      return INVALID;
    default:
      report(invalidPluginProblem(path, "it cannot be read"));
      return INVALID;
  }
}

/** Why a file read (its real path `real`) is not where `bound` allows. */
function elsewhere(real: string | undefined, bound: Bound): string {
  const fix = "; keep the plugin's files inside the root, not symlinked";
  if (real !== undefined && !isInside(real, bound.real)) {
    return `it leads to ${real}, outside the real directory ${bound.real} of the root${fix}`;
  }
  if (!bound.follow) {
    return `it is reached through a symlink${
      real === undefined ? "" : ` (to ${real})`
    }, and followSymlinks is false${fix}`;
  }
  return `it is a symlink that changed while it was followed${fix}`;
}

/**
 * Whether a JSON value is an object. Its fields are read with brackets
 * (`entry["name"]`), as keys of an index signature, so that the sources
 * type-check under `noPropertyAccessFromIndexSignature` too.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
