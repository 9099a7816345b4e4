/**
 * What discovery says about a skill's manifest, as data: one found several
 * times or not a regular file, one that could not be read or that the parser
 * refused, and the findings about a manifest that loads (each repaired YAML
 * line, each value YAML cut at a comment, a name unlike its directory's).
 *
 * @module
 */

import type { SkillError } from "../errors.ts";
import type { FileRead } from "../fs/_read.ts";
import { errorCode, reason } from "../fs/_status.ts";
import type { Truncation } from "../manifest/_parse.ts";
import { KeyLines } from "../manifest/_lines.ts";
import { type Repair, repairHint, type RepairKind } from "../manifest/_yaml.ts";
import type { SkillWarningCode } from "../warn.ts";
import { bareName } from "../_names.ts";
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
  return {
    code: "ambiguous_manifest",
    message: `Skill directory ${dir} has several manifests (${
      names.join(", ")
    }): using ${chosen}`,
    path: dir,
    drops: false,
    skill: dirName,
  };
}

/** The problem of a manifest that its directory's listing shows is a directory. */
export function manifestDirectoryProblem(
  path: string,
  dirName: string,
): Problem {
  return {
    code: "not_a_file",
    message: `Skipped ${path}: the manifest is a directory`,
    path,
    drops: true,
    skill: dirName,
  };
}

/**
 * The problem of a manifest that is not a regular file, from what a listing,
 * a status or the descriptor says it is (`what`: "a FIFO", ...); a special
 * file a listing or a status shows is never opened, and nothing of one
 * swapped in is read.
 */
export function notRegularProblem(
  path: string,
  dirName: string,
  what: string,
): Problem {
  return {
    code: "not_a_file",
    message: `Skipped ${path}: the manifest is not a regular file (${what})`,
    path,
    drops: true,
    skill: dirName,
  };
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
  const problem = (code: SkillWarningCode, message: string): Problem => ({
    code,
    message,
    path,
    drops: true,
    skill: dirName,
    ..."error" in read ? { cause: read.error } : {},
  });
  switch (read.kind) {
    case "unopenable": {
      const code = errorCode(read.error);
      if (isLink && (code === "ENOENT" || code === "ELOOP")) {
        return problem(
          "not_a_file",
          `Skipped ${path}: the manifest is a symlink that cannot be followed (${
            reason(read.error)
          })`,
        );
      }
      // A manifest deleted since its directory was listed is simply gone.
      if (code === "ENOENT") return undefined;
      return problem(
        "unreadable",
        `Skipped ${path}: the manifest cannot be opened (${
          reason(read.error)
        })`,
      );
    }
    case "not_own":
    case "elsewhere":
      // A symlink stood there while it was read, when they are not
      // followed: left out, as a symlink listed there would be. (Where a
      // manifest must be, the caller says.)
      return undefined;
    case "not_a_file":
      // Replaced by a special file since its status was taken: the
      // descriptor's own status says so, and nothing was read.
      return notRegularProblem(path, dirName, read.what);
    case "too_large":
      return problem(
        "invalid_skill",
        `Invalid skill manifest ${path}: it is larger than the ${maxBytes}-byte cap (option maxManifestBytes)`,
      );
    case "not_utf8":
      return problem(
        "invalid_skill",
        `Invalid skill manifest ${path}: it is not valid UTF-8`,
      );
    case "unreadable":
      return problem(
        "invalid_skill",
        `Invalid skill manifest ${path}: it cannot be read (${
          reason(read.error)
        })`,
      );
  }
}

/**
 * The problem of a manifest the parser refused: its error as data, with
 * every problem of the manifest at its own position.
 */
export function parseProblem(
  error: SkillError,
  { path, dirName }: { path: string; dirName: string },
): Problem {
  return {
    code: "invalid_skill",
    message: error.message,
    path,
    drops: true,
    skill: dirName,
    line: error.line,
    column: error.column,
    problems: error.problems,
  };
}

/**
 * What to report about a skill that loads, each time it is discovered: each
 * repaired YAML line, each value YAML cut at ` #`, a name that differs from
 * the directory's.
 */
export function findingsOf(
  skill: ParsedSkill,
  { path, dirName }: { path: string; dirName: string },
): readonly Problem[] {
  const { repairs, truncations, info } = skill;
  const { name } = info;
  // Names match as the reference validator compares them: NFKC forms; a
  // plugin's namespace is not part of the frontmatter name.
  const mismatch = name !== dirName && mismatched(bareName(info), dirName);
  if (repairs.length === 0 && truncations.length === 0 && !mismatch) {
    return NO_PROBLEMS; // most skills, on every scan
  }
  const problems: Problem[] = [
    ...repairs.map((repair) => repairProblem(path, name, repair)),
    ...truncations.map((cut) => truncationProblem(path, name, cut)),
  ];
  if (mismatch) {
    problems.push({
      code: "name_mismatch",
      message:
        `Skill "${name}" in ${path} is not named after its directory "${dirName}": using "${name}"`,
      path,
      drops: false,
      skill: name,
      line: new KeyLines(skill.frontmatter).lineOf("name"),
    });
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

function repairProblem(path: string, skill: string, repair: Repair): Problem {
  const { line } = repair;
  return {
    code: REPAIR_CODES[repair.kind],
    message: `Loaded ${path}:${line} after repairing its YAML: ${
      repairHint(repair)
    }`,
    path,
    drops: false,
    skill,
    line,
  };
}

function truncationProblem(
  path: string,
  skill: string,
  cut: Truncation,
): Problem {
  const { line, key, kept, fix } = cut;
  const shown = fix.length > 70 ? `${fix.slice(0, 69)}…` : fix;
  return {
    code: "yaml_comment",
    message:
      `${path}:${line}: YAML reads "${key}" as "${kept}" and the rest of the line, from " #", as a comment; if it is part of the value, quote it: ${shown}`,
    path,
    drops: false,
    skill,
    line,
  };
}
