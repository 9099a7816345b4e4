/**
 * The decisions of discovery, apart from its I/O: each function here takes
 * what a read found and returns a result and the problems to report, and
 * reads nothing itself. The sync driver (`_discover.ts`) feeds them; an
 * async driver would feed the same functions.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "./config.ts";
import { SkillError, type SkillErrorCode } from "./errors.ts";
import type { Coercion, Truncation } from "./_manifest/coerce.ts";
import { InvalidManifest, type ManifestProblem } from "./_manifest/invalid.ts";
import { KeyLines } from "./_manifest/lines.ts";
import { parseManifest } from "./_manifest/parse.ts";
import {
  type Repair,
  repairHint,
  type RepairKind,
} from "./_manifest/repair.ts";
import {
  _childPath,
  type _Entry,
  _errorCode,
  type _FileRead,
  _isPermissionDenied,
  _kindOf,
  type _Read,
  _reason,
  type _Status,
  type _StatusKind,
} from "./_fs.ts";
import type { SkillInfo } from "./skill.ts";
import type { SkillWarningCode, WarnSink } from "./warn.ts";

/**
 * Where discovery found a skill's directory, fixed for the snapshot: every
 * resource is confined to `realDir`, and the directory must still be the one
 * with this device, inode and birth time (reached the same way) to be served.
 */
export interface _SkillPlace {
  /** The real path of the skill directory when it was discovered. */
  readonly realDir: string;
  /** Its device, inode and birth time then. */
  readonly dev: number;
  readonly ino: number;
  readonly birthtimeMs: number;
  /** Whether the skill directory was a symlink (followed) then. */
  readonly viaLink: boolean;
}

/** A skill as its manifest gives it: reused across refreshes while unchanged. */
export interface _ParsedSkill {
  readonly info: SkillInfo;
  readonly body: string;
  /**
   * The manifest's decoded text: the key for reuse on refresh(). The body is
   * a slice of it, so keeping it costs little memory.
   */
  readonly source: string;
  /** The frontmatter's YAML text (a slice of `source` too), for checks. */
  readonly frontmatter: string;
  /** The lines repaired so that its YAML parses, in order. */
  readonly repairs: readonly Repair[];
  /** The plain values its YAML cut at ` #`. */
  readonly truncations: readonly Truncation[];
  /** The values read as hosts read them (notes in a check). */
  readonly coercions: readonly Coercion[];
}

/** A discovered skill: its catalog entry, its body and its directory's place. */
export interface _DiscoveredSkill extends _ParsedSkill {
  readonly place: _SkillPlace;
  /** The manifest's status when it was read, for refresh() to go by. */
  readonly read: _ManifestRead;
}

/**
 * What refresh() goes by to reuse a skill without reading its manifest: the
 * manifest's device, inode, size and modification and change times, and
 * whether those times were settled when it was read. A time not older than
 * the start of the scan that read the file (less a margin for coarse clocks)
 * is not settled: the file may have been written again within the same tick,
 * so the next scan reads it whatever its key says (as git does for its index).
 */
export interface _ManifestRead {
  /** The key: the manifest's device, inode, size, modification and change time. */
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly settled: boolean;
}

/** How far back from a scan's start a file's times count as not settled. */
const RACY_MARGIN_MS = 2000;

/** What a manifest's status says for refresh(): its key, and whether it is settled. */
export function _manifestRead(
  status: _Status,
  startedMs: number,
): _ManifestRead {
  const { dev, ino, size, mtimeMs, ctimeMs } = status;
  return {
    dev,
    ino,
    size,
    mtimeMs,
    ctimeMs,
    settled: Math.max(mtimeMs, ctimeMs) < startedMs - RACY_MARGIN_MS,
  };
}

/** Whether two reads have the same key (compared as numbers, not as a string kept per skill). */
export function _sameKey(a: _ManifestRead, b: _ManifestRead): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size &&
    a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * The previous run's skill at `path`, to serve again without reading its
 * manifest: only when the manifest's key is unchanged and was settled when
 * it was read, and the root that serves it has the same labels.
 */
export function _unchanged(
  scan: _RootScan,
  path: string,
  read: _ManifestRead,
): _DiscoveredSkill | undefined {
  const earlier = scan.previous?.get(path);
  return earlier !== undefined && earlier.read.settled &&
      _sameKey(earlier.read, read) && _sameRoot(earlier.info, scan.root)
    ? earlier
    : undefined;
}

function _sameRoot(info: SkillInfo, root: SkillRoot): boolean {
  return info.root === root.path && info.scope === root.scope &&
    info.source === root.source;
}

/** The previous run's skills by manifest path, for reuse by refresh(). */
export type _Previous = ReadonlyMap<string, _DiscoveredSkill>;

/** One problem discovery found, as data: reported by a {@linkcode _Report}. */
export interface _Problem {
  /** What it is about. */
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  /** The absolute path concerned. */
  readonly path: string;
  /**
   * Whether this problem is why a skill was left out: strict throws for it,
   * and check calls it an error. Set by the code that leaves the skill out.
   */
  readonly drops: boolean;
  /** The skill's name (its directory name until its manifest names it). */
  readonly skill?: string | undefined;
  /** The 1-based line in `path`. */
  readonly line?: number | undefined;
  /** The 1-based column in `path`. */
  readonly column?: number | undefined;
  /** Each problem of an unusable manifest, at its own position. */
  readonly problems?: readonly ManifestProblem[] | undefined;
  /** The filesystem error behind it, kept as the thrown error's `cause`. */
  readonly cause?: unknown;
}

/** Receives the problems of a discovery run: warns, throws or collects. */
export type _Report = (problem: _Problem) => void;

/** Everything one root's scan needs: what to scan, how, and where to report. */
export interface _RootScan {
  readonly root: SkillRoot;
  readonly config: SkillConfig;
  readonly report: _Report;
  /** The previous run's skills, for reuse by status key and by content. */
  readonly previous?: _Previous | undefined;
  /** When the scan started (`Date.now()`): what a manifest's times are settled against. */
  readonly startedMs: number;
  /**
   * Whether to list every skill directory, so that case variants of the
   * manifest side by side are seen (check does); otherwise `<dir>/SKILL.md`
   * is opened first and a directory listed only when that fails.
   */
  readonly listEachSkill?: boolean | undefined;
  /**
   * Where roots the process may not read are collected, to be reported in
   * one line; absent: each is reported on its own.
   */
  readonly denied?: string[] | undefined;
}

/** What strict throws for a problem that drops a skill, by warning code. */
const STRICT_CODES: Partial<Record<SkillWarningCode, SkillErrorCode>> = {
  invalid_skill: "invalid_skill",
  duplicate_skill: "duplicate_skill",
  not_a_file: "not_a_file",
  unreadable: "invalid_skill",
  unrepresentable_name: "invalid_skill",
};

/**
 * Builds the report of one discovery run: under strict, a problem that drops
 * a skill throws its {@linkcode SkillError}; every other problem warns.
 *
 * @param strict Whether problems that drop a skill throw.
 * @param warn Where warnings go.
 */
export function _reporter(strict: boolean, warn: WarnSink): _Report {
  return (problem) => {
    const { code, message, path, skill, line, column } = problem;
    if (strict && problem.drops) {
      const errorCode = STRICT_CODES[code] ?? "invalid_skill";
      const details = { skill, path, line, column };
      throw "cause" in problem
        ? new SkillError(errorCode, message, details, { cause: problem.cause })
        : new SkillError(errorCode, message, details);
    }
    warn({ code, message, path });
  };
}

/** The problem of a root that could not be listed; none when it is missing. */
export function _rootProblem(
  path: string,
  error: unknown,
): _Problem | undefined {
  const code = _errorCode(error);
  if (code === "ENOENT") return undefined;
  return code === "ENOTDIR"
    ? {
      code: "root_not_directory",
      message: `Skipped skill root ${path}: it is not a directory`,
      path,
      drops: false,
    }
    : {
      code: "unreadable",
      message: `Skipped skill root ${path}: ${_reason(error)}`,
      path,
      drops: false,
    };
}

/**
 * What a root entry is to discovery: a `"directory"`, a `"symlink"` to stat
 * before it counts (only when symlinks are followed), or `"other"` (skipped).
 */
export function _entryKind(
  kind: _StatusKind,
  followSymlinks: boolean,
): "directory" | "symlink" | "other" {
  if (kind === "directory") return "directory";
  return kind === "symlink" && followSymlinks ? "symlink" : "other";
}

/**
 * Whether a followed skill-directory symlink leads to a directory, from its
 * `stat`; a symlink that cannot be followed is a problem.
 */
export function _followedDirectory(
  dir: string,
  stat: _Read<_Status>,
): { isDirectory: boolean; problem?: _Problem } {
  if (stat.ok) return { isDirectory: stat.value.kind === "directory" };
  return {
    isDirectory: false,
    problem: {
      code: "dangling_symlink",
      message: `Skipped ${dir}: the symlink cannot be followed (${
        _reason(stat.error)
      })`,
      path: dir,
      drops: false,
    },
  };
}

/**
 * The problem of a root entry whose name on disk is not valid UTF-8: never a
 * silent drop. `bytes` is what the listing found.
 */
export function _unrepresentableSkill(
  rootPath: string,
  bytes: string,
): _Problem {
  return {
    code: "unrepresentable_name",
    message:
      `Skipped a skill directory in ${rootPath}: its name is not valid UTF-8 (bytes ${bytes}), so it cannot be opened by name; rename it`,
    path: rootPath,
    drops: true,
  };
}

/**
 * The problem of a skill directory whose real path or identity may not be
 * read (a symlink to a target outside the grant); none for any other error
 * (it vanished since it was listed).
 */
export function _deniedProblem(
  dir: string,
  dirName: string,
  error: unknown,
): _Problem | undefined {
  return _isPermissionDenied(error)
    ? _skillDirProblem(dir, dirName, error)
    : undefined;
}

/** The problem of the roots the process may not read, in one line. */
export function _deniedRootsProblem(paths: readonly string[]): _Problem {
  return {
    code: "unreadable",
    message: `Skipped ${paths.length === 1 ? "skill root" : "skill roots"} ${
      paths.join(", ")
    }: permission denied (the read permission does not cover ${
      paths.length === 1 ? "it" : "them"
    }: grant Deno's --allow-read or Node's --allow-fs-read there; a root that does not exist is skipped silently once it is granted)`,
    path: paths[0] ?? "",
    drops: false,
  };
}

/** The problem of a skill directory that could not be listed; none when gone. */
export function _skillDirProblem(
  dir: string,
  dirName: string,
  error: unknown,
): _Problem | undefined {
  // A directory that vanished since the root was listed is simply gone.
  if (_errorCode(error) === "ENOENT") return undefined;
  return {
    code: "unreadable",
    message: `Skipped skill directory ${dir}: ${_reason(error)}`,
    path: dir,
    drops: true,
    skill: dirName,
    cause: error,
  };
}

/** Whether a file name is a manifest's: `SKILL.md` in any letter case. */
export function _isManifestName(name: string): boolean {
  return name.toLowerCase() === "skill.md";
}

/**
 * Chooses a skill directory's manifest from its entries, matching the name
 * case-insensitively: `SKILL.md` first, else the first in sorted order.
 */
export function _chooseManifest(
  dir: string,
  dirName: string,
  entries: readonly _Entry[],
  followSymlinks: boolean,
): { manifest?: _Entry; problems: _Problem[] } {
  const candidates = entries.filter((entry) => _isManifestName(entry.name));
  const chosen = candidates.find((entry) => entry.name === "SKILL.md") ??
    candidates[0];
  const problems: _Problem[] = [];
  if (chosen === undefined) return { problems };
  if (candidates.length > 1) {
    problems.push({
      code: "ambiguous_manifest",
      message: `Skill directory ${dir} has several manifests (${
        candidates.map((entry) => entry.name).join(", ")
      }): using ${chosen.name}`,
      path: dir,
      drops: false,
      skill: dirName,
    });
  }
  if (chosen.kind === "symlink" && !followSymlinks) return { problems };
  const path = _childPath(dir, chosen.name);
  if (chosen.kind === "directory") {
    problems.push({
      code: "not_a_file",
      message: `Skipped ${path}: the manifest is a directory`,
      path,
      drops: true,
      skill: dirName,
    });
    return { problems };
  }
  if (chosen.kind !== "file" && chosen.kind !== "symlink") {
    // A FIFO, socket or device: never opened (opening one may block or act).
    problems.push(_specialFileProblem(path, dirName, chosen.kind));
    return { problems };
  }
  return { manifest: chosen, problems };
}

/**
 * The problem of a manifest symlink whose target is not a regular file, from
 * the target's `stat`, so that a special file is never opened.
 */
export function _linkedManifestProblem(
  path: string,
  dirName: string,
  kind: _StatusKind,
): _Problem | undefined {
  return kind === "file" ? undefined : _specialFileProblem(path, dirName, kind);
}

function _specialFileProblem(
  path: string,
  dirName: string,
  kind: _StatusKind,
): _Problem {
  return {
    code: "not_a_file",
    message: `Skipped ${path}: the manifest is not a regular file (${
      _kindOf(kind)
    })`,
    path,
    drops: true,
    skill: dirName,
  };
}

/** The problem of a manifest that could not be read; none when it is gone. */
export function _manifestProblem(
  path: string,
  dirName: string,
  read: Exclude<_FileRead, { kind: "text" }>,
  isSymlink: boolean,
  maxBytes: number,
): _Problem | undefined {
  const problem = (code: SkillWarningCode, message: string): _Problem => ({
    code,
    message,
    path,
    drops: true,
    skill: dirName,
    ..."error" in read ? { cause: read.error } : {},
  });
  switch (read.kind) {
    case "unopenable": {
      const code = _errorCode(read.error);
      if (isSymlink && (code === "ENOENT" || code === "ELOOP")) {
        return problem(
          "not_a_file",
          `Skipped ${path}: the manifest is a symlink that cannot be followed (${
            _reason(read.error)
          })`,
        );
      }
      // A manifest deleted since its directory was listed is simply gone.
      if (code === "ENOENT") return undefined;
      return problem(
        "unreadable",
        `Skipped ${path}: the manifest cannot be opened (${
          _reason(read.error)
        })`,
      );
    }
    case "not_own":
      // A symlink stood there while it was read, when they are not
      // followed: left out, as a symlink listed there would be.
      return undefined;
    case "not_a_file":
      // Replaced by a special file since its status was taken: the
      // descriptor's own status says so, and nothing was read.
      return problem(
        "not_a_file",
        `Skipped ${path}: the manifest is not a regular file (${read.what})`,
      );
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
          _reason(read.error)
        })`,
      );
  }
}

/**
 * A skill from its manifest's text: the previous run's entry when the text
 * and the root are unchanged, else a fresh parse; or the problem that makes
 * the manifest unusable. The findings about a skill that loads are the
 * caller's to take, once, with {@linkcode _findingsOf}.
 */
export function _skillFromText(
  scan: _RootScan,
  dir: string,
  dirName: string,
  path: string,
  text: string,
): { skill: _ParsedSkill; problem?: never } | {
  skill?: never;
  problem: _Problem;
} {
  const { root } = scan;
  const earlier = scan.previous?.get(path);
  const reused = earlier !== undefined && earlier.source === text &&
    _sameRoot(earlier.info, root);
  return reused
    ? { skill: earlier }
    : _parseSkill(root, dir, dirName, path, text, !scan.config.strict);
}

/**
 * What to report about a skill that loads, each time it is discovered: each
 * repaired YAML line, each value YAML cut at ` #`, a name that differs from
 * the directory's.
 */
export function _findingsOf(
  path: string,
  dirName: string,
  skill: _ParsedSkill,
): readonly _Problem[] {
  const { repairs, truncations } = skill;
  if (
    repairs.length === 0 && truncations.length === 0 &&
    skill.info.name === dirName
  ) {
    return NO_PROBLEMS; // most skills, on every scan
  }
  const problems: _Problem[] = [
    ...repairs.map((repair) => _repairProblem(path, skill, repair)),
    ...truncations.map((cut) => _truncationProblem(path, skill, cut)),
  ];
  // Names match as the reference validator compares them: NFKC forms.
  const { name } = skill.info;
  if (
    name !== dirName && name.normalize("NFKC") !== dirName.normalize("NFKC")
  ) {
    problems.push({
      code: "name_mismatch",
      message:
        `Skill "${skill.info.name}" in ${path} is not named after its directory "${dirName}": using "${skill.info.name}"`,
      path,
      drops: false,
      skill: skill.info.name,
      line: new KeyLines(skill.frontmatter).lineOf("name"),
    });
  }
  return problems;
}

const NO_PROBLEMS: readonly _Problem[] = Object.freeze([]);

/** The warning code of each kind of YAML repair. */
const REPAIR_CODES: Readonly<Record<RepairKind, SkillWarningCode>> = {
  colon: "yaml_repaired",
  indicator: "yaml_indicator",
  flow_text: "yaml_flow_text",
  continuation: "yaml_continuation",
};

function _repairProblem(
  path: string,
  skill: _ParsedSkill,
  repair: Repair,
): _Problem {
  const { line } = repair;
  return {
    code: REPAIR_CODES[repair.kind],
    message: `Loaded ${path}:${line} after repairing its YAML: ${
      repairHint(repair)
    }`,
    path,
    drops: false,
    skill: skill.info.name,
    line,
  };
}

function _truncationProblem(
  path: string,
  skill: _ParsedSkill,
  cut: Truncation,
): _Problem {
  const { line, key, kept, fix } = cut;
  const shown = fix.length > 70 ? `${fix.slice(0, 69)}…` : fix;
  return {
    code: "yaml_comment",
    message:
      `${path}:${line}: YAML reads "${key}" as "${kept}" and the rest of the line, from " #", as a comment; if it is part of the value, quote it: ${shown}`,
    path,
    drops: false,
    skill: skill.info.name,
    line,
  };
}

function _parseSkill(
  root: SkillRoot,
  dir: string,
  dirName: string,
  path: string,
  text: string,
  repair: boolean,
): { skill: _ParsedSkill; problem?: never } | {
  skill?: never;
  problem: _Problem;
} {
  let parsed;
  try {
    parsed = parseManifest(text, { path, repair });
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    return {
      problem: {
        code: "invalid_skill",
        message: error.message,
        path,
        drops: true,
        skill: dirName,
        line: error.line,
        column: error.column,
        problems: error instanceof InvalidManifest ? error.problems : undefined,
      },
    };
  }
  const {
    yaml,
    body,
    repairs,
    truncations,
    coercions,
    name,
    description,
    metadata,
    ...fields
  } = parsed;
  const info: SkillInfo = {
    // The catalog's key order: metadata follows the description.
    name,
    description,
    metadata,
    ...fields,
    scope: root.scope,
    source: root.source,
    root: root.path,
    dir,
    path,
  };
  return {
    skill: {
      info: Object.freeze(info),
      body,
      source: text,
      frontmatter: yaml,
      repairs,
      truncations,
      coercions,
    },
  };
}

/** A skill directory's place, from where it was found and its identity. */
export function _placeOf(
  where: { readonly realDir: string; readonly viaLink: boolean },
  identity: _Status,
): _SkillPlace {
  return Object.freeze({
    realDir: where.realDir,
    dev: identity.dev,
    ino: identity.ino,
    birthtimeMs: identity.birthtimeMs,
    viaLink: where.viaLink,
  });
}

/**
 * Admits a skill to its root's map by name, and returns what to report: the
 * skill's own findings when admitted, or only the duplicate when the root
 * already holds the name (the first directory in sorted order wins). A
 * skipped copy's findings are not reported: it loads nowhere, and its name
 * unlike its directory's is what the duplicate already says.
 */
export function _admit(
  byName: Map<string, _DiscoveredSkill>,
  skill: _DiscoveredSkill,
  findings: readonly _Problem[],
): readonly _Problem[] {
  const { name, path } = skill.info;
  const first = byName.get(name);
  if (first === undefined) {
    byName.set(name, skill);
    return findings;
  }
  return [{
    code: "duplicate_skill",
    message:
      `Skipped ${path}: skill "${name}" is already defined by ${first.info.path} in the same root`,
    path,
    drops: true,
    skill: name,
  }];
}
