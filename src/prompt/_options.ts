/**
 * What the prompt helpers are given, read once and checked: a wrong value
 * is an `invalid_option` naming the helper, what it got and what to pass,
 * never a raw `TypeError`.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import {
  checkedOption,
  COUNT,
  FUNCTION,
  objectOptions,
  oneOf,
  type OptionKind,
  STRING,
} from "../_option_check.ts";
import { describe } from "../_text.ts";
import type { SkillContent, SkillInfo } from "../skill.ts";
import type {
  ActivationOptions,
  CatalogBudget,
  CatalogOptions,
} from "./prompt.ts";

/** The options of `T`, read and checked: `undefined` where not given. */
type Checked<T> = { [key in keyof T]: T[key] | undefined };
/** The options of `renderCatalog`, read and checked. */
export type CatalogOptionValues =
  & Checked<Omit<CatalogOptions, "budget">>
  & { budget?: Budget | undefined };
/** The budget, read and checked. */
export type Budget = Checked<CatalogBudget> & { limit: number };

const BUDGET: Record<keyof CatalogBudget, 1> = {
  limit: 1,
  unit: 1,
  countTokens: 1,
  floor: 1,
};
/** Every option of `renderCatalog`'s `budget`. */
export const BUDGET_KEYS: readonly string[] = Object.keys(BUDGET);

/** An activation tool's name (a value that is no string is tested as text). */
export const TOOL_NAME: OptionKind<string> = {
  accepts: (value): value is string =>
    /^[A-Za-z0-9_-]{1,64}$/.test(value as string),
  expected: '1 to 64 letters, digits, "_" or "-"',
};

const STRINGS: OptionKind<readonly string[]> = {
  accepts: (value): value is readonly string[] =>
    Array.isArray(value) && value.every((v) => typeof v === "string"),
  expected: "a list of strings",
};

const WHOLE: OptionKind<number> = {
  accepts: (value): value is number =>
    typeof value === "number" && Number.isSafeInteger(value) && value >= 0,
  expected: "a whole number, 0 or more",
};

function invalid(message: string): StartupError {
  return new StartupError("invalid_option", message);
}

type KindOf<T> = { [key in keyof T]-?: OptionKind<NonNullable<T[key]>> };
/** Each option of `renderCatalog`, in the order messages list them, and its kind (an option missing here fails to compile). */
const CATALOG_KINDS = {
  format: oneOf("xml", "markdown", "json"),
  instructions: oneOf("none", "read", "tool"),
  toolName: STRING,
  include: STRINGS,
  exclude: STRINGS,
  scopes: STRINGS,
  sources: STRINGS,
  userOnly: oneOf("leave_out", "include"),
  descriptionCap: COUNT,
  budget: undefined,
  rank: STRINGS,
  precedence: STRINGS,
  location: oneOf("absolute", "relative", "none"),
} satisfies KindOf<Omit<CatalogOptions, "budget">> & { budget: undefined };

/** Every option `renderCatalog` takes. */
export const CATALOG_KEYS: readonly string[] = Object.keys(CATALOG_KINDS);

/** The options of `renderCatalog`, each read once and checked. */
export function readCatalogOptions(
  options: CatalogOptions,
): CatalogOptionValues {
  const given = objectOptions(options, "renderCatalog", CATALOG_KEYS);
  const raw: Record<string, unknown> = {};
  for (const key of CATALOG_KEYS) raw[key] = given[key as keyof CatalogOptions];
  const { toolName, instructions, location } = raw;
  checkedOption(toolName, "toolName", TOOL_NAME);
  if (
    instructions === "read" && (location === "relative" || location === "none")
  ) {
    throw invalid(
      `Option "location" is ${
        describe(location)
      }, but instructions "read" tell the model to read each skill's SKILL.md at its location: give location "absolute", or instructions "tool"`,
    );
  }
  const values: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(CATALOG_KINDS)) {
    values[key] = kind === undefined
      ? budgetOf(raw[key])
      : checkedOption<unknown>(raw[key], key, kind);
  }
  return values as CatalogOptionValues;
}

function budgetOf(budget: unknown): Budget | undefined {
  if (budget === undefined) return undefined;
  if (typeof budget !== "object" || budget === null) {
    throw invalid(
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
  if (!WHOLE.accepts(limit)) {
    throw invalid(
      `Option "budget.limit" must be ${WHOLE.expected}, got ${describe(limit)}`,
    );
  }
  checkedOption(countTokens, "budget.countTokens", FUNCTION);
  return {
    limit,
    unit: checkedOption(unit, "budget.unit", oneOf("characters", "tokens")),
    countTokens,
    floor: checkedOption(floor, "budget.floor", COUNT),
  };
}

/**
 * The tokens the caller's `countTokens` gives for `text`, checked: a result
 * that is no whole number, 0 or more, and a counter that throws, are an
 * `invalid_option`, never a size that leaves every skill out or runs over.
 */
export function countedTokens(
  countTokens: (text: string) => number,
  text: string,
): number {
  const option = `renderCatalog: option "budget.countTokens"`;
  const size = `for a text of ${text.length} characters`;
  const must = `it must return the text's tokens, ${WHOLE.expected}`;
  let tokens: unknown;
  try {
    tokens = countTokens(text);
  } catch (cause) {
    throw new StartupError(
      "invalid_option",
      `${option} threw ${size} (see cause): ${must}`,
      { cause },
    );
  }
  if (!WHOLE.accepts(tokens)) {
    throw invalid(`${option} returned ${describe(tokens)} ${size}: ${must}`);
  }
  return tokens;
}

/** The options of `renderActivation`, read once and checked. */
export function readActivationOptions(
  options: ActivationOptions,
): { args: readonly string[] | undefined; maxResources: number } {
  const { arguments: given, maxResources } = objectOptions(
    options,
    "renderActivation",
    ["arguments", "maxResources"] satisfies (keyof ActivationOptions)[],
  );
  checkedOption(given, "arguments", {
    accepts: (value) => typeof value === "string" || STRINGS.accepts(value),
    expected: "a string or a list of strings",
  });
  return {
    args: typeof given === "string"
      ? given.split(/\s+/).filter((arg) => arg !== "")
      : given,
    maxResources: checkedOption(maxResources, "maxResources", COUNT) ?? 50,
  };
}

/** `skill` when it is a skill as `loadSkill()` returns it, else `invalid_option`. */
export function checkedContent(skill: unknown, owner: string): SkillContent {
  const given = typeof skill === "object" && skill !== null
    ? skill as Partial<SkillContent>
    : undefined;
  if (
    typeof given?.name === "string" && typeof given.dir === "string" &&
    typeof given.body === "string" && Array.isArray(given.resources) &&
    given.resources.every((file) => typeof file === "string")
  ) {
    return given as SkillContent;
  }
  const name = typeof skill === "string" ? skill : given?.name;
  const quoted = typeof name === "string" ? describe(name) : undefined;
  const got = typeof skill === "string"
    ? `the name ${quoted}`
    : skill === undefined
    ? "undefined (what loadSkill() returns for a name it does not know)"
    : quoted !== undefined
    ? `the skill ${quoted} without a body and a list of resources (listSkills() gives a skill without them)`
    : describe(skill);
  const pass = quoted === undefined
    ? "pass what skills.loadSkill(name) returns, or call skills.activate(name)"
    : `pass skills.loadSkill(${quoted}), or call skills.activate(${quoted})`;
  throw invalid(
    `${owner} takes a skill as skills.loadSkill(name) returns it, got ${got}: ${pass}`,
  );
}

/** `skills` when it is a list of skills with a string at each of `needs`, else `invalid_option`. */
export function checkedSkills(
  skills: unknown,
  owner: string,
  needs: readonly ("name" | "dir")[],
): readonly SkillInfo[] {
  const takes =
    `${owner} takes a list of skills, as skills.listSkills() returns it;`;
  if (!Array.isArray(skills)) {
    const got = describe(skills);
    throw invalid(
      `${takes} got ${got}: pass skills.listSkills(), or a part of it`,
    );
  }
  const index = skills.findIndex((skill: Partial<SkillInfo> | null) =>
    typeof skill !== "object" || skill === null ||
    needs.some((key) => typeof skill[key] !== "string")
  );
  if (index === -1) return skills;
  throw invalid(
    `${takes} item ${index} is ${describe(skills[index])}, not a skill with a ${
      needs.join(" and a ")
    }`,
  );
}
