/**
 * A manifest's text in, its normalised fields and body out: split the `---`
 * fence, parse the YAML (repairing one unquoted colon when asked), validate
 * it with {@linkcode skillFrontmatterSchema} and fill the fields of the
 * fields table. Pure: no I/O.
 *
 * @module
 */

import { load, YAMLException } from "js-yaml";
import type { z } from "zod";
import { SkillError } from "./errors.ts";
import { type JsonValue, skillFrontmatterSchema } from "./frontmatter.ts";
import {
  type _FieldValues,
  _fieldValues,
  _NORMALISED_KEYS,
} from "./_fields.ts";

/** The most values a frontmatter may expand to (YAML aliases multiply them). */
const MAX_FRONTMATTER_VALUES = 100_000;
const MAX_YAML_ALIASES = 1_000;

/** One problem that makes a manifest unusable, at its file position. */
export interface _ManifestProblem {
  readonly line: number;
  readonly column?: number | undefined;
  readonly message: string;
}

/** `invalid_skill` for one manifest, with each of its problems. */
export class _InvalidManifest extends SkillError {
  /** Every problem found, in file order of discovery; never empty. */
  readonly problems: readonly _ManifestProblem[];

  /**
   * @param path The manifest's path.
   * @param problems Every problem found; the first positions the error.
   */
  constructor(
    path: string,
    problems: readonly _ManifestProblem[],
  ) {
    const first = problems[0] ?? { line: 1, message: "unusable manifest" };
    const where = first.column === undefined
      ? `${path}:${first.line}`
      : `${path}:${first.line}:${first.column}`;
    super(
      "invalid_skill",
      `Invalid skill manifest ${where}: ${
        problems.map((p) => p.message).join("; ")
      }`,
      { path, line: first.line, column: first.column },
    );
    this.problems = problems;
  }
}

/** A top-level line whose unquoted `: ` was quoted to make the YAML parse. */
export interface _Repair {
  /** The 1-based file line. */
  readonly line: number;
  /** The key on that line. */
  readonly key: string;
  /** The line as it should be written. */
  readonly quoted: string;
}

/** A manifest, parsed: the normalised frontmatter fields and the body. */
export interface _ParsedManifest extends _FieldValues {
  /** Set when the YAML parsed only after quoting one value (repair mode). */
  repaired?: _Repair;
  /** The frontmatter's YAML text, as it stands between the fences. */
  yaml: string;
  /** Every frontmatter key without a property of its own, as JSON data. */
  metadata: { readonly [key: string]: JsonValue };
  /** The markdown after the closing fence, trimmed. */
  body: string;
}

/**
 * Parses a manifest's text.
 *
 * @param text The file's content, decoded.
 * @param path The file's path, for error messages.
 * @param repair Whether to retry a YAML error by quoting one unquoted colon.
 * @throws {SkillError} `invalid_skill`, naming the path, the line (and the
 * column, for YAML) and what was expected.
 */
export function _parseManifest(
  text: string,
  path: string,
  repair = false,
): _ParsedManifest {
  const { yaml, body } = _splitFence(text, path);
  const { data, repaired } = _parseYaml(yaml, path, repair);
  const result = skillFrontmatterSchema.safeParse(data);
  if (!result.success) throw _schemaError(result.error, yaml, path);
  const parsed: _ParsedManifest = {
    yaml,
    ..._fieldValues(result.data),
    metadata: _metadataOf(data),
    body,
  };
  return repaired === undefined ? parsed : { ...parsed, repaired };
}

/**
 * An optional BOM, `---` (trailing blanks allowed), the YAML lazily up to the
 * first line that is `---` alone, then the body. Line endings are already LF.
 */
const FENCE_REGEXP = /^\uFEFF?---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;
/** The opening fence alone: the file starts a block that nothing closes. */
const OPENING_FENCE_REGEXP = /^\uFEFF?---[ \t]*(?:\n|$)/;

function _splitFence(
  text: string,
  path: string,
): { yaml: string; body: string } {
  const normalised = text.includes("\r") ? text.replace(/\r\n/g, "\n") : text;
  const match = FENCE_REGEXP.exec(normalised);
  if (match === null) {
    const opens = OPENING_FENCE_REGEXP.test(normalised);
    throw _invalid(path, [{
      line: 1,
      message: opens
        ? "unclosed frontmatter: no line with --- alone closes the block opened on line 1"
        : "missing frontmatter: the file must start with a --- line, then YAML, then a --- line",
    }]);
  }
  return {
    yaml: match[1] ?? "",
    body: normalised.slice(match[0].length).trim(),
  };
}

function _parseYaml(
  yaml: string,
  path: string,
  repair: boolean,
): { data: { [key: string]: JsonValue }; repaired?: _Repair } {
  if (yaml.trim() === "") {
    throw _invalid(path, [{
      line: 2,
      message:
        "empty frontmatter: expected a YAML mapping with name and description",
    }]);
  }
  let data: unknown;
  let repaired: _Repair | undefined;
  try {
    data = load(yaml, { maxAliases: MAX_YAML_ALIASES });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const fix = _unquotedColon(yaml, error);
    const retried = repair && fix !== undefined
      ? _tryLoad(fix.yaml)
      : undefined;
    if (retried === undefined) {
      // Positions are relative to the YAML; the fence line comes first.
      const line = error.mark === undefined ? 2 : error.mark.line + 2;
      const column = error.mark === undefined
        ? undefined
        : error.mark.column + 1;
      const hint = fix === undefined ? "" : ` (${_quoteHint(fix.repair)})`;
      throw _invalid(path, [{
        line,
        column,
        message: `invalid YAML: ${_yamlReason(yaml, error)}${hint}`,
      }]);
    }
    data = retried.data;
    repaired = fix?.repair;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    const kind = Array.isArray(data)
      ? "a list"
      : data === null
      ? "null"
      : `a ${typeof data}`;
    throw _invalid(path, [{
      line: 2,
      message:
        `frontmatter must be a YAML mapping of key: value lines, got ${kind}`,
    }]);
  }
  const budget = { left: MAX_FRONTMATTER_VALUES };
  const json = _toJson(data, budget);
  if (budget.left < 0) {
    throw _invalid(path, [{
      line: 2,
      message:
        `frontmatter expands to more than ${MAX_FRONTMATTER_VALUES} values (through YAML aliases?)`,
    }]);
  }
  const result = { data: json as { [key: string]: JsonValue } };
  return repaired === undefined ? result : { ...result, repaired };
}

/** js-yaml's reason, with the key named for a duplicate key. */
function _yamlReason(yaml: string, error: YAMLException): string {
  if (error.reason !== "duplicated mapping key" || error.mark === undefined) {
    return error.reason;
  }
  const key = _keyOf(yaml.split("\n")[error.mark.line] ?? "");
  return key === undefined ? error.reason : `duplicated mapping key "${key}"`;
}

function _tryLoad(yaml: string): { data: unknown } | undefined {
  try {
    return { data: load(yaml, { maxAliases: MAX_YAML_ALIASES }) };
  } catch {
    return undefined;
  }
}

/** The start of a top-level `key: value` line: the key, `:` and blanks. */
const KEY_REGEXP = /^([A-Za-z0-9_.-]+):[ \t]+/;

/** The first characters that make a YAML value other than a plain scalar. */
const NON_PLAIN_STARTS: ReadonlySet<string> = new Set(" \t\"'[{|>&*!%@`#");

/**
 * A top-level `key: value` line whose value is plain (not quoted, not a block
 * or flow), trailing blanks cut. Linear in the line's length: one anchored
 * match with no nested quantifiers, then a scan back over the blanks.
 */
function _plainLine(line: string): { key: string; value: string } | undefined {
  const match = KEY_REGEXP.exec(line);
  const key = match?.[1];
  if (match === null || key === undefined) return undefined;
  let end = line.length;
  while (
    end > match[0].length && (line[end - 1] === " " || line[end - 1] === "\t")
  ) {
    end--;
  }
  const value = line.slice(match[0].length, end);
  if (value === "" || NON_PLAIN_STARTS.has(value[0] ?? "")) return undefined;
  return { key, value };
}

/**
 * When a YAML error sits on a top-level `key: value` line whose plain value
 * contains `: ` (`description: Use when: the user asks`), the YAML with that
 * one value double-quoted. Nothing else is ever repaired, and only the line
 * the error is on is looked at.
 */
function _unquotedColon(
  yaml: string,
  error: YAMLException,
): { yaml: string; repair: _Repair } | undefined {
  const index = error.mark?.line;
  if (index === undefined) return undefined;
  const lines = yaml.split("\n");
  const plain = _plainLine(lines[index] ?? "");
  if (plain === undefined || !plain.value.includes(": ")) return undefined;
  const { key, value } = plain;
  const quoted = `${key}: ${JSON.stringify(value)}`;
  lines[index] = quoted;
  return { yaml: lines.join("\n"), repair: { line: index + 2, key, quoted } };
}

/** How to write the line so that no repair is needed. */
export function _quoteHint(repair: _Repair): string {
  const shown = repair.quoted.length > 70
    ? `${repair.quoted.slice(0, 69)}…`
    : repair.quoted;
  return `the value of "${repair.key}" contains ": ", so YAML reads it as a nested key; quote it: ${shown}`;
}

/**
 * Copies parsed YAML into frozen plain JSON data. Aliases become copies, so
 * the result is a tree; the budget caps how large that tree may get. Numbers
 * JSON cannot hold (`.inf`, `.nan`) become their YAML spelling.
 */
function _toJson(value: unknown, budget: { left: number }): JsonValue {
  if (--budget.left < 0) return null;
  if (typeof value === "number" && !Number.isFinite(value)) {
    return Number.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  }
  if (typeof value !== "object" || value === null) {
    return value as string | number | boolean | null;
  }
  if (Array.isArray(value)) {
    return Object.freeze(
      value.map((item) => _toJson(item, budget)),
    ) as JsonValue[];
  }
  const entries = Object.entries(value).map((
    [key, item],
  ) => [key, _toJson(item, budget)]);
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.freeze(Object.fromEntries(entries));
}

function _metadataOf(
  data: { [key: string]: JsonValue },
): { readonly [key: string]: JsonValue } {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(data).filter(([key]) => !_NORMALISED_KEYS.has(key)),
    ),
  );
}

function _schemaError(
  error: z.ZodError,
  yaml: string,
  path: string,
): _InvalidManifest {
  return _invalid(
    path,
    error.issues.map((issue) => {
      const key = issue.path[0];
      return {
        line: typeof key === "string" ? _lineOfKey(yaml, key) : 1,
        message: _describeIssue(issue),
      };
    }),
  );
}

function _describeIssue(issue: z.core.$ZodIssue): string {
  // A union reports each branch; show the branch that matched the input's kind.
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const nested = issue.errors.find((branch) =>
      branch.some((inner) => inner.path.length > 0)
    );
    const inner = nested?.[0];
    if (inner !== undefined) {
      return _describeIssue({ ...inner, path: [...issue.path, ...inner.path] });
    }
  }
  const message = issue.message.replace(/^Invalid input: /, "");
  return `${_fieldPath(issue.path)}: ${message}`;
}

function _fieldPath(path: readonly PropertyKey[]): string {
  let text = "frontmatter";
  for (const part of path) {
    text += typeof part === "number" ? `[${part}]` : `.${String(part)}`;
  }
  return text;
}

/** The frontmatter whose key lines were indexed last, and that index. */
let indexed:
  | {
    yaml: string;
    lines: ReadonlyMap<string, number>;
    inner?: ReadonlyMap<string, number>;
  }
  | undefined;

/**
 * The 1-based file line of a top-level key, or the fence line when absent.
 * The lines of one frontmatter are indexed once (checks ask about many keys
 * of the same skill in a row), so asking about every key stays linear.
 */
export function _lineOfKey(yaml: string, key: string): number {
  const line = _keyIndex(yaml).lines.get(key);
  if (line !== undefined) return line;
  // A key that starts no line: inside a flow mapping (`{name: x}`), say.
  const index = _keyIndex(yaml);
  index.inner ??= _innerKeyLines(yaml);
  return index.inner.get(key) ?? 1;
}

/** Whether a top-level line of the frontmatter starts with `key`. */
export function _startsLine(yaml: string, key: string): boolean {
  return _keyIndex(yaml).lines.has(key);
}

function _keyIndex(yaml: string): NonNullable<typeof indexed> {
  if (indexed?.yaml !== yaml) indexed = { yaml, lines: _keyLines(yaml) };
  return indexed;
}

/**
 * Each `key:` (plain or quoted) anywhere on a line, at the first line that
 * holds it: the fallback for keys of a flow mapping. Built once per
 * frontmatter, and only when a lookup misses.
 */
function _innerKeyLines(yaml: string): Map<string, number> {
  const lines = new Map<string, number>();
  yaml.split("\n").forEach((text, index) => {
    for (const [, quoted, plain] of text.matchAll(INNER_KEY_REGEXP)) {
      const key = quoted ?? plain;
      if (key !== undefined && !lines.has(key)) lines.set(key, index + 2);
    }
  });
  return lines;
}

/** A key inside a line: `"key":`, `'key':` or `key:` after `{`, `,` or a blank. */
const INNER_KEY_REGEXP = /(?:^|[{,\s])(?:["']([^"'\n]*)["']|([\w.-]+))\s*:/g;

/**
 * The key each top-level line starts, at the first line that starts it:
 * `"key"` or `'key'` quoted, else the text before the line's first `: ` (or
 * its final `:`), less trailing blanks, as YAML reads a plain key.
 */
function _keyLines(yaml: string): Map<string, number> {
  const lines = new Map<string, number>();
  yaml.split("\n").forEach((text, index) => {
    const key = _keyOf(text);
    // The fence line comes first.
    if (key !== undefined && !lines.has(key)) lines.set(key, index + 2);
  });
  return lines;
}

function _keyOf(line: string): string | undefined {
  const quote = line[0];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, 1);
    return close === -1 ? undefined : line.slice(1, close);
  }
  const indicator = line.indexOf(": ");
  const end = indicator !== -1
    ? indicator
    : line.endsWith(":")
    ? line.length - 1
    : -1;
  return end === -1 ? undefined : line.slice(0, end).trimEnd();
}

/**
 * Builds the error for an unusable manifest: positioned at its first
 * problem, with every problem in the message and in `problems`.
 */
function _invalid(
  path: string,
  problems: readonly _ManifestProblem[],
): _InvalidManifest {
  return new _InvalidManifest(path, problems);
}
