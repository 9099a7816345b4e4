/**
 * The `---` fence of a manifest: its YAML and its body, std's front_matter
 * way (one anchored pattern: an optional BOM, `---`, the YAML lazily up to
 * the first line that is `---` alone).
 *
 * @module
 */

import { invalid } from "./_invalid.ts";

/**
 * An optional BOM, `---` (trailing blanks allowed), the YAML lazily up to the
 * first line that is `---` alone, then the body. Line endings are already LF.
 */
const FENCE_REGEXP = /^\uFEFF?---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/** The opening fence alone: the file starts a block that nothing closes. */
const OPENING_FENCE_REGEXP = /^\uFEFF?---[ \t]*(?:\n|$)/;

export function splitFence(
  text: string,
  path: string,
): { yaml: string; body: string } {
  const normalised = text.includes("\r") ? text.replace(/\r\n/g, "\n") : text;
  const match = FENCE_REGEXP.exec(normalised);
  if (match === null) {
    const opens = OPENING_FENCE_REGEXP.test(normalised);
    throw invalid(path, [{
      line: 1,
      message: opens
        ? "unclosed frontmatter: no line with --- alone closes the block opened on line 1"
        : "missing frontmatter: the file must start with a --- line, then YAML, then a --- line",
    }]);
  }
  return {
    yaml: match[1] ?? "",
    body: normalised.slice(match[0].length).trim(),
  };
}
