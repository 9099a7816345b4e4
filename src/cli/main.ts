/**
 * The `agent-skills` command: a thin layer over the public API. It parses
 * arguments, hands them to one module per command (`list.ts`, `show.ts`,
 * `path.ts`, `catalog.ts`, `why.ts`, `check.ts`), and prints what they
 * return; it has no discovery logic of its own.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import process from "node:process";
import { StartupError } from "../errors.ts";
import { closest } from "../_similar.ts";
import { catalog, CATALOG_FORMATS, CATALOG_LOCATIONS } from "./catalog.ts";
import { check } from "./check.ts";
import { json } from "./json.ts";
import { list } from "./list.ts";
import { type Output, output } from "./output.ts";
import { FORMATS, PRESETS } from "./args.ts";
import { path } from "./path.ts";
import { show } from "./show.ts";
import { why } from "./why.ts";
import { columnsFromEnv, fail, noColor, writer } from "./terminal.ts";
import type { CliIO } from "./io.ts";
import { type Command, OK, USAGE, type Values } from "./types.ts";

export type { CliIO } from "./io.ts";

/** The package's version, as deno.json gives it (a test holds them equal). */
const VERSION = "0.1.0";

const COMMON_OPTIONS = {
  root: { type: "string", multiple: true },
  workspace: { type: "string" },
  preset: { type: "string" },
  home: { type: "string" },
  "max-manifest-bytes": { type: "string" },
  depth: { type: "string" },
  plugins: { type: "boolean" },
  hidden: { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

const ROOTS_HELP = `Roots (ascending precedence, the last wins):
  --root DIR        a skill root; repeat for more (relative to the current
                    directory)
  --depth N         look for skills up to N levels below each --root and DIR
                    (default 1; dot-directories and node_modules skipped)
  --hidden          with --depth, read dot-directories too (.git and
                    node_modules are still skipped)
  --plugins         each --root and DIR holds Claude Code plugins (a
                    marketplace, or one plugin); skills are named
                    PLUGIN:SKILL
  --preset NAME     a host's roots, read as that host reads them, before any
                    --root (ascending):
                    clarvis  ~/.agents/skills, <ws>/.agents/skills,
                             ~/.clarvis/skills, <ws>/.clarvis/skills
                    claude   <ws>/.claude/skills, ~/.claude/skills
                             (SKILL.md exactly)
                    codex    /etc/codex/skills, ~/.codex/skills/.system,
                             ~/.agents/skills, ~/.codex/skills, then
                             .agents/skills and .codex/skills in each
                             directory from the repository's top to <ws>
                             (6 levels deep, SKILL.md exactly, not symlinked)
                    With no root and no preset, clarvis is used.
  --workspace DIR   the workspace the preset's relative roots resolve against
                    (default: the current directory)
  --home DIR        what ~ expands to (default: the user's home directory,
                    looked up only for a root with ~; under Deno that needs
                    --allow-sys=homedir)
  --max-manifest-bytes N
                    the size cap of a SKILL.md (default: 1048576)`;

const SHOW_HELP = `Show:
  NAME              the skill to show
  DIR               a root, as --root DIR (after any --root), as for list`;

const PATH_HELP = `Path:
  NAME              the skill
  REL               the file's path inside the skill's directory
  DIR               a root, as --root DIR (after any --root), as for list`;

const CATALOG_HELP = `Catalog:
  DIR               a root, as --root DIR (after any --root), as for list
  --format FORMAT   xml (the default: the spec's <available_skills>),
                    markdown (a list) or json
  --budget CHARS    fit the text in CHARS characters: descriptions cut
                    evenly, then names only, then skills left out (--json
                    says which)
  --location WHERE  where each SKILL.md is: absolute (the default), relative
                    (to its root: pdf/SKILL.md) or none (a host that
                    activates skills by a tool needs none)
  With no skill to show, the format's empty block (nothing for markdown),
  and a note on stderr saying where it looked.`;

const WHY_HELP = `Why:
  NAME              the skill name to explain, as a host would ask for it
  DIR               a root, as --root DIR (after any --root), as for list
  --format FORMAT   the catalog format whose budget is explained (xml, the
                    default, markdown or json)
  --budget CHARS    say whether a catalog of CHARS characters shows the
                    skill in full, shortened, or leaves it out
  Exits 0 when a skill of that name is served, 1 when none is.`;

const CHECK_HELP = `Check:
  --strict          warnings fail the check too (exit 1)
  --format FORMAT   text (the default), json (as --json), github (workflow
                    commands for GitHub Actions) or sarif (SARIF 2.1.0)`;

const LIST_HELP = `List:
  DIR               a root, as --root DIR (after any --root)
  --wide            descriptions and paths in full, never cut to the width
                    of the terminal (COLUMNS, else the terminal's, else 80)`;

/** The output section of a command's help, with what its --json writes. */
function outputHelp(
  json = "one JSON document on stdout, warnings included as data",
): string {
  return `Output:
  --json            ${json}
  -h, --help        this help`;
}

const COMMANDS: Record<string, Command> = {
  list: {
    usage: "agent-skills list [DIR]... [--root DIR]... [--wide] [--json]",
    summary:
      "the catalog: every skill, its description and where it comes from",
    help: LIST_HELP,
    options: { ...COMMON_OPTIONS, wide: { type: "boolean" } },
    positionals: [0, Infinity],
    run: list,
  },
  show: {
    usage:
      "agent-skills show NAME [DIR]... [--root DIR]... [--preset NAME] [--json]",
    summary: "one skill: its catalog entry, resources and body",
    help: SHOW_HELP,
    options: COMMON_OPTIONS,
    positionals: [1, Infinity],
    run: show,
  },
  path: {
    usage:
      "agent-skills path NAME REL [DIR]... [--root DIR]... [--preset NAME]",
    summary: "the confined absolute path of one of a skill's files",
    help: PATH_HELP,
    options: COMMON_OPTIONS,
    positionals: [2, Infinity],
    run: path,
  },
  catalog: {
    usage:
      "agent-skills catalog [DIR]... [--format F] [--budget N] [--location L]",
    summary: "the catalog text for a model's prompt, fitted to a budget",
    help: CATALOG_HELP,
    json:
      "one JSON document: the text, what was shortened or left\n                    out, and the warnings",
    options: {
      ...COMMON_OPTIONS,
      format: { type: "string" },
      budget: { type: "string" },
      location: { type: "string" },
    },
    positionals: [0, Infinity],
    run: catalog,
  },
  why: {
    usage:
      "agent-skills why NAME [DIR]... [--root DIR]... [--budget CHARS] [--json]",
    summary:
      "why a skill is or is not served: its candidates, near misses, roots",
    help: WHY_HELP,
    options: {
      ...COMMON_OPTIONS,
      format: { type: "string" },
      budget: { type: "string" },
    },
    positionals: [1, Infinity],
    run: why,
  },
  check: {
    usage:
      "agent-skills check [DIR]... [--strict] [--format text|json|github|sarif]",
    summary:
      "every problem of every skill under the roots or skill directories",
    help: CHECK_HELP,
    options: {
      ...COMMON_OPTIONS,
      strict: { type: "boolean" },
      format: { type: "string" },
    },
    positionals: [0, Infinity],
    run: check,
  },
};

/**
 * The command of that name: only the table's own entries, never what every
 * object inherits (`toString`, `constructor`, `__proto__`).
 */
function commandNamed(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/** The width of the longest command's name, the column of the summaries. */
const NAME_WIDTH = Math.max(
  ...Object.keys(COMMANDS).map((name) => name.length),
);

const MAIN_HELP =
  `agent-skills: Agent Skills (SKILL.md directories) for authors and CI

Usage:
${Object.values(COMMANDS).map((command) => `  ${command.usage}`).join("\n")}

Commands:
${
    Object.entries(COMMANDS).map(([name, command]) =>
      `  ${name.padEnd(NAME_WIDTH)}  ${command.summary}`
    ).join("\n")
  }

Run agent-skills COMMAND --help for a command's options, and
agent-skills --version for the version.
Exit codes: 0 clean, 1 problems found, 2 usage or startup error.`;

/**
 * Runs the command line and returns the exit code. Never throws for bad
 * input: usage and startup errors are printed and give 2.
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
 * const code = main(["check", "fixtures/demo/user-store", "--home", "/home/ada"], {
 *   stdout: (text) => (out += text),
 *   stderr: (text) => (out += text),
 *   color: false,
 *   columns: 80,
 *   cwd: ".",
 * });
 * console.log(code, out);
 * ```
 */
export function main(args: readonly string[], streams: CliIO): number {
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
    return usageError(
      io,
      `unknown command "${name}"${hint(name, Object.keys(COMMANDS), "")}`,
      { asJson },
    );
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
    return usageError(io, parseProblem(error, name, rest), {
      command: name,
      asJson,
    });
  }
  const values = parsed.values as Values;
  if (values.help) {
    const sections = [ROOTS_HELP, command.help, outputHelp(command.json)];
    io.outText(
      `Usage: ${command.usage}\n\n${command.summary}.\n\n${
        sections.filter((section) => section !== undefined).join("\n")
      }`,
    );
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
  const problem = valueProblem(values, name);
  if (problem !== undefined) {
    return usageError(io, problem, { command: name, asJson });
  }
  try {
    return command.run(values, parsed.positionals, io);
  } catch (error) {
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

/** What is wrong with an option's value, in the flag's own words. */
function valueProblem(values: Values, command: string): string | undefined {
  const formats = command === "catalog" || command === "why"
    ? CATALOG_FORMATS
    : FORMATS;
  if (values.format !== undefined && !formats.includes(values.format)) {
    return `unknown format "${values.format}" (one of ${formats.join(", ")})`;
  }
  if (
    values.location !== undefined &&
    !CATALOG_LOCATIONS.includes(values.location)
  ) {
    return `option --location takes ${CATALOG_LOCATIONS.join(", ")}, got ${
      JSON.stringify(values.location)
    }`;
  }
  const budget = countProblem("budget", values.budget, "characters", 0);
  if (budget !== undefined) return budget;
  if (values.preset !== undefined && !Object.hasOwn(PRESETS, values.preset)) {
    return `unknown preset "${values.preset}" (one of ${
      Object.keys(PRESETS).join(", ")
    })`;
  }
  if (values.hidden === true && values.depth === undefined) {
    return "option --hidden reads dot-directories when looking deeper: give --depth N too";
  }
  return countProblem("depth", values.depth, "levels", 1) ??
    countProblem(
      "max-manifest-bytes",
      values["max-manifest-bytes"],
      "bytes",
      1,
    );
}

/**
 * What is wrong with a flag's count: not a whole number from `min`, or one
 * beyond the largest the library takes (2^53 - 1), named with the flag and
 * the value as given.
 */
function countProblem(
  flag: string,
  value: string | undefined,
  unit: string,
  min: 0 | 1,
): string | undefined {
  if (value === undefined) return undefined;
  const whole = /^[0-9]+$/.test(value) && Number(value) >= min;
  if (whole && Number.isSafeInteger(Number(value))) return undefined;
  return `option --${flag} takes a whole number of ${unit}${
    min === 1 ? " above 0" : ""
  }${whole ? `, at most ${Number.MAX_SAFE_INTEGER}` : ""}, got "${value}"`;
}

/**
 * Runs the command line on this process: its arguments, standard streams,
 * terminal and current directory. Reads `NO_COLOR` and `COLUMNS` (the
 * library never reads the environment).
 *
 * @returns The exit code; the caller sets it (`process.exitCode = runCli()`).
 */
export function runCli(): number {
  const stdout = process.stdout as { isTTY?: boolean; columns?: number };
  return main(process.argv.slice(2), {
    stdout: writer(process.stdout),
    stderr: writer(process.stderr),
    color: stdout.isTTY === true && !noColor(),
    columns: columnsFromEnv() ?? stdout.columns ?? 0,
    cwd: process.cwd(),
  });
}

function usageError(
  io: Output,
  problem: string,
  { command, asJson = false }: { command?: string; asJson?: boolean },
): number {
  const help = command === undefined
    ? "agent-skills --help"
    : `agent-skills ${command} --help`;
  if (asJson) {
    json(io, {
      error: { code: "usage", message: `${problem} (see ${help})` },
      warnings: [],
    });
    return USAGE;
  }
  io.err(
    `agent-skills${command === undefined ? "" : ` ${command}`}: ${problem}`,
  );
  io.err(`Run ${help} for usage.`);
  return USAGE;
}

/**
 * The usage problem behind a parseArgs error, named from its error code and
 * the tokens of a lenient re-parse (never from the error's message text).
 */
function parseProblem(
  error: unknown,
  name: string,
  args: readonly string[],
): string {
  const options = commandNamed(name)?.options ?? {};
  const { tokens } = parseArgs({
    args: [...args],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const code = (error as { code?: unknown }).code;
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const type = options[token.name]?.type;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && type === undefined) {
      const known = Object.keys(options).map((name) => `--${name}`);
      return `unknown option ${token.rawName}${hint(token.rawName, known, "")}`;
    }
    if (code !== "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") continue;
    if (type === "string" && token.value === undefined) {
      return `option ${token.rawName} needs a value`;
    }
    // A value that starts with a dash, as --depth -1: parseArgs calls it
    // ambiguous; say what is wrong with it, as for any value.
    if (
      type === "string" && token.value?.startsWith("-") && !token.inlineValue
    ) {
      return valueProblem({ [token.name]: token.value }, name) ??
        `option ${token.rawName} got "${token.value}", which reads as an option: write ${token.rawName}=${token.value} if it is the value`;
    }
    if (type === "boolean" && token.value !== undefined) {
      return `option ${token.rawName} takes no value`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

/** ", did you mean X?" for the closest candidate within edit distance 2. */
function hint(given: string, candidates: string[], fallback: string): string {
  const [best] = closest(given, candidates, { max: 2, limit: 1 });
  return best === undefined ? fallback : ` (did you mean ${best}?)`;
}

function countText(min: number, max: number): string {
  if (max === 0) return "no arguments";
  if (min === max) return min === 1 ? "1 argument" : `${min} arguments`;
  if (max === Infinity) {
    return `at least ${min === 1 ? "1 argument" : `${min} arguments`}`;
  }
  return `${min} to ${max} arguments`;
}
