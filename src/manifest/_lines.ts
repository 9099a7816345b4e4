/**
 * Where each key of a frontmatter stands: the line index that positions a
 * problem. A value made for one frontmatter and passed to whoever reports a
 * position (the parser, discovery's findings, the check rules); it indexes
 * the lines on its first lookup, once, so asking about every key stays
 * linear.
 *
 * @module
 */

/** The 1-based file lines of a frontmatter's keys (the fence is line 1). */
export class KeyLines {
  /** The frontmatter's YAML text, as it stands between the fences. */
  readonly yaml: string;
  #top: Map<string, number> | undefined;
  #inner: Map<string, number> | undefined;

  /** An index of `yaml`'s key lines, made on the first lookup. */
  constructor(yaml: string) {
    this.yaml = yaml;
  }

  /**
   * The line of a key: the first top-level line that starts it, else the
   * first line that holds it inside a flow mapping (`{name: x}`), else the
   * fence line.
   */
  lineOf(key: string): number {
    const line = this.#topLines().get(key);
    if (line !== undefined) return line;
    this.#inner ??= innerKeyLines(this.yaml);
    return this.#inner.get(key) ?? 1;
  }

  /** Whether a top-level line starts with `key`. */
  startsLine(key: string): boolean {
    return this.#topLines().has(key);
  }

  #topLines(): Map<string, number> {
    return this.#top ??= topKeyLines(this.yaml);
  }
}

/**
 * The key each top-level line starts, at the first line that starts it:
 * `"key"` or `'key'` quoted, else the text before the line's first `: ` (or
 * its final `:`), less trailing blanks, as YAML reads a plain key.
 */
function topKeyLines(yaml: string): Map<string, number> {
  const lines = new Map<string, number>();
  yaml.split("\n").forEach((text, index) => {
    const key = keyOf(text);
    // The fence line comes first.
    if (key !== undefined && !lines.has(key)) lines.set(key, index + 2);
  });
  return lines;
}

/**
 * Each `key:` (plain or quoted) anywhere on a line, at the first line that
 * holds it: the fallback for keys of a flow mapping, made only when a
 * lookup misses.
 */
function innerKeyLines(yaml: string): Map<string, number> {
  const lines = new Map<string, number>();
  yaml.split("\n").forEach((text, index) => {
    for (const [, quoted, plain] of text.matchAll(FLOW_KEY_REGEXP)) {
      const key = quoted ?? plain;
      if (key !== undefined && !lines.has(key)) lines.set(key, index + 2);
    }
  });
  return lines;
}

/** A flow mapping's key: accepts `"key":`, `'key':` or `[\w.-]+`, blanks, `:`, after `{`, `,`, a blank or the start. */
const FLOW_KEY_REGEXP = /(?:^|[{,\s])(?:["']([^"'\n]*)["']|([\w.-]+))\s*:/g;

/** The key a top-level line starts, as YAML reads it, if it starts one. */
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
