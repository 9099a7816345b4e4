/**
 * A manifest's text in, its normalised fields and body out: split the `---`
 * fence, parse the YAML (repairing the top-level lines authors get wrong,
 * when asked), read the harmless typing of YAML 1.2 as hosts do, validate
 * against the fields table and fill its fields. Pure: no I/O.
 *
 * @module
 */

import { load, YAMLException } from "js-yaml";
import { SkillError } from "./errors.ts";
import { _simpleYaml } from "./_simple_yaml.ts";
import type { JsonValue } from "./skill.ts";
import {
  _fieldProblems,
  _FIELDS,
  type _FieldValues,
  _fieldValues,
  _NORMALISED_KEYS,
  _validFields,
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

/**
 * What was wrong with a top-level line that YAML refused: a plain value with
 * `: ` in it (`colon`), a value that starts with a character YAML reserves
 * (`indicator`: `@` or a backtick), a flow list or mapping with more text
 * after it (`flow_text`: `[file] [options]`), or a quoted value that goes on
 * at column 0 (`continuation`).
 */
export type _RepairKind = "colon" | "indicator" | "flow_text" | "continuation";

/** A top-level line changed (quoted, or its value indented) so that the YAML parses. */
export interface _Repair {
  readonly kind: _RepairKind;
  /** The 1-based file line YAML failed at. */
  readonly line: number;
  /** The key whose value was repaired. */
  readonly key: string;
  /** The key's line as it should be written, on one line. */
  readonly fix: string;
}

/** A plain value that YAML cut at ` #`, reading the rest as a comment. */
export interface _Truncation {
  /** The 1-based file line. */
  readonly line: number;
  readonly key: string;
  /** What YAML kept. */
  readonly kept: string;
  /** The line as it should be written if the rest is part of the value. */
  readonly fix: string;
}

/**
 * A value read other than as YAML 1.2 types it, as the reference validator
 * and Claude Code read it: a scalar where a string is wanted, a YAML 1.1
 * boolean, an empty optional field (absent).
 */
export interface _Coercion {
  readonly code: "coerced_value" | "empty_field";
  readonly key: string;
  readonly message: string;
}

/** A manifest, parsed: the normalised frontmatter fields and the body. */
export interface _ParsedManifest extends _FieldValues {
  /** The lines repaired so that the YAML parses (repair mode), in order. */
  repairs: readonly _Repair[];
  /** The plain values YAML cut at ` #`. */
  truncations: readonly _Truncation[];
  /** The values read as hosts read them, not as YAML 1.2 types them. */
  coercions: readonly _Coercion[];
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
 * @param repair Whether to retry a YAML error by repairing the line it is on.
 * @throws {SkillError} `invalid_skill`, naming the path, the line (and the
 * column, for YAML) and what was expected.
 */
export function _parseManifest(
  text: string,
  path: string,
  repair = false,
): _ParsedManifest {
  const { yaml, body } = _splitFence(text, path);
  const { data: parsed, repairs, aliased } = _parseYaml(yaml, path, repair);
  // Coerced as YAML typed it (a float word is still a number), then made
  // JSON data, each value counted and its depth checked.
  const { data: coerced, coercions } = _coerce(parsed, yaml);
  const data = _jsonData(coerced, { aliased, path });
  return {
    yaml,
    ..._fieldValues(_validFields(data) ?? _invalidFields(data, yaml, path)),
    metadata: _metadataOf(data),
    body,
    // Most manifests have none: one shared empty list, not three per skill.
    repairs: _orNone(repairs),
    truncations: _orNone(_truncations(yaml, data)),
    coercions: _orNone(coercions),
  };
}

const NONE: readonly never[] = Object.freeze([]);

function _orNone<T>(items: readonly T[]): readonly T[] {
  return items.length === 0 ? NONE : items;
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

/** The most lines one manifest may have repaired. */
const MAX_REPAIRS = 10;

function _parseYaml(
  yaml: string,
  path: string,
  repair: boolean,
): {
  data: { readonly [key: string]: unknown };
  repairs: readonly _Repair[];
  aliased: boolean;
} {
  if (yaml.trim() === "") {
    throw _invalid(path, [{
      line: 2,
      message:
        "empty frontmatter: expected a YAML mapping with name and description",
    }]);
  }
  // The frontmatter most skills have needs no YAML parser: a tree of strings.
  const simple = _simpleYaml(yaml);
  const { data, repairs, current } = simple === undefined
    ? _loadYaml(yaml, path, repair)
    : { data: simple, repairs: NONE, current: yaml };
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
  // Without an anchor there is no alias: the YAML is a tree already.
  return {
    data: data as { readonly [key: string]: unknown },
    repairs,
    aliased: simple === undefined && current.includes("&"),
  };
}

/** How deep YAML may nest, counted through aliases: js-yaml's own limit. */
const MAX_DEPTH = 100;

/**
 * Parsed YAML as frozen JSON data: a tree of at most
 * {@linkcode MAX_FRONTMATTER_VALUES} values nested at most
 * {@linkcode MAX_DEPTH} levels, both counted with each alias expanded. A tree
 * without an alias is frozen where it stands; one with aliases is copied,
 * each alias apart.
 */
function _jsonData(
  data: { readonly [key: string]: unknown },
  { aliased, path }: { aliased: boolean; path: string },
): { [key: string]: JsonValue } {
  const walk: _Walk = { left: MAX_FRONTMATTER_VALUES, deepest: 0 };
  const json =
    (aliased ? _toJson(data, walk, 1) : _frozenTree(data, walk, 1)) as {
      [key: string]: JsonValue;
    };
  if (walk.deepest > MAX_DEPTH) {
    throw _invalid(path, [{
      line: 2,
      message: `frontmatter nests deeper than ${MAX_DEPTH} levels${
        aliased ? ", counted through its YAML aliases" : ""
      }`,
    }]);
  }
  if (walk.left < 0) {
    throw _invalid(path, [{
      line: 2,
      message: `frontmatter holds more than ${MAX_FRONTMATTER_VALUES} values${
        aliased ? " once its YAML aliases are expanded" : ""
      } (each mapping, list, key's value and list item counts one)`,
    }]);
  }
  return json;
}

/** What a walk over parsed YAML has left to spend, and how deep it went. */
interface _Walk {
  left: number;
  deepest: number;
}

/**
 * What js-yaml reads of the frontmatter, repairing the line each error is on
 * (when asked) until it parses, and the YAML as repaired.
 */
function _loadYaml(
  yaml: string,
  path: string,
  repair: boolean,
): { data: unknown; repairs: readonly _Repair[]; current: string } {
  let current = yaml;
  const repairs: _Repair[] = [];
  for (;;) {
    try {
      const data = load(current, { maxAliases: MAX_YAML_ALIASES });
      return { data, repairs, current };
    } catch (error) {
      if (!(error instanceof YAMLException)) throw error;
      const fix = repairs.length < MAX_REPAIRS
        ? _repairFor(current, error)
        : undefined;
      if (!repair || fix === undefined) {
        throw _yamlError(path, current, error, fix);
      }
      current = fix.yaml;
      repairs.push(fix.repair);
    }
  }
}

/** `invalid_skill` for a YAML error, with the hint of the repair it needs. */
function _yamlError(
  path: string,
  yaml: string,
  error: YAMLException,
  fix: { repair: _Repair } | undefined,
): _InvalidManifest {
  // Positions are relative to the YAML; the fence line comes first.
  const line = error.mark === undefined ? 2 : error.mark.line + 2;
  const column = error.mark === undefined ? undefined : error.mark.column + 1;
  const hint = fix === undefined ? "" : ` (${_repairHint(fix.repair)})`;
  return _invalid(path, [{
    line,
    column,
    message: `invalid YAML: ${_yamlReason(yaml, error)}${hint}`,
  }]);
}

/** js-yaml's reason, with the key named for a duplicate key. */
function _yamlReason(yaml: string, error: YAMLException): string {
  if (error.reason !== "duplicated mapping key" || error.mark === undefined) {
    return error.reason;
  }
  const key = _keyOf(yaml.split("\n")[error.mark.line] ?? "");
  return key === undefined ? error.reason : `duplicated mapping key "${key}"`;
}

/** The start of a top-level `key: value` line: the key, `:` and blanks. */
const KEY_REGEXP = /^([A-Za-z0-9_.-]+):[ \t]+/;

/** The first characters that make a YAML value other than a plain scalar. */
const NON_PLAIN_STARTS: ReadonlySet<string> = new Set(" \t\"'[{|>&*!%@`#");

/**
 * A top-level `key: value` line: the key and the value's text, trailing
 * blanks cut. Linear in the line's length: one anchored match with no nested
 * quantifiers, then a scan back over the blanks.
 */
function _keyLine(line: string): { key: string; value: string } | undefined {
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
  return value === "" ? undefined : { key, value };
}

/** A top-level `key: value` line whose value is plain (not quoted, not a block or flow). */
function _plainLine(line: string): { key: string; value: string } | undefined {
  const found = _keyLine(line);
  return found === undefined || NON_PLAIN_STARTS.has(found.value[0] ?? "")
    ? undefined
    : found;
}

/**
 * The repair for a YAML error, on the line the error is on: that one value
 * double-quoted, or the continuation lines of a quoted value indented.
 * Nothing else is ever repaired: never a nested key, a block scalar or a
 * value that is already quoted.
 */
function _repairFor(
  yaml: string,
  error: YAMLException,
): { yaml: string; repair: _Repair } | undefined {
  const index = error.mark?.line;
  if (index === undefined) return undefined;
  const lines = yaml.split("\n");
  const fix = _quotedLine(lines, index) ?? _indented(lines, index);
  if (fix === undefined) return undefined;
  for (const [at, text] of fix.lines) lines[at] = text;
  return {
    yaml: lines.join("\n"),
    repair: { kind: fix.kind, line: index + 2, key: fix.key, fix: fix.fix },
  };
}

interface _LineFix {
  kind: _RepairKind;
  key: string;
  fix: string;
  /** The lines to replace, by index. */
  lines: Array<[number, string]>;
}

/** A top-level line whose value YAML refuses, with that value double-quoted. */
function _quotedLine(
  lines: readonly string[],
  index: number,
): _LineFix | undefined {
  const found = _keyLine(lines[index] ?? "");
  if (found === undefined) return undefined;
  const { key, value } = found;
  const kind = _quoteKind(value);
  if (kind === undefined) return undefined;
  const fix = `${key}: ${JSON.stringify(value)}`;
  return { kind, key, fix, lines: [[index, fix]] };
}

/** Why a value needs quoting, or nothing when quoting is not the repair. */
function _quoteKind(value: string): _RepairKind | undefined {
  const first = value[0] ?? "";
  if (first === "@" || first === "`") return "indicator";
  if (first === "[" || first === "{") {
    const end = _flowEnd(value);
    const rest = end === undefined ? "" : value.slice(end + 1).trim();
    return rest !== "" && !rest.startsWith("#") ? "flow_text" : undefined;
  }
  return !NON_PLAIN_STARTS.has(first) && value.includes(": ")
    ? "colon"
    : undefined;
}

/** The index of the bracket that closes the flow collection `value` opens. */
function _flowEnd(value: string): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (quote !== undefined) {
      if (char === "\\" && quote === '"') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === "[" || char === "{") {
      depth++;
    } else if ((char === "]" || char === "}") && --depth === 0) {
      return i;
    }
  }
  return undefined;
}

/**
 * A quoted top-level value that goes on at column 0, which YAML refuses and
 * PyYAML reads: its continuation lines indented by two blanks, which reads
 * the same value (the blanks a folded line starts with are dropped). `index`
 * is the line YAML failed at, inside the value.
 */
function _indented(
  lines: readonly string[],
  index: number,
): _LineFix | undefined {
  let start = index - 1;
  while (start >= 0 && _keyLine(lines[start] ?? "") === undefined) start--;
  const found = _keyLine(lines[start] ?? "");
  const quote = found?.value[0];
  if (found === undefined || (quote !== '"' && quote !== "'")) return undefined;
  const opening = (lines[start] ?? "").indexOf(found.value);
  const end = _closingLine(lines, start, opening, quote);
  if (end === undefined || end < index) return undefined;
  const changed: Array<[number, string]> = [];
  for (let at = start + 1; at <= end; at++) {
    const text = lines[at] ?? "";
    if (text !== "" && text[0] !== " " && text[0] !== "\t") {
      changed.push([at, `  ${text}`]);
    }
  }
  if (changed.length === 0) return undefined;
  // The fix: the value on one line, as YAML reads the repaired lines alone.
  const repaired = lines.slice(start, end + 1);
  for (const [at, text] of changed) repaired[at - start] = text;
  const value = _tryLoadValue(repaired.join("\n"), found.key);
  return {
    kind: "continuation",
    key: found.key,
    fix: value === undefined ? "" : `${found.key}: ${JSON.stringify(value)}`,
    lines: changed,
  };
}

/** The string `key` holds in a YAML document, if it parses and holds one. */
function _tryLoadValue(yaml: string, key: string): string | undefined {
  const data = _tryLoad(yaml);
  const value = typeof data === "object" && data !== null
    ? (data as Record<string, unknown>)[key]
    : undefined;
  return typeof value === "string" ? value : undefined;
}

/** What js-yaml reads of `text`, or `undefined` where it refuses it. */
function _tryLoad(text: string): unknown {
  try {
    return load(text);
  } catch {
    return undefined;
  }
}

/** The line that closes the quoted value opening at `lines[start][column]`. */
function _closingLine(
  lines: readonly string[],
  start: number,
  column: number,
  quote: string,
): number | undefined {
  for (let at = start; at < lines.length; at++) {
    const text = lines[at] ?? "";
    for (let i = at === start ? column + 1 : 0; i < text.length; i++) {
      if (quote === '"' && text[i] === "\\") i++;
      else if (text[i] === quote) {
        if (quote === "'" && text[i + 1] === "'") i++;
        else return at;
      }
    }
  }
  return undefined;
}

/** How to write the line so that no repair is needed. */
export function _repairHint(repair: _Repair): string {
  const shown = repair.fix.length > 70
    ? `${repair.fix.slice(0, 69)}…`
    : repair.fix;
  const { key } = repair;
  switch (repair.kind) {
    case "colon":
      return `the value of "${key}" contains ": ", so YAML reads it as a nested key; quote it: ${shown}`;
    case "indicator":
      return `the value of "${key}" starts with a character YAML reserves; quote it: ${shown}`;
    case "flow_text":
      return `the value of "${key}" starts as a YAML list or mapping and goes on after it; quote it: ${shown}`;
    case "continuation":
      return `the quoted value of "${key}" goes on at the start of a line, where YAML wants it indented; indent it, or write it on one line${
        shown === "" ? "" : `: ${shown}`
      }`;
  }
}

/**
 * The top-level plain values that YAML cut at ` #`: `description: Fix bugs
 * #123 first` keeps "Fix bugs". A `#` with no blank before it (`C#`) is text.
 */
function _truncations(
  yaml: string,
  data: { readonly [key: string]: JsonValue },
): _Truncation[] {
  if (!yaml.includes(" #") && !yaml.includes("\t#")) return [];
  const found: _Truncation[] = [];
  yaml.split("\n").forEach((line, index) => {
    const plain = _plainLine(line);
    if (plain === undefined || !/[ \t]#/.test(plain.value)) return;
    const kept = data[plain.key];
    if (typeof kept !== "string" || kept === plain.value) return;
    found.push({
      line: index + 2,
      key: plain.key,
      kept,
      fix: `${plain.key}: ${JSON.stringify(plain.value)}`,
    });
  });
  return found;
}

/** The YAML 1.1 booleans that YAML 1.2 reads as strings. */
const YAML_11_BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ["yes", true],
  ["on", true],
  ["no", false],
  ["off", false],
]);

/**
 * The mapping with the harmless typing of YAML 1.2 read as the reference
 * validator and Claude Code read it, each change noted: a number or boolean
 * where the fields table wants a string becomes its source text (`2048`, not
 * JavaScript's rendering of it), `yes`/`no`/`on`/`off` where it wants a
 * boolean become true or false, and an empty optional field is absent. A
 * list or a mapping is left for the schema to refuse.
 */
function _coerce(
  data: { readonly [key: string]: unknown },
  yaml: string,
): { data: { readonly [key: string]: unknown }; coercions: _Coercion[] } {
  const coercions: _Coercion[] = [];
  let copy: { [key: string]: unknown } | undefined;
  const set = (key: string, value: unknown): void => {
    copy ??= { ...data };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  };
  for (const field of _FIELDS) {
    const { key } = field;
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (value === null && field.emptyIsAbsent === true) {
      set(key, undefined);
      coercions.push({
        code: "empty_field",
        key,
        message:
          `frontmatter.${key}: has no value, so it is read as absent; give it a value or remove the line`,
      });
    } else if (
      field.coerce === "string" &&
      (typeof value === "number" || typeof value === "boolean")
    ) {
      const text = _sourceText(yaml, key, value);
      set(key, text);
      coercions.push({
        code: "coerced_value",
        key,
        message:
          `frontmatter.${key}: YAML reads ${text} as a ${typeof value}; read as the string "${text}" (quote it to say so)`,
      });
    } else if (field.coerce === "boolean" && typeof value === "string") {
      const flag = YAML_11_BOOLEANS.get(value.toLowerCase());
      if (flag === undefined) continue;
      set(key, flag);
      coercions.push({
        code: "coerced_value",
        key,
        message:
          `frontmatter.${key}: "${value}" is a YAML 1.1 boolean that YAML 1.2 reads as a string; read as ${flag} (write ${flag})`,
      });
    }
  }
  return { data: copy ?? data, coercions };
}

/**
 * A scalar's text as written: the value of `key:` on its line, when that text
 * reads back as the same value; else JavaScript's rendering of it.
 */
function _sourceText(
  yaml: string,
  key: string,
  value: number | boolean,
): string {
  const line = yaml.split("\n")[_lineOfKey(yaml, key) - 2] ?? "";
  const at = line.search(new RegExp(`(?:^|[{,\\s])${_escapeRegExp(key)}\\s*:`));
  if (at !== -1) {
    const rest = line.slice(line.indexOf(":", at) + 1);
    const text = /^\s*([^,}#\s](?:[^,}#]*[^,}#\s])?)/.exec(rest)?.[1];
    // Object.is: a float word (`.NaN`) reads back as NaN, which no `===` equals.
    if (text !== undefined && Object.is(_tryLoad(text), value)) return text;
  }
  return String(value);
}

function _escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Copies parsed YAML into frozen plain JSON data. Aliases become copies, so
 * the result is a tree; the walk stops where its budget of values runs out
 * or it is nested past {@linkcode MAX_DEPTH} (`depth` is the value's level,
 * the mapping's 1), so that no alias chain makes it recurse deeper. Numbers
 * JSON cannot hold (`.inf`, `.nan`) become their YAML spelling.
 */
function _toJson(value: unknown, walk: _Walk, depth: number): JsonValue {
  if (!_spend(walk, depth)) return null;
  if (typeof value !== "object" || value === null) return _jsonScalar(value);
  if (Array.isArray(value)) {
    return Object.freeze(
      value.map((item) => _toJson(item, walk, depth + 1)),
    ) as JsonValue[];
  }
  const entries = Object.entries(value).map((
    [key, item],
  ) => [key, _toJson(item, walk, depth + 1)]);
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.freeze(Object.fromEntries(entries));
}

/** Counts one value at `depth`: whether the walk may go on into it. */
function _spend(walk: _Walk, depth: number): boolean {
  if (depth > walk.deepest) walk.deepest = depth;
  return --walk.left >= 0 && depth <= MAX_DEPTH;
}

/** A YAML scalar as JSON data: `.inf` and `.nan` in their YAML spelling. */
function _jsonScalar(value: unknown): JsonValue {
  if (typeof value === "number" && !Number.isFinite(value)) {
    return Number.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  }
  return value as string | number | boolean | null;
}

/**
 * {@linkcode _toJson} for parsed YAML that is a tree (it has no alias): the
 * same frozen JSON data, made in place rather than copied.
 */
function _frozenTree(value: unknown, walk: _Walk, depth: number): JsonValue {
  if (!_spend(walk, depth)) return null;
  if (typeof value !== "object" || value === null) return _jsonScalar(value);
  const node = value as Record<string, unknown>;
  // Own keys only: a "__proto__" key that js-yaml defined stays a plain key.
  for (const key of Object.keys(node)) {
    const item = node[key];
    const frozen = _frozenTree(item, walk, depth + 1);
    if (frozen !== item) node[key] = frozen;
  }
  return Object.freeze(node) as JsonValue;
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

/** `invalid_skill` for the fields that break their type, each at its key's line. */
function _invalidFields(
  data: { readonly [key: string]: JsonValue },
  yaml: string,
  path: string,
): never {
  throw _invalid(
    path,
    _fieldProblems(data).map(({ key, where, reason }) => ({
      line: _lineOfKey(yaml, key),
      message: `${where}: ${reason}`,
    })),
  );
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
