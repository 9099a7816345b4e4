/**
 * What the command's modules share: where it writes, the flags as parsed,
 * a command's shape and the exit codes.
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import type { CliIO } from "./io.ts";
import type { Output } from "./output.ts";

export type { CliIO };

/** Exit codes: 0 clean, 1 problems found, 2 usage or startup error. */
export const OK = 0;

export const PROBLEMS = 1;

export const USAGE = 2;

export interface Command {
  usage: string;
  summary: string;
  /** The command's own options, shown between the roots and the output. */
  help?: string;
  /** What its `--json` writes, when more than the warnings as data. */
  json?: string;
  options: ParseArgsConfig["options"];
  positionals: [min: number, max: number];
  /** Runs the command, writing only through `io`, which escapes every line. */
  run(values: Values, positionals: string[], io: Output): number;
}

export type Values = {
  root?: string[];
  workspace?: string;
  preset?: string;
  home?: string;
  "max-manifest-bytes"?: string;
  depth?: string;
  plugins?: boolean;
  hidden?: boolean;
  budget?: string;
  location?: string;
  json?: boolean;
  strict?: boolean;
  format?: string;
  wide?: boolean;
  help?: boolean;
};
