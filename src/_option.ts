/**
 * What an option of each kind must be, and the `invalid_option` errors of a
 * value that is not: the checks `config.ts` runs on every option.
 *
 * @module
 */

import { StartupError } from "./errors.ts";
import { describe } from "./_text.ts";
import type { WarnSink } from "./warn.ts";

/** What an option of one kind must be: its test, and how a message names it. */
export interface OptionKind<T> {
  accepts: (value: unknown) => value is T;
  expected: string;
}

export const STRING: OptionKind<string> = {
  accepts: (value): value is string => typeof value === "string",
  expected: "a string",
};
export const BOOLEAN: OptionKind<boolean> = {
  accepts: (value): value is boolean => typeof value === "boolean",
  expected: "a boolean",
};
export const COUNT: OptionKind<number> = {
  accepts: (value): value is number =>
    typeof value === "number" && Number.isSafeInteger(value) && value > 0,
  expected: "a positive integer",
};
export const FUNCTION: OptionKind<WarnSink> = {
  accepts: (value): value is WarnSink => typeof value === "function",
  expected: "a function",
};

/** The kind of an option that is one of a few strings. */
export function oneOf<T extends string>(
  ...values: readonly T[]
): OptionKind<T> {
  return {
    accepts: (value): value is T => values.includes(value as T),
    expected: values.map((value) => `"${value}"`).join(" or "),
  };
}

/** An option's value when it is absent or of its kind; else a StartupError. */
export function checkedOption<T>(
  value: unknown,
  name: string,
  { accepts, expected }: OptionKind<T>,
): T | undefined {
  if (value === undefined || accepts(value)) return value;
  throw new StartupError(
    "invalid_option",
    `Option "${name}" must be ${expected}, got ${describe(value)}`,
  );
}

/**
 * `options` when it is an object, else `invalid_option` naming the function
 * they were given to: what each helper that takes an options object checks
 * first.
 */
export function objectOptions<T>(options: T, owner: string): T {
  if (typeof options === "object" && options !== null) return options;
  throw new StartupError(
    "invalid_option",
    `The options of ${owner} must be an object, got ${describe(options)}`,
  );
}

/** `invalid_option` for an option whose getter threw `error`. */
export function unreadableOption(name: string, error: unknown): StartupError {
  return new StartupError(
    "invalid_option",
    `Option "${name}" could not be read (${
      error instanceof Error ? error.message : describe(error)
    })`,
    { cause: error },
  );
}
