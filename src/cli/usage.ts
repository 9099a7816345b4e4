/**
 * The usage errors: what is wrong with a command line (an unknown option, a
 * missing value, a bad count, the wrong number of arguments), in the flag's
 * own words, and how such an error is printed.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { closest } from "../_names.ts";
import { json } from "./json.ts";
import type { Output } from "./output.ts";
import {
  CATALOG_FORMATS,
  CATALOG_LOCATIONS,
  FORMATS,
  HOST_CHOICES,
  hostNamesGiven,
  PRESETS,
} from "./args.ts";
import { USAGE, type Values } from "./types.ts";

/**
 * Prints a usage error (one JSON document when JSON was asked for) with the
 * help to run, and returns the usage exit code.
 */
export function usageError(
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
export function argumentProblem(
  error: unknown,
  { command, options, args }: {
    command: string;
    options: NonNullable<ParseArgsConfig["options"]>;
    args: readonly string[];
  },
): string {
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
      // --host is a flag of check and why: not a misspelt --root.
      if (token.name === "host") {
        return `unknown option ${token.rawName}: ${command} has no host profiles; use agent-skills check --host or agent-skills why NAME --host`;
      }
      // --index is for the commands that make one registry.
      if (token.name === "index") {
        return `unknown option ${token.rawName}: ${command} reads every ${
          command === "pack" ? "file of its skill" : "manifest"
        } by design, so it keeps no index (--index is for list, catalog, show, path and why)`;
      }
      const known = Object.keys(options).map((name) => `--${name}`);
      return `unknown option ${token.rawName}${hint(token.rawName, known)}`;
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
      return valueProblem({ [token.name]: token.value }, command) ??
        `option ${token.rawName} got "${token.value}", which reads as an option: write ${token.rawName}=${token.value} if it is the value`;
    }
    if (type === "boolean" && token.value !== undefined) {
      return `option ${token.rawName} takes no value`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

/**
 * The verbs of the Agent Skills reference validator (`skills-ref`), each
 * with the command of ours that does the same.
 */
const REFERENCE_VERBS: Readonly<Record<string, string>> = {
  validate:
    "agent-skills check SKILLDIR checks a skill's directory (or a root of them) against the spec",
  "to-prompt":
    "agent-skills catalog ROOT writes the <available_skills> block of the skills in ROOT, the folder that holds their directories",
  "read-properties":
    "agent-skills show NAME ROOT --json gives a skill's properties, ROOT the folder that holds its directory",
};

/**
 * What is said of a command we do not have: the reference validator's verb
 * with ours, or the closest of ours.
 */
export function unknownCommand(name: string, commands: string[]): string {
  const ours = Object.hasOwn(REFERENCE_VERBS, name)
    ? REFERENCE_VERBS[name]
    : undefined;
  return ours === undefined
    ? `unknown command "${name}"${hint(name, commands)}`
    : `unknown command "${name}": that is the reference validator's (skills-ref ${name}); here, ${ours}`;
}

/** ", did you mean X?" for the closest candidate within edit distance 2. */
export function hint(given: string, candidates: string[]): string {
  const [best] = closest(given, candidates, { max: 2, limit: 1 });
  return best === undefined ? "" : ` (did you mean ${best}?)`;
}

/** How many arguments a command takes, in words: "at least 1 argument". */
export function countText(min: number, max: number): string {
  if (max === 0) return "no arguments";
  if (min === max) return min === 1 ? "1 argument" : `${min} arguments`;
  if (max === Infinity) {
    return `at least ${min === 1 ? "1 argument" : `${min} arguments`}`;
  }
  return `${min} to ${max} arguments`;
}

/** What is wrong with an option's value, in the flag's own words. */
export function valueProblem(
  values: Values,
  command: string,
): string | undefined {
  const formats = command === "catalog" || command === "why"
    ? CATALOG_FORMATS
    : FORMATS;
  if (values.format !== undefined && !formats.includes(values.format)) {
    return `unknown format "${values.format}" (one of ${formats.join(", ")})`;
  }
  for (const flag of ["output", "lock", "index"] as const) {
    if (values[flag] === "") {
      return `option --${flag} takes a file name, got ""`;
    }
  }
  if (values.index === "-") {
    return `option --index takes a file to read and write again, not - (standard input or output); a file named - is ./-`;
  }
  if (
    values.location !== undefined &&
    !CATALOG_LOCATIONS.includes(values.location)
  ) {
    return `option --location takes ${CATALOG_LOCATIONS.join(", ")}, got ${
      JSON.stringify(values.location)
    }`;
  }
  if (
    values.layout !== undefined && values.layout !== "folder" &&
    values.layout !== "flat"
  ) {
    return `option --layout takes folder or flat, got ${
      JSON.stringify(values.layout)
    }`;
  }
  const budget = countProblem("budget", values.budget, "characters", 0);
  if (budget !== undefined) return budget;
  if (values.preset !== undefined && !Object.hasOwn(PRESETS, values.preset)) {
    return `unknown preset "${values.preset}" (one of ${
      Object.keys(PRESETS).join(", ")
    })`;
  }
  const host = hostNamesGiven(values).find((name) =>
    !HOST_CHOICES.includes(name)
  );
  if (host !== undefined) {
    return `unknown host ${JSON.stringify(host)}${
      hint(host, [...HOST_CHOICES])
    } (one of ${HOST_CHOICES.join(", ")})`;
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
