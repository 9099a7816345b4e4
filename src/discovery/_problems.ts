/**
 * What discovery says about the roots, folders, skill directories and
 * plugins it walks, one builder per kind (a manifest's own problems are in
 * `_manifest_problems.ts`); and the strict-or-warn policy that reports them.
 *
 * @module
 */

import { SkillError, type SkillErrorCode } from "../errors.ts";
import { errorCode, isPermissionDenied, reason } from "../fs/_status.ts";
import type { SkillRoot } from "../config/config.ts";
import type { SkillWarningCode, WarnSink } from "../warn.ts";
import { describe } from "../_text.ts";
import { codePointName } from "../_names.ts";
import type { Problem, Report } from "./_types.ts";

/** A problem at `path`; `drops`: it is why a skill is left out. */
export function problem(
  code: SkillWarningCode,
  path: string,
  drops: boolean,
  message: string,
  more?: Partial<Problem>,
): Problem {
  return { code, message, path, drops, ...more };
}

/** The problem of a root that could not be listed; none when it is missing. */
export function rootProblem(path: string, error: unknown): Problem | undefined {
  const code = errorCode(error);
  if (code === "ENOENT") return undefined;
  const notDir = code === "ENOTDIR";
  const why = notDir ? "it is not a directory" : reason(error);
  const message = `Skipped skill root ${path}: ${why}`;
  const kind = notDir ? "root_not_directory" : "unreadable";
  return problem(kind, path, false, message);
}

/** The problem of a folder below a root whose real directory was read already. */
export function loopProblem(dir: string, realDir: string): Problem {
  const message =
    `Skipped folder ${dir}: it is ${realDir}, read already (a symlink loop, or a second link to one folder)`;
  return problem("symlink_loop", dir, false, message);
}

/** The problem of a root whose folder bound (`maxDirectories`) is spent. */
export function limitProblem(root: string, max = 0): Problem {
  const message =
    `Stopped listing the folders of skill root ${root} after ${max} folders (its maxDirectories): a directory past them was read only where it holds SKILL.md, and no folder further in; raise maxDirectories or point a root at the folder that holds the skills`;
  return problem("discovery_limit", root, false, message);
}

/** The problem of the roots the process may not read, in one line. */
export function deniedRootsProblem(paths: readonly string[]): Problem {
  const [roots, them] = paths.length === 1
    ? ["skill root", "it"]
    : ["skill roots", "them"];
  const all = paths.join(", ");
  const message =
    `Skipped ${roots} ${all}: permission denied (the read permission does not cover ${them}: grant Deno's --allow-read or Node's --allow-fs-read there; a root that does not exist is skipped silently once it is granted)`;
  return problem("unreadable", paths[0] ?? "", false, message);
}

/** The problem of a root the `trust` option does not trust: it is not read. */
export function untrustedRootProblem({ path, scope }: SkillRoot): Problem {
  const shown = describe(scope);
  const message =
    `Did not read the skill root ${path} (scope ${shown}): the trust option does not trust it, so its skills are not served; to read it, trust it (trust: true, or a trust function that returns true for it)`;
  return problem("untrusted_root", path, false, message);
}

/** The problem of a skill-directory symlink that cannot be followed. */
export function danglingLinkProblem(dir: string, error: unknown): Problem {
  const message = `Skipped ${dir}: the symlink cannot be followed (${
    reason(error)
  })`;
  return problem("dangling_symlink", dir, false, message);
}

/** The problem of a root entry whose name on disk is not valid UTF-8. */
export function unrepresentableProblem(root: string, shown: string): Problem {
  const message =
    `Skipped a skill directory in ${root}: its name ${shown} is not valid UTF-8, so it cannot be opened by name; rename it`;
  return problem("unrepresentable_name", root, true, message);
}

/** The problem of a skill directory that could not be listed; none when gone. */
export function skillDirProblem(
  dir: string,
  dirName: string,
  error: unknown,
): Problem | undefined {
  if (errorCode(error) === "ENOENT") return undefined;
  const message = `Skipped skill directory ${dir}: ${reason(error)}`;
  return problem("unreadable", dir, true, message, {
    skill: dirName,
    cause: error,
  });
}

/** The problem of a skill directory the process may not read; none when gone. */
export function deniedProblem(
  dir: string,
  dirName: string,
  error: unknown,
): Problem | undefined {
  return isPermissionDenied(error)
    ? skillDirProblem(dir, dirName, error)
    : undefined;
}

/** The problem of a second skill of one name in one root: the first wins. */
export function duplicateProblem(
  { path, name, first }: { path: string; name: string; first: string },
): Problem {
  const message =
    `Skipped ${path}: skill "${name}" is already defined by ${first} in the same root`;
  return problem("duplicate_skill", path, true, message, {
    skill: name,
    kept: first,
  });
}

/** A marketplace entry as a problem names it. */
export interface PluginEntry {
  /** `plugins[<index>]`. */
  readonly where: string;
  readonly name: string;
  readonly source: string;
  /** The source resolved against the marketplace, and its real path. */
  readonly dir: string;
  readonly real: string;
}

/** The problem of a marketplace entry whose plugin's name an earlier one took. */
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
  const [it, kept] = [entry(listed), entry(first)];
  const from = first.real === listed.real
    ? `from the same directory ${listed.real}`
    : `from ${first.dir}`;
  const message =
    `Skipped ${it} of ${marketPath}: plugin "${name}" is loaded already ${from} by ${kept}, which is kept; rename one of the plugins or remove the entry`;
  return problem("duplicate_plugin", marketPath, true, message, {
    kept: first.dir,
  });
}

/** The problem of a plain skill whose name holds `colon`, a `:` or a look-alike. */
export function reservedNameProblem(
  { path, name }: { path: string; name: string },
  colon: string,
): Problem {
  const [holds, like] = colon === ":" ? ['":"', ""] : [
    `${codePointName(colon)}, a character that looks like ":"`,
    " or anything like it",
  ];
  const message =
    `Skipped ${path}: its name "${name}" holds ${holds}, which is reserved for plugin skills (<plugin>:<skill>); rename it without ":"${like} (a skill of a plugin gets its prefix from the plugin)`;
  return problem("reserved_name", path, true, message, { skill: name });
}

/** Plugin skills left out: `why` says what is wrong and what to do. */
export function invalidPluginProblem(
  path: string,
  why: string,
  more?: Partial<Problem>,
): Problem {
  const message = `Skipped plugin skills of ${path}: ${why}`;
  return problem("invalid_plugin", path, true, message, more);
}

/**
 * A skill directory or manifest of a root of plugins that really is outside
 * its real directory `within` (`real` undefined: it changed as it was followed).
 */
export function outsidePluginsProblem(
  { path, what, real, within, dirName }: {
    path: string;
    what: "skill directory" | "manifest";
    real: string | undefined;
    within: string;
    dirName: string;
  },
): Problem {
  const leads = real === undefined
    ? "is a symlink that changed while it was followed, not proven inside"
    : `leads to ${real}, outside`;
  const why =
    `the ${what} ${leads} the real directory ${within} of the root of plugins; keep the plugin's skills inside it`;
  return invalidPluginProblem(path, why, { skill: dirName });
}

/** What strict throws for a problem that drops a skill, by warning code. */
const STRICT_CODES: Partial<Record<SkillWarningCode, SkillErrorCode>> = {
  invalid_skill: "invalid_skill",
  duplicate_skill: "duplicate_skill",
  not_a_file: "not_a_file",
  invalid_plugin: "invalid_plugin",
  duplicate_plugin: "duplicate_plugin",
  integrity_mismatch: "integrity_mismatch",
  unlocked_skill: "unlocked_skill",
};

/**
 * The report of one discovery run: under strict, a problem that drops a
 * skill throws its {@linkcode SkillError}; every other problem warns.
 */
export function reporter(
  { strict, warn }: { strict: boolean; warn: WarnSink },
): Report {
  return (problem) => {
    const { code, message, path, skill, line, column, problems } = problem;
    if (strict && problem.drops) {
      const where = { skill, path, line, column, problems };
      throw new SkillError(
        STRICT_CODES[code] ?? "invalid_skill",
        message,
        "cause" in problem ? { ...where, cause: problem.cause } : where,
      );
    }
    warn({ code, message, path });
  };
}
