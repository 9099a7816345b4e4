/**
 * A top-level `key: value` line of frontmatter, read without a YAML parser:
 * its key and value text, and whether the value is a plain scalar; and what
 * js-yaml reads of a piece of YAML. What the repairs and the coercion notes
 * both go by.
 *
 * @module
 */

import { jsYaml } from "./_js_yaml.ts";

/** A top-level `key: value` line's start: accepts `[A-Za-z0-9_.-]+`, `:`, then spaces or tabs. */
const PLAIN_KEY_LINE_REGEXP = /^([A-Za-z0-9_.-]+):[ \t]+/;

/** The first characters that make a YAML value other than a plain scalar. */
export const NON_PLAIN_STARTS: ReadonlySet<string> = new Set(
  " \t\"'[{|>&*!%@`#",
);

/**
 * A top-level `key: value` line: the key and the value's text, trailing
 * blanks cut. Linear in the line's length: one anchored match with no nested
 * quantifiers, then a scan back over the blanks.
 */
export function keyLine(
  line: string,
): { key: string; value: string } | undefined {
  const match = PLAIN_KEY_LINE_REGEXP.exec(line);
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
export function plainLine(
  line: string,
): { key: string; value: string } | undefined {
  const found = keyLine(line);
  return found === undefined || NON_PLAIN_STARTS.has(found.value[0] ?? "")
    ? undefined
    : found;
}

/** What js-yaml reads of `text`, or `undefined` where it refuses it. */
export function tryLoad(text: string): unknown {
  try {
    return jsYaml().load(text);
  } catch {
    return undefined;
  }
}
