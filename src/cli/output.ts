/**
 * The one way the command writes: a command is given an {@linkcode Output},
 * never the streams, and every line it writes is escaped here, whatever its
 * pieces hold, with the colours applied after the escaping. So no command
 * can print a name, a path, a description or an argument raw, and a colour
 * is the only escape sequence the command writes.
 *
 * @module
 */

import { oneLineSafe } from "../_text.ts";
import type { CliIO } from "./io.ts";

/** A style of the terminal's, applied only where colours are on. */
export type Style = "red" | "yellow" | "dim" | "bold";

/** Text in a style: escaped like any text, then painted. */
export interface Styled {
  /** The style. */
  readonly style: Style;
  /** The text, as it came (the writer escapes it). */
  readonly text: string;
}

/** A piece of a line: text, or text in a style. */
export type Piece = string | Styled;

/** A line as its pieces (no line break in it: each piece is escaped). */
export type Line = readonly Piece[];

/** Where a command writes, and what it knows of its terminal. */
export interface Output {
  /** Writes one line to stdout, each acting character of it escaped. */
  out(line: Piece | Line): void;
  /** Writes one line to stderr, each acting character of it escaped. */
  err(line: Piece | Line): void;
  /**
   * Writes text of several lines to stdout (a skill's body, a catalog's
   * text, a JSON document, a help page): it keeps its line feeds and tabs,
   * and every other acting character in it is escaped.
   */
  outText(text: string): void;
  /** Writes text of several lines to stderr, as {@linkcode Output.outText}. */
  errText(text: string): void;
  /** Writes bytes to stdout as they are; absent where stdout is a terminal. */
  readonly outBytes: ((bytes: Uint8Array) => void) | undefined;
  /** Whether to use ANSI colours. */
  readonly color: boolean;
  /** The terminal width that `list` fits its lines to; 0 when not known. */
  readonly columns: number;
  /** The directory relative paths resolve against. */
  readonly cwd: string;
}

/** The SGR codes that open and close each style. */
const SGR: Readonly<Record<Style, readonly [number, number]>> = {
  red: [31, 39],
  yellow: [33, 39],
  dim: [2, 22],
  bold: [1, 22],
};

/** The writer over the streams of `io`: the only one the commands get. */
export function output(io: CliIO): Output {
  const piece = (part: Piece): string => {
    if (typeof part === "string") return oneLineSafe(part);
    const text = oneLineSafe(part.text);
    if (!io.color) return text;
    const [open, close] = SGR[part.style];
    return `\x1b[${open}m${text}\x1b[${close}m`;
  };
  const line = (parts: Piece | Line): string =>
    `${isLine(parts) ? parts.map(piece).join("") : piece(parts)}\n`;
  return {
    out: (parts) => io.stdout(line(parts)),
    err: (parts) => io.stderr(line(parts)),
    outText: (text) => io.stdout(`${linesSafe(text)}\n`),
    errText: (text) => io.stderr(`${linesSafe(text)}\n`),
    outBytes: io.stdoutBytes,
    color: io.color,
    columns: io.columns,
    cwd: io.cwd,
  };
}

function isLine(parts: Piece | Line): parts is Line {
  return Array.isArray(parts);
}

/** Text of several lines, its line feeds and tabs kept, each line escaped. */
function linesSafe(text: string): string {
  return text.split("\n").map((line) =>
    line.split("\t").map(oneLineSafe).join("\t")
  ).join("\n");
}

/**
 * A line from a template: the literal parts as written, each value a piece
 * (text, a styled text, a line, a number), so that
 * `` line`  ${c.bold(name)}  ${path}` `` is escaped piece by piece.
 */
export function line(
  literals: TemplateStringsArray,
  ...values: ReadonlyArray<Piece | Line | number>
): Line {
  const pieces: Piece[] = [];
  literals.forEach((literal, index) => {
    if (literal !== "") pieces.push(literal);
    if (index >= values.length) return;
    const value = values[index] ?? "";
    if (typeof value === "number") pieces.push(String(value));
    else if (isLine(value)) pieces.push(...value);
    else pieces.push(value);
  });
  return pieces;
}

const STYLES: Readonly<Record<Style, (text: string) => Styled>> = {
  red: (text) => ({ style: "red", text }),
  yellow: (text) => ({ style: "yellow", text }),
  dim: (text) => ({ style: "dim", text }),
  bold: (text) => ({ style: "bold", text }),
};

/** The styles, as pieces that the writer paints where colours are on. */
export function colors(): Readonly<Record<Style, (text: string) => Styled>> {
  return STYLES;
}
