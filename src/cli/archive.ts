/**
 * `check` and `list` of `.skill` and `.zip` archives: each archive read in
 * memory (`archive/read.ts`), never extracted, nothing written. An archive
 * that cannot be read, or that the archive rules refuse, fails the command
 * (exit 1) with the rule's code.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { resolve } from "node:path";
import { ArchiveError } from "../archive/error.ts";
import { isArchiveName } from "../archive/_rules.ts";
import { checkSkillArchive, MAX_ARCHIVE_FILE_BYTES } from "../archive/read.ts";
import { type CheckReport, checkSkills } from "../check/check.ts";
import type { HostName, SkillDiagnostic } from "../check/diagnostic.ts";
import { openRegular, readAtMost } from "../fs/_read.ts";
import { reason } from "../fs/_status.ts";
import type { SkillInfo } from "../skill.ts";
import { dirRoots, hostsOf, placeOptions } from "./args.ts";
import { printReport } from "./check.ts";
import { json } from "./json.ts";
import { printTable } from "./list.ts";
import type { Output } from "./output.ts";
import { display, fail } from "./terminal.ts";
import { PROBLEMS, USAGE, type Values } from "./types.ts";

/** Whether any DIR names an archive, so that the command reads archives. */
export function namesArchive(dirs: readonly string[]): boolean {
  return dirs.some(isArchiveName);
}

/** An archive's check, or the error that stops the command. */
type ArchiveReports =
  | { reports: CheckReport[] }
  | { error: { code: string; message: string } };

/** Each archive checked in memory; the first that cannot be read stops. */
function checkArchives(
  paths: readonly string[],
  { io, hosts }: { io: Output; hosts: readonly HostName[] },
): ArchiveReports {
  const reports: CheckReport[] = [];
  for (const path of paths) {
    const read = readArchiveFile(path, io);
    if ("error" in read) return read;
    try {
      reports.push(checkSkillArchive(read.bytes, { name: path, hosts }));
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      return {
        error: {
          code: error.code,
          message: `Cannot read the archive ${display(path, io)}: ${
            error.message.replaceAll(path, display(path, io))
          }`,
        },
      };
    }
  }
  return { reports };
}

/**
 * `check` with archives among its DIRs: each archive checked in memory,
 * the other DIRs as `check` checks them, one report of all.
 */
export function checkWithArchives(
  values: Values,
  dirs: string[],
  io: Output,
): number {
  const archives = dirs.filter(isArchiveName).map((dir) =>
    resolve(io.cwd, dir)
  );
  const hosts = hostsOf(values);
  const checked = checkArchives(archives, { io, hosts });
  if ("error" in checked) {
    return fail(io, values, { status: PROBLEMS, error: checked.error });
  }
  const others = dirs.filter((dir) => !isArchiveName(dir));
  const reports = [...checked.reports];
  if (others.length > 0) {
    reports.push(checkSkills({
      paths: dirRoots(values, others, io),
      ...(hosts.length === 0 ? {} : { hosts }),
      ...placeOptions(values, io),
    }));
  }
  const diagnostics: SkillDiagnostic[] = reports.flatMap((r) => [
    ...r.diagnostics,
  ]);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return printReport(io, values, {
    diagnostics,
    skills: reports.flatMap((r) => [...r.skills]),
    counts,
  });
}

/**
 * `list` of archives: the skill of each, in the catalog table (or JSON);
 * only archives, since a listing of roots is the registry's.
 */
export function listArchives(
  values: Values & { watch?: boolean },
  dirs: string[],
  io: Output,
): number {
  if (
    !dirs.every(isArchiveName) || (values.root ?? []).length > 0 ||
    values.watch === true
  ) {
    return fail(io, values, {
      status: USAGE,
      error: {
        code: "usage",
        message:
          "list reads either archives (.skill, .zip), never watched, or skill roots, not both: list them apart",
      },
    });
  }
  const checked = checkArchives(dirs.map((dir) => resolve(io.cwd, dir)), {
    io,
    hosts: [],
  });
  if ("error" in checked) {
    return fail(io, values, { status: PROBLEMS, error: checked.error });
  }
  const catalog: SkillInfo[] = checked.reports.flatMap((r) => [...r.skills]);
  const failed = checked.reports.some((r) => r.skills.length === 0);
  if (values.json) {
    json(io, { skills: catalog, warnings: [], hints: [] });
  } else {
    for (const report of checked.reports) {
      for (const d of report.diagnostics) {
        if (d.code === "invalid_skill") {
          io.err(`agent-skills: ${display(d.path, io)}: ${d.message}`);
        }
      }
    }
    printTable({ catalog, overridden: [] }, io, { wide: values.wide === true });
  }
  return failed ? PROBLEMS : 0;
}

/**
 * An archive file's bytes: a regular file (a FIFO or a device is never
 * read) of at most {@linkcode MAX_ARCHIVE_FILE_BYTES}; else the error.
 */
function readArchiveFile(
  path: string,
  io: Output,
): { bytes: Uint8Array } | { error: { code: string; message: string } } {
  const refused = (code: string, why: string) => ({
    error: {
      code,
      message: `Cannot read the archive ${display(path, io)}: ${why}`,
    },
  });
  const opened = openRegular(path, { follow: true });
  if (opened.kind === "unopenable") {
    return refused("unreadable", reason(opened.error));
  }
  if (opened.kind === "not_a_file") {
    return refused("not_a_file", `it is ${opened.what}`);
  }
  try {
    const { fd, status } = opened;
    const tooLarge = refused(
      "too_large",
      `it is larger than ${MAX_ARCHIVE_FILE_BYTES} bytes (an upload takes 30 MB)`,
    );
    if (status.size > MAX_ARCHIVE_FILE_BYTES) return tooLarge;
    const bytes = readAtMost(fd, {
      size: status.size,
      limit: MAX_ARCHIVE_FILE_BYTES + 1,
    });
    return bytes.length > MAX_ARCHIVE_FILE_BYTES ? tooLarge : { bytes };
  } catch (error) {
    return refused("unreadable", reason(error));
  } finally {
    closeSync(opened.fd);
  }
}
