/**
 * The repairs of top-level lines that YAML refuses and authors write (an
 * unquoted `: `, a reserved first character, a flow list followed by text, a
 * quoted value continued at column 0), and how to write each line instead.
 *
 * @module
 */

import type { YAMLException } from "js-yaml";
import { keyLine, NON_PLAIN_STARTS, tryLoad } from "./_scalar.ts";

/**
 * What was wrong with a top-level line that YAML refused: a plain value with
 * `: ` in it (`colon`), a value that starts with a character YAML reserves
 * (`indicator`: `@` or a backtick), a flow list or mapping with more text
 * after it (`flow_text`: `[file] [options]`), or a quoted value that goes on
 * at column 0 (`continuation`).
 */
export type RepairKind = "colon" | "indicator" | "flow_text" | "continuation";

/** A top-level line changed (quoted, or its value indented) so that the YAML parses. */
export interface Repair {
  readonly kind: RepairKind;
  /** The 1-based file line YAML failed at. */
  readonly line: number;
  /** The key whose value was repaired. */
  readonly key: string;
  /** The key's line as it should be written, on one line. */
  readonly fix: string;
}

/**
 * The repair for a YAML error, on the line the error is on: that one value
 * double-quoted, or the continuation lines of a quoted value indented.
 * Nothing else is ever repaired: never a nested key, a block scalar or a
 * value that is already quoted.
 */
export function repairFor(
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

interface LineFix {
  kind: RepairKind;
  key: string;
  fix: string;
  /** The lines to replace, by index. */
  lines: Array<[number, string]>;
}

/** A top-level line whose value YAML refuses, with that value double-quoted. */
function quotedLine(
  lines: readonly string[],
  index: number,
): LineFix | undefined {
  const found = keyLine(lines[index] ?? "");
  if (found === undefined) return undefined;
  const { key, value } = found;
  const kind = quoteKind(value);
  if (kind === undefined) return undefined;
  const fix = `${key}: ${JSON.stringify(value)}`;
  return { kind, key, fix, lines: [[index, fix]] };
}

/** Why a value needs quoting, or nothing when quoting is not the repair. */
function quoteKind(value: string): RepairKind | undefined {
  const first = value[0] ?? "";
  if (first === "@" || first === "`") return "indicator";
  if (first === "[" || first === "{") {
    const end = flowEnd(value);
    const rest = end === undefined ? "" : value.slice(end + 1).trim();
    return rest !== "" && !rest.startsWith("#") ? "flow_text" : undefined;
  }
  return !NON_PLAIN_STARTS.has(first) && value.includes(": ")
    ? "colon"
    : undefined;
}

/** The index of the bracket that closes the flow collection `value` opens. */
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

/**
 * A quoted top-level value that goes on at column 0, which YAML refuses and
 * PyYAML reads: its continuation lines indented by two blanks, which reads
 * the same value (the blanks a folded line starts with are dropped). `index`
 * is the line YAML failed at, inside the value.
 */
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
  const end = closingLine(lines, { line: start, column: opening, quote });
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
  const value = tryLoadValue(repaired.join("\n"), found.key);
  return {
    kind: "continuation",
    key: found.key,
    fix: value === undefined ? "" : `${found.key}: ${JSON.stringify(value)}`,
    lines: changed,
  };
}

/** The string `key` holds in a YAML document, if it parses and holds one. */
function tryLoadValue(yaml: string, key: string): string | undefined {
  const data = tryLoad(yaml);
  const value = typeof data === "object" && data !== null
    ? (data as Record<string, unknown>)[key]
    : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The line that closes the quoted value opening at `lines[start][column]`. */
function closingLine(
  lines: readonly string[],
  { line: start, column, quote }: {
    line: number;
    column: number;
    quote: string;
  },
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
