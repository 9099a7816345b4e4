/**
 * Where the command writes, in a module of its own: the command's public
 * declarations (`./cli`) reach only this file, so they need no runtime's
 * types (the flags' types come from `node:util`).
 *
 * @module
 */

/** Where the command writes, and what it knows of its terminal. */
export interface CliIO {
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /**
   * Writes bytes to standard output as they are (`pack --output -`);
   * absent where standard output is a terminal, which is never sent an
   * archive's bytes.
   */
  stdoutBytes?: ((bytes: Uint8Array) => void) | undefined;
  /** Whether to use ANSI colours (a TTY, and `NO_COLOR` unset). */
  color: boolean;
  /**
   * The terminal width that `list` fits its lines to; 0 when it is not known
   * (then 80).
   */
  columns: number;
  /** The directory relative paths resolve against. */
  cwd: string;
}
