/**
 * The command table and its help: each command's usage, summary, flags and
 * the module that runs it, and the help pages made from them. A command's
 * module is imported only when that command runs (`import()` in its `run`):
 * what the table loads up front is its text and flags, so that `list` pays
 * for the listing's code and not for `check`'s host rules or `pack`'s zip
 * library (tests/cli/process/lazy_commands_test.ts holds it).
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import { isArchiveName } from "../check/_upload.ts";
import type { Command } from "./types.ts";
import { usageError } from "./usage.ts";

/** Whether any DIR names an archive, so that the command reads archives. */
function namesArchive(dirs: readonly string[]): boolean {
  return dirs.some(isArchiveName);
}

const COMMON_OPTIONS = {
  root: { type: "string", multiple: true },
  workspace: { type: "string" },
  preset: { type: "string" },
  home: { type: "string" },
  "max-manifest-bytes": { type: "string" },
  depth: { type: "string" },
  plugins: { type: "boolean" },
  hidden: { type: "boolean" },
  "untrusted-workspace": { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

/** The flags of a command that makes one registry: the common ones and `--index`. */
const INDEXED_OPTIONS = {
  ...COMMON_OPTIONS,
  index: { type: "string" },
} as const satisfies ParseArgsConfig["options"];

const ROOTS_HELP = `Roots (ascending precedence, the last wins):
  --root DIR        a skill root; repeat for more (relative to the current
                    directory). A root (a DIR too) may carry its own
                    options, over --depth, --hidden and --plugins:
                    depth=N, hidden=read|skip, kind=skills|plugins, then
                    path= and its directory, taken whole:
                      --root kind=plugins,path=./market
                      --root depth=2,hidden=read,path=./openai-skills
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
  --untrusted-workspace
                    do not trust the workspace: its roots (scope workspace,
                    as the presets label them) are neither listed nor read
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
  and a note on stderr saying where it looked. A root named that holds no
  skill, or is a skill directory, fails it (exit 1), as it fails list.`;

const WHY_HELP = `Why:
  NAME              the skill name to explain, as a host would ask for it
  DIR               a root, as --root DIR (after any --root), as for list
  --format FORMAT   the catalog format whose budget is explained (xml, the
                    default, markdown or json)
  --budget CHARS    say whether a catalog of CHARS characters shows the
                    skill in full, shortened, or leaves it out
  --host NAME       whether a host loads the skill at all (and why, as
                    check --host says), then what it lists (its name and
                    description, renamed, collapsed or cut): claude-code,
                    codex, claude-ai, gemini, spec, or all (repeat for more,
                    or give a list: codex,spec)
  Exits 0 when a skill of that name is served, 1 when none is, or when a
  root named is no folder of skills (a skill directory: list its parent).`;

const CHECK_HELP = `Check:
  --strict          warnings fail the check too (exit 1)
  --format FORMAT   text (the default), json (as --json), github (workflow
                    commands for GitHub Actions) or sarif (SARIF 2.1.0)
  --host NAME       hold each skill to a host's rules too: claude-code,
                    codex, claude-ai, gemini, spec, or all (repeat for more,
                    or give a list: codex,spec; all also prints a table of
                    each host's verdict on each skill); each diagnostic
                    names its host and source (docs/hosts.md)
  check reads every manifest by design, so it takes no --index (list,
  catalog, show, path and why do)`;

const LOCK_HELP = `Lock:
  DIR               a root, as --root DIR (after any --root), as for list
  --output FILE     where to write the lock (default: agent-skills.lock.json
                    in the current directory; - for stdout). Nothing is
                    written when a skill cannot be locked (exit 1)`;

const VERIFY_HELP = `Verify:
  DIR               a root, as --root DIR (after any --root), as for list
  --lock FILE       the lock to compare with (default:
                    agent-skills.lock.json in the current directory)
  --format FORMAT   text (the default), json (as --json), github (workflow
                    commands for GitHub Actions) or sarif (SARIF 2.1.0)
  Exits 0 when every served skill matches the lock, 1 when one was added,
  removed or changed, 2 when the lock cannot be read.`;

const PACK_HELP = `Pack:
  DIR               the skill's directory (the one holding its SKILL.md);
                    it must check clean of errors
  --output FILE     where to write the archive (default: NAME.skill in the
                    current directory, NAME the skill's; - for stdout, when
                    it is not a terminal). Nothing is written when the skill
                    cannot be packed (exit 1)
  --layout LAYOUT   folder (the default: the files under a folder named
                    after the skill, as claude.ai takes them) or flat (at
                    the top, as Gemini CLI's packer writes them)
  Leaves out __pycache__, node_modules, *.pyc, .DS_Store and a top-level
  evals/, as Anthropic's packer does; refuses more than 200 files, more
  than 30 MB, a nested .zip or .skill, a .claude-plugin/plugin.json and a
  symlink leading outside the skill. The same files give the same bytes.
  --home DIR        what ~ in DIR expands to`;

const LIST_HELP = `List:
  DIR               a root, as --root DIR (after any --root)
  --wide            descriptions and paths in full, never cut to the width
                    of the terminal (COLUMNS, else the terminal's, else 80)
  --watch           after the listing, watch the roots and print each change
                    (+ added, - removed, ~ changed) until Ctrl-C (exit 0);
                    with --json, JSON Lines: the listing, then one object
                    per change
  --debounce MS     with --watch, wait MS milliseconds of quiet after a
                    change before reading it (default 200)`;

const INDEX_HELP = `Index:
  --index FILE      keep the index of the skills read in FILE, for the next
                    run over the same roots to read only the manifests that
                    changed: FILE is read when it is there, and written
                    again (whole, atomically) after the command when the
                    index changed. Keep it outside every root and skill
                    (refused there, exit 2); a FILE that cannot be read or
                    is no index is said on stderr, and the run reads every
                    manifest`;

/** The output section of a command's help, with what its --json writes. */
function outputHelp(
  json = "one JSON document on stdout, warnings included as data",
): string {
  return `Output:
  --json            ${json}
  -h, --help        this help`;
}

/** The commands, by name, in the order the main help lists them. */
export const COMMANDS: Record<string, Command> = {
  list: {
    usage:
      "agent-skills list [DIR]... [--root DIR]... [--wide] [--watch] [--json]",
    summary:
      "the catalog: every skill, its description and where it comes from",
    help: LIST_HELP,
    options: {
      ...INDEXED_OPTIONS,
      wide: { type: "boolean" },
      watch: { type: "boolean" },
      debounce: { type: "string" },
    },
    positionals: [0, Infinity],
    dirsAt: 0,
    index: true,
    run: async (values, dirs, io, index) =>
      !namesArchive(dirs)
        ? (await import("./list.ts")).list(values, dirs, io, index)
        : index === undefined
        ? (await import("./archive.ts")).listArchives(values, dirs, io)
        : usageError(
          io,
          "option --index keeps the index of skill roots, and an archive is read whole: give no --index with archives",
          { command: "list", asJson: values.json === true },
        ),
  },
  show: {
    usage:
      "agent-skills show NAME [DIR]... [--root DIR]... [--preset NAME] [--json]",
    summary: "one skill: its catalog entry, resources and body",
    help: SHOW_HELP,
    options: INDEXED_OPTIONS,
    positionals: [1, Infinity],
    dirsAt: 1,
    index: true,
    run: async (values, positionals, io, index) =>
      (await import("./show.ts")).show(values, positionals, io, index),
  },
  path: {
    usage:
      "agent-skills path NAME REL [DIR]... [--root DIR]... [--preset NAME]",
    summary: "the confined absolute path of one of a skill's files",
    help: PATH_HELP,
    options: INDEXED_OPTIONS,
    positionals: [2, Infinity],
    dirsAt: 2,
    index: true,
    run: async (values, positionals, io, index) =>
      (await import("./path.ts")).path(values, positionals, io, index),
  },
  catalog: {
    usage:
      "agent-skills catalog [DIR]... [--format F] [--budget N] [--location L]",
    summary: "the catalog text for a model's prompt, fitted to a budget",
    help: CATALOG_HELP,
    json:
      "one JSON document: the text, what was shortened or left\n                    out, and the warnings",
    options: {
      ...INDEXED_OPTIONS,
      format: { type: "string" },
      budget: { type: "string" },
      location: { type: "string" },
    },
    positionals: [0, Infinity],
    dirsAt: 0,
    index: true,
    run: async (values, positionals, io, index) =>
      (await import("./catalog.ts")).catalog(values, positionals, io, index),
  },
  why: {
    usage:
      "agent-skills why NAME [DIR]... [--root DIR]... [--budget CHARS] [--json]",
    summary:
      "why a skill is or is not served: its candidates, near misses, roots",
    help: WHY_HELP,
    options: {
      ...INDEXED_OPTIONS,
      format: { type: "string" },
      budget: { type: "string" },
      host: { type: "string", multiple: true },
    },
    positionals: [1, Infinity],
    dirsAt: 1,
    index: true,
    run: async (values, positionals, io, index) =>
      (await import("./why.ts")).why(values, positionals, io, index),
  },
  check: {
    usage:
      "agent-skills check [DIR]... [--host NAME]... [--strict] [--format F]",
    summary:
      "every problem of every skill under the roots or skill directories",
    help: CHECK_HELP,
    options: {
      ...COMMON_OPTIONS,
      strict: { type: "boolean" },
      format: { type: "string" },
      host: { type: "string", multiple: true },
    },
    positionals: [0, Infinity],
    dirsAt: 0,
    run: async (values, dirs, io) =>
      namesArchive(dirs)
        ? (await import("./archive.ts")).checkWithArchives(values, dirs, io)
        : (await import("./check.ts")).check(values, dirs, io),
  },
  lock: {
    usage: "agent-skills lock [DIR]... [--root DIR]... [--output FILE]",
    summary: "a lock of every served skill: each file's digest and size",
    help: LOCK_HELP,
    json: "one JSON document: the file written and the warnings",
    options: { ...COMMON_OPTIONS, output: { type: "string" } },
    positionals: [0, Infinity],
    dirsAt: 0,
    run: async (values, positionals, io) =>
      (await import("./lock.ts")).lock(values, positionals, io),
  },
  pack: {
    usage:
      "agent-skills pack DIR [--output FILE|-] [--layout folder|flat] [--json]",
    summary: "a skill as a .skill archive, as claude.ai's upload takes it",
    help: PACK_HELP,
    roots: false,
    json: "one JSON document: the file written, the skill and its size",
    options: {
      home: COMMON_OPTIONS.home,
      json: COMMON_OPTIONS.json,
      help: COMMON_OPTIONS.help,
      output: { type: "string" },
      layout: { type: "string" },
    },
    positionals: [1, 1],
    run: async (values, positionals, io) =>
      (await import("./pack.ts")).pack(values, positionals, io),
  },
  verify: {
    usage:
      "agent-skills verify [DIR]... [--lock FILE] [--format text|json|github|sarif]",
    summary:
      "what differs from a lock: skills and files added, removed, changed",
    help: VERIFY_HELP,
    json:
      "one JSON document: ok, the drift, the problems and the\n                    warnings",
    options: {
      ...COMMON_OPTIONS,
      lock: { type: "string" },
      format: { type: "string" },
    },
    positionals: [0, Infinity],
    dirsAt: 0,
    run: async (values, positionals, io) =>
      (await import("./lock.ts")).verify(values, positionals, io),
  },
};

/**
 * The command of that name: only the table's own entries, never what every
 * object inherits (`toString`, `constructor`, `__proto__`).
 */
export function commandNamed(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/** The width of the longest command's name, the column of the summaries. */
const NAME_WIDTH = Math.max(
  ...Object.keys(COMMANDS).map((name) => name.length),
);

/** The main help: every command's usage and summary, and the exit codes. */
export const MAIN_HELP: string =
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
 * A command's help: its usage and summary, then the roots' flags, its own
 * and the output's.
 */
export function commandHelp(command: Command): string {
  const sections = [
    command.roots === false ? undefined : ROOTS_HELP,
    command.help,
    command.index === true ? INDEX_HELP : undefined,
    outputHelp(command.json),
  ];
  return `Usage: ${command.usage}\n\n${command.summary}.\n\n${
    sections.filter((section) => section !== undefined).join("\n")
  }`;
}
