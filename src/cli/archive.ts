/**
 * `check` and `list` of `.skill` and `.zip` archives: each archive read in
 * memory (`archive/read.ts`), never extracted, nothing written. An archive
 * that cannot be read, or that the archive rules refuse, fails the command
 * (exit 1) with the rule's code: in `check`, as an error diagnostic of the
 * one report; in `list`, as the command's error.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { resolve } from "node:path";
import { ArchiveError, type ArchiveErrorCode } from "../archive/error.ts";
import { isArchiveName } from "../archive/_rules.ts";
import { checkSkillArchive, MAX_ARCHIVE_FILE_BYTES } from "../archive/read.ts";
import { type CheckReport, checkSkills } from "../check/check.ts";
import type { DiagnosticCode, HostName } from "../check/diagnostic.ts";
import { openRegular, readAtMost } from "../fs/_read.ts";
import { reason } from "../fs/_status.ts";
import type { SkillInfo } from "../skill.ts";
import { dirRoots, hostsOf, placeOptions } from "./args.ts";
import { printReport } from "./check.ts";
import { json } from "./json.ts";
import { printTable } from "./list.ts";
import type { Output } from "./output.ts";
import { display, fail } from "./terminal.ts";
import {
  type PrintedDiagnostic,
  PROBLEMS,
  USAGE,
  type Values,
} from "./types.ts";

/** Why an archive was not checked: a code, and the reason. */
interface Refusal {
  readonly code: DiagnosticCode | ArchiveErrorCode;
  /** An `ArchiveError`'s message (it names the archive), or why it could not be read. */
  readonly why: string;
  /** Whether the archive was read and refused (else it could not be read). */
  readonly refused: boolean;
}

/** An archive's check, or why it has none. */
type ArchiveCheck =
  | { readonly path: string; readonly report: CheckReport }
  | { readonly path: string; readonly refusal: Refusal };

/** One archive (an absolute path) checked in memory, or why not. */
function checkArchive(
  path: string,
  hosts: readonly HostName[],
): ArchiveCheck {
  const read = readArchiveFile(path);
  if ("refusal" in read) return { path, refusal: read.refusal };
  try {
    return {
      path,
      report: checkSkillArchive(read.bytes, { name: path, hosts }),
    };
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    return {
      path,
      refusal: { code: error.code, why: error.message, refused: true },
    };
  }
}

/**
 * `check` with archives among its DIRs: each archive checked in memory,
 * the other DIRs as `check` checks them, one report of all. An archive
 * that cannot be read, or is refused, is an error diagnostic at its path,
 * with the refusal's code, in the same report (one document whatever
 * fails).
 */
export function checkWithArchives(
  values: Values,
  dirs: string[],
  io: Output,
): number {
  const hosts = hostsOf(values);
  const reports: CheckReport[] = [];
  const refused: PrintedDiagnostic[] = [];
  for (const dir of dirs.filter(isArchiveName)) {
    const checked = checkArchive(resolve(io.cwd, dir), hosts);
    if ("report" in checked) {
      reports.push(checked.report);
      continue;
    }
    const { code, why, refused: read } = checked.refusal;
    refused.push({
      severity: "error",
      code,
      message: read
        ? `Refused the archive, nothing in it checked: ${why}`
        : `Cannot read the archive ${checked.path}: ${why}`,
      path: checked.path,
    });
  }
  const others = dirs.filter((dir) => !isArchiveName(dir));
  if (others.length > 0) {
    reports.push(checkSkills({
      paths: dirRoots(values, others, io),
      ...(hosts.length === 0 ? {} : { hosts }),
      ...placeOptions(values, io),
    }));
  }
  const counts = { error: 0, warning: 0, info: 0 };
  for (const report of reports) {
    for (const severity of ["error", "warning", "info"] as const) {
      counts[severity] += report.counts[severity];
    }
  }
  return printReport(io, values, {
    diagnostics: reports.flatMap((r) => [...r.diagnostics]),
    skills: reports.flatMap((r) => [...r.skills]),
    counts,
  }, refused);
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
  // The first archive that is refused stops the listing.
  const reports: CheckReport[] = [];
  for (const dir of dirs) {
    const path = resolve(io.cwd, dir);
    const checked = checkArchive(path, []);
    if ("refusal" in checked) {
      const { code, why } = checked.refusal;
      return fail(io, values, {
        status: PROBLEMS,
        error: {
          code,
          message: `Cannot read the archive ${display(path, io)}: ${
            why.replaceAll(path, display(path, io))
          }`,
        },
      });
    }
    reports.push(checked.report);
  }
  const catalog: SkillInfo[] = reports.flatMap((r) => [...r.skills]);
  const failed = reports.some((r) => r.skills.length === 0);
  if (values.json) {
    json(io, { skills: catalog, warnings: [], hints: [] });
  } else {
    for (const report of reports) {
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
): { bytes: Uint8Array } | { refusal: Refusal } {
  const refused = (code: Refusal["code"], why: string) => ({
    refusal: { code, why, refused: false },
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
