/**
 * A fast path for the frontmatter most skills have: what js-yaml gives for it,
 * or `undefined` (then js-yaml's to read); simple_yaml_test fuzzes the two.
 *
 * @module
 */

import type { JsonValue } from "../skill.ts";

type Scalar = string | boolean | number | null;

type Value = Scalar | Scalar[] | { [key: string]: Scalar | Scalar[] };

/** The mapping js-yaml reads from `yaml` (LF line endings), if in the subset. */
export function simpleYaml(
  yaml: string,
): { [key: string]: JsonValue } | undefined {
  if (UNSAFE_REGEXP.test(yaml)) return undefined;
  const lines = yaml.split("\n");
  const data: { [key: string]: Value } = {};
  for (let at = 0; at < lines.length;) {
    const line = lines[at] as string;
    if (line === "" || line[0] === "#") {
      at++;
      continue;
    }
    const entry = keyEntry(line);
    if (entry === undefined || Object.hasOwn(data, entry.key)) return undefined;
    const read = entry.rest === ""
      ? readNested(lines, at + 1)
      : entry.rest.length <= 2 && BLOCK_HEADERS.has(entry.rest)
      ? readBlockScalar(lines, at + 1, entry.rest)
      : { value: readValue(entry.rest), next: at + 1 };
    if (read?.value === undefined) return undefined;
    data[entry.key] = read.value;
    at = read.next;
  }
  // Comments alone are no mapping: js-yaml reads nothing, and says so.
  return Object.keys(data).length === 0 ? undefined : data;
}

/** A tab, a control character, a BOM or noncharacter, a lone surrogate. */
const UNSAFE_REGEXP = /[^\P{Cc}\n]|[\uFEFF\uFFFE\uFFFF]|\p{Cs}/u;

/** A key of the subset, `[A-Za-z_][A-Za-z0-9_-]*`, by code: 1 may start it, 2 only follow. */
const KEY_CHARS: Uint8Array = charTable([
  ["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_", 1],
  ["0123456789-", 2],
]);

/** The plain words YAML's core schema reads as other than a string. */
const WORDS: ReadonlyMap<string, boolean | null> = new Map([
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
  ["null", null],
  ["Null", null],
  ["NULL", null],
  ["~", null],
]);

const BLOCK_HEADERS: ReadonlySet<string> = new Set(["|", "|-", ">", ">-"]);

/** First characters of a plain value: 1, left to js-yaml; 2, maybe a number. */
const STARTS: Uint8Array = charTable([
  ["?:,[]{}#&*!|>'\"%@` ", 1],
  ["-+.0123456789", 2],
]);

/** A number of the core schema, as js-yaml 5 matches it (`.inf`, `.nan` left out). */
const INT_REGEXP = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$/;
const FLOAT_REGEXP =
  /^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;
const FLOAT_WORD_REGEXP = /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/;

const LONGEST_WORD = 9;

function charTable(
  groups: ReadonlyArray<readonly [string, number]>,
): Uint8Array {
  const table = new Uint8Array(128);
  for (const [chars, mark] of groups) {
    for (const char of chars) table[char.charCodeAt(0)] = mark;
  }
  return table;
}

/** A key at the start of a line, `:`, a blank or the end; `rest`, what follows, trimmed. */
function keyEntry(line: string): { key: string; rest: string } | undefined {
  const length = line.length;
  let end = 0;
  for (; end < length; end++) {
    const mark = KEY_CHARS[line.charCodeAt(end)];
    if (!(mark === 1 || (mark === 2 && end > 0))) break;
  }
  if (end === 0 || line.charCodeAt(end) !== 58) return undefined;
  const key = line.slice(0, end);
  if (key.length <= LONGEST_WORD && (WORDS.has(key) || key === "__proto__")) {
    return undefined;
  }
  if (end + 1 === length) return { key, rest: "" };
  if (line.charCodeAt(end + 1) !== 32) return undefined;
  const rest = trimBlanks(line.slice(end + 2));
  return rest.includes("\u2028") || rest.includes("\u2029")
    ? undefined
    : { key, rest };
}

/** `text` without YAML's blanks (not Unicode's). */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (text[start] === " ") start++;
  while (end > start && text[end - 1] === " ") end--;
  return text.slice(start, end);
}

/** A one-line value: a flow list of scalars, or a scalar. */
function readValue(text: string): Scalar | Scalar[] | undefined {
  return text[0] === "[" ? readFlowList(text) : readScalar(text);
}

/** A one-line value: quoted, or plain and sure to be read as js-yaml reads it; `""` is null. */
function readScalar(text: string): Scalar | undefined {
  const first = text.charCodeAt(0);
  if (first === 34) return readDoubleQuoted(text);
  if (first === 39) return readSingleQuoted(text);
  if (text === "") return null;
  const start = STARTS[first];
  // `-` alone or before a blank starts a list: js-yaml's.
  if (start === 1 || (first === 45 && (text === "-" || text[1] === " "))) {
    return undefined;
  }
  if (start === 2) {
    const number = numberOf(text);
    // Past a double, js-yaml reads the string; `.inf` and `.nan` are its.
    if (number !== undefined || FLOAT_WORD_REGEXP.test(text)) {
      return Number.isFinite(number) ? number : undefined;
    }
  }
  if (text.length <= LONGEST_WORD && WORDS.has(text)) return WORDS.get(text);
  return text.includes(": ") || text.includes(" #") || text.endsWith(":")
    ? undefined
    : text;
}

/** The number js-yaml 5 makes of a plain value, if the core schema reads one. */
function numberOf(text: string): number | undefined {
  if (!INT_REGEXP.test(text)) {
    return FLOAT_REGEXP.test(text) ? parseFloat(text) : undefined;
  }
  const radix = text[1] === "x" ? 16 : text[1] === "o" ? 8 : 10;
  return parseInt(radix === 10 ? text : text.slice(2), radix);
}

function readSingleQuoted(text: string): string | undefined {
  const inner = text.slice(1, -1);
  return text.length >= 2 && text.endsWith("'") &&
      !inner.replaceAll("''", "").includes("'")
    ? inner.replaceAll("''", "'")
    : undefined;
}

/**
 * A flow list on one line, `[a, "b", 1]`, of scalars, a trailing comma or a
 * comment after it; none nested, no pair, no empty entry.
 */
function readFlowList(text: string): Scalar[] | undefined {
  const items: Scalar[] = [];
  let at = skipBlanks(text, 1);
  while (text[at] !== "]") {
    const quote = text[at] as string;
    const end = quote === '"' || quote === "'"
      ? skipBlanks(text, quoteEnd(text, at, quote) + 1)
      : plainEnd(text, at);
    // An empty entry (`[,]`, `[a,,b]`) or a character after it: js-yaml's.
    if (end === at || (text[end] !== "," && text[end] !== "]")) {
      return undefined;
    }
    const item = readScalar(trimBlanks(text.slice(at, end)));
    if (item === undefined) return undefined;
    items.push(item);
    at = skipBlanks(text, text[end] === "," ? end + 1 : end);
  }
  const rest = text.slice(at + 1);
  return rest === "" || (rest[0] === " " && trimBlanks(rest)[0] === "#")
    ? items
    : undefined;
}

function skipBlanks(text: string, at: number): number {
  while (text[at] === " ") at++;
  return at;
}

/** Where a plain entry of a flow list ends: at `,` `]`, or `[` `{` `}` (js-yaml's). */
function plainEnd(text: string, at: number): number {
  while (at < text.length && !FLOW_STOPS.has(text[at] as string)) at++;
  return at;
}

const FLOW_STOPS: ReadonlySet<string> = new Set([",", "]", "[", "{", "}"]);

/** The index of the quote closing the quoted scalar at `at` (the text's length if none). */
function quoteEnd(text: string, at: number, quote: string): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\" && quote === '"') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return text.length;
}

/** The one-character escapes of the double-quoted style, as js-yaml decodes them. */
const ESCAPES: ReadonlyMap<string, string> = new Map([
  ["0", "\0"],
  ["a", "\x07"],
  ["b", "\b"],
  ["t", "\t"],
  ["n", "\n"],
  ["v", "\v"],
  ["f", "\f"],
  ["r", "\r"],
  ["e", "\x1b"],
  [" ", " "],
  ['"', '"'],
  ["/", "/"],
  ["\\", "\\"],
  ["N", "\x85"],
  ["_", "\xa0"],
  ["L", "\u2028"],
  ["P", "\u2029"],
]);

const HEX_DIGITS: ReadonlyMap<string, number> = new Map([
  ["x", 2],
  ["u", 4],
  ["U", 8],
]);

const HEX_REGEXP = /^[0-9A-Fa-f]+$/;

/** A double-quoted value ending on its line; `undefined` for an escape js-yaml reads otherwise. */
function readDoubleQuoted(text: string): string | undefined {
  const end = text.length - 1;
  if (end < 1 || text.charCodeAt(end) !== 34) return undefined;
  let quote = text.indexOf('"', 1);
  let slash = text.indexOf("\\", 1);
  let value = "";
  let from = 1;
  while (slash !== -1) {
    if (quote < slash) return undefined;
    value += text.slice(from, slash);
    let at = slash + 1;
    // The escaped character comes before the closing quote, or it is escaped.
    if (at === end) return undefined;
    const simple = ESCAPES.get(text[at] as string);
    if (simple !== undefined) {
      value += simple;
    } else {
      const digits = HEX_DIGITS.get(text[at] as string);
      if (digits === undefined || at + digits >= end) return undefined;
      const hex = text.slice(at + 1, at + 1 + digits);
      const code = HEX_REGEXP.test(hex) ? parseInt(hex, 16) : NaN;
      if (!(code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
        return undefined;
      }
      value += String.fromCodePoint(code);
      at += digits;
    }
    from = at + 1;
    if (quote <= at) quote = text.indexOf('"', from);
    slash = text.indexOf("\\", from);
  }
  return quote === end ? value + text.slice(from, end) : undefined;
}

function indentOf(line: string): number {
  let count = 0;
  while (line[count] === " ") count++;
  return count;
}

/**
 * The block under a `key:` line, from line `at` past blank and comment
 * lines: a list, a mapping one level in, or null before the next key.
 */
function readNested(
  lines: readonly string[],
  at: number,
): { value: Value | undefined; next: number } {
  while (lines[at] === "" || lines[at]?.[0] === "#") at++;
  const first = lines[at];
  if (first === undefined) return { value: null, next: at };
  const indent = indentOf(first);
  if (first.startsWith("-", indent)) return readList(lines, at, indent);
  return indent === 0
    ? { value: null, next: at }
    : readMapping(lines, at, indent);
}

function readList(
  lines: readonly string[],
  at: number,
  indent: number,
): { value: Scalar[] | undefined; next: number } {
  const items: Scalar[] = [];
  let next = at;
  for (; next < lines.length; next++) {
    const line = lines[next] as string;
    if (indentOf(line) !== indent || !line.startsWith("- ", indent)) break;
    const item = readScalar(trimBlanks(line.slice(indent + 2)));
    if (item === undefined) return { value: undefined, next };
    items.push(item);
  }
  return { value: endsBlock(lines[next]) ? items : undefined, next };
}

function readMapping(
  lines: readonly string[],
  at: number,
  indent: number,
): { value: { [key: string]: Scalar | Scalar[] } | undefined; next: number } {
  const map: { [key: string]: Scalar | Scalar[] } = {};
  let next = at;
  for (; next < lines.length; next++) {
    const line = lines[next] as string;
    if (indentOf(line) !== indent) break;
    const entry = keyEntry(line.slice(indent));
    const value = entry === undefined ? undefined : readValue(entry.rest);
    if (
      entry === undefined || value === undefined ||
      Object.hasOwn(map, entry.key)
    ) {
      return { value: undefined, next };
    }
    map[entry.key] = value;
  }
  return { value: endsBlock(lines[next]) ? map : undefined, next };
}

/** Whether a line may follow a block: the end, a top-level key or comment. */
function endsBlock(line: string | undefined): boolean {
  return line === undefined || (line !== "" && line[0] !== " " &&
    line[0] !== "-");
}

/** A `|` or `>` block scalar from line `at`: one indent (more only if literal), no trailing blank. */
function readBlockScalar(
  lines: readonly string[],
  at: number,
  header: string,
): { value: string | undefined; next: number } {
  const first = lines[at];
  const indent = first === undefined ? 0 : indentOf(first);
  if (indent === 0) return { value: undefined, next: at };
  const literal = header[0] === "|";
  const content: string[] = [];
  let next = at;
  for (; next < lines.length; next++) {
    const line = lines[next] as string;
    if (line === "") {
      content.push("");
      continue;
    }
    const own = indentOf(line);
    if (own === 0) break;
    if (
      own < indent || (!literal && own > indent) || line.endsWith(" ")
    ) {
      return { value: undefined, next };
    }
    content.push(line.slice(indent));
  }
  let end = content.length;
  while (end > 0 && content[end - 1] === "") end--;
  const kept = content.slice(0, end);
  if (!literal && kept.includes("")) return { value: undefined, next };
  const text = kept.join(literal ? "\n" : " ");
  return { value: header.endsWith("-") ? text : `${text}\n`, next };
}
