/**
 * The `agent-skills` command: a thin layer over the public API. It parses
 * arguments, calls {@linkcode createAgentSkills} or {@linkcode checkSkills},
 * and prints what they return; it has no discovery logic of its own.
 *
 * @module
 */

import { statSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import process from "node:process";
import { createAgentSkills } from "./agent_skills.ts";
import { type CheckReport, checkSkills } from "./check.ts";
import type { SkillDiagnostic } from "./diagnostic.ts";
import { RULES } from "./_check_rules.ts";
import { resolveConfig } from "./config.ts";
import type { SkillRootOptions } from "./options.ts";
import {
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
} from "./presets.ts";
import type { SkillInfo } from "./skill.ts";
import { SkillError, StartupError } from "./errors.ts";
import { FIELDS } from "./_fields.ts";
import { emptyRootLayout } from "./_layout.ts";
import { oneLineSafe, safeJson } from "./_text.ts";
import type { SkillWarning } from "./warn.ts";

/** Where the command writes, and what it knows of its terminal. */
export interface CliIO {
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** Whether to use ANSI colours (a TTY, and `NO_COLOR` unset). */
  color: boolean;
  /**
   * The terminal width that `list` fits its lines to; 0 when it is not known
   * (then 80).
   */
  columns: number;
  /** The directory relative paths resolve against. */
  cwd: string;
}

/** The presets `--preset` names, each a host's own roots. */
const PRESETS: Readonly<Record<string, () => SkillRootOptions[]>> = {
  clarvis: clarvisSkillRoots,
  claude: claudeSkillRoots,
  codex: () => codexSkillRoots(),
};

/** The output formats of `check`. */
const FORMATS: readonly string[] = ["text", "json", "github", "sarif"];

/** Exit codes: 0 clean, 1 problems found, 2 usage or startup error. */
const OK = 0;
const PROBLEMS = 1;
const USAGE = 2;

/** The package's version, as deno.json gives it (a test holds them equal). */
const VERSION = "0.1.0";

/** The width a line is fitted to when the terminal's is not known. */
const DEFAULT_COLUMNS = 80;

const COMMON_OPTIONS = {
  root: { type: "string", multiple: true },
  workspace: { type: "string" },
  preset: { type: "string" },
  home: { type: "string" },
  "max-manifest-bytes": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

const ROOTS_HELP = `Roots (ascending precedence, the last wins):
  --root DIR        a skill root; repeat for more (relative to the current
                    directory)
  --preset NAME     a host's roots, before any --root (ascending):
                    clarvis  ~/.agents/skills, <ws>/.agents/skills,
                             ~/.clarvis/skills, <ws>/.clarvis/skills
                    claude   <ws>/.claude/skills, ~/.claude/skills
                    codex    ~/.agents/skills, ~/.codex/skills,
                             <ws>/.agents/skills, <ws>/.codex/skills
                    With no root and no preset, clarvis is used.
  --workspace DIR   the workspace the preset's relative roots resolve against
                    (default: the current directory)
  --home DIR        what ~ expands to (default: the user's home directory,
                    looked up only for a root with ~; under Deno that needs
                    --allow-sys=homedir)
  --max-manifest-bytes N
                    the size cap of a SKILL.md (default: 1048576)`;

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

interface _Command {
  usage: string;
  summary: string;
  /** The command's own options, shown between the roots and the output. */
  help?: string;
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
  wide?: boolean;
  help?: boolean;
};

const COMMANDS: Record<string, _Command> = {
  list: {
    usage: "agent-skills list [DIR]... [--root DIR]... [--wide] [--json]",
    summary:
      "the catalog: every skill, its description and where it comes from",
    help: LIST_HELP,
    options: { ...COMMON_OPTIONS, wide: { type: "boolean" } },
    positionals: [0, Infinity],
    run: _list,
  },
  show: {
    usage: "agent-skills show NAME [--root DIR]... [--preset NAME] [--json]",
    summary: "one skill: its catalog entry, resources and body",
    options: COMMON_OPTIONS,
    positionals: [1, 1],
    run: _show,
  },
  path: {
    usage: "agent-skills path NAME REL [--root DIR]... [--preset NAME]",
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
    help: CHECK_HELP,
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
  if (values.preset !== undefined && !Object.hasOwn(PRESETS, values.preset)) {
    return `unknown preset "${values.preset}" (one of ${
      Object.keys(PRESETS).join(", ")
    })`;
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
    stdout: _writer(process.stdout),
    stderr: _writer(process.stderr),
    color: stdout.isTTY === true && !_noColor(),
    columns: _columns() ?? stdout.columns ?? 0,
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

/**
 * `COLUMNS` when it is a width (it is set on purpose, as for `ls`), read under
 * Deno only when it may be read without asking.
 */
function _columns(): number | undefined {
  const deno = (globalThis as { Deno?: _DenoPermissions }).Deno;
  const readable = deno === undefined ||
    deno.permissions.querySync({ name: "env", variable: "COLUMNS" }).state ===
      "granted";
  const value = readable ? process.env["COLUMNS"] : undefined;
  return value !== undefined && /^[1-9][0-9]{0,4}$/.test(value)
    ? Number(value)
    : undefined;
}

/** The part of Deno's namespace that says whether a permission is held. */
interface _DenoPermissions {
  permissions: {
    querySync(descriptor: { name: "env"; variable: string }): {
      state: string;
    };
  };
}

// ── commands ────────────────────────────────────────────────────────────────

function _list(values: _Values, dirs: string[], io: CliIO): number {
  const { skills, warnings } = _open(values, io, dirs);
  const catalog = skills.listSkills();
  const overridden = skills.listOverridden();
  const hints = _emptyRootHints(
    _givenRoots(values, dirs, io),
    [...catalog, ...overridden],
    io,
  );
  if (values.json) {
    _json(io, {
      skills: catalog.map((skill) => ({
        ...skill,
        overrides: overridden.filter((other) => other.name === skill.name),
      })),
      warnings,
      hints,
    });
    return OK;
  }
  _printWarnings(io, warnings);
  for (const hint of hints) io.stderr(`agent-skills: ${oneLineSafe(hint)}\n`);
  if (catalog.length === 0) {
    io.stdout(
      `No skills in ${
        skills.config.roots.map((root) => _display(root.path, io)).join(", ")
      }\n`,
    );
    return OK;
  }
  const c = _colors(io);
  const table = _catalogTable(catalog, overridden, io, values.wide === true);
  table.forEach((line, index) => {
    io.stdout(`${index === 0 ? c.dim(line.text) : _paint(line, c)}\n`);
  });
  io.stdout(
    c.dim(`${catalog.length} skill${catalog.length === 1 ? "" : "s"}`) + "\n",
  );
  return OK;
}

/** One line of the catalog table, and how it is painted. */
interface _Line {
  text: string;
  /** How many of its first characters are bold (a skill's name). */
  bold?: number;
  /** Whether the whole line is dim (what a skill overrides). */
  dim?: boolean;
}

function _paint(line: _Line, c: ReturnType<typeof _colors>): string {
  if (line.dim) return c.dim(line.text);
  const cut = line.bold ?? 0;
  return `${c.bold(line.text.slice(0, cut))}${line.text.slice(cut)}`;
}

/**
 * The catalog as lines: NAME, SCOPE/SOURCE (left out when every skill comes
 * from a custom root, where it says nothing) and DESCRIPTION, then under a
 * skill what it overrides. Descriptions and overrides are cut to the width
 * unless `wide`; where the description column would be narrower than 40,
 * each description goes on its own line below its name, with the whole
 * width.
 */
function _catalogTable(
  catalog: readonly SkillInfo[],
  overridden: readonly SkillInfo[],
  io: CliIO,
  wide: boolean,
): _Line[] {
  const width = io.columns > 0 ? io.columns : DEFAULT_COLUMNS;
  const fit = (text: string, room: number): string =>
    wide ? text : _cut(text, room);
  const origin = (skill: SkillInfo): string =>
    oneLineSafe(`${skill.scope}/${skill.source}`);
  const name = (skill: SkillInfo): string => oneLineSafe(skill.name);
  const showOrigin = [...catalog, ...overridden].some((skill) =>
    origin(skill) !== "custom/custom"
  );
  const nameWidth = Math.max(4, ...catalog.map((skill) => name(skill).length));
  const originWidth = Math.max(
    12,
    ...catalog.map((skill) => origin(skill).length),
  );
  const descriptionAt = nameWidth + 2 + (showOrigin ? originWidth + 2 : 0);
  const stacked = !wide && width - descriptionAt < 40;
  const head = (first: string, second: string): string =>
    `${first.padEnd(nameWidth)}  ${
      showOrigin ? `${second.padEnd(originWidth)}  ` : ""
    }`;
  const lines: _Line[] = [{
    text: stacked
      ? head("NAME", "SCOPE/SOURCE").trimEnd()
      : `${head("NAME", "SCOPE/SOURCE")}DESCRIPTION`,
  }];
  if (stacked) lines.push({ text: "  DESCRIPTION" });
  for (const skill of catalog) {
    const description = _oneLine(skill.description);
    const start = head(name(skill), origin(skill));
    if (stacked) {
      lines.push({ text: start.trimEnd(), bold: name(skill).length });
      lines.push({ text: `  ${fit(description, width - 2)}` });
    } else {
      lines.push({
        text: `${start}${fit(description, width - descriptionAt)}`,
        bold: name(skill).length,
      });
    }
    const indent = stacked ? 2 : nameWidth + 2;
    for (const other of overridden.filter((o) => o.name === skill.name)) {
      const note = `overrides ${origin(other)}: ${_display(other.path, io)}`;
      lines.push({
        text: `${" ".repeat(indent)}${fit(note, width - indent)}`,
        dim: true,
      });
    }
  }
  return lines;
}

/**
 * For each root the user named that no skill came from, why, where
 * discovery did not warn: it does not exist, it is a skill directory and not
 * a root, or its skills are nested a level too deep (and which roots to pass
 * instead).
 */
function _emptyRootHints(
  given: readonly string[],
  loaded: readonly SkillInfo[],
  io: CliIO,
): string[] {
  const used = new Set(loaded.map((skill) => skill.root));
  return given.filter((root) => !used.has(root)).flatMap((root) => {
    const layout = emptyRootLayout(root);
    const shown = _display(root, io);
    switch (layout.kind) {
      case "missing":
        return [`${shown} does not exist`];
      case "skill_directory":
        return [
          `${shown} is a skill directory (it holds SKILL.md), not a root of skills: list its parent, --root ${
            _display(dirname(root), io)
          }`,
        ];
      case "nested":
        return [
          `no skills one level below ${shown}; found ${
            layout.nested.map((n) => n.example).join(", ")
          }: skills are one level below a root, so pass ${
            layout.nested.map((n) => `--root ${_display(n.dir, io)}`).join(" ")
          }`,
        ];
      case "other":
        return [];
    }
  });
}

function _show(values: _Values, [name]: string[], io: CliIO): number {
  const { skills, warnings } = _open(values, io);
  const skill = skills.loadSkill(name ?? "");
  if (skill === undefined) {
    return _fail(io, values, PROBLEMS, {
      code: "unknown_skill",
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
      `${c.dim(`${oneLineSafe(label)}:`.padEnd(16))}${oneLineSafe(value)}\n`,
    );
  io.stdout(`${c.bold(oneLineSafe(skill.name))}\n`);
  field("description", _oneLine(skill.description));
  field("scope/source", `${skill.scope}/${skill.source}`);
  field("path", skill.path);
  for (const { property, show } of FIELDS) {
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
    io.stdout(`  ${oneLineSafe(resource)}\n`);
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
    return _fail(io, values, PROBLEMS, {
      code: error.code,
      message: error.code === "unknown_skill"
        ? `Unknown skill "${name}"`
        : error.message,
    }, warnings);
  }
  if (values.json) {
    _json(io, { path, warnings });
  } else {
    _printWarnings(io, warnings);
    io.stdout(`${oneLineSafe(path)}\n`);
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
            artifactLocation: { uri: _uri(d.path, io) },
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

/**
 * A path as a SARIF URI: relative to the current directory when it is inside
 * it, else a `file://` URI; each segment percent-encoded (`a#b` is `a%23b`),
 * never escaped for a terminal, so that it names the file it names.
 */
function _uri(path: string, io: CliIO): string {
  const rel = relative(resolve(io.cwd), path);
  const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  const segments = (inside ? rel : path).split(sep).map((segment) =>
    encodeURIComponent(segment.replace(LONE_SURROGATE_REGEXP, "\uFFFD"))
  ).join("/");
  return inside ? segments : `file://${segments}`;
}

const LONE_SURROGATE_REGEXP = /\p{Cs}/gu;

/** What a diagnostic code is about: its spec sentence, or its name spelled out. */
function _ruleText(code: string): string {
  return RULES.find((rule) => rule.code === code)?.spec ??
    code.replaceAll("_", " ");
}

// ── helpers ─────────────────────────────────────────────────────────────────

/**
 * The roots: the preset (when asked for, or clarvis when no root is given),
 * then each --root, then each DIR of `list`.
 */
function _roots(
  values: _Values,
  io: CliIO,
  dirs: readonly string[] = [],
): Array<string | SkillRootOptions> {
  const roots = _givenRoots(values, dirs, io);
  // main() has refused a preset it does not know.
  const name = values.preset ?? (roots.length === 0 ? "clarvis" : undefined);
  const preset = name === undefined ? [] : PRESETS[name]?.() ?? [];
  return [...preset, ...roots];
}

/** The roots named on the command line (--root, and DIRs of `list`), absolute. */
function _givenRoots(
  values: _Values,
  dirs: readonly string[],
  io: CliIO,
): string[] {
  return [...(values.root ?? []), ...dirs].map((dir) => resolve(io.cwd, dir));
}

/**
 * The roots `check` looks at without a DIR: each --root, which must exist
 * (checkSkills says so when one does not), and those preset roots that
 * exist, since most machines have only some of them (one the process may not
 * look at is kept: checkSkills says it cannot be read).
 */
function _presentRoots(
  values: _Values,
  io: CliIO,
): { paths: Array<string | SkillRootOptions>; lookedAt: string[] } {
  const roots = _roots(values, io);
  const resolved = resolveConfig({ roots, ..._placeOptions(values, io) }).roots;
  return {
    paths: roots.filter((root, index) =>
      typeof root === "string" || _mayExist(resolved[index]?.path ?? "")
    ),
    lookedAt: resolved.map((root) => root.path),
  };
}

/**
 * Whether a path exists, or may (the process may not look at it: then
 * checkSkills says so). Only a path that is not there is left out.
 */
function _mayExist(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
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
  dirs: readonly string[] = [],
): { skills: ReturnType<typeof createAgentSkills>; warnings: SkillWarning[] } {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    roots: _roots(values, io, dirs),
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
        oneLineSafe(error.message)
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
      oneLineSafe(problem)
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
  io.stdout(`${safeJson(value, 2)}\n`);
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
  return oneLineSafe(shown);
}

/**
 * A message with the paths inside the current directory made relative, on
 * one line whatever the names in it hold.
 */
function _relativeText(text: string, io: CliIO): string {
  return oneLineSafe(text.replaceAll(`${resolve(io.cwd)}/`, ""));
}

/** Text from disk on one line: blank runs folded, control characters escaped. */
function _oneLine(text: string): string {
  return oneLineSafe(text.replace(/\s+/g, " ").trim());
}

/** A skill body as it is, but for control characters other than \n and \t. */
function _bodyText(text: string): string {
  return text.split("\n").map((line) =>
    line.split("\t").map(oneLineSafe).join("\t")
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
