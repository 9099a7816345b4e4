/**
 * `agent-skills pack DIR`: a skill directory as a `.skill` archive, written
 * whole or not at all (`<name>.skill` in the current directory, `--output
 * FILE`, or `-` for stdout).
 *
 * @module
 */

import { basename, dirname, join, resolve } from "node:path";
import { ArchiveError } from "../archive/error.ts";
import { packSkill } from "../archive/pack.ts";
import { checkSkillArchive, readSkillArchive } from "../archive/read.ts";
import { isInside, tryRealpath } from "../fs/_status.ts";
import { json } from "./json.ts";
import { line, type Output } from "./output.ts";
import { display, fail, plural, relativeText } from "./terminal.ts";
import { OK, PROBLEMS, USAGE, type Values } from "./types.ts";
import { writeOrFail } from "./write.ts";

export function pack(values: Values, dirs: string[], io: Output): number {
  const dir = resolve(io.cwd, dirs[0] ?? ".");
  const layout = values.layout === "flat" ? "flat" : "folder";
  let bytes: Uint8Array;
  try {
    bytes = packSkill(dir, {
      layout,
      cwd: io.cwd,
      ...(values.home === undefined ? {} : { home: values.home }),
    });
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    return fail(io, values, {
      status: PROBLEMS,
      error: {
        code: error.code,
        message: `Wrote no archive: ${relativeText(error.message, io)}`,
      },
    });
  }
  // The skill packed, read back as any archive is: its name and files.
  const { skills } = checkSkillArchive(bytes);
  const name = skills[0]?.name ?? "skill";
  const files = readSkillArchive(bytes).files.size;
  const target = values.output ?? `${name}.skill`;
  if (target === "-") {
    if (io.outBytes === undefined) {
      return fail(io, values, {
        status: USAGE,
        error: {
          code: "terminal_output",
          message:
            "Wrote no archive: standard output is a terminal; redirect it, or give --output FILE",
        },
      });
    }
    io.outBytes(bytes);
    return OK;
  }
  const path = resolve(io.cwd, target);
  // An archive inside the skill it packs would be packed into the next one.
  if (isInside(path, dir) || isInside(realTarget(path), realOr(dir))) {
    return fail(io, values, {
      status: USAGE,
      error: {
        code: "archive_inside_skill",
        message: `Wrote no archive: ${
          display(path, io)
        } is inside the skill it packs; write it elsewhere with --output FILE`,
      },
    });
  }
  const failed = writeOrFail(io, values, {
    path,
    data: bytes,
    what: "archive",
  });
  if (failed !== undefined) return failed;
  if (values.json) {
    json(io, { path, skill: name, layout, files, bytes: bytes.length });
  } else {
    io.out(
      line`Packed skill ${name} (${plural(files, "file")}, ${
        String(bytes.length)
      } bytes) in ${display(path, io)}`,
    );
  }
  return OK;
}

/** A path's real path, or the path when it has none (it does not exist). */
function realOr(path: string): string {
  const real = tryRealpath(path);
  return real.ok ? real.value : path;
}

/**
 * Where a file written at `path` would land: its folder's real path, its
 * name (a symlink to a folder of the skill leads into the skill).
 */
function realTarget(path: string): string {
  return join(realOr(dirname(path)), basename(path));
}
