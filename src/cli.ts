/**
 * The `agent-skills` command: a thin layer over the public API. It parses
 * arguments, calls {@linkcode createAgentSkills} or {@linkcode checkSkills},
 * and prints what they return; it has no discovery logic of its own.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { isAbsolute, relative, resolve } from "node:path";
import process from "node:process";
import { createAgentSkills } from "./agent_skills.ts";
import {
  type CheckReport,
  checkSkills,
  type SkillDiagnostic,
} from "./check.ts";
import { _RULES } from "./_check_rules.ts";
import {
  clarvisSkillRoots,
  resolveConfig,
  type SkillRootOptions,
} from "./config.ts";
import type { SkillInfo } from "./skill.ts";
import { SkillError, StartupError } from "./errors.ts";
import { _FIELDS } from "./_fields.ts";
import { _oneLineSafe } from "./_text.ts";
import type { SkillWarning } from "./warn.ts";

/** Where the command writes, and what it knows of its terminal. */
export interface CliIO {
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** Whether to use ANSI colours (a TTY, and `NO_COLOR` unset). */
  color: boolean;
  /** The terminal width that descriptions are cut to. */
  columns: number;
  /** The directory relative paths resolve against. */
  cwd: string;
}

/** The output formats of `check`. */
const FORMATS: readonly string[] = ["text", "json", "github", "sarif"];

/** Exit codes: 0 clean, 1 problems found, 2 usage or startup error. */
const OK = 0;
const PROBLEMS = 1;
const USAGE = 2;

const COMMON_OPTIONS = {
  root: { type: "string", multiple: true },
  workspace: { type: "string" },
  preset: { type: "string" },
  home: { type: "string" },
  "max-manifest-bytes": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

const COMMON_HELP = `Roots (ascending precedence, the last wins):
  --root DIR        a skill root; repeat for more (relative to the current directory)
  --preset clarvis  the Clarvis preset: ~/.agents/skills, <ws>/.agents/skills,
                    ~/.clarvis/skills, <ws>/.clarvis/skills (before any --root)
                    With neither, the preset is used.
  --workspace DIR   the workspace the preset's relative roots resolve against
                    (default: the current directory)
  --home DIR        what ~ expands to (default: the user's home directory,
                    looked up only for a root with ~; under Deno that needs
                    --allow-sys=homedir)
  --max-manifest-bytes N
                    the size cap of a SKILL.md (default: 1048576)
Output:
  --json            one JSON document on stdout, warnings included as data
  -h, --help        this help`;

interface _Command {
  usage: string;
  summary: string;
  options: ParseArgsConfig["options"];
  positionals: [min: number, max: number];
  run(values: _Values, positionals: string[], io: CliIO): number;
}

type _Values = {
  root?: string[];
  workspace?: string;
  preset?: string;
  home?: string;
  "max-manifest-bytes"?: string;
  json?: boolean;
  strict?: boolean;
  format?: string;
  help?: boolean;
};

const COMMANDS: Record<string, _Command> = {
  list: {
    usage:
      "agent-skills list [--root DIR]... [--workspace DIR] [--preset clarvis] [--json]",
    summary:
      "the catalog: every skill, its description and where it comes from",
    options: COMMON_OPTIONS,
    positionals: [0, 0],
    run: _list,
  },
  show: {
    usage: "agent-skills show NAME [--root DIR]... [--json]",
    summary: "one skill: its catalog entry, resources and body",
    options: COMMON_OPTIONS,
    positionals: [1, 1],
    run: _show,
  },
  path: {
    usage: "agent-skills path NAME REL [--root DIR]... [--json]",
    summary: "the confined absolute path of one of a skill's files",
    options: COMMON_OPTIONS,
    positionals: [2, 2],
    run: _path,
  },
  check: {
    usage:
      "agent-skills check [DIR]... [--strict] [--format text|json|github|sarif]",
    summary:
      "every problem of every skill under the roots or skill directories",
    options: {
      ...COMMON_OPTIONS,
      strict: { type: "boolean" },
      format: { type: "string" },
    },
    positionals: [0, Infinity],
    run: _check,
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

Run agent-skills COMMAND --help for a command's options.
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
  // A usage error is one JSON document too when JSON was asked for.
  const json = rest.includes("--json") || rest.includes("--format=json") ||
    rest.some((arg, i) => arg === "--format" && rest[i + 1] === "json");
  const command = COMMANDS[name];
  if (command === undefined) {
    return _usageError(
      io,
      `unknown command "${name}"${_hint(name, Object.keys(COMMANDS), "")}`,
      undefined,
      json,
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
    return _usageError(io, _parseProblem(error, command, rest), name, json);
  }
  const values = parsed.values as _Values;
  if (values.help) {
    io.stdout(
      `Usage: ${command.usage}\n\n${command.summary}.\n\n${COMMON_HELP}${
        "strict" in (command.options ?? {})
          ? `\n  --strict          warnings fail the check too (exit 1)
  --format FORMAT   text (the default), json (as --json), github (workflow
                    commands for GitHub Actions) or sarif (SARIF 2.1.0)`
          : ""
      }\n`,
    );
    return OK;
  }
  const [min, max] = command.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    return _usageError(
      io,
      `expected ${_count(min, max)}, got ${parsed.positionals.length}`,
      name,
      json,
    );
  }
  const problem = _valueProblem(values);
  if (problem !== undefined) return _usageError(io, problem, name, json);
  try {
    return command.run(values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof StartupError) {
      return _fail(io, values, USAGE, {
        code: error.code,
        // The library names its option; a command-line user passes a flag.
        message: error.code === "home_unavailable"
          ? "Cannot find the home directory that ~ in a root stands for: pass --home DIR (under Deno, or grant --allow-sys=homedir)"
          : error.message,
      });
    }
    throw error;
  }
}

/** What is wrong with an option's value, in the flag's own words. */
function _valueProblem(values: _Values): string | undefined {
  if (values.format !== undefined && !FORMATS.includes(values.format)) {
    return `unknown format "${values.format}" (one of ${FORMATS.join(", ")})`;
  }
  if (values.preset !== undefined && values.preset !== "clarvis") {
    return `unknown preset "${values.preset}" (the only preset is clarvis)`;
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
 * terminal and current directory. Reads `NO_COLOR` (the library never does).
 *
 * @returns The exit code; the caller sets it (`process.exitCode = runCli()`).
 */
export function runCli(): number {
  const stdout = process.stdout as { isTTY?: boolean; columns?: number };
  return main(process.argv.slice(2), {
    stdout: _writer(process.stdout),
    stderr: _writer(process.stderr),
    color: stdout.isTTY === true && !_noColor(),
    columns: stdout.columns ?? 80,
    cwd: process.cwd(),
  });
}

/**
 * A writer that stops quietly when the reader has gone (`agent-skills list |
 * head`): Node reports EPIPE as an error event, Deno by throwing.
 */
function _writer(stream: NodeJS.WritableStream): (text: string) => void {
  let closed = false;
  stream.on("error", (error: { code?: string }) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return (text) => {
    if (closed) return;
    try {
      stream.write(text);
    } catch (error) {
      if ((error as { code?: string }).code !== "EPIPE") throw error;
      closed = true;
    }
  };
}

function _noColor(): boolean {
  // Deno knows NO_COLOR without --allow-env; elsewhere the environment is free to read.
  const deno = (globalThis as { Deno?: { noColor: boolean } }).Deno;
  if (deno !== undefined) return deno.noColor;
  const value = process.env["NO_COLOR"];
  return value !== undefined && value !== "";
}

// ── commands ────────────────────────────────────────────────────────────────

function _list(values: _Values, _positionals: string[], io: CliIO): number {
  const { skills, warnings } = _open(values, io);
  const catalog = skills.listSkills();
  const overridden = skills.listOverridden();
  if (values.json) {
    _json(io, {
      skills: catalog.map((skill) => ({
        ...skill,
        overrides: overridden.filter((other) => other.name === skill.name),
      })),
      warnings,
    });
    return OK;
  }
  _printWarnings(io, warnings);
  if (catalog.length === 0) {
    io.stdout(
      `No skills in ${
        skills.config.roots.map((root) => _display(root.path, io)).join(", ")
      }\n`,
    );
    return OK;
  }
  const origin = (skill: SkillInfo): string => `${skill.scope}/${skill.source}`;
  const name = (skill: SkillInfo): string => _oneLineSafe(skill.name);
  const nameWidth = Math.max(4, ...catalog.map((skill) => name(skill).length));
  const originWidth = Math.max(
    12,
    ...catalog.map((skill) => origin(skill).length),
  );
  const descriptionWidth = Math.max(
    20,
    io.columns - nameWidth - originWidth - 4,
  );
  const c = _colors(io);
  io.stdout(
    c.dim(
      `${"NAME".padEnd(nameWidth)}  ${
        "SCOPE/SOURCE".padEnd(originWidth)
      }  DESCRIPTION`,
    ) + "\n",
  );
  for (const skill of catalog) {
    io.stdout(
      `${c.bold(name(skill).padEnd(nameWidth))}  ${
        origin(skill).padEnd(originWidth)
      }  ${_cut(_oneLine(skill.description), descriptionWidth)}\n`,
    );
    for (const other of overridden.filter((o) => o.name === skill.name)) {
      const note = `overrides ${origin(other)}: ${_display(other.path, io)}`;
      io.stdout(
        c.dim(
          `${" ".repeat(nameWidth + 2)}${
            _cut(note, io.columns - nameWidth - 2)
          }`,
        ) + "\n",
      );
    }
  }
  io.stdout(
    c.dim(`${catalog.length} skill${catalog.length === 1 ? "" : "s"}`) + "\n",
  );
  return OK;
}

function _show(values: _Values, [name]: string[], io: CliIO): number {
  const { skills, warnings } = _open(values, io);
  const skill = skills.loadSkill(name ?? "");
  if (skill === undefined) {
    return _fail(io, values, PROBLEMS, {
      code: "not_found",
      message: `Unknown skill "${name}"`,
    }, warnings);
  }
  const overrides = skills.listOverridden().filter((other) =>
    other.name === skill.name
  );
  if (values.json) {
    _json(io, { skill, overrides, warnings });
    return OK;
  }
  _printWarnings(io, warnings);
  const c = _colors(io);
  const field = (label: string, value: string): void =>
    io.stdout(
      `${c.dim(`${_oneLineSafe(label)}:`.padEnd(16))}${_oneLineSafe(value)}\n`,
    );
  io.stdout(`${c.bold(_oneLineSafe(skill.name))}\n`);
  field("description", _oneLine(skill.description));
  field("scope/source", `${skill.scope}/${skill.source}`);
  field("path", skill.path);
  for (const { property, show } of _FIELDS) {
    const value = property === undefined ? undefined : skill[property];
    if (show !== undefined && value !== undefined) {
      field(show.label, show.format(value));
    }
  }
  for (const [key, value] of Object.entries(skill.metadata)) {
    field(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  for (const other of overrides) {
    field("overrides", `${other.scope}/${other.source}: ${other.path}`);
  }
  field(
    `resources (${skill.resources.length})`,
    skill.resources.length === 0 ? "(none)" : "",
  );
  for (const resource of skill.resources) {
    io.stdout(`  ${_oneLineSafe(resource)}\n`);
  }
  io.stdout(`\n${_bodyText(skill.body)}\n`);
  return OK;
}

function _path(values: _Values, [name, rel]: string[], io: CliIO): number {
  const { skills, warnings } = _open(values, io);
  let path: string;
  try {
    path = skills.resourcePath(name ?? "", rel ?? "");
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    // A one-shot command has no refresh(): say it as `show` does.
    const unknown = skills.loadSkill(name ?? "") === undefined;
    return _fail(io, values, PROBLEMS, {
      code: error.code,
      message: unknown ? `Unknown skill "${name}"` : error.message,
    }, warnings);
  }
  if (values.json) {
    _json(io, { path, warnings });
  } else {
    _printWarnings(io, warnings);
    io.stdout(`${_oneLineSafe(path)}\n`);
  }
  return OK;
}

function _check(values: _Values, dirs: string[], io: CliIO): number {
  const { paths, lookedAt } = dirs.length > 0
    ? { paths: dirs.map((dir) => resolve(io.cwd, dir)), lookedAt: [] }
    : _presentRoots(values, io);
  if (paths.length === 0) {
    // Only the preset roots are ever left out, so these are they.
    return _fail(io, values, PROBLEMS, {
      code: "no_skills",
      message: `No skills to check: none of the preset roots exists (${
        lookedAt.map((path) => _display(path, io)).join(", ")
      }); give a DIR or --root`,
    });
  }
  const report = checkSkills({ paths, ..._placeOptions(values, io) });
  const failed = report.counts.error > 0 ||
    (values.strict === true && report.counts.warning > 0);
  const format = _format(values);
  if (format === "github") {
    _printGithub(io, report, _summary(report, values));
    return failed ? PROBLEMS : OK;
  }
  if (format === "sarif") {
    _json(io, _sarif(report, io));
    return failed ? PROBLEMS : OK;
  }
  if (format === "json") {
    _json(io, {
      ok: !failed,
      strict: values.strict === true,
      counts: report.counts,
      skills: report.skills.length,
      diagnostics: report.diagnostics,
    });
    return failed ? PROBLEMS : OK;
  }
  const c = _colors(io);
  const paint = { error: c.red, warning: c.yellow, info: c.dim };
  for (const diagnostic of report.diagnostics) {
    io.stdout(
      `${_position(diagnostic, io)}: ${
        paint[diagnostic.severity](`${diagnostic.code}:`)
      } ${_relativeText(diagnostic.message, io)} [${diagnostic.severity}]\n`,
    );
  }
  const summary = _summary(report, values);
  io.stdout(`${failed ? c.red(summary) : summary}\n`);
  return failed ? PROBLEMS : OK;
}

/** "N errors, N warnings, N notes in N loadable skills", and the strict mark. */
function _summary(report: CheckReport, values: _Values): string {
  const { error, warning, info } = report.counts;
  return `${_plural(error, "error")}, ${_plural(warning, "warning")}, ${
    _plural(info, "note")
  } in ${_plural(report.skills.length, "loadable skill")}${
    values.strict ? " (strict: warnings fail)" : ""
  }`;
}

/** The output format of `check`: `--format`, or `json` for `--json`. */
function _format(values: _Values): string {
  return values.format ?? (values.json ? "json" : "text");
}

/** GitHub Actions workflow commands: one per diagnostic, then the summary. */
function _printGithub(io: CliIO, report: CheckReport, summary: string): void {
  const level = { error: "error", warning: "warning", info: "notice" };
  for (const d of report.diagnostics) {
    const properties = [
      `file=${_githubProperty(_display(d.path, io))}`,
      ...(d.line === undefined ? [] : [`line=${d.line}`]),
      ...(d.column === undefined ? [] : [`col=${d.column}`]),
      `title=${_githubProperty(d.code)}`,
    ].join(",");
    io.stdout(
      `::${level[d.severity]} ${properties}::${
        _githubData(_relativeText(d.message, io))
      }\n`,
    );
  }
  io.stdout(`::notice title=agent-skills check::${_githubData(summary)}\n`);
}

/** A workflow command's message, escaped as GitHub reads it. */
function _githubData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll(
    "\n",
    "%0A",
  );
}

/** A workflow command's property value, escaped as GitHub reads it. */
function _githubProperty(text: string): string {
  return _githubData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/** One SARIF 2.1.0 run: a rule per diagnostic code, a result per diagnostic. */
function _sarif(report: CheckReport, io: CliIO): unknown {
  const level = { error: "error", warning: "warning", info: "note" };
  const codes = [...new Set(report.diagnostics.map((d) => d.code))].sort();
  return {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [{
      tool: {
        driver: {
          name: "agent-skills",
          informationUri: "https://github.com/clarvis/agent-skills",
          rules: codes.map((id) => ({
            id,
            shortDescription: { text: _ruleText(id) },
            helpUri:
              "https://github.com/clarvis/agent-skills/blob/main/docs/cli.md#what-check-reports",
          })),
        },
      },
      results: report.diagnostics.map((d) => ({
        ruleId: d.code,
        level: level[d.severity],
        message: { text: _relativeText(d.message, io) },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: _display(d.path, io) },
            ...(d.line === undefined ? {} : {
              region: {
                startLine: d.line,
                ...(d.column === undefined ? {} : { startColumn: d.column }),
              },
            }),
          },
        }],
      })),
    }],
  };
}

/** What a diagnostic code is about: its spec sentence, or its name spelled out. */
function _ruleText(code: string): string {
  return _RULES.find((rule) => rule.code === code)?.spec ??
    code.replaceAll("_", " ");
}

// ── helpers ─────────────────────────────────────────────────────────────────

/** The roots: the preset (when asked for, or when no --root is given), then each --root. */
function _roots(values: _Values, io: CliIO): Array<string | SkillRootOptions> {
  const roots: Array<string | SkillRootOptions> = (values.root ?? []).map((
    dir,
  ) => resolve(io.cwd, dir));
  return values.preset === "clarvis" || roots.length === 0
    ? [...clarvisSkillRoots(), ...roots]
    : roots;
}

/**
 * The roots `check` looks at without a DIR: each --root, which must exist
 * (checkSkills says so when one does not), and those preset roots that
 * exist, since most machines have only some of them.
 */
function _presentRoots(
  values: _Values,
  io: CliIO,
): { paths: Array<string | SkillRootOptions>; lookedAt: string[] } {
  const roots = _roots(values, io);
  const resolved = resolveConfig({ roots, ..._placeOptions(values, io) }).roots;
  return {
    paths: roots.filter((root, index) =>
      typeof root === "string" || existsSync(resolved[index]?.path ?? "")
    ),
    lookedAt: resolved.map((root) => root.path),
  };
}

/** cwd, and home, workspace and the manifest cap when given: what every command passes on. */
function _placeOptions(
  values: _Values,
  io: CliIO,
): {
  cwd: string;
  home?: string;
  workspace?: string;
  maxManifestBytes?: number;
} {
  const maxBytes = values["max-manifest-bytes"];
  return {
    cwd: io.cwd,
    ...(values.home === undefined ? {} : { home: values.home }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    // main() has refused what is not a whole number above 0.
    ...(maxBytes === undefined ? {} : { maxManifestBytes: Number(maxBytes) }),
  };
}

function _open(
  values: _Values,
  io: CliIO,
): { skills: ReturnType<typeof createAgentSkills>; warnings: SkillWarning[] } {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    roots: _roots(values, io),
    onWarning: (warning) => warnings.push(warning),
    ..._placeOptions(values, io),
  });
  return { skills, warnings };
}

function _fail(
  io: CliIO,
  values: _Values,
  code: number,
  error: { code: string; message: string },
  warnings: SkillWarning[] = [],
): number {
  if (values.json) {
    _json(io, { error, warnings });
  } else {
    _printWarnings(io, warnings);
    io.stderr(
      `agent-skills: ${_colors(io).red(`${error.code}:`)} ${
        _oneLineSafe(error.message)
      }\n`,
    );
  }
  return code;
}

function _usageError(
  io: CliIO,
  problem: string,
  command?: string,
  json = false,
): number {
  const help = command === undefined
    ? "agent-skills --help"
    : `agent-skills ${command} --help`;
  if (json) {
    _json(io, {
      error: { code: "usage", message: `${problem} (see ${help})` },
      warnings: [],
    });
    return USAGE;
  }
  io.stderr(
    `agent-skills${command === undefined ? "" : ` ${command}`}: ${
      _oneLineSafe(problem)
    }\nRun ${help} for usage.\n`,
  );
  return USAGE;
}

/**
 * The usage problem behind a parseArgs error, named from its error code and
 * the tokens of a lenient re-parse (never from the error's message text).
 */
function _parseProblem(
  error: unknown,
  command: _Command,
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
      return `unknown option ${token.rawName}${
        _hint(token.rawName, known, "")
      }`;
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
function _hint(given: string, candidates: string[], fallback: string): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = _editDistance(given, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best === undefined ? fallback : ` (did you mean ${best}?)`;
}

function _editDistance(a: string, b: string): number {
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

function _count(min: number, max: number): string {
  if (max === 0) return "no arguments";
  if (min === max) return min === 1 ? "1 argument" : `${min} arguments`;
  return `${min} to ${max} arguments`;
}

function _printWarnings(io: CliIO, warnings: readonly SkillWarning[]): void {
  const c = _colors(io);
  for (const warning of warnings) {
    io.stderr(
      `${c.yellow(`warning [${warning.code}]`)} ${
        _relativeText(warning.message, io)
      }\n`,
    );
  }
}

function _json(io: CliIO, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

function _position(diagnostic: SkillDiagnostic, io: CliIO): string {
  const path = _display(diagnostic.path, io);
  return diagnostic.line === undefined
    ? path
    : `${path}:${diagnostic.line}:${diagnostic.column ?? 1}`;
}

/** A path relative to the current directory when it is inside it. */
function _display(path: string, io: CliIO): string {
  const rel = relative(resolve(io.cwd), path);
  const shown = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)
    ? rel
    : path;
  return _oneLineSafe(shown);
}

/**
 * A message with the paths inside the current directory made relative, on
 * one line whatever the names in it hold.
 */
function _relativeText(text: string, io: CliIO): string {
  return _oneLineSafe(text.replaceAll(`${resolve(io.cwd)}/`, ""));
}

/** Text from disk on one line: blank runs folded, control characters escaped. */
function _oneLine(text: string): string {
  return _oneLineSafe(text.replace(/\s+/g, " ").trim());
}

/** A skill body as it is, but for control characters other than \n and \t. */
function _bodyText(text: string): string {
  return text.split("\n").map((line) =>
    line.split("\t").map(_oneLineSafe).join("\t")
  ).join("\n");
}

function _cut(text: string, width: number): string {
  return text.length <= width
    ? text
    : `${text.slice(0, Math.max(width - 1, 0))}…`;
}

function _plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function _colors(
  io: CliIO,
): Record<"red" | "yellow" | "dim" | "bold", (text: string) => string> {
  const wrap = (open: number, close: number) => (text: string): string =>
    io.color ? `\x1b[${open}m${text}\x1b[${close}m` : text;
  return {
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}
