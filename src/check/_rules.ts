/**
 * The spec rules of `checkSkills`, as data: each rule is one entry (code,
 * severity, the spec's sentence, the test, where its finding sits), and
 * docs/checks.md's rules table is generated from this list.
 *
 * @module
 */

import { basename } from "node:path";
import type {
  CheckRule,
  DiagnosticCode,
  DiagnosticSeverity,
} from "./diagnostic.ts";
import { FIELDS, NORMALISED_KEYS } from "../manifest/_fields.ts";
import type { KeyLines } from "../manifest/_lines.ts";
import type { ReadSkill } from "../discovery/_types.ts";
import { bareName } from "../_names.ts";
import type { SkillInfo } from "../skill.ts";

/** The keys the Agent Skills spec defines (the `spec` column of `FIELDS`). */
export const SPEC_KEYS: ReadonlySet<string> = new Set(
  FIELDS.filter((field) => field.spec).map((field) => field.key),
);

/** One breach a rule found: its message, at a key's line or a line of its own. */
export interface Finding {
  readonly message: string;
  /** The frontmatter key whose line the finding is reported at. */
  readonly key?: string;
  /** The 1-based file line, for a finding that is not about one key. */
  readonly line?: number;
}

/** One rule of the Agent Skills spec that a loadable skill is held to, with its test. */
export interface Rule extends CheckRule {
  /**
   * The rule's findings for one skill, none when the skill keeps it; `lines`
   * is where the keys of its frontmatter stand.
   */
  readonly test: (
    skill: ReadSkill,
    lines: KeyLines,
  ) => readonly Finding[];
}

const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;
const MAX_BODY_LINES = 500;

/** Letters and digits of any script, and hyphens: what a name may hold. */
const NAME_CHARACTERS_REGEXP = /^[\p{L}\p{N}-]*$/u;

/** The lines of a file's text, blank ones included; a final newline ends one. */
function lineCount(text: string): number {
  if (text === "") return 0;
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") ? breaks : breaks + 1;
}

/** A string's length as the spec counts it: code points, not UTF-16 units. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A rule about the `name` field, read as the reference validator reads it
 * (NFKC-normalised): the test says whether the name breaks it. The message
 * shows the name as it is (`given`), never its normalised form, which may
 * hide what it holds (U+FF1A is `:` after NFKC).
 */
function nameRule(
  code: DiagnosticCode,
  { spec, breaks, message }: {
    spec: string;
    breaks: (name: string) => boolean;
    message: (name: string, given: string) => string;
  },
): Rule {
  return {
    code,
    severity: "error",
    spec,
    test: ({ info }) => {
      const given = bareName(info);
      const name = given.normalize("NFKC");
      return breaks(name)
        ? [{
          key: "name",
          message: `frontmatter.name: ${message(name, given)}`,
        }]
        : [];
    },
  };
}

/**
 * A rule that a string field, when it is one, is `min` to `max` characters
 * long (a spec requirement: an error).
 */
function lengthRule(
  code: DiagnosticCode,
  { key, min, max, valueOf }: {
    key: string;
    min: number;
    max: number;
    valueOf: (info: SkillInfo) => unknown;
  },
): Rule {
  return {
    code,
    severity: "error",
    spec: min > 1
      ? `\`${key}\` is ${min} to ${max} characters (code points).`
      : min === 1
      ? `\`${key}\`, when present, is 1 to ${max} characters (code points).`
      : `\`${key}\` is at most ${max} characters (code points).`,
    test: ({ info }) => {
      const value = valueOf(info);
      if (typeof value !== "string") return [];
      const length = codePoints(value);
      if (length > max) {
        return [{
          key,
          message:
            `frontmatter.${key}: is ${length} characters long, over the spec's ${max}`,
        }];
      }
      return length < min
        ? [{
          key,
          message:
            `frontmatter.${key}: is empty; the spec wants ${min} to ${max} characters (or leave the key out)`,
        }]
        : [];
    },
  };
}

/** A note for each value discovery read as hosts do (see `src/manifest/_parse.ts`). */
function coercionRule(
  code: "coerced_value" | "empty_field",
  spec: string,
): Rule {
  return {
    code,
    severity: "info",
    spec,
    test: ({ coercions }) =>
      coercions.filter((coercion) => coercion.code === code).map((
        { key, message },
      ) => ({ key, message })),
  };
}

/** A rule that a metadata field, when present, has the expected type. */
function typeRule(
  key: string,
  { accepts, expected, severity }: {
    accepts: (value: unknown) => boolean;
    expected: string;
    severity: DiagnosticSeverity;
  },
): Rule {
  return {
    code: "field_type",
    severity,
    spec: `\`${key}\`, when present, is ${expected}.`,
    test: ({ info }) => {
      const value = info.metadata[key];
      return value === undefined || accepts(value)
        ? []
        : [{ key, message: `frontmatter.${key}: expected ${expected}` }];
    },
  };
}

function isStringMap(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === "string");
}

function isString(value: unknown): boolean {
  return typeof value === "string";
}

/** A rule on the manifest's file name, for the names `breaks` picks. */
function manifestNameRule(
  { severity, spec, breaks, why }: {
    severity: DiagnosticSeverity;
    spec: string;
    breaks: (name: string) => boolean;
    why: string;
  },
): Rule {
  return {
    code: "manifest_name",
    severity,
    spec,
    test: ({ info }) => {
      const name = basename(info.path);
      return breaks(name)
        ? [{ line: 1, message: `the manifest is named ${name}: ${why}` }]
        : [];
    },
  };
}

/** Every spec rule, in the order its findings are listed for one line. */
export const RULES: readonly Rule[] = [
  manifestNameRule({
    severity: "error",
    spec: "The manifest is named `SKILL.md`.",
    breaks: (name) => name !== "SKILL.md" && name !== "skill.md",
    why:
      "the reference validator reads only SKILL.md (or skill.md), and Codex and Claude Code only SKILL.md, so other hosts miss this skill; rename it SKILL.md",
  }),
  manifestNameRule({
    severity: "warning",
    spec: "The manifest is named `SKILL.md`, not `skill.md`.",
    breaks: (name) => name === "skill.md",
    why:
      "the reference validator accepts it, but Codex and Claude Code read only SKILL.md; rename it SKILL.md",
  }),
  nameRule("name_length", {
    spec:
      `\`name\` is at most ${MAX_NAME} characters (code points, after NFKC).`,
    breaks: (name) => codePoints(name) > MAX_NAME,
    message: (name) =>
      `is ${codePoints(name)} characters long, over the spec's ${MAX_NAME}`,
  }),
  nameRule("name_case", {
    spec: "`name` is lower case (in any script).",
    breaks: (name) => name !== name.toLowerCase(),
    message: (_, given) =>
      `"${given}" has upper-case letters; the spec allows lower case only`,
  }),
  nameRule("name_characters", {
    spec: "`name` has only letters and digits (of any script) and hyphens.",
    breaks: (name) => !NAME_CHARACTERS_REGEXP.test(name),
    message: (_, given) =>
      `"${given}" has characters other than letters, digits and -`,
  }),
  nameRule("name_hyphens", {
    spec: "`name` does not start or end with a hyphen or hold `--`.",
    breaks: (name) =>
      name.startsWith("-") || name.endsWith("-") || name.includes("--"),
    message: (_, given) =>
      `"${given}" starts or ends with a hyphen or has two in a row`,
  }),
  lengthRule("description_length", {
    key: "description",
    min: 0,
    max: MAX_DESCRIPTION,
    valueOf: (info) => info.description,
  }),
  // The spec says a license is a short string; hosts do not check it.
  typeRule("license", {
    accepts: isString,
    expected: "a string",
    severity: "warning",
  }),
  typeRule("compatibility", {
    accepts: isString,
    expected: "a string",
    severity: "error",
  }),
  lengthRule("compatibility_length", {
    key: "compatibility",
    min: 1,
    max: MAX_COMPATIBILITY,
    valueOf: (info) => info.metadata["compatibility"],
  }),
  typeRule("metadata", {
    accepts: isStringMap,
    expected: "a map of strings to strings",
    severity: "error",
  }),
  {
    code: "allowed_tools_list",
    severity: "info",
    spec:
      "`allowed-tools` is a space-separated string (`Bash(git:*) Read`), not a YAML list.",
    test: ({ frontmatter, coercions }, lines) => {
      if (!lines.startsLine("allowed-tools")) return [];
      // Empty, it is absent (an empty_field note), not a list.
      if (coercions.some((c) => c.key === "allowed-tools")) return [];
      const line = lines.lineOf("allowed-tools");
      const text = frontmatter.split("\n")[line - 2] ?? "";
      const value = text.slice(text.indexOf(":") + 1).trim();
      return value === "" || value.startsWith("[")
        ? [{
          key: "allowed-tools",
          message:
            "frontmatter.allowed-tools: a YAML list; the spec writes a space-separated string (this library reads both)",
        }]
        : [];
    },
  },
  {
    code: "body_length",
    severity: "info",
    spec:
      `\`SKILL.md\` is under ${MAX_BODY_LINES} lines, blank lines included (detail goes in \`references/\`).`,
    test: ({ source }) => {
      const lines = lineCount(source);
      return lines > MAX_BODY_LINES
        ? [{
          line: MAX_BODY_LINES + 1,
          message:
            `SKILL.md is ${lines} lines long; the spec advises under ${MAX_BODY_LINES} (move detail into references/)`,
        }]
        : [];
    },
  },
  {
    code: "shell_command",
    severity: "info",
    spec:
      "A `` !`command` `` in the body is run by Claude Code before the model reads the skill; other hosts show it as written, and this library never runs it.",
    test: ({ source }) => shellCommands(source),
  },
  coercionRule(
    "coerced_value",
    'A string field holds a string (`name: 2048` is read as "2048"), a boolean field `true` or `false` (`no` is read as false).',
  ),
  coercionRule(
    "empty_field",
    "An optional field has a value or is left out; an empty one (`license:`) is read as absent.",
  ),
  {
    code: "unknown_field",
    severity: "info",
    spec: "The frontmatter holds only the spec's fields: " +
      [...SPEC_KEYS].map((key) => `\`${key}\``).join(", ") + ".",
    test: ({ info }, lines) =>
      frontmatterKeys(Object.keys(info.metadata), lines)
        .filter((key) => !SPEC_KEYS.has(key))
        .map((key) => ({
          key,
          message: `frontmatter.${key}: not an Agent Skills spec field (${
            whereKept(key)
          })`,
        })),
  },
];

/**
 * The frontmatter keys of a skill: those kept in metadata, then each key
 * with a property of its own that stands in the YAML (a key's line is 1,
 * the fence, only when it is absent).
 */
export function frontmatterKeys(
  metadataKeys: string[],
  lines: KeyLines,
): string[] {
  const normalised = [...NORMALISED_KEYS].filter((key) =>
    lines.startsLine(key)
  );
  return [...metadataKeys, ...normalised];
}

/** Where a key's value goes: its own property, or metadata. */
function whereKept(key: string): string {
  const property = FIELDS.find((field) => field.key === key)?.property;
  return property === undefined ? "kept in metadata" : `read as ${property}`;
}

/**
 * A note at each `` !`command` `` of a manifest's body (after the closing
 * fence), naming the command.
 */
function shellCommands(source: string): Finding[] {
  const lines = source.split(/\r?\n/);
  const close = lines.findIndex((line, index) =>
    index > 0 && /^---[ \t]*$/.test(line)
  );
  const findings: Finding[] = [];
  lines.forEach((line, index) => {
    if (index <= close) return;
    for (const match of line.matchAll(/!`([^`]+)`/g)) {
      findings.push({
        line: index + 1,
        message: `!\`${
          match[1]
        }\` runs a shell command in Claude Code before the model reads the skill; this library leaves it as written and never runs it`,
      });
    }
  });
  return findings;
}
