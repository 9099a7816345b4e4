/**
 * A frontmatter's lines read without a YAML parser: where each key stands.
 *
 * @module
 */

import { jsYaml } from "./_js_yaml.ts";

/** The 1-based file lines of a frontmatter's keys (the fence is line 1). */
export class KeyLines {
  /** The frontmatter's YAML text, as it stands between the fences. */
  readonly yaml: string;
  #top: Map<string, number> | undefined;
  #inner: Map<string, number> | undefined;

  /** An index of `yaml`'s key lines, made once, on the first lookup. */
  constructor(yaml: string) {
    this.yaml = yaml;
  }

  /** The first top-level line that starts `key`, else one that holds it in a flow mapping, else 1. */
  lineOf(key: string): number {
    const line = this.#topLines().get(key);
    if (line !== undefined) return line;
    this.#inner ??= keyLines(
      this.yaml,
      (text) =>
        Array.from(
          text.matchAll(FLOW_KEY_REGEXP),
          ([, quoted, plain]) => quoted ?? plain,
        ),
    );
    return this.#inner.get(key) ?? 1;
  }

  /** Whether a top-level line starts with `key`. */
  startsLine(key: string): boolean {
    return this.#topLines().has(key);
  }

  #topLines(): Map<string, number> {
    return this.#top ??= keyLines(this.yaml, (text) => [keyOf(text)]);
  }
}

function keyLines(
  yaml: string,
  keysOf: (line: string) => (string | undefined)[],
): Map<string, number> {
  const lines = new Map<string, number>();
  yaml.split("\n").forEach((text, index) => {
    for (const key of keysOf(text)) {
      if (key !== undefined && !lines.has(key)) lines.set(key, index + 2);
    }
  });
  return lines;
}

/** A flow mapping's key (`"key":`, `'key':`, `[\w.-]+:`) after `{`, `,`, a blank or the start. */
const FLOW_KEY_REGEXP = /(?:^|[{,\s])(?:["']([^"'\n]*)["']|([\w.-]+))\s*:/g;

/** The key a top-level line starts, as YAML reads it. */
export function keyOf(line: string): string | undefined {
  const quote = line[0];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, 1);
    return close === -1 ? undefined : line.slice(1, close);
  }
  const indicator = line.indexOf(": ");
  const end = indicator !== -1
    ? indicator
    : line.endsWith(":")
    ? line.length - 1
    : -1;
  return end === -1 ? undefined : line.slice(0, end).trimEnd();
}

/** The first characters that make a YAML value other than a plain scalar. */
export const NON_PLAIN_STARTS: ReadonlySet<string> = new Set(
  " \t\"'[{|>&*!%@`#",
);

/** A top-level `key: value` line's key and value, trailing blanks cut (in linear time). */
export function keyLine(
  line: string,
): { key: string; value: string } | undefined {
  const match = /^([A-Za-z0-9_.-]+):[ \t]+/.exec(line);
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

/** What js-yaml reads of `text`, or `undefined` where it refuses it. */
export function tryLoad(text: string): unknown {
  try {
    return jsYaml().load(text);
  } catch {
    return undefined;
  }
}
