/**
 * A manifest's text in, its fields and body out: fence, YAML, values read as
 * hosts read them (and those cut at ` #`), fields table. No I/O.
 *
 * @module
 */

import type { JsonValue } from "../skill.ts";
import {
  fieldProblems,
  FIELDS,
  type FieldValues,
  fieldValues,
  NORMALISED_KEYS,
  validFields,
} from "./_fields.ts";
import { keyLine, KeyLines, NON_PLAIN_STARTS, tryLoad } from "./_lines.ts";
import { invalid, jsonData, parseYaml, type Repair } from "./_yaml.ts";

/** A manifest, parsed. */
export interface ParsedManifest extends FieldValues {
  repairs: readonly Repair[];
  truncations: readonly Truncation[];
  coercions: readonly Coercion[];
  /** The YAML between the fences. */
  yaml: string;
  /** Every key without a property of its own. */
  metadata: { readonly [key: string]: JsonValue };
  /** The markdown after the closing fence, trimmed. */
  body: string;
}

/**
 * Parses a manifest's text; with `repair`, a YAML error's line is repaired.
 *
 * @throws {SkillError} `invalid_skill`, with every problem found, positioned.
 */
export function parseManifest(
  text: string,
  { path, repair = false }: { path: string; repair?: boolean },
): ParsedManifest {
  const { yaml, body } = splitFence(text, path);
  const lines = new KeyLines(yaml);
  const parsed = parseYaml(yaml, { path, repair });
  // Coerced as YAML typed it (a float word is still a number), then made JSON.
  const { data: coerced, coercions } = coerce(parsed.data, lines);
  const data = jsonData(coerced, { aliased: parsed.aliased, path });
  return {
    yaml,
    ...fieldValues(validFields(data) ?? invalidFields(data, lines, path)),
    metadata: Object.freeze(
      Object.fromEntries(
        Object.entries(data).filter(([key]) => !NORMALISED_KEYS.has(key)),
      ),
    ),
    body,
    repairs: orNone(parsed.repairs),
    truncations: orNone(truncations(yaml, data)),
    coercions: orNone(coercions),
  };
}

/** The list, or one shared empty list for all that are empty (see BENCHMARKS.md). */
function orNone<T>(items: readonly T[]): readonly T[] {
  return items.length === 0 ? NONE : items;
}

const NONE: readonly never[] = Object.freeze([]);

/** std's front_matter way: a BOM, `---`, the YAML lazily up to a `---` line. */
const FENCE_REGEXP = /^\uFEFF?---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

function splitFence(
  text: string,
  path: string,
): { yaml: string; body: string } {
  const normalised = text.includes("\r") ? text.replace(/\r\n/g, "\n") : text;
  const match = FENCE_REGEXP.exec(normalised);
  if (match === null) {
    throw invalid(path, [{
      line: 1,
      message: /^\uFEFF?---[ \t]*(?:\n|$)/.test(normalised)
        ? "unclosed frontmatter: no line with --- alone closes the block opened on line 1"
        : "missing frontmatter: the file must start with a --- line, then YAML, then a --- line",
    }]);
  }
  return {
    yaml: match[1] ?? "",
    body: normalised.slice(match[0].length).trim(),
  };
}

/** `invalid_skill` for the fields that break their type, each at its key's line. */
function invalidFields(
  data: { readonly [key: string]: JsonValue },
  lines: KeyLines,
  path: string,
): never {
  throw invalid(
    path,
    fieldProblems(data).map(({ key, where, reason }) => ({
      line: lines.lineOf(key),
      message: `${where}: ${reason}`,
    })),
  );
}

/** A plain value that YAML cut at ` #`: what it `kept`, and the line to write. */
export interface Truncation {
  readonly line: number;
  readonly key: string;
  readonly kept: string;
  readonly fix: string;
}

/** A value read as the reference validator and Claude Code read it. */
export interface Coercion {
  readonly code: "coerced_value" | "empty_field";
  readonly key: string;
  readonly message: string;
}

/** The top-level plain values cut at ` #` (`Fix bugs #123` keeps "Fix bugs"; `C#` is text). */
function truncations(
  yaml: string,
  data: { readonly [key: string]: JsonValue },
): Truncation[] {
  if (!yaml.includes(" #") && !yaml.includes("\t#")) return [];
  const found: Truncation[] = [];
  yaml.split("\n").forEach((line, index) => {
    const plain = keyLine(line);
    if (
      plain === undefined || NON_PLAIN_STARTS.has(plain.value[0] ?? "") ||
      !/[ \t]#/.test(plain.value)
    ) return;
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

/**
 * The mapping with each value read as its row says (`coerce`,
 * `emptyIsAbsent`), each change noted; a list or a mapping left to refuse.
 */
function coerce(
  data: { readonly [key: string]: unknown },
  lines: KeyLines,
): { data: { readonly [key: string]: unknown }; coercions: Coercion[] } {
  const coercions: Coercion[] = [];
  let copy: { [key: string]: unknown } | undefined;
  const read = (key: string, value: unknown, message: string): void => {
    copy ??= { ...data };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    const code = value === undefined ? "empty_field" : "coerced_value";
    coercions.push({ code, key, message: `frontmatter.${key}: ${message}` });
  };
  for (const field of FIELDS) {
    const { key } = field;
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (value === null && field.emptyIsAbsent === true) {
      read(
        key,
        undefined,
        "has no value, so it is read as absent; give it a value or remove the line",
      );
    } else if (
      field.coerce === "string" &&
      (typeof value === "number" || typeof value === "boolean")
    ) {
      const text = sourceText(lines, key, value);
      read(
        key,
        text,
        `YAML reads ${text} as a ${typeof value}; read as the string "${text}" (quote it to say so)`,
      );
    } else if (field.coerce === "boolean" && typeof value === "string") {
      const flag = /^(?:yes|on)$/i.test(value)
        ? true
        : /^(?:no|off)$/i.test(value)
        ? false
        : undefined;
      if (flag === undefined) continue;
      read(
        key,
        flag,
        `"${value}" is a YAML 1.1 boolean that YAML 1.2 reads as a string; read as ${flag} (write ${flag})`,
      );
    }
  }
  return { data: copy ?? data, coercions };
}

/** A scalar's text as written (`2048`), if it reads back the same; else `String(value)`. */
function sourceText(
  lines: KeyLines,
  key: string,
  value: number | boolean,
): string {
  const line = lines.yaml.split("\n")[lines.lineOf(key) - 2] ?? "";
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const at = line.search(new RegExp(`(?:^|[{,\\s])${escaped}\\s*:`));
  if (at !== -1) {
    const rest = line.slice(line.indexOf(":", at) + 1);
    const text = /^\s*([^,}#\s](?:[^,}#]*[^,}#\s])?)/.exec(rest)?.[1];
    // Object.is: a float word (`.NaN`) reads back as NaN, which no `===` equals.
    if (text !== undefined && Object.is(tryLoad(text), value)) return text;
  }
  return String(value);
}
