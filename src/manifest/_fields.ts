/**
 * The frontmatter fields, as one table from which validation, `metadata`, the
 * {@linkcode SkillInfo} build, check's rules and `./schema` derive. A new
 * field: a row, a `SkillInfo` property, a line in the schema's declared type.
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

/** `text`: a non-blank string (trimmed); `tools`: string(s); `flag`: a boolean (these two may be null). */
export type FieldType = "text" | "tools" | "flag";

/** One frontmatter field. */
export interface Field {
  readonly key: string;
  /** Whether the Agent Skills spec defines the key. */
  readonly spec: boolean;
  /** Absent for a field kept in `metadata` as it stands. */
  readonly type?: FieldType;
  /** The property it fills, instead of `metadata`; the first row set wins. */
  readonly property?: FieldProperty;
  readonly normalise?: (value: unknown) => unknown;
  /** The property's value when no row for it is set. */
  readonly default?: unknown;
  /** A scalar read as its source text, or `yes`/`no`/`on`/`off` as a boolean. */
  readonly coerce?: "string" | "boolean";
  /** Whether an empty value means the field is absent. */
  readonly emptyIsAbsent?: boolean;
}

/** A list of tools, or a string split outside parentheses (`Bash(git add:*)` stays whole). */
function normaliseTools(value: unknown): readonly string[] {
  const items = typeof value === "string"
    ? splitTools(value)
    : value as string[];
  return Object.freeze(
    items.map((item) => item.trim()).filter((item) => item !== ""),
  );
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

const TEXT = { spec: true, type: "text", coerce: "string" } as const;
const TOOLS = {
  type: "tools",
  property: "allowedTools",
  normalise: normaliseTools,
  emptyIsAbsent: true,
} as const;
const FLAG = {
  spec: false,
  type: "flag",
  coerce: "boolean",
  emptyIsAbsent: true,
} as const;

/** Every frontmatter field, the spec's first. */
export const FIELDS: readonly Field[] = [
  { key: "name", property: "name", ...TEXT },
  { key: "description", property: "description", ...TEXT },
  { key: "license", spec: true, coerce: "string", emptyIsAbsent: true },
  // Empty, it stays: the spec wants 1-500 characters, and check says so.
  { key: "compatibility", spec: true, coerce: "string" },
  { key: "metadata", spec: true, emptyIsAbsent: true },
  { key: "allowed-tools", spec: true, ...TOOLS },
  { key: "tools", spec: false, ...TOOLS },
  { key: "user-invocable", property: "userInvocable", default: true, ...FLAG },
  {
    key: "disable-model-invocation",
    property: "disableModelInvocation",
    default: false,
    ...FLAG,
  },
];

/** The keys that fill a property of their own, so are not kept in metadata. */
export const NORMALISED_KEYS: ReadonlySet<string> = new Set(
  FIELDS.filter((field) => field.property !== undefined).map((f) => f.key),
);

type Typed = Field & { type: FieldType };

/** The rows that have a type: what a frontmatter mapping is validated by. */
export const TYPED: readonly Typed[] = FIELDS.filter((field): field is Typed =>
  field.type !== undefined
);

/**
 * The validated fields of a mapping (strings trimmed), or `undefined` if one
 * breaks its type: the zod schema's verdict and output (fields_test holds it).
 */
export function validFields(
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const valid: Record<string, unknown> = {};
  for (const { key, type } of TYPED) {
    const value = data[key];
    if (problemOf(type, value) !== undefined) return undefined;
    if (value !== undefined) {
      valid[key] = type === "text" ? (value as string).trim() : value;
    }
  }
  return valid;
}

/** Why a value breaks its field's type, worded as zod words it; the index of a bad item. */
function problemOf(
  type: FieldType,
  value: unknown,
): { reason: string; index?: number } | undefined {
  if (type === "text") {
    return typeof value !== "string"
      ? {
        reason: value === undefined
          ? "is required"
          : `expected string, received ${receivedKind(value)}`,
      }
      : value.trim() === ""
      ? { reason: "must not be empty" }
      : undefined;
  }
  if (
    value == null || typeof value === (type === "flag" ? "boolean" : "string")
  ) {
    return undefined;
  }
  if (type === "flag") return { reason: "expected true or false" };
  if (!Array.isArray(value)) {
    return { reason: "expected a string or a list of strings" };
  }
  const index = value.findIndex((item) => typeof item !== "string");
  return index === -1 ? undefined : {
    reason: `expected string, received ${receivedKind(value[index])}`,
    index,
  };
}

/** The properties a validated frontmatter mapping fills, defaults applied. */
export type FieldValues = Pick<SkillInfo, FieldProperty>;

const ROWS_BY_PROPERTY = new Map<FieldProperty, Field[]>();
for (const field of FIELDS) {
  if (field.property === undefined) continue;
  const rows = ROWS_BY_PROPERTY.get(field.property);
  if (rows === undefined) ROWS_BY_PROPERTY.set(field.property, [field]);
  else rows.push(field);
}

/** The properties of a validated mapping: each from its first row set (not null), else its default. */
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

/** Every field that breaks its type, worded as the zod schema words it. */
export function fieldProblems(
  data: Readonly<Record<string, unknown>>,
): { key: string; where: string; reason: string }[] {
  return TYPED.flatMap(({ key, type }) => {
    const problem = problemOf(type, data[key]);
    if (problem === undefined) return [];
    const { reason, index } = problem;
    const at = index === undefined ? "" : `[${index}]`;
    return [{ key, where: `frontmatter.${key}${at}`, reason }];
  });
}

function receivedKind(value: unknown): string {
  return value === null
    ? "null"
    : Array.isArray(value)
    ? "array"
    : typeof value;
}
