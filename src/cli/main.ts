/**
 * The `agent-skills` command: a thin layer over the public API. It parses
 * arguments, hands them to one module per command (`list.ts`, `show.ts`,
 * `path.ts`, `catalog.ts`, `why.ts`, `check.ts`, as the table in
 * `commands.ts` names them, each imported only when its command runs), and
 * prints what they return; it has no discovery logic of its own. What is
 * wrong with a command line is said by `usage.ts`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import process from "node:process";
import { StartupError } from "../errors.ts";
import { output } from "./output.ts";
import { columnsFromEnv, fail, noColor, writer } from "./terminal.ts";
import type { CliIO } from "./io.ts";
import { OK, USAGE, type Values } from "./types.ts";
import { rootsProblem } from "./root_spec.ts";
import { commandHelp, commandNamed, COMMANDS, MAIN_HELP } from "./commands.ts";
import {
  argumentProblem,
  countText,
  unknownCommand,
  usageError,
  valueProblem,
} from "./usage.ts";

export type { CliIO } from "./io.ts";

/** The package's version, as deno.json gives it (a test holds them equal). */
const VERSION = "0.1.0";

/**
 * Runs the command line and resolves to the exit code. Never rejects for
 * bad input: usage and startup errors are printed and give 2. It is async
 * because each command's module is imported as it runs: a command line
 * loads the code of its own command only.
 *
 * @param args The arguments after the program name, e.g. `["list", "--json"]`.
 * @param streams Where to write, and what the terminal is like.
 * @returns 0 clean, 1 problems found, 2 usage or startup error.
 *
 * @example Run `check` in-process
 * ```ts
 * import { main } from "@clarvis/agent-skills/cli";
 *
 * let out = "";
 * const code = await main(["check", "fixtures/demo/user-store", "--home", "/home/ada"], {
 *   stdout: (text) => (out += text),
 *   stderr: (text) => (out += text),
 *   color: false,
 *   columns: 80,
 *   cwd: ".",
 * });
 * console.log(code, out);
 * ```
 */
export async function main(
  args: readonly string[],
  streams: CliIO,
): Promise<number> {
  // The commands write through it only: it escapes every line.
  const io = output(streams);
  const [name, ...rest] = args;
  // help COMMAND is COMMAND --help.
  if (name === "help" && rest.length > 0) {
    return rest.length === 1
      ? main([rest[0] ?? "", "--help"], streams)
      : usageError(
        io,
        `help takes one COMMAND, got ${rest.length} arguments`,
        {},
      );
  }
  if (
    name === undefined || name === "--help" || name === "-h" || name === "help"
  ) {
    if (name === undefined) io.errText(MAIN_HELP);
    else io.outText(MAIN_HELP);
    return name === undefined ? USAGE : OK;
  }
  if (name === "--version" || name === "-V") {
    io.out(`agent-skills ${VERSION}`);
    return OK;
  }
  // A usage error is one JSON document too when JSON was asked for.
  const asJson = rest.includes("--json") || rest.includes("--format=json") ||
    rest.some((arg, i) => arg === "--format" && rest[i + 1] === "json");
  const command = commandNamed(name);
  if (command === undefined) {
    return usageError(io, unknownCommand(name, Object.keys(COMMANDS)), {
      asJson,
    });
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: command.options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(
      io,
      argumentProblem(error, {
        command: name,
        options: command.options ?? {},
        args: rest,
      }),
      { command: name, asJson },
    );
  }
  const values = parsed.values as Values;
  if (values.help) {
    io.outText(commandHelp(command));
    return OK;
  }
  const [min, max] = command.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    return usageError(
      io,
      `expected ${countText(min, max)}, got ${parsed.positionals.length}`,
      { command: name, asJson },
    );
  }
  const problem = valueProblem(values, name) ??
    rootsProblem(
      values,
      command.dirsAt === undefined
        ? []
        : parsed.positionals.slice(command.dirsAt),
    );
  if (problem !== undefined) {
    return usageError(io, problem, { command: name, asJson });
  }
  // The index of --index is read as the registry is made, written after;
  // its code is loaded only when one is given.
  const kept = command.index === true && values.index !== undefined
    ? await import("./index_file.ts")
    : undefined;
  const index = kept?.keptIndex(values.index ?? "", io);
  try {
    const status = await command.run(values, parsed.positionals, io, index);
    return index === undefined ? status : index.close(status);
  } catch (error) {
    if (kept !== undefined && error instanceof kept.IndexFileError) {
      return fail(io, values, {
        status: USAGE,
        error: { code: error.code, message: error.message },
        warnings: error.warnings,
      });
    }
    if (error instanceof StartupError) {
      return fail(io, values, {
        status: USAGE,
        error: {
          code: error.code,
          // The library names its option; a command-line user passes a flag.
          message: error.code === "home_unavailable"
            ? "Cannot find the home directory that ~ in a root stands for: pass --home DIR (under Deno, or grant --allow-sys=homedir)"
            : error.message,
        },
      });
    }
    throw error;
  }
}

/**
 * Runs the command line on this process: its arguments, standard streams,
 * terminal and current directory. Reads `NO_COLOR` and `COLUMNS` (the
 * library never reads the environment).
 *
 * @returns The exit code; the caller sets it
 * (`process.exitCode = await runCli()`).
 */
export function runCli(): Promise<number> {
  const stdout = process.stdout as { isTTY?: boolean; columns?: number };
  const out = writer(process.stdout);
  return main(process.argv.slice(2), {
    stdout: out,
    // An archive's bytes go to a pipe or a file, never to a terminal.
    stdoutBytes: stdout.isTTY === true ? undefined : out,
    stderr: writer(process.stderr),
    color: stdout.isTTY === true && !noColor(),
    columns: columnsFromEnv() ?? stdout.columns ?? 0,
    cwd: process.cwd(),
  });
}
