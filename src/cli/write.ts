/**
 * Writing the one file a command writes (`lock`'s lock, `pack`'s archive,
 * the index of `--index`): whole or not at all, and the command failed when
 * it cannot be; and whether a file would land inside a skill or a root.
 *
 * @module
 */

import {
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import process from "node:process";
import {
  attempt,
  isInside,
  kindOf,
  reason,
  tryRealpath,
  tryStatus,
} from "../fs/_status.ts";
import type { SkillWarning } from "../warn.ts";
import type { Output } from "./output.ts";
import { display, fail } from "./terminal.ts";
import { USAGE, type Values } from "./types.ts";

/**
 * Writes a file whole or not at all: a temporary file beside it (created,
 * never opened if one is there), then renamed over it. What is at `path`
 * must be a file, nothing, or a symlink to a file or to nothing (the link
 * is replaced, not followed; so is a loop of them). Refused, since the
 * rename would put a file in its place: a device, a FIFO or a socket there,
 * or a symlink to one, to a directory, or into /proc, whose links lead to
 * what a process has open (`--output /dev/null`, or `/dev/stdout` with
 * stdout sent to a file, run as root).
 */
export function writeAtomically(
  path: string,
  data: string | Uint8Array,
): void {
  const wrong = replacedProblem(path);
  if (wrong !== undefined) {
    throw new Error(
      `it is ${wrong}, not a file, and a file written there would replace it`,
    );
  }
  const temporary = join(path, "..", `.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, data, { flag: "wx" });
    renameSync(temporary, path);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // What the write or the rename threw says more.
    }
    throw error;
  }
}

/** What is at `path` that a file must not replace ("a FIFO"), or undefined. */
function replacedProblem(path: string): string | undefined {
  const there = tryStatus(path, { follow: false });
  if (!there.ok || there.value.kind === "file") return undefined;
  if (there.value.kind !== "symlink") return kindOf(there.value.kind);
  const into = placesOf(path).slice(1).some((place) =>
    place === "/proc" || place.startsWith("/proc/")
  );
  if (into) return "a symlink into /proc";
  const target = tryStatus(path, { follow: true });
  return target.ok && target.value.kind !== "file"
    ? `a symlink to ${kindOf(target.value.kind)}`
    : undefined;
}

/**
 * Writes a command's file whole (see {@linkcode writeAtomically}), or fails
 * the command: `unwritable` (exit 2), naming the file and why. Returns the
 * failure's exit status, or `undefined` once the file is written.
 */
export function writeOrFail(
  io: Output,
  values: Values,
  { path, data, what, flag = "--output", warnings }: {
    path: string;
    data: string | Uint8Array;
    /** What is written, for the message: "lock", "archive", "index". */
    what: string;
    /** The flag that names the file, for what to do: `--output`. */
    flag?: string;
    warnings?: SkillWarning[];
  },
): number | undefined {
  try {
    writeAtomically(path, data);
    return undefined;
  } catch (error) {
    const folder = missingFolder(path, flag);
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
 * not exist, or it is a file; with what to do, in the words of `flag`.
 */
export function missingFolder(
  path: string,
  flag = "--output",
): { path: string; why: string } | undefined {
  const folder = dirname(path);
  try {
    if (statSync(folder).isDirectory()) return undefined;
    return {
      path: folder,
      why: `is a file, not a folder; give ${flag} a file in a folder`,
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ENOENT" || code === "ENOTDIR"
      ? {
        path: folder,
        why: `does not exist${
          code === "ENOTDIR" ? " (a folder above it is a file)" : ""
        }; create it first, or give ${flag} a file in a folder that exists`,
      }
      : undefined;
  }
}

/** The most symlinks followed from a file's path: the kernel's own bound. */
const MAX_LINKS = 40;

/**
 * The places a file written at `path` would be: its path as given, its
 * real place (its folder's real path), and, for a symlink at `path`, each
 * place the links lead to, link by link (their target there or not): the
 * rename would replace the link, but what it names is where the user meant
 * the file to go.
 */
export function placesOf(path: string): string[] {
  const places = [path];
  let at = path;
  for (let links = 0; links < MAX_LINKS; links++) {
    const parent = tryRealpath(dirname(at));
    const place = parent.ok ? join(parent.value, basename(at)) : at;
    if (place !== places[places.length - 1]) places.push(place);
    const target = attempt(() => readlinkSync(place));
    if (!target.ok) break;
    at = resolve(dirname(place), target.value);
    places.push(at);
  }
  return places;
}

/**
 * The directory (of `dirs`, by label) a file written at `path` would be
 * inside, and where ({@linkcode placesOf}): by path as given, and by real
 * path, since a symlink in the file's parents, in the directories or at the
 * directory itself leads elsewhere than the text says.
 */
export function insideOf(
  path: string,
  dirs: Iterable<readonly [label: string, dir: string]>,
): { label: string; place: string } | undefined {
  const places = placesOf(path);
  for (const [label, dir] of dirs) {
    const real = tryRealpath(dir);
    const both = real.ok && real.value !== dir ? [dir, real.value] : [dir];
    const place = places.find((place) => both.some((d) => isInside(place, d)));
    if (place !== undefined) return { label, place };
  }
  return undefined;
}
