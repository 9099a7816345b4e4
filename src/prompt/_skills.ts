/**
 * The skills a prompt helper was given, checked before use: a caller who
 * passes a name, a `SkillInfo` where the loaded skill belongs, or
 * `undefined` from `loadSkill()` gets an `invalid_option` naming the helper,
 * what it got and what to pass, never a raw `TypeError`.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";
import type { SkillContent, SkillInfo } from "../skill.ts";

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
  const name = typeof skill === "string"
    ? skill
    : typeof given?.name === "string"
    ? given.name
    : undefined;
  const got = typeof skill === "string"
    ? `the name ${describe(skill)}`
    : skill === undefined
    ? "undefined (what loadSkill() returns for a name it does not know)"
    : name !== undefined
    ? `the skill ${
      describe(name)
    } without a body and a list of resources (listSkills() gives a skill without them)`
    : describe(skill);
  const pass = name === undefined
    ? "pass what skills.loadSkill(name) returns, or call skills.activate(name)"
    : `pass skills.loadSkill(${describe(name)}), or call skills.activate(${
      describe(name)
    })`;
  throw new StartupError(
    "invalid_option",
    `${owner} takes a skill as skills.loadSkill(name) returns it, got ${got}: ${pass}`,
  );
}

/** `skills` when it is a list of skills, else `invalid_option`. */
export function checkedSkills(
  skills: unknown,
  owner: string,
  needs: readonly ("name" | "dir")[],
): readonly SkillInfo[] {
  if (Array.isArray(skills)) {
    const index = skills.findIndex((skill: Partial<SkillInfo> | null) =>
      typeof skill !== "object" || skill === null ||
      needs.some((key) => typeof skill[key] !== "string")
    );
    if (index === -1) return skills;
    throw new StartupError(
      "invalid_option",
      `${owner} takes a list of skills, as skills.listSkills() returns it; item ${index} is ${
        describe(skills[index])
      }, not a skill with a ${needs.join(" and a ")}`,
    );
  }
  throw new StartupError(
    "invalid_option",
    `${owner} takes a list of skills, as skills.listSkills() returns it; got ${
      describe(skills)
    }: pass skills.listSkills(), or a part of it`,
  );
}
