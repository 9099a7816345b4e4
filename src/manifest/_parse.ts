/**
 * A manifest's text in, its normalised fields and body out: split the `---`
 * fence, parse the YAML (repairing the top-level lines authors get wrong,
 * when asked), read the harmless typing of YAML 1.2 as hosts do, validate
 * against the fields table and fill its fields. Pure: no I/O. Each step is a
 * module of its own beside this one.
 *
 * @module
 */

import type { JsonValue } from "../skill.ts";
import {
  fieldProblems,
  type FieldValues,
  fieldValues,
  NORMALISED_KEYS,
  validFields,
} from "./_fields.ts";
import {
  coerce,
  type Coercion,
  type Truncation,
  truncations,
} from "./_coerce.ts";
import { splitFence } from "./_fence.ts";
import { invalid } from "./_invalid.ts";
import { KeyLines } from "./_lines.ts";
import type { Repair } from "./_repair.ts";
import { jsonData, parseYaml } from "./_yaml.ts";

/** A manifest, parsed: the normalised frontmatter fields and the body. */
export interface ParsedManifest extends FieldValues {
  /** The lines repaired so that the YAML parses (repair mode), in order. */
  repairs: readonly Repair[];
  /** The plain values YAML cut at ` #`. */
  truncations: readonly Truncation[];
  /** The values read as hosts read them, not as YAML 1.2 types them. */
  coercions: readonly Coercion[];
  /** The frontmatter's YAML text, as it stands between the fences. */
  yaml: string;
  /** Every frontmatter key without a property of its own, as JSON data. */
  metadata: { readonly [key: string]: JsonValue };
  /** The markdown after the closing fence, trimmed. */
  body: string;
}

/** How {@linkcode parseManifest} reads a manifest. */
export interface ParseOptions {
  /** The file's path, for error messages. */
  readonly path: string;
  /**
   * Whether to retry a YAML error by repairing the line it is on.
   *
   * @default {false}
   */
  readonly repair?: boolean;
}

/**
 * Parses a manifest's text.
 *
 * @param text The file's content, decoded.
 * @throws {SkillError} `invalid_skill`, naming the path, the line (and
 * the column, for YAML) and what was expected, with every problem found.
 */
export function parseManifest(
  text: string,
  { path, repair = false }: ParseOptions,
): ParsedManifest {
  const { yaml, body } = splitFence(text, path);
  const lines = new KeyLines(yaml);
  const { data: parsed, repairs, aliased } = parseYaml(yaml, {
    path,
    repair,
  });
  // Coerced as YAML typed it (a float word is still a number), then made
  // JSON data, each value counted and its depth checked.
  const { data: coerced, coercions } = coerce(parsed, lines);
  const data = jsonData(coerced, { aliased, path });
  return {
    yaml,
    ...fieldValues(validFields(data) ?? invalidFields(data, lines, path)),
    metadata: metadataOf(data),
    body,
    repairs: orNone(repairs),
    truncations: orNone(truncations(yaml, data)),
    coercions: orNone(coercions),
  };
}

/** The list, or one shared empty list for all that are empty (see BENCHMARKS.md). */
function orNone<T>(items: readonly T[]): readonly T[] {
  return items.length === 0 ? NONE : items;
}

const NONE: readonly never[] = Object.freeze([]);

function metadataOf(
  data: { [key: string]: JsonValue },
): { readonly [key: string]: JsonValue } {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(data).filter(([key]) => !NORMALISED_KEYS.has(key)),
    ),
  );
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
