/**
 * The shell commands in an activation payload, in the two forms Claude Code
 * runs before its model reads a skill: `` !`command` `` (which may run over
 * several lines) and a fenced block opened with ` ```! `. This library runs
 * none; it reports each, with the line of the payload it starts on.
 *
 * @module
 */

import type { SkillCommand } from "./prompt.ts";

/**
 * An inline command: `!`, a backtick, then anything but a backtick, line
 * breaks included, up to the next backtick. Claude Code runs one only where
 * the `!` starts a line or follows a space; every one is reported here, a
 * superset, as Claude Code does not parse Markdown either (a command inside
 * any fenced block is run).
 */
const INLINE = /!`([^`]+)`/g;

/** A line that opens a command block: ` ```! `, after spaces or tabs. */
const BLOCK_OPEN = /^[ \t]*```!/;

/** A line that closes a fenced block. */
const BLOCK_CLOSE = /^[ \t]*```[ \t]*$/;

/**
 * The commands of a payload's `text`, in the order they start: the inline
 * ones, and the blocks of its body, which ends at line `bodyEnd` (a block's
 * command is its lines, to its closing fence or to the end of the body when
 * it has none: the payload's own lines are no part of it). One pass.
 */
export function commandsOf(text: string, bodyEnd: number): SkillCommand[] {
  const commands: SkillCommand[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number): number => {
    for (; counted < index; counted++) {
      if (text.charCodeAt(counted) === 10) line++;
    }
    return line;
  };
  for (const match of text.matchAll(INLINE)) {
    commands.push({ line: lineAt(match.index), command: match[1] ?? "" });
  }
  const lines = text.split("\n").slice(0, bodyEnd);
  for (let index = 0; index < lines.length; index++) {
    if (!BLOCK_OPEN.test(lines[index] ?? "")) continue;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length; index++) {
      const current = lines[index] ?? "";
      if (BLOCK_CLOSE.test(current)) break;
      body.push(current);
    }
    commands.push({ line: start + 1, command: body.join("\n") });
  }
  return commands.sort((a, b) => a.line - b.line);
}
