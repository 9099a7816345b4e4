/**
 * `agent-skills lock` writes a lock of the skills the roots serve;
 * `agent-skills verify` compares what they serve now with one, as text,
 * JSON, GitHub workflow commands or SARIF. The only commands that touch a
 * file other than a skill's: the lock, read or written (atomically: a
 * temporary file beside it, then a rename).
 *
 * @module
 */

import { closeSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SkillDiagnostic } from "../check/diagnostic.ts";
import { StartupError } from "../errors.ts";
import { openRegular, readAtMost } from "../fs/_read.ts";
import { reason } from "../fs/_status.ts";
import { lockOf } from "../lock/_files.ts";
import {
  formatSkillLock,
  type LockDrift,
  type LockProblem,
  parseSkillLock,
  verifySkillLock,
} from "../lock/lock.ts";
import type { SkillLock } from "../lock/skill_lock.ts";
import type { SkillWarning } from "../warn.ts";
import { skillsOptions } from "./args.ts";
import { refuseUnread } from "./roots.ts";
import { printGithub } from "./github.ts";
import { json } from "./json.ts";
import { colors, line, type Output } from "./output.ts";
import { sarif } from "./sarif.ts";
import {
  display,
  fail,
  plural,
  printWarnings,
  relativeText,
} from "./terminal.ts";
import { OK, PROBLEMS, USAGE, type Values } from "./types.ts";
import { insideOf, writeOrFail } from "./write.ts";

/** The file `lock` writes and `verify` reads when none is named. */
export const DEFAULT_LOCK_FILE = "agent-skills.lock.json";

export function lock(values: Values, dirs: string[], io: Output): number {
  const warnings: SkillWarning[] = [];
  const options = skillsOptions(values, io, { dirs, warnings });
  const { lock, problems, dirs: skillDirs } = lockOf(
    options,
    "createSkillLock",
  );
  // A lock of roots not read as named would lock less than was meant.
  const loaded = Object.values(skillDirs).map((dir) => ({ dir }));
  const refused = refuseUnread(
    { options, loaded, values, dirs, warnings },
    io,
  );
  if (refused !== undefined) return refused;
  const target = values.output ?? DEFAULT_LOCK_FILE;
  if (problems.length > 0) {
    return fail(io, values, {
      status: PROBLEMS,
      error: {
        code: "unlockable_skill",
        message: `Wrote no lock: ${problemText(problems, io)}`,
      },
      warnings,
    });
  }
  const text = formatSkillLock(lock);
  if (target === "-") {
    printWarnings(io, warnings);
    io.outText(text.slice(0, -1));
    return OK;
  }
  const path = resolve(io.cwd, target);
  // A lock inside a skill it locks would be one of its files once written.
  const inside = insideOf(path, Object.entries(skillDirs));
  if (inside !== undefined) {
    const through = inside.place === path
      ? ""
      : ` (reached through a symlink, at ${display(inside.place, io)})`;
    return fail(io, values, {
      status: USAGE,
      error: {
        code: "lock_inside_skill",
        message: `Wrote no lock: ${
          display(path, io)
        }${through} is inside skill "${inside.label}", which the lock would then not match; write it elsewhere with --output FILE`,
      },
      warnings,
    });
  }
  const failed = writeOrFail(io, values, {
    path,
    data: text,
    what: "lock",
    warnings,
  });
  if (failed !== undefined) return failed;
  const written = `Locked ${plural(lock.skills.length, "skill")} in ${
    display(path, io)
  }`;
  if (values.json) {
    json(io, { path, skills: lock.skills.length, warnings });
  } else {
    printWarnings(io, warnings);
    io.out(written);
  }
  return OK;
}

export function verify(values: Values, dirs: string[], io: Output): number {
  const path = resolve(io.cwd, values.lock ?? DEFAULT_LOCK_FILE);
  let locked: SkillLock;
  try {
    locked = parseSkillLock(readLockFile(path), display(path, io));
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    // A lock that cannot be read is a usage error: nothing was compared.
    return fail(io, values, {
      status: USAGE,
      error: { code: error.code, message: error.message },
    });
  }
  const warnings: SkillWarning[] = [];
  const options = skillsOptions(values, io, { dirs, warnings });
  const verified = verifySkillLock(locked, options);
  // Roots not read as named are not what the lock was made of.
  const loaded = Object.values(verified.dirs).map((dir) => ({ dir }));
  const refused = refuseUnread(
    { options, loaded, values, dirs, warnings },
    io,
  );
  if (refused !== undefined) return refused;
  const { ok, drift, problems } = verified;
  const diagnostics = driftDiagnostics({ ...verified, path });
  const count = locked.skills.length;
  const summary = ok
    ? `${plural(count, "locked skill")} ${count === 1 ? "matches" : "match"} ${
      display(path, io)
    }`
    : `${plural(diagnostics.length, "difference")} from ${display(path, io)}`;
  const format = values.format ?? (values.json ? "json" : "text");
  if (format === "github") {
    printGithub(io, { diagnostics }, { summary, title: "agent-skills verify" });
  } else if (format === "sarif") {
    json(io, sarif({ diagnostics }, io));
  } else if (format === "json") {
    json(io, { ok, lock: path, drift, problems, warnings });
  } else {
    printWarnings(io, warnings);
    printDrift(io, drift, problems);
    io.out(ok ? summary : colors().red(summary));
  }
  return ok ? OK : PROBLEMS;
}

/** The drift as lines: `+` added, `-` removed, `~` changed, and each file. */
function printDrift(
  io: Output,
  drift: LockDrift,
  problems: readonly LockProblem[],
): void {
  const c = colors();
  for (const name of drift.added) {
    io.out(line`${c.red("+")} ${name}  ${c.dim("served, not in the lock")}`);
  }
  for (const name of drift.removed) {
    io.out(line`${c.red("-")} ${name}  ${c.dim("locked, no longer served")}`);
  }
  for (const skill of drift.changed) {
    io.out(line`${c.red("~")} ${skill.name}`);
    if (skill.moved !== undefined) {
      io.out(
        line`    moved: ${skill.moved.locked} ${
          c.dim("->")
        } ${skill.moved.found}`,
      );
    }
    for (const file of skill.added) io.out(line`    + ${file}`);
    for (const file of skill.removed) io.out(line`    - ${file}`);
    for (const file of skill.changed) io.out(line`    ~ ${file}`);
  }
  for (const problem of problems) {
    io.out(
      line`${c.red("!")} ${problem.skill}  ${
        relativeText(problem.message, io)
      }`,
    );
  }
}

/** The drift as diagnostics, for `--format github|sarif`. */
function driftDiagnostics(
  { drift, problems, path, dirs }: {
    drift: LockDrift;
    problems: readonly LockProblem[];
    /** The lock file's: where a skill no longer served is reported. */
    path: string;
    dirs: Readonly<Record<string, string>>;
  },
): SkillDiagnostic[] {
  const error = (
    code: SkillDiagnostic["code"],
    skill: string,
    { message, file }: { message: string; file?: string },
  ): SkillDiagnostic => {
    const dir = Object.hasOwn(dirs, skill) ? dirs[skill] : undefined;
    return {
      severity: "error",
      code,
      skill,
      path: dir === undefined
        ? path
        : file === undefined
        ? dir
        : join(dir, file),
      message,
    };
  };
  return [
    ...drift.added.map((name) =>
      error("unlocked_skill", name, {
        message: `Skill "${name}" is served and not in the lock`,
      })
    ),
    ...drift.removed.map((name) =>
      error("locked_skill_gone", name, {
        message: `Skill "${name}" is locked and no longer served`,
      })
    ),
    ...drift.changed.flatMap((skill) => {
      const about = (file: string, what: string): SkillDiagnostic =>
        error("integrity_mismatch", skill.name, {
          message: `Skill "${skill.name}": ${file} ${what}`,
          file,
        });
      return [
        ...(skill.moved === undefined ? [] : [
          error("integrity_mismatch", skill.name, {
            message:
              `Skill "${skill.name}" was locked at ${skill.moved.locked} in its root and is at ${skill.moved.found}`,
          }),
        ]),
        ...skill.added.map((file) => about(file, "is not in the lock")),
        ...skill.removed.map((file) => about(file, "is locked and gone")),
        ...skill.changed.map((file) =>
          about(file, "changed since it was locked")
        ),
      ];
    }),
    ...problems.map((problem) =>
      error("unlockable_skill", problem.skill, { message: problem.message })
    ),
  ];
}

/** Each problem's message, one after another. */
function problemText(problems: readonly LockProblem[], io: Output): string {
  return problems.map((problem) => relativeText(problem.message, io)).join(
    "; ",
  );
}

/**
 * The most bytes a lock file may hold: a lock of the most files a lock may
 * hold, at about 200 bytes a file.
 */
const MAX_LOCK_FILE_BYTES = 256 * 1024 * 1024;

/**
 * A lock file's text, or `invalid_lock` saying why it cannot be read: it
 * must be a regular file (a FIFO or a device is never read, so nothing
 * blocks or runs on), of at most {@linkcode MAX_LOCK_FILE_BYTES}, in UTF-8.
 */
function readLockFile(path: string): string {
  const refused = (why: string, cause?: unknown): StartupError =>
    new StartupError(
      "invalid_lock",
      `Cannot read the lock ${path}: ${why}`,
      cause === undefined ? undefined : { cause },
    );
  const opened = openRegular(path, { follow: true });
  if (opened.kind === "unopenable") {
    throw refused(reason(opened.error), opened.error);
  }
  if (opened.kind === "not_a_file") throw refused(`it is ${opened.what}`);
  try {
    const { fd, status } = opened;
    if (status.size > MAX_LOCK_FILE_BYTES) {
      throw refused(`it is larger than ${MAX_LOCK_FILE_BYTES} bytes`);
    }
    const bytes = readAtMost(fd, {
      size: status.size,
      limit: MAX_LOCK_FILE_BYTES + 1,
    });
    if (bytes.length > MAX_LOCK_FILE_BYTES) {
      throw refused(`it is larger than ${MAX_LOCK_FILE_BYTES} bytes`);
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (error) {
      throw refused("it is not UTF-8", error);
    }
  } finally {
    closeSync(opened.fd);
  }
}
