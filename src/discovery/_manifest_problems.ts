/**
 * What discovery says about a skill's manifest: why it was not read or
 * parsed, and the findings about one that loads.
 *
 * @module
 */

import type { SkillError } from "../errors.ts";
import type { FileRead } from "../fs/_read.ts";
import { errorCode, reason } from "../fs/_status.ts";
import type { Truncation } from "../manifest/_parse.ts";
import { KeyLines } from "../manifest/_lines.ts";
import { repairHint, type RepairKind } from "../manifest/_yaml.ts";
import type { SkillWarningCode } from "../warn.ts";
import { bareName } from "../_names.ts";
import { problem } from "./_problems.ts";
import type { ParsedSkill, Problem } from "./_types.ts";

/** The warning that a directory holds several case variants of `SKILL.md`. */
export function ambiguousProblem(
  { dir, dirName, names, chosen }: {
    dir: string;
    dirName: string;
    names: readonly string[];
    chosen: string;
  },
): Problem {
  const all = names.join(", ");
  const message =
    `Skill directory ${dir} has several manifests (${all}): using ${chosen}`;
  return problem("ambiguous_manifest", dir, false, message, { skill: dirName });
}

/** The problem of a manifest that its directory's listing shows is a directory. */
export function manifestDirectoryProblem(
  path: string,
  dirName: string,
): Problem {
  return notAFile(path, dirName, "is a directory");
}

/** The problem of a manifest that is not a regular file (`what`: "a FIFO", ...). */
export function notRegularProblem(
  path: string,
  dirName: string,
  what: string,
): Problem {
  return notAFile(path, dirName, `is not a regular file (${what})`);
}

function notAFile(path: string, dirName: string, is: string): Problem {
  const message = `Skipped ${path}: the manifest ${is}`;
  return problem("not_a_file", path, true, message, { skill: dirName });
}

/** The problem of a manifest that could not be read; none when it is gone. */
export function readProblem(
  read: Exclude<FileRead, { kind: "text" }>,
  { path, dirName, isLink, maxBytes }: {
    path: string;
    dirName: string;
    isLink: boolean;
    maxBytes: number;
  },
): Problem | undefined {
  const cause = "error" in read ? { cause: read.error } : {};
  const dropped = (code: SkillWarningCode, message: string): Problem =>
    problem(code, path, true, message, { skill: dirName, ...cause });
  const invalid = `Invalid skill manifest ${path}: it`;
  switch (read.kind) {
    case "unopenable": {
      const code = errorCode(read.error);
      const why = reason(read.error);
      if (isLink && (code === "ENOENT" || code === "ELOOP")) {
        return dropped(
          "not_a_file",
          `Skipped ${path}: the manifest is a symlink that cannot be followed (${why})`,
        );
      }
      // A manifest deleted since its directory was listed is simply gone.
      if (code === "ENOENT") return undefined;
      return dropped(
        "unreadable",
        `Skipped ${path}: the manifest cannot be opened (${why})`,
      );
    }
    case "not_own":
    case "elsewhere":
      // A symlink stood there while it was read, when they are not
      // followed: left out, as a listed one would be (the caller says more).
      return undefined;
    case "not_a_file":
      // Replaced by a special file since its status was taken: nothing read.
      return notRegularProblem(path, dirName, read.what);
    case "too_large":
      return dropped(
        "invalid_skill",
        `${invalid} is larger than the ${maxBytes}-byte cap (option maxManifestBytes)`,
      );
    case "not_utf8":
      return dropped("invalid_skill", `${invalid} is not valid UTF-8`);
    case "unreadable":
      return dropped(
        "invalid_skill",
        `${invalid} cannot be read (${reason(read.error)})`,
      );
  }
}

/** The problem of a manifest the parser refused, with every problem at its position. */
export function parseProblem(
  error: SkillError,
  { path, dirName }: { path: string; dirName: string },
): Problem {
  const { message, line, column, problems } = error;
  return problem("invalid_skill", path, true, message, {
    skill: dirName,
    line,
    column,
    problems,
  });
}

/**
 * What to report about a skill that loads, each time it is discovered: each
 * repaired YAML line, each value cut at ` #`, a name unlike its directory's
 * (NFKC forms, as the reference validator compares them).
 */
export function findingsOf(
  skill: ParsedSkill,
  { path, dirName }: { path: string; dirName: string },
): readonly Problem[] {
  const { repairs, truncations, info } = skill;
  const { name } = info;
  const mismatch = name !== dirName && mismatched(bareName(info), dirName);
  if (repairs.length === 0 && truncations.length === 0 && !mismatch) {
    return NO_PROBLEMS; // most skills, on every scan
  }
  const found = (
    code: SkillWarningCode,
    line: number,
    message: string,
  ): Problem => problem(code, path, false, message, { skill: name, line });
  const problems: Problem[] = [
    ...repairs.map((repair) =>
      found(
        REPAIR_CODES[repair.kind],
        repair.line,
        `Loaded ${path}:${repair.line} after repairing its YAML: ${
          repairHint(repair)
        }`,
      )
    ),
    ...truncations.map(({ line, key, kept, fix }: Truncation) =>
      found(
        "yaml_comment",
        line,
        `${path}:${line}: YAML reads "${key}" as "${kept}" and the rest of the line, from " #", as a comment; if it is part of the value, quote it: ${
          fix.length > 70 ? `${fix.slice(0, 69)}…` : fix
        }`,
      )
    ),
  ];
  if (mismatch) {
    problems.push(found(
      "name_mismatch",
      skill.frontmatter === undefined
        ? skill.indexed?.nameLine ?? 0
        : new KeyLines(skill.frontmatter).lineOf("name"),
      `Skill "${name}" in ${path} is not named after its directory "${dirName}": using "${name}"`,
    ));
  }
  return problems;
}

const NO_PROBLEMS: readonly Problem[] = Object.freeze([]);

function mismatched(name: string, dirName: string): boolean {
  return name !== dirName &&
    name.normalize("NFKC") !== dirName.normalize("NFKC");
}

/** The warning code of each kind of YAML repair. */
const REPAIR_CODES: Readonly<Record<RepairKind, SkillWarningCode>> = {
  colon: "yaml_repaired",
  indicator: "yaml_indicator",
  flow_text: "yaml_flow_text",
  continuation: "yaml_continuation",
};
