/**
 * What the command's modules share: the flags as parsed, a command's shape
 * and the exit codes.
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import type { AgentSkills } from "../agent_skills.ts";
import type { AgentSkillsOptions } from "../options.ts";
import type { SkillWarning } from "../warn.ts";
import type { ArchiveErrorCode } from "../archive/error.ts";
import type { DiagnosticCode, SkillDiagnostic } from "../check/diagnostic.ts";
import type { Output } from "./output.ts";

/** Exit codes: 0 clean, 1 problems found, 2 usage or startup error. */
export const OK = 0;

/** The exit code when problems were found. */
export const PROBLEMS = 1;

/** The exit code of a usage or startup error. */
export const USAGE = 2;

/** Where relative paths resolve: the command's current directory. */
export interface WorkingDirectory {
  /** The current directory. */
  readonly cwd: string;
}

/** A command of the table: its help, its flags and how it runs. */
export interface Command {
  /** The usage line, e.g. `agent-skills list [DIR]... [--json]`. */
  usage: string;
  /** What it does, in one line of the main help. */
  summary: string;
  /** The command's own options, shown between the roots and the output. */
  help?: string;
  /** Whether it reads skill roots (their flags in its help); default true. */
  roots?: boolean;
  /** What its `--json` writes, when more than the warnings as data. */
  json?: string;
  /** The flags it takes, for `parseArgs`. */
  options: ParseArgsConfig["options"];
  /** How many positional arguments it takes, at least and at most. */
  positionals: [min: number, max: number];
  /**
   * Where its DIRs (roots) start among the positional arguments: after
   * `NAME` (1), after `NAME REL` (2); absent where it takes no root.
   */
  dirsAt?: number;
  /** Whether it takes `--index FILE` (it makes one registry); default false. */
  index?: boolean;
  /**
   * Runs the command, writing only through `io`, which escapes every line;
   * its registry made through `index` when `--index` is given. It imports
   * the module that does the work as it runs, so that a command line loads
   * its own command's code and no other's (`list` never loads the checks,
   * the host rules or the zip library).
   */
  run(
    values: Values,
    positionals: string[],
    io: Output,
    index?: KeptIndex,
  ): Promise<number>;
}

/**
 * The index `--index FILE` keeps for one run of a command (`index_file.ts`):
 * read as the command's registry is made, written back after the command.
 */
export interface KeptIndex {
  /**
   * Makes the command's registry over `options`, from the index FILE holds
   * when it is one (what is not used is said on stderr).
   *
   * @throws {IndexFileError} When FILE is inside a root or a skill, or its
   * folder is missing.
   */
  open(options: AgentSkillsOptions, warnings: SkillWarning[]): AgentSkills;
  /**
   * Writes the registry's index to FILE when it changed; returns the
   * command's exit `status`, or 2 when FILE cannot be written.
   */
  close(status: number): number;
}

/** The flags as parsed, each absent where it was not given. */
export type Values = {
  root?: string[];
  workspace?: string;
  preset?: string;
  home?: string;
  "max-manifest-bytes"?: string;
  depth?: string;
  plugins?: boolean;
  hidden?: boolean;
  "untrusted-workspace"?: boolean;
  budget?: string;
  location?: string;
  json?: boolean;
  strict?: boolean;
  format?: string;
  wide?: boolean;
  help?: boolean;
  output?: string;
  lock?: string;
  index?: string;
  host?: string[];
  layout?: string;
};

/**
 * A diagnostic as a report prints it: a skill's, or a path's that the
 * command refused before any skill in it was read (an archive that cannot
 * be read, with its `ArchiveError`'s code, at the archive's path).
 */
export type PrintedDiagnostic = Omit<SkillDiagnostic, "code"> & {
  readonly code: DiagnosticCode | ArchiveErrorCode;
};
