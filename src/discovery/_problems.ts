/**
 * What discovery says about the roots, folders and skill directories it
 * walks, as data: one builder per kind of problem, each naming the path and
 * what was done about it (a root that cannot be listed, a folder loop, the
 * folder bound, a link that cannot be followed, a duplicate or reserved
 * name, a plugin left out, a root not trusted). The manifest's own problems
 * are in `_manifest_problems.ts`; whether a problem warns or throws,
 * `_report.ts`.
 *
 * @module
 */

import { errorCode, isPermissionDenied, reason } from "../fs/_status.ts";
import type { SkillRoot } from "../config/config.ts";
import { describe } from "../_text.ts";
import { codePointName } from "../_names.ts";
import type { Problem } from "./_types.ts";

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

/** The problem of a root the `trust` option does not trust: it is not read. */
export function untrustedRootProblem(root: SkillRoot): Problem {
  return {
    code: "untrusted_root",
    message: `Did not read the skill root ${root.path} (scope ${
      describe(root.scope)
    }): the trust option does not trust it, so its skills are not served; to read it, trust it (trust: true, or a trust function that returns true for it)`,
    path: root.path,
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
