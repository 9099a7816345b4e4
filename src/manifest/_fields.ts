/**
 * The frontmatter fields this library knows, as one table. Discovery's
 * validation and its messages, the keys kept out of `metadata`, the
 * {@linkcode SkillInfo} build, check's `unknown_field` rule and the zod
 * schema `skillFrontmatterSchema` all derive from it (how the command prints
 * a property is the command's own, in `cli/show.ts`). Adding
 * a field is one row here, its property on {@linkcode SkillInfo} and its line
 * in the schema's declared type (the compiler and tests/manifest/fields_test.ts point
 * at both), plus docs and tests. Nothing here loads zod: discovery never
 * needs it.
 *
 * @module
 */

import type { SkillInfo } from "../skill.ts";

/** The {@linkcode SkillInfo} properties that frontmatter fields fill. */
export type FieldProperty =
  | "name"
  | "description"
  | "allowedTools"
  | "userInvocable"
  | "disableModelInvocation";

/** What a field that is validated accepts (see {@linkcode Field.type}). */
export type FieldType = "text" | "tools" | "flag";

/** One frontmatter field. */
export interface Field {
  /** The key as written in the YAML. */
  readonly key: string;
  /** Whether the Agent Skills spec defines the key. */
  readonly spec: boolean;
  /**
   * What the value must be: `text`, a string that is not blank (read
   * trimmed); `tools`, a string or a list of strings; `flag`, a boolean.
   * `tools` and `flag` may be absent or empty. Absent for a spec field this
   * library keeps in `metadata` as it stands (`license`, `compatibility`,
   * `metadata`); their advice comes from check's rules.
   */
  readonly type?: FieldType;
  /**
   * The {@linkcode SkillInfo} property the field fills. A field with one is
   * kept out of `metadata`. Two rows may fill one property: the first row
   * whose key is set wins (`allowed-tools` before `tools`).
   */
  readonly property?: FieldProperty;
  /** Turns the validated value into the property's value. */
  readonly normalise?: (value: unknown) => unknown;
  /** The property's value when no row for it is set (absent: left out). */
  readonly default?: unknown;
  /**
   * What a value of another type is read as, as the reference validator and
   * Claude Code read it: `string`, a number or boolean becomes its source
   * text; `boolean`, `yes`/`no`/`on`/`off` (any case) become true or false.
   * Checks note each such value (`coerced_value`).
   */
  readonly coerce?: "string" | "boolean";
  /**
   * Whether an empty value (`license:`) means the field is absent, as for an
   * optional field it does (checks note it: `empty_field`).
   */
  readonly emptyIsAbsent?: boolean;
}

/** A boolean host field: absent or empty is `fallback`. */
function flagField(fallback: boolean): Partial<Field> {
  return {
    type: "flag",
    default: fallback,
    coerce: "boolean",
    emptyIsAbsent: true,
  };
}

/** `allowed-tools` and `tools` as a frozen list of tool names. */
function normaliseTools(value: unknown): readonly string[] {
  return Object.freeze(toolItems(value as string | string[]));
}

/** Every frontmatter field, the spec's first. */
export const FIELDS: readonly Field[] = [
  {
    key: "name",
    spec: true,
    type: "text",
    property: "name",
    coerce: "string",
  },
  {
    key: "description",
    spec: true,
    type: "text",
    property: "description",
    coerce: "string",
  },
  { key: "license", spec: true, coerce: "string", emptyIsAbsent: true },
  // Empty, it stays: the spec wants 1-500 characters, and check says so.
  { key: "compatibility", spec: true, coerce: "string" },
  { key: "metadata", spec: true, emptyIsAbsent: true },
  {
    key: "allowed-tools",
    spec: true,
    type: "tools",
    property: "allowedTools",
    normalise: normaliseTools,
    emptyIsAbsent: true,
  },
  {
    key: "tools",
    spec: false,
    type: "tools",
    property: "allowedTools",
    normalise: normaliseTools,
    emptyIsAbsent: true,
  },
  {
    key: "user-invocable",
    spec: false,
    property: "userInvocable",
    ...flagField(true),
  },
  {
    key: "disable-model-invocation",
    spec: false,
    property: "disableModelInvocation",
    ...flagField(false),
  },
];

/** The keys that fill a property of their own, so are not kept in metadata. */
export const NORMALISED_KEYS: ReadonlySet<string> = new Set(
  FIELDS.filter((field) => field.property !== undefined).map((f) => f.key),
);

/** The keys the Agent Skills spec defines. */
export const SPEC_KEYS: ReadonlySet<string> = new Set(
  FIELDS.filter((field) => field.spec).map((field) => field.key),
);

/** The rows that have a type: what a frontmatter mapping is validated by. */
export const TYPED: readonly (Field & { type: FieldType })[] = FIELDS
  .filter((
    field,
  ): field is Field & { type: FieldType } => field.type !== undefined);

/** Marks a value its field's type refuses. */
const REFUSED: unique symbol = Symbol("refused");

/**
 * The validated fields of a frontmatter mapping (strings trimmed), or
 * `undefined` when one breaks its type ({@linkcode fieldProblems} says how).
 * The zod schema `skillFrontmatterSchema` gives the same verdict and
 * output on every mapping (tests/manifest/fields_test.ts holds the two to each other
 * on random mappings).
 */
export function validFields(
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const valid: Record<string, unknown> = {};
  for (const field of TYPED) {
    const value = accepted(field.type, data[field.key]);
    if (value === REFUSED) return undefined;
    if (value !== undefined) valid[field.key] = value;
  }
  return valid;
}

function accepted(type: FieldType, value: unknown): unknown {
  switch (type) {
    case "text": {
      const text = typeof value === "string" ? value.trim() : "";
      return text === "" ? REFUSED : text;
    }
    case "tools":
      return value == null || typeof value === "string" ||
          (Array.isArray(value) &&
            value.every((item) => typeof item === "string"))
        ? value
        : REFUSED;
    case "flag":
      return value == null || typeof value === "boolean" ? value : REFUSED;
  }
}

/** The properties a validated frontmatter mapping fills, defaults applied. */
export type FieldValues = Pick<SkillInfo, FieldProperty>;

/** Each property, with its rows in table order. */
const ROWS_BY_PROPERTY: ReadonlyMap<FieldProperty, readonly Field[]> = (() => {
  const rows = new Map<FieldProperty, Field[]>();
  for (const field of FIELDS) {
    if (field.property === undefined) continue;
    rows.set(field.property, [...rows.get(field.property) ?? [], field]);
  }
  return rows;
})();

/**
 * The {@linkcode SkillInfo} properties of a validated frontmatter mapping, in
 * table order: for each, the first of its rows whose key is set (not absent,
 * not null), normalised; else the default of its first row, if it has one.
 */
export function fieldValues(
  data: Readonly<Record<string, unknown>>,
): FieldValues {
  const values: { [property in FieldProperty]?: unknown } = {};
  for (const [property, rows] of ROWS_BY_PROPERTY) {
    const set = rows.find((row) => data[row.key] != null);
    const value = set === undefined
      ? rows[0]?.default
      : set.normalise?.(data[set.key]) ?? data[set.key];
    if (value !== undefined) values[property] = value;
  }
  // Each row's schema and normaliser give its property's type.
  return values as FieldValues;
}

/**
 * Splits `allowed-tools`: a list is kept item by item; a string is split on
 * whitespace and commas outside parentheses, so `Bash(git add:*)` stays whole.
 */
function toolItems(tools: string | string[]): string[] {
  const items = typeof tools === "string" ? splitTools(tools) : tools;
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

function splitTools(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")" && depth > 0) depth--;
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items;
}

/** Why one field breaks its type: the path into the value, and the reason. */
export interface FieldProblem {
  /** The field's key. */
  readonly key: string;
  /** `frontmatter.<key>`, with the index of a bad list item. */
  readonly where: string;
  readonly reason: string;
}

/**
 * Every field that breaks its type, in table order, worded as the zod schema
 * words it: `is required`, `must not be empty`, `expected string, received
 * number`, `expected a string or a list of strings` (or the first list item
 * that is not a string), `expected true or false`.
 */
export function fieldProblems(
  data: Readonly<Record<string, unknown>>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { key, type } of TYPED) {
    const value = data[key];
    if (accepted(type, value) !== REFUSED) continue;
    const at = (reason: string, index?: number): FieldProblem => ({
      key,
      where: index === undefined
        ? `frontmatter.${key}`
        : `frontmatter.${key}[${index}]`,
      reason,
    });
    if (type === "text") {
      problems.push(
        value === undefined
          ? at("is required")
          : typeof value === "string"
          ? at("must not be empty")
          : at(`expected string, received ${receivedKind(value)}`),
      );
    } else if (type === "flag") {
      problems.push(at("expected true or false"));
    } else if (Array.isArray(value)) {
      const index = value.findIndex((item) => typeof item !== "string");
      problems.push(
        at(`expected string, received ${receivedKind(value[index])}`, index),
      );
    } else {
      problems.push(at("expected a string or a list of strings"));
    }
  }
  return problems;
}

/** What zod calls a value's type in "received ...". */
function receivedKind(value: unknown): string {
  return value === null
    ? "null"
    : Array.isArray(value)
    ? "array"
    : typeof value;
}
