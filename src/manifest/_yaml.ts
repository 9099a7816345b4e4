/**
 * A frontmatter's YAML as frozen JSON data: the fast path for simple
 * frontmatter, else js-yaml with the repairs (when asked), then a walk that
 * caps the values and the depth, both counted through aliases.
 *
 * @module
 */

import type { YAMLException } from "js-yaml";
import { jsYaml } from "./_js_yaml.ts";
import type { JsonValue } from "../skill.ts";
import type { SkillError } from "../errors.ts";
import { invalid } from "./_invalid.ts";
import { keyOf } from "./_lines.ts";
import { type Repair, repairFor, repairHint } from "./_repair.ts";
import { simpleYaml } from "./_simple_yaml.ts";

/** The most values a frontmatter may expand to (YAML aliases multiply them). */
const MAX_FRONTMATTER_VALUES = 100_000;

const MAX_YAML_ALIASES = 1_000;

/** The most lines one manifest may have repaired. */
const MAX_REPAIRS = 10;

/**
 * The frontmatter's YAML as a mapping, as YAML types it: through the fast
 * path when it is simple, else js-yaml, repairing (with `repair`) the line
 * each error is on. Whether it has aliases says how to make it JSON data.
 *
 * @throws {SkillError} `invalid_skill` for empty YAML, YAML that is not a
 * mapping, or YAML that does not parse (with the hint of the repair it
 * needs).
 */
export function parseYaml(
  yaml: string,
  { path, repair }: { path: string; repair: boolean },
): {
  data: { readonly [key: string]: unknown };
  repairs: readonly Repair[];
  aliased: boolean;
} {
  if (yaml.trim() === "") {
    throw invalid(path, [{
      line: 2,
      message:
        "empty frontmatter: expected a YAML mapping with name and description",
    }]);
  }
  // The frontmatter most skills have needs no YAML parser: a tree of strings
  // and booleans.
  const simple = simpleYaml(yaml);
  const { data, repairs, current } = simple === undefined
    ? loadYaml(yaml, { path, repair })
    : { data: simple, repairs: [], current: yaml };
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    const kind = Array.isArray(data)
      ? "a list"
      : data === null
      ? "null"
      : `a ${typeof data}`;
    throw invalid(path, [{
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
export function jsonData(
  data: { readonly [key: string]: unknown },
  { aliased, path }: { aliased: boolean; path: string },
): { [key: string]: JsonValue } {
  const walk: ParsedYamlWalk = { left: MAX_FRONTMATTER_VALUES, deepest: 0 };
  const json =
    (aliased ? toJson(data, walk, 1) : frozenTree(data, walk, 1)) as {
      [key: string]: JsonValue;
    };
  if (walk.deepest > MAX_DEPTH) {
    throw invalid(path, [{
      line: 2,
      message: `frontmatter nests deeper than ${MAX_DEPTH} levels${
        aliased ? ", counted through its YAML aliases" : ""
      }`,
    }]);
  }
  if (walk.left < 0) {
    throw invalid(path, [{
      line: 2,
      message: `frontmatter holds more than ${MAX_FRONTMATTER_VALUES} values${
        aliased ? " once its YAML aliases are expanded" : ""
      } (each mapping, list, key's value and list item counts one)`,
    }]);
  }
  return json;
}

/** What a walk over parsed YAML has left to spend, and how deep it went. */
interface ParsedYamlWalk {
  left: number;
  deepest: number;
}

/**
 * What js-yaml reads of the frontmatter, repairing the line each error is on
 * (when asked) until it parses, and the YAML as repaired.
 */
function loadYaml(
  yaml: string,
  { path, repair }: { path: string; repair: boolean },
): { data: unknown; repairs: readonly Repair[]; current: string } {
  const js = jsYaml();
  let current = yaml;
  const repairs: Repair[] = [];
  for (;;) {
    try {
      const data = js.load(current, { maxAliases: MAX_YAML_ALIASES });
      return { data, repairs, current };
    } catch (error) {
      if (!(error instanceof js.YAMLException)) throw error;
      const fix = repairs.length < MAX_REPAIRS
        ? repairFor(current, error)
        : undefined;
      if (!repair || fix === undefined) {
        throw yamlError(error, { path, yaml: current, fix });
      }
      current = fix.yaml;
      repairs.push(fix.repair);
    }
  }
}

/** `invalid_skill` for a YAML error, with the hint of the repair it needs. */
function yamlError(
  error: YAMLException,
  { path, yaml, fix }: {
    path: string;
    yaml: string;
    fix: { repair: Repair } | undefined;
  },
): SkillError {
  // Positions are relative to the YAML; the fence line comes first.
  const line = error.mark === undefined ? 2 : error.mark.line + 2;
  const column = error.mark === undefined ? undefined : error.mark.column + 1;
  const hint = fix === undefined ? "" : ` (${repairHint(fix.repair)})`;
  return invalid(path, [{
    line,
    column,
    message: `invalid YAML: ${yamlReason(yaml, error)}${hint}`,
  }]);
}

/** js-yaml's reason, with the key named for a duplicate key. */
function yamlReason(yaml: string, error: YAMLException): string {
  if (error.reason !== "duplicated mapping key" || error.mark === undefined) {
    return error.reason;
  }
  const key = keyOf(yaml.split("\n")[error.mark.line] ?? "");
  return key === undefined ? error.reason : `duplicated mapping key "${key}"`;
}

/**
 * Copies parsed YAML into frozen plain JSON data. Aliases become copies, so
 * the result is a tree; the walk stops where its budget of values runs out
 * or it is nested past {@linkcode MAX_DEPTH} (`depth` is the value's level,
 * the mapping's 1), so that no alias chain makes it recurse deeper. Numbers
 * JSON cannot hold (`.inf`, `.nan`) become their YAML spelling.
 */
function toJson(
  value: unknown,
  walk: ParsedYamlWalk,
  depth: number,
): JsonValue {
  if (!spend(walk, depth)) return null;
  if (typeof value !== "object" || value === null) return jsonScalar(value);
  if (Array.isArray(value)) {
    return Object.freeze(
      value.map((item) => toJson(item, walk, depth + 1)),
    ) as JsonValue[];
  }
  const entries = Object.entries(value).map((
    [key, item],
  ) => [key, toJson(item, walk, depth + 1)]);
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.freeze(Object.fromEntries(entries));
}

/** Counts one value at `depth`: whether the walk may go on into it. */
function spend(walk: ParsedYamlWalk, depth: number): boolean {
  if (depth > walk.deepest) walk.deepest = depth;
  return --walk.left >= 0 && depth <= MAX_DEPTH;
}

/** A YAML scalar as JSON data: `.inf` and `.nan` in their YAML spelling. */
function jsonScalar(value: unknown): JsonValue {
  if (typeof value === "number" && !Number.isFinite(value)) {
    return Number.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  }
  return value as string | number | boolean | null;
}

/**
 * {@linkcode toJson} for parsed YAML that is a tree (it has no alias): the
 * same frozen JSON data, made in place rather than copied.
 */
function frozenTree(
  value: unknown,
  walk: ParsedYamlWalk,
  depth: number,
): JsonValue {
  if (!spend(walk, depth)) return null;
  if (typeof value !== "object" || value === null) return jsonScalar(value);
  const node = value as Record<string, unknown>;
  // Own keys only: a "__proto__" key that js-yaml defined stays a plain key.
  for (const key of Object.keys(node)) {
    const item = node[key];
    const frozen = frozenTree(item, walk, depth + 1);
    if (frozen !== item) node[key] = frozen;
  }
  return Object.freeze(node) as JsonValue;
}
