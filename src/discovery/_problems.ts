/**
 * What discovery says about what it found, as data: one builder per kind of
 * problem, each naming the path and what was done about it, and the
 * reporter that warns about a problem or, under strict, throws for one that
 * leaves a skill out.
 *
 * @module
 */

import { SkillError, type SkillErrorCode } from "../errors.ts";
import type { FileRead } from "../fs/_read.ts";
import { errorCode, isPermissionDenied, reason } from "../fs/_status.ts";
import type { Truncation } from "../manifest/_coerce.ts";
import { KeyLines } from "../manifest/_lines.ts";
import {
  type Repair,
  repairHint,
  type RepairKind,
} from "../manifest/_repair.ts";
import type { SkillWarningCode, WarnSink } from "../warn.ts";
import { bareName } from "../_names.ts";
import type { ParsedSkill, Problem, Report } from "./_types.ts";

/** What strict throws for a problem that drops a skill, by warning code. */
const STRICT_CODES: Partial<Record<SkillWarningCode, SkillErrorCode>> = {
  invalid_skill: "invalid_skill",
  duplicate_skill: "duplicate_skill",
  not_a_file: "not_a_file",
  unreadable: "invalid_skill",
  unrepresentable_name: "invalid_skill",
  invalid_plugin: "invalid_plugin",
  duplicate_plugin: "duplicate_plugin",
  reserved_name: "invalid_skill",
};

/**
 * The report of one discovery run: under strict, a problem that drops a
 * skill throws its {@linkcode SkillError}, with every problem of the
 * manifest and the filesystem error behind it; every other problem warns.
 */
export function reporter(
  { strict, warn }: { strict: boolean; warn: WarnSink },
): Report {
  return (problem) => {
    const { code, message, path, skill, line, column, problems } = problem;
    if (strict && problem.drops) {
      const thrown = STRICT_CODES[code] ?? "invalid_skill";
      const where = { skill, path, line, column, problems };
      throw new SkillError(
        thrown,
        message,
        "cause" in problem ? { ...where, cause: problem.cause } : where,
      );
    }
    warn({ code, message, path });
  };
}

/** The problem of a root that could not be listed; none when it is missing. */
export function rootProblem(path: string, error: unknown): Problem | undefined {
  const code = errorCode(error);
  if (code === "ENOENT") return undefined;
  return {
    code: code === "ENOTDIR" ? "root_not_directory" : "unreadable",
    message: `Skipped skill root ${path}: ${
      code === "ENOTDIR" ? "it is not a directory" : reason(error)
    }`,
    path,
    drops: false,
  };
}

/** The problem of a folder below a root whose real directory was read already. */
export function loopProblem(dir: string, realDir: string): Problem {
  return {
    code: "symlink_loop",
    message:
      `Skipped folder ${dir}: it is ${realDir}, read already (a symlink loop, or a second link to one folder)`,
    path: dir,
    drops: false,
  };
}

/** The problem of a root whose folder bound is spent. */
export function limitProblem(root: string, max: number | undefined): Problem {
  return {
    code: "discovery_limit",
    message: `Stopped listing the folders of skill root ${root} after ${
      max ?? 0
    } folders (its maxDirectories): a directory past them was read only where it holds SKILL.md, and no folder further in; raise maxDirectories or point a root at the folder that holds the skills`,
    path: root,
    drops: false,
  };
}

/** The problem of the roots the process may not read, in one line. */
export function deniedRootsProblem(paths: readonly string[]): Problem {
  const one = paths.length === 1;
  return {
    code: "unreadable",
    message: `Skipped ${one ? "skill root" : "skill roots"} ${
      paths.join(", ")
    }: permission denied (the read permission does not cover ${
      one ? "it" : "them"
    }: grant Deno's --allow-read or Node's --allow-fs-read there; a root that does not exist is skipped silently once it is granted)`,
    path: paths[0] ?? "",
    drops: false,
  };
}

/** The problem of a skill-directory symlink that cannot be followed. */
export function danglingLinkProblem(dir: string, error: unknown): Problem {
  return {
    code: "dangling_symlink",
    message: `Skipped ${dir}: the symlink cannot be followed (${
      reason(error)
    })`,
    path: dir,
    drops: false,
  };
}

/**
 * The problem of a root entry whose name on disk is not valid UTF-8: never a
 * silent drop. `shown`: its name as the listing knows it (its bytes, where
 * the runtime gives them).
 */
export function unrepresentableProblem(
  rootPath: string,
  shown: string,
): Problem {
  return {
    code: "unrepresentable_name",
    message:
      `Skipped a skill directory in ${rootPath}: its name ${shown} is not valid UTF-8, so it cannot be opened by name; rename it`,
    path: rootPath,
    drops: true,
  };
}

/** The problem of a skill directory that could not be listed; none when gone. */
export function skillDirProblem(
  dir: string,
  dirName: string,
  error: unknown,
): Problem | undefined {
  // A directory that vanished since the root was listed is simply gone.
  if (errorCode(error) === "ENOENT") return undefined;
  return {
    code: "unreadable",
    message: `Skipped skill directory ${dir}: ${reason(error)}`,
    path: dir,
    drops: true,
    skill: dirName,
    cause: error,
  };
}

/**
 * The problem of a skill directory whose real path or identity may not be
 * read (a symlink to a target outside the grant); none for any other error
 * (it vanished since it was listed).
 */
export function deniedProblem(
  dir: string,
  dirName: string,
  error: unknown,
): Problem | undefined {
  return isPermissionDenied(error)
    ? skillDirProblem(dir, dirName, error)
    : undefined;
}

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

/** The problem of a second skill of one name in one root: the first wins. */
export function duplicateProblem(
  { path, name, first }: { path: string; name: string; first: string },
): Problem {
  return {
    code: "duplicate_skill",
    message:
      `Skipped ${path}: skill "${name}" is already defined by ${first} in the same root`,
    path,
    drops: true,
    skill: name,
    kept: first,
  };
}

/**
 * The problem of a marketplace entry whose plugin has the name of an
 * earlier entry's (from the same directory or another): the first is kept,
 * as a root keeps its first skill of a name.
 */
export function duplicatePluginProblem(
  { marketPath, listed, first, name }: {
    marketPath: string;
    listed: PluginEntry;
    first: PluginEntry;
    name: string;
  },
): Problem {
  const entry = (e: PluginEntry): string =>
    `${e.where} ("${e.name}", source "${e.source}")`;
  const from = first.real === listed.real
    ? `from the same directory ${listed.real}`
    : `from ${first.dir}`;
  return {
    code: "duplicate_plugin",
    message: `Skipped ${
      entry(listed)
    } of ${marketPath}: plugin "${name}" is loaded already ${from} by ${
      entry(first)
    }, which is kept; rename one of the plugins or remove the entry`,
    path: marketPath,
    drops: true,
    kept: first.dir,
  };
}

/** A marketplace entry as a problem names it. */
export interface PluginEntry {
  /** `plugins[<index>]`. */
  readonly where: string;
  readonly name: string;
  readonly source: string;
  /** The source resolved against the marketplace. */
  readonly dir: string;
  /** Its real path. */
  readonly real: string;
}

/**
 * The problem of a skill of a plain root whose name holds `colon`, a `:` or
 * a character that looks like one: the form `<plugin>:<skill>` belongs to
 * plugins, so it is not served.
 */
export function reservedNameProblem(
  { path, name }: { path: string; name: string },
  colon: string,
): Problem {
  const holds = colon === ":"
    ? '":"'
    : `${codePointName(colon)}, a character that looks like ":"`;
  return {
    code: "reserved_name",
    message:
      `Skipped ${path}: its name "${name}" holds ${holds}, which is reserved for plugin skills (<plugin>:<skill>); rename it without ":"${
        colon === ":" ? "" : " or anything like it"
      } (a skill of a plugin gets its prefix from the plugin)`,
    path,
    drops: true,
    skill: name,
  };
}

/** A character as `U+FF1A`. */
function codePointName(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * A plugin or marketplace manifest, or plugin skills, left out: `path` is
 * the file (or directory) it is about, `why` what is wrong and what to do.
 */
export function invalidPluginProblem(path: string, why: string): Problem {
  return {
    code: "invalid_plugin",
    message: `Skipped plugin skills of ${path}: ${why}`,
    path,
    // Its skills are left out: strict throws, and a check fails.
    drops: true,
  };
}

/**
 * A skill directory, or a skill's manifest, of a root of plugins that
 * really is outside the root's real directory (`within`): left out unread.
 */
export function outsidePluginsProblem(
  { path, what, real, within, dirName }: {
    path: string;
    /** "skill directory" or "manifest". */
    what: string;
    /** Where it leads; undefined: it changed while it was followed. */
    real: string | undefined;
    within: string;
    dirName: string;
  },
): Problem {
  const leads = real === undefined
    ? "is a symlink that changed while it was followed, not proven inside"
    : `leads to ${real}, outside`;
  return {
    ...invalidPluginProblem(
      path,
      `the ${what} ${leads} the real directory ${within} of the root of plugins; keep the plugin's skills inside it`,
    ),
    skill: dirName,
  };
}
