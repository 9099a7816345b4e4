/**
 * The terminal: writers that stop quietly when the reader has gone, whether
 * to colour, the width, failures and warnings, and text from disk made short
 * for a line (the escaping of every line is in `output.ts`).
 *
 * @module
 */

import { isAbsolute, relative, resolve } from "node:path";
import process from "node:process";
import type { SkillDiagnostic } from "../check/diagnostic.ts";
import { oneLineSafe } from "../_text.ts";
import type { SkillWarning } from "../warn.ts";
import { json } from "./json.ts";
import { colors, line, type Output } from "./output.ts";
import type { Values, WorkingDirectory } from "./types.ts";

/** The width a line is fitted to when the terminal's is not known. */
export const DEFAULT_COLUMNS = 80;

/**
 * A writer that stops quietly when the reader has gone (`agent-skills list |
 * head`): Node reports EPIPE as an error event, Deno by throwing.
 */
export function writer(
  stream: NodeJS.WritableStream,
): (chunk: string | Uint8Array) => void {
  let closed = false;
  stream.on("error", (error: { code?: string }) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return (chunk) => {
    if (closed) return;
    try {
      stream.write(chunk);
    } catch (error) {
      if ((error as { code?: string }).code !== "EPIPE") throw error;
      closed = true;
    }
  };
}

export function noColor(): boolean {
  // Deno knows NO_COLOR without --allow-env; elsewhere the environment is free to read.
  const deno = (globalThis as { Deno?: { noColor: boolean } }).Deno;
  if (deno !== undefined) return deno.noColor;
  const value = process.env["NO_COLOR"];
  return value !== undefined && value !== "";
}

/**
 * `COLUMNS` when it is a width (it is set on purpose, as for `ls`), read under
 * Deno only when it may be read without asking.
 */
export function columnsFromEnv(): number | undefined {
  const deno = (globalThis as { Deno?: DenoPermissions }).Deno;
  const readable = deno === undefined ||
    deno.permissions.querySync({ name: "env", variable: "COLUMNS" }).state ===
      "granted";
  const value = readable ? process.env["COLUMNS"] : undefined;
  return value !== undefined && /^[1-9][0-9]{0,4}$/.test(value)
    ? Number(value)
    : undefined;
}

/** The part of Deno's namespace that says whether a permission is held. */
interface DenoPermissions {
  permissions: {
    querySync(descriptor: { name: "env"; variable: string }): {
      state: string;
    };
  };
}

/**
 * Reports a command's failure (with the warnings before it): one JSON
 * document under `--json`, else lines on stderr. Returns the exit status.
 */
export function fail(
  io: Output,
  values: Values,
  { status, error, warnings = [] }: {
    /** The exit status to return. */
    status: number;
    error: { code: string; message: string };
    warnings?: SkillWarning[];
  },
): number {
  if (values.json) {
    json(io, { error, warnings });
  } else {
    printWarnings(io, warnings);
    io.err(
      line`agent-skills: ${colors().red(`${error.code}:`)} ${error.message}`,
    );
  }
  return status;
}

/**
 * Prints the library's warnings on stderr, each on its line; the roots that
 * `--untrusted-workspace` left unread (one `untrusted_root` warning each, in
 * the library's terms) as one note, in the flag's terms, as `check` says it.
 */
export function printWarnings(
  io: Output,
  warnings: readonly SkillWarning[],
): void {
  const c = colors();
  const untrusted: string[] = [];
  for (const warning of warnings) {
    if (warning.code === "untrusted_root") {
      untrusted.push(warning.path ?? "");
      continue;
    }
    io.err(
      line`${c.yellow(`warning [${warning.code}]`)} ${
        relativeText(warning.message, io)
      }`,
    );
  }
  if (untrusted.length > 0) {
    io.err(
      line`${c.dim("note [untrusted_root]")} ${untrustedNote(untrusted, io)}`,
    );
  }
}

/**
 * What the command line says of the roots `--untrusted-workspace` left
 * unread, once for them all: the user's own choice, a note (the library
 * says it per root, of its `trust` option).
 */
export function untrustedNote(
  paths: readonly string[],
  io: WorkingDirectory,
): string {
  return `not read, as --untrusted-workspace asks: ${
    untrustedPaths(paths, io)
  } (the workspace's roots); leave out --untrusted-workspace to read them`;
}

/** The roots not read, each once, as {@linkcode display} shows them. */
export function untrustedPaths(
  paths: readonly string[],
  io: WorkingDirectory,
): string {
  return [...new Set(paths)].map((path) => display(path, io)).join(", ");
}

export function position(
  diagnostic: Pick<SkillDiagnostic, "path" | "line" | "column">,
  io: WorkingDirectory,
): string {
  const path = display(diagnostic.path, io);
  return diagnostic.line === undefined
    ? path
    : `${path}:${diagnostic.line}:${diagnostic.column ?? 1}`;
}

/** A path relative to the current directory when it is inside it. */
export function display(path: string, io: WorkingDirectory): string {
  const rel = relative(resolve(io.cwd), path);
  const shown = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)
    ? rel
    : path;
  return oneLineSafe(shown);
}

/**
 * A message with the paths inside the current directory made relative, on
 * one line whatever the names in it hold.
 */
export function relativeText(text: string, io: WorkingDirectory): string {
  return oneLineSafe(text.replaceAll(`${resolve(io.cwd)}/`, ""));
}

/** Text from disk on one line: blank runs folded, control characters escaped. */
export function oneLine(text: string): string {
  return oneLineSafe(text.replace(/\s+/g, " ").trim());
}

export function cut(text: string, width: number): string {
  if (text.length <= width) return text;
  let end = Math.max(width - 1, 0);
  // Never half a surrogate pair: a lone one would show as an escape.
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
