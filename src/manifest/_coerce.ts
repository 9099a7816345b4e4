/**
 * Values read as hosts read them rather than as YAML 1.2 types them (a
 * number where a string is wanted, a YAML 1.1 boolean, an empty optional
 * field), each with its note; and the plain values YAML cut at ` #`.
 *
 * @module
 */

import type { JsonValue } from "../skill.ts";
import { FIELDS } from "./_fields.ts";
import type { KeyLines } from "./_lines.ts";
import { plainLine, tryLoad } from "./_scalar.ts";

/** A plain value that YAML cut at ` #`, reading the rest as a comment. */
export interface Truncation {
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
export interface Coercion {
  readonly code: "coerced_value" | "empty_field";
  readonly key: string;
  readonly message: string;
}

/**
 * The top-level plain values that YAML cut at ` #`: `description: Fix bugs
 * #123 first` keeps "Fix bugs". A `#` with no blank before it (`C#`) is text.
 */
export function truncations(
  yaml: string,
  data: { readonly [key: string]: JsonValue },
): Truncation[] {
  if (!yaml.includes(" #") && !yaml.includes("\t#")) return [];
  const found: Truncation[] = [];
  yaml.split("\n").forEach((line, index) => {
    const plain = plainLine(line);
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
export function coerce(
  data: { readonly [key: string]: unknown },
  lines: KeyLines,
): { data: { readonly [key: string]: unknown }; coercions: Coercion[] } {
  const coercions: Coercion[] = [];
  let copy: { [key: string]: unknown } | undefined;
  const set = (key: string, value: unknown): void => {
    copy ??= { ...data };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  };
  for (const field of FIELDS) {
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
      const text = sourceText(lines, key, value);
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
function sourceText(
  lines: KeyLines,
  key: string,
  value: number | boolean,
): string {
  const line = lines.yaml.split("\n")[lines.lineOf(key) - 2] ?? "";
  const at = line.search(new RegExp(`(?:^|[{,\\s])${escapeRegExp(key)}\\s*:`));
  if (at !== -1) {
    const rest = line.slice(line.indexOf(":", at) + 1);
    const text = /^\s*([^,}#\s](?:[^,}#]*[^,}#\s])?)/.exec(rest)?.[1];
    // Object.is: a float word (`.NaN`) reads back as NaN, which no `===` equals.
    if (text !== undefined && Object.is(tryLoad(text), value)) return text;
  }
  return String(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
