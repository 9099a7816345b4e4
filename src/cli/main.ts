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
import { oneLineSafe } from "../_text.ts";
import { catalog, CATALOG_FORMATS } from "./catalog.ts";
import { check } from "./check.ts";
import { json } from "./json.ts";
import { list } from "./list.ts";
import { FORMATS, PRESETS } from "./options.ts";
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

const CATALOG_HELP = `Catalog:
  --format FORMAT   xml (the default: the spec's <available_skills>),
                    markdown (a list) or json
  --budget CHARS    fit the text in CHARS characters: descriptions cut
                    evenly, then names only, then skills left out (--json
                    says which)
  --json            one JSON document: the text and what was shortened or
                    left out`;

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

const OUTPUT_HELP = `Output:
  --json            one JSON document on stdout, warnings included as data
  -h, --help        this help`;

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
    usage: "agent-skills show NAME [--root DIR]... [--preset NAME] [--json]",
    summary: "one skill: its catalog entry, resources and body",
    options: COMMON_OPTIONS,
    positionals: [1, 1],
    run: show,
  },
  path: {
    usage: "agent-skills path NAME REL [--root DIR]... [--preset NAME]",
    summary: "the confined absolute path of one of a skill's files",
    options: COMMON_OPTIONS,
    positionals: [2, 2],
    run: path,
  },
  catalog: {
    usage:
      "agent-skills catalog [--format xml|markdown|json] [--budget CHARS] [--json]",
    summary:
      "the catalog text a host puts in its model's prompt, fitted to a budget",
    help: CATALOG_HELP,
    options: {
      ...COMMON_OPTIONS,
      format: { type: "string" },
      budget: { type: "string" },
    },
    positionals: [0, 0],
    run: catalog,
  },
  why: {
    usage:
      "agent-skills why NAME [DIR]... [--root DIR]... [--budget CHARS] [--json]",
    summary:
      "why a skill is or is not served: every candidate, near misses, roots",
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

const MAIN_HELP =
  `agent-skills: Agent Skills (SKILL.md directories) for authors and CI

Usage:
${Object.values(COMMANDS).map((command) => `  ${command.usage}`).join("\n")}

Commands:
${
    Object.entries(COMMANDS).map(([name, command]) =>
      `  ${name.padEnd(6)} ${command.summary}`
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
 * @param io Where to write, and what the terminal is like.
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
export function main(args: readonly string[], io: CliIO): number {
  const [name, ...rest] = args;
  if (
    name === undefined || name === "--help" || name === "-h" || name === "help"
  ) {
    (name === undefined ? io.stderr : io.stdout)(`${MAIN_HELP}\n`);
    return name === undefined ? USAGE : OK;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(`agent-skills ${VERSION}\n`);
    return OK;
  }
  // A usage error is one JSON document too when JSON was asked for.
  const asJson = rest.includes("--json") || rest.includes("--format=json") ||
    rest.some((arg, i) => arg === "--format" && rest[i + 1] === "json");
  const command = COMMANDS[name];
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
    return usageError(io, parseProblem(error, command, rest), {
      command: name,
      asJson,
    });
  }
  const values = parsed.values as Values;
  if (values.help) {
    const sections = [ROOTS_HELP, command.help, OUTPUT_HELP];
    io.stdout(
      `Usage: ${command.usage}\n\n${command.summary}.\n\n${
        sections.filter((section) => section !== undefined).join("\n")
      }\n`,
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
  if (values.budget !== undefined && !/^[0-9]+$/.test(values.budget)) {
    return `option --budget takes a whole number of characters, got "${values.budget}"`;
  }
  if (values.preset !== undefined && !Object.hasOwn(PRESETS, values.preset)) {
    return `unknown preset "${values.preset}" (one of ${
      Object.keys(PRESETS).join(", ")
    })`;
  }
  if (values.hidden === true && values.depth === undefined) {
    return "option --hidden reads dot-directories when looking deeper: give --depth N too";
  }
  if (values.depth !== undefined && !/^[1-9][0-9]*$/.test(values.depth)) {
    return `option --depth takes a whole number of levels above 0, got "${values.depth}"`;
  }
  const maxBytes = values["max-manifest-bytes"];
  if (
    maxBytes !== undefined &&
    !(/^[1-9][0-9]*$/.test(maxBytes) && Number.isSafeInteger(Number(maxBytes)))
  ) {
    return `option --max-manifest-bytes takes a whole number of bytes above 0, got "${maxBytes}"`;
  }
  return undefined;
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
  io: CliIO,
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
  io.stderr(
    `agent-skills${command === undefined ? "" : ` ${command}`}: ${
      oneLineSafe(problem)
    }\nRun ${help} for usage.\n`,
  );
  return USAGE;
}

/**
 * The usage problem behind a parseArgs error, named from its error code and
 * the tokens of a lenient re-parse (never from the error's message text).
 */
function parseProblem(
  error: unknown,
  command: Command,
  args: readonly string[],
): string {
  const options = command.options ?? {};
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
    if (type === "boolean" && token.value !== undefined) {
      return `option ${token.rawName} takes no value`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

/** ", did you mean X?" for the closest candidate within edit distance 2. */
function hint(given: string, candidates: string[], fallback: string): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(given, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best === undefined ? fallback : ` (did you mean ${best}?)`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function countText(min: number, max: number): string {
  if (max === 0) return "no arguments";
  if (min === max) return min === 1 ? "1 argument" : `${min} arguments`;
  if (max === Infinity) {
    return `at least ${min === 1 ? "1 argument" : `${min} arguments`}`;
  }
  return `${min} to ${max} arguments`;
}
