/**
 * What an option of each kind must be, and the `invalid_option` errors of a
 * value that is not: the checks every function that takes options runs.
 *
 * @module
 */

import { StartupError } from "./errors.ts";
import { describe, oneLineSafe } from "./_text.ts";
import { closest } from "./_names.ts";
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
 * `options` when it is a plain object whose every own key is one of `known`;
 * else `invalid_option` naming `owner` and, for a key it does not take, the
 * key (escaped, at most 80 characters) and the closest it takes (or the one
 * `hints` gives). Reads no value, only the prototype and the own keys (one
 * call each, whatever a proxy does), so a misspelt option is never ignored.
 * `within` names a nested options object (`budget`, `roots[0]`).
 */
export function objectOptions<T>(
  options: T,
  owner: string,
  known: readonly string[],
  { within, hints }: {
    within?: string;
    hints?: Readonly<Record<string, string>>;
  } = {},
): T {
  const name = within === undefined ? "The options" : `Option "${within}"`;
  let keys: (string | symbol)[];
  try {
    if (
      typeof options !== "object" || options === null || Array.isArray(options)
    ) {
      throw new StartupError(
        "invalid_option",
        `${name} of ${owner} must be an object, got ${describe(options)}`,
      );
    }
    const prototype: unknown = Object.getPrototypeOf(options);
    if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
      throw new StartupError(
        "invalid_option",
        `${name} of ${owner} must be a plain object ({ ... }), got an object of another kind (a class instance, a Map, an object made with Object.create(...)): copy its options into an object literal`,
      );
    }
    keys = Reflect.ownKeys(options);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw unreadableOption(within ?? `the options of ${owner}`, error);
  }
  for (const key of keys) {
    if (typeof key === "string" && known.includes(key)) continue;
    const suggestion = typeof key === "string"
      ? hints?.[key] ?? closestKey(key, known)
      : undefined;
    const shown = oneLineSafe(
      describe(
        typeof key !== "string" || key.length <= 80
          ? key
          : `${key.slice(0, 79)}…`,
      ),
    );
    throw new StartupError(
      "invalid_option",
      `${owner} has no option ${
        within === undefined ? shown : `${shown} in "${within}"`
      }${
        suggestion === undefined ? "." : `: did you mean "${suggestion}"?`
      } Remove it or correct its name; ${
        within === undefined ? "the options are" : `"${within}" takes`
      } ${known.join(", ")}`,
    );
  }
  return options;
}

/**
 * The known key a mistyped `key` most likely meant: the same but for letter
 * case, else the nearest within a third of its length (at least 1 edit).
 */
export function closestKey(
  key: string,
  known: readonly string[],
): string | undefined {
  const lower = known.map((k) => k.toLowerCase());
  const given = key.toLowerCase();
  const max = Math.max(1, Math.floor(key.length / 3));
  const found = lower.includes(given)
    ? given
    : closest(given, lower, { max, limit: 1 })[0];
  return found === undefined ? undefined : known[lower.indexOf(found)];
}

/** Each of `keys` of a checked options object, read once; a getter that throws is refused. */
export function readFields<K extends string>(
  options: unknown,
  keys: readonly K[],
  within?: string,
): { [key in K]?: unknown } {
  const given: { [key in K]?: unknown } = {};
  for (const key of keys) {
    try {
      given[key] = (options as { [key in K]?: unknown })[key];
    } catch (error) {
      throw unreadableOption(
        within === undefined ? key : `${within}.${key}`,
        error,
      );
    }
  }
  return given;
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
