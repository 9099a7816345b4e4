/**
 * What an option of each kind must be, and the `invalid_option` errors of a
 * value that is not: the checks `config.ts` runs on every option.
 *
 * @module
 */

import { StartupError } from "./errors.ts";
import { describe, oneLineSafe } from "./_text.ts";
import { distanceWithin } from "./_similar.ts";
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
 * `options` when it is a plain object (`{ ... }` or `Object.create(null)`)
 * whose every own key, string or symbol, is one of `known`; else
 * `invalid_option` naming the function they were given to (`owner`) and, for
 * a key it does not take, the key (escaped, at most 80 characters) and the
 * closest it does take. What each function that takes an options object
 * checks first, so that a misspelt option (`root` for `roots`) is never
 * silently ignored. Reads no value: only the object's prototype and its own
 * keys (one call each, whatever a proxy's traps do), and stops at the first
 * key it does not take, so its work is bounded by the keys before it.
 *
 * @param options What was given.
 * @param owner The function, as a message names it (`renderCatalog`).
 * @param known Every option it takes.
 * @param within Where a nested options object is (`budget`, `roots[0]`),
 * as its keys are named: `budget.limit`.
 * @param hints For a key of another function's options, the one it takes
 * instead (`roots` → `paths`).
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
      describe(typeof key === "string" ? shortened(key) : key),
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

/** A key cut to 80 characters for a message, its last one an ellipsis. */
function shortened(key: string): string {
  return key.length <= 80 ? key : `${key.slice(0, 79)}…`;
}

/**
 * The known key a mistyped `key` most likely meant: the one equal to it
 * but for letter case, or the nearest by edit distance when that is at
 * most a third of its length (at least 1); none for a key much longer than
 * every known one. Work bounded by the known keys' lengths.
 */
export function closestKey(
  key: string,
  known: readonly string[],
): string | undefined {
  const lower = key.toLowerCase();
  const same = known.find((k) => k.toLowerCase() === lower);
  if (same !== undefined) return same;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 3));
  for (const candidate of known) {
    const distance = distanceWithin(
      lower,
      candidate.toLowerCase(),
      bestDistance,
    );
    if (
      distance !== undefined &&
      (best === undefined || distance < bestDistance)
    ) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Each of `keys` of a checked options object, read once; a getter that
 * throws is `invalid_option`, named with `within` when the object is nested.
 */
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
