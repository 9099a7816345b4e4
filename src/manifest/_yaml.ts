/**
 * A frontmatter's YAML as frozen JSON data (capped through aliases), with the
 * repairs of lines YAML refuses and authors write; the `invalid_skill` error.
 *
 * @module
 */

import type { YAMLException } from "js-yaml";
import { jsYaml } from "./_js_yaml.ts";
import type { JsonValue } from "../skill.ts";
import { SkillError, type SkillProblem } from "../errors.ts";
import { keyLine, keyOf, NON_PLAIN_STARTS, tryLoad } from "./_lines.ts";
import { simpleYaml } from "./_simple_yaml.ts";

/** The `invalid_skill` error of a manifest, at its first problem, with them all. */
export function invalid(
  path: string,
  problems: readonly SkillProblem[],
): SkillError {
  const first = problems[0] ?? { line: 1, message: "unusable manifest" };
  const where = first.column === undefined
    ? `${path}:${first.line}`
    : `${path}:${first.line}:${first.column}`;
  return new SkillError(
    "invalid_skill",
    `Invalid skill manifest ${where}: ${
      problems.map((problem) => problem.message).join("; ")
    }`,
    { path, line: first.line, column: first.column, problems },
  );
}

/** The most values a frontmatter may expand to (YAML aliases multiply them). */
const MAX_FRONTMATTER_VALUES = 100_000;

const MAX_DEPTH = 100; // js-yaml's own limit

/**
 * The YAML as a mapping, each error's line repaired with `repair`.
 *
 * @throws {SkillError} `invalid_skill` for YAML that is empty, not a mapping,
 * or does not parse (with the hint of the repair it needs).
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

/** Parsed YAML as frozen JSON data, its values and depth capped through aliases. */
export function jsonData(
  data: { readonly [key: string]: unknown },
  { aliased, path }: { aliased: boolean; path: string },
): { [key: string]: JsonValue } {
  const walk = { left: MAX_FRONTMATTER_VALUES, deepest: 0, copy: aliased };
  const json = toJson(data, walk, 1) as { [key: string]: JsonValue };
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

/** What js-yaml reads, each error's line repaired (when asked) until it parses. */
function loadYaml(
  yaml: string,
  { path, repair }: { path: string; repair: boolean },
): { data: unknown; repairs: readonly Repair[]; current: string } {
  const js = jsYaml();
  let current = yaml;
  const repairs: Repair[] = [];
  for (;;) {
    try {
      const data = js.load(current, { maxAliases: 1_000 });
      return { data, repairs, current };
    } catch (error) {
      if (!(error instanceof js.YAMLException)) throw error;
      // At most 10 lines repaired.
      const fix = repairs.length < 10 ? repairFor(current, error) : undefined;
      if (!repair || fix === undefined) {
        throw yamlError(error, { path, yaml: current, fix });
      }
      current = fix.yaml;
      repairs.push(fix.repair);
    }
  }
}

/** `invalid_skill` for a YAML error, with the hint of its repair. */
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
  let reason = error.reason;
  if (reason === "duplicated mapping key" && error.mark !== undefined) {
    const key = keyOf(yaml.split("\n")[error.mark.line] ?? "");
    if (key !== undefined) reason = `duplicated mapping key "${key}"`;
  }
  return invalid(path, [{
    line,
    column,
    message: `invalid YAML: ${reason}${hint}`,
  }]);
}

/**
 * A value as frozen JSON (objects frozen in place, or copied), the walk
 * stopping at its budget or past {@linkcode MAX_DEPTH}, whatever the aliases.
 */
function toJson(
  value: unknown,
  walk: { left: number; deepest: number; copy: boolean },
  depth: number,
): JsonValue {
  if (depth > walk.deepest) walk.deepest = depth;
  if (--walk.left < 0 || depth > MAX_DEPTH) return null;
  if (typeof value !== "object" || value === null) {
    if (typeof value === "number" && !Number.isFinite(value)) {
      return Number.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
    }
    return value as string | number | boolean | null;
  }
  // A copy by spread, like own keys only, keeps a "__proto__" key a plain key.
  const node =
    (walk.copy
      ? Array.isArray(value) ? [...value] : { ...value }
      : value) as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    const item = node[key];
    const json = toJson(item, walk, depth + 1);
    if (json !== item) node[key] = json;
  }
  return Object.freeze(node) as JsonValue;
}

/** `: ` in a plain value, `@` or a backtick first, a flow collection then text, a quoted value going on at column 0. */
export type RepairKind = "colon" | "indicator" | "flow_text" | "continuation";

/** A top-level line changed so that the YAML parses; `fix`, the line to write. */
export interface Repair {
  readonly kind: RepairKind;
  /** The file line YAML failed at. */
  readonly line: number;
  readonly key: string;
  readonly fix: string;
}

/** The repair for a YAML error: its line's value quoted, or a quoted value's lines indented. */
function repairFor(
  yaml: string,
  error: YAMLException,
): { yaml: string; repair: Repair } | undefined {
  const index = error.mark?.line;
  if (index === undefined) return undefined;
  const lines = yaml.split("\n");
  const fix = quotedLine(lines, index) ?? indented(lines, index);
  if (fix === undefined) return undefined;
  for (const [at, text] of fix.lines) lines[at] = text;
  return {
    yaml: lines.join("\n"),
    repair: { kind: fix.kind, line: index + 2, key: fix.key, fix: fix.fix },
  };
}

/** A repair, with the lines to replace by index. */
type LineFix = Omit<Repair, "line"> & { lines: Array<[number, string]> };

/** The line with its value double-quoted, if quoting is the repair. */
function quotedLine(
  lines: readonly string[],
  index: number,
): LineFix | undefined {
  const { key, value = "" } = keyLine(lines[index] ?? "") ?? {};
  const first = value[0] ?? "";
  let kind: RepairKind | undefined;
  if (first === "@" || first === "`") kind = "indicator";
  else if (first === "[" || first === "{") {
    const end = flowEnd(value);
    const rest = end === undefined ? "" : value.slice(end + 1).trim();
    if (rest !== "" && !rest.startsWith("#")) kind = "flow_text";
  } else if (!NON_PLAIN_STARTS.has(first) && value.includes(": ")) {
    kind = "colon";
  }
  if (key === undefined || kind === undefined) return undefined;
  const fix = `${key}: ${JSON.stringify(value)}`;
  return { kind, key, fix, lines: [[index, fix]] };
}

/** The index of the bracket closing the flow collection `value` opens. */
function flowEnd(value: string): number | undefined {
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

/** A quoted value going on at column 0 (as PyYAML reads it), its lines indented. */
function indented(
  lines: readonly string[],
  index: number,
): LineFix | undefined {
  let start = index - 1;
  while (start >= 0 && keyLine(lines[start] ?? "") === undefined) start--;
  const found = keyLine(lines[start] ?? "");
  const quote = found?.value[0];
  if (found === undefined || (quote !== '"' && quote !== "'")) return undefined;
  const opening = (lines[start] ?? "").indexOf(found.value);
  const end = closingLine(lines, start, opening, quote);
  if (end === undefined || end < index) return undefined;
  const changed: Array<[number, string]> = [];
  for (let at = start + 1; at <= end; at++) {
    const text = lines[at] ?? "";
    if (text !== "" && text[0] !== " " && text[0] !== "\t") {
      changed.push([at, `  ${text}`]);
    }
  }
  if (changed.length === 0) return undefined;
  // The fix: the value on one line, as YAML reads the repaired lines.
  const repaired = lines.slice(start, end + 1);
  for (const [at, text] of changed) repaired[at - start] = text;
  const data = tryLoad(repaired.join("\n"));
  const value = typeof data === "object" && data !== null
    ? (data as Record<string, unknown>)[found.key]
    : undefined;
  return {
    kind: "continuation",
    key: found.key,
    fix: typeof value === "string"
      ? `${found.key}: ${JSON.stringify(value)}`
      : "",
    lines: changed,
  };
}

/** The line that closes the quoted value opening at `lines[start][column]`. */
function closingLine(
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
export function repairHint(repair: Repair): string {
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
