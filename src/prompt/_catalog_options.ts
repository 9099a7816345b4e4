/**
 * The options of the prompt helpers, each read once and checked: what is
 * validated is what is used.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import {
  checkedOption,
  COUNT,
  objectOptions,
  oneOf,
  STRING,
} from "../_option_check.ts";
import { describe } from "../_text.ts";
import type { CatalogBudget, CatalogOptions } from "./prompt.ts";

/** Every option, read and checked, `undefined` where it was not given. */
export type CatalogOptionValues =
  & {
    [key in Exclude<keyof CatalogOptions, "budget">]-?:
      | CatalogOptions[key]
      | undefined;
  }
  & { budget: Budget | undefined };

/**
 * The budget, read and checked. Its keys are mapped from a union, not from
 * `keyof CatalogBudget`: `-?` on a mapping of an object's own keys would take
 * `undefined` out again unless `exactOptionalPropertyTypes` is on.
 */
export type Budget =
  & {
    [key in Exclude<keyof CatalogBudget, "limit">]-?:
      | CatalogBudget[key]
      | undefined;
  }
  & { limit: number };

/**
 * Every option `renderCatalog` takes. An option added to CatalogOptions but
 * not here, which would be refused, does not type-check (the record misses a
 * key), nor does a key that is no option.
 */
export const CATALOG_KEYS: readonly string[] = Object.keys(
  {
    format: true,
    instructions: true,
    toolName: true,
    include: true,
    exclude: true,
    scopes: true,
    sources: true,
    userOnly: true,
    descriptionCap: true,
    budget: true,
    rank: true,
    precedence: true,
    location: true,
  } satisfies Record<keyof CatalogOptions, true>,
);

/** Every option of `renderCatalog`'s `budget` (a record, as above). */
export const BUDGET_KEYS: readonly string[] = Object.keys(
  {
    limit: true,
    unit: true,
    countTokens: true,
    floor: true,
  } satisfies Record<keyof CatalogBudget, true>,
);

/** The options, each read once and checked. */
export function readCatalogOptions(
  options: CatalogOptions,
): CatalogOptionValues {
  const {
    format,
    instructions,
    toolName,
    include,
    exclude,
    scopes,
    sources,
    userOnly,
    descriptionCap,
    budget,
    rank,
    precedence,
    location,
  } = objectOptions(options, "renderCatalog", CATALOG_KEYS);
  if (toolName !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(toolName)) {
    throw new StartupError(
      "invalid_option",
      `Option "toolName" must be 1 to 64 letters, digits, "_" or "-", got ${
        describe(toolName)
      }`,
    );
  }
  if (
    instructions === "read" && (location === "relative" || location === "none")
  ) {
    throw new StartupError(
      "invalid_option",
      `Option "location" is ${
        describe(location)
      }, but instructions "read" tell the model to read each skill's SKILL.md at its location: give location "absolute", or instructions "tool"`,
    );
  }
  return {
    format: checkedOption(format, "format", oneOf("xml", "markdown", "json")),
    instructions: checkedOption(
      instructions,
      "instructions",
      oneOf("none", "read", "tool"),
    ),
    toolName: checkedOption(toolName, "toolName", STRING),
    include: stringList(include, "include"),
    exclude: stringList(exclude, "exclude"),
    scopes: stringList(scopes, "scopes"),
    sources: stringList(sources, "sources"),
    userOnly: checkedOption(
      userOnly,
      "userOnly",
      oneOf("leave_out", "include"),
    ),
    descriptionCap: checkedOption(descriptionCap, "descriptionCap", COUNT),
    budget: budgetOf(budget),
    rank: stringList(rank, "rank"),
    precedence: stringList(precedence, "precedence"),
    location: checkedOption(
      location,
      "location",
      oneOf("absolute", "relative", "none"),
    ),
  };
}

function stringList(
  value: unknown,
  name: string,
): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
    return value;
  }
  throw new StartupError(
    "invalid_option",
    `Option "${name}" must be a list of strings, got ${describe(value)}`,
  );
}

function budgetOf(budget: unknown): Budget | undefined {
  if (budget === undefined) return undefined;
  if (typeof budget !== "object" || budget === null) {
    throw new StartupError(
      "invalid_option",
      `Option "budget" must be { limit, unit?, countTokens?, floor? }, got ${
        describe(budget)
      }`,
    );
  }
  const { limit, unit, countTokens, floor } = objectOptions(
    budget as CatalogBudget,
    "renderCatalog",
    BUDGET_KEYS,
    { within: "budget" },
  );
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 0) {
    throw new StartupError(
      "invalid_option",
      `Option "budget.limit" must be a whole number, 0 or more, got ${
        describe(limit)
      }`,
    );
  }
  if (countTokens !== undefined && typeof countTokens !== "function") {
    throw new StartupError(
      "invalid_option",
      `Option "budget.countTokens" must be a function, got ${
        describe(countTokens)
      }`,
    );
  }
  return {
    limit,
    unit: checkedOption(
      unit,
      "budget.unit",
      oneOf("characters", "tokens"),
    ),
    countTokens,
    floor: checkedOption(floor, "budget.floor", COUNT),
  };
}

/**
 * The tokens the caller's `countTokens` gives for `text`, checked: a result
 * that is not a whole number, 0 or more (`NaN`, `-5`, `"3"`, `1.5`), and a
 * counter that throws, are an `invalid_option` naming it and what it gave,
 * never a size that leaves every skill out or lets the text run over.
 */
export function countedTokens(
  countTokens: (text: string) => number,
  text: string,
): number {
  let tokens: unknown;
  try {
    tokens = countTokens(text);
  } catch (cause) {
    throw new StartupError(
      "invalid_option",
      `renderCatalog: option "budget.countTokens" threw for a text of ${text.length} characters (see cause): it must return the text's tokens, a whole number, 0 or more`,
      { cause },
    );
  }
  if (
    typeof tokens !== "number" || !Number.isSafeInteger(tokens) || tokens < 0
  ) {
    throw new StartupError(
      "invalid_option",
      `renderCatalog: option "budget.countTokens" returned ${
        describe(tokens)
      } for a text of ${text.length} characters: it must return the text's tokens, a whole number, 0 or more`,
    );
  }
  return tokens;
}
