/**
 * One root in, its skills out: scan one level deep, apply the symlink
 * policy, read and parse each manifest, dedupe names within the root.
 *
 * @module
 */

import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  openSync,
  readSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import {
  SkillError,
  type SkillErrorCode,
  type SkillErrorDetails,
} from "./errors.ts";
import {
  _InvalidManifest,
  _lineOfKey,
  type _ManifestProblem,
  _parseManifest,
  _quoteHint,
  type _Repair,
  type JsonValue,
} from "./frontmatter.ts";
import { _errorCode, _reason, _sortedEntries } from "./_fs.ts";
import type { SkillConfig, SkillRoot } from "./config.ts";
import type { SkillWarningCode, WarnSink } from "./warn.ts";

/** What the catalog says about one skill: everything but its body. */
export interface SkillInfo {
  /** The skill's identity: its frontmatter `name`. */
  readonly name: string;
  /** The frontmatter `description`: when an agent should use the skill. */
  readonly description: string;
  /**
   * Every other frontmatter key, as plain JSON data in its original
   * spelling (`license`, `compatibility`, `metadata`, `argument-hint`, ...).
   * The keys that have a field of their own (`name`, `description`,
   * `allowed-tools`, `tools`, `user-invocable`) are not repeated here.
   */
  readonly metadata: { readonly [key: string]: JsonValue };
  /**
   * The frontmatter `allowed-tools` (or, when absent, `tools`) as a list.
   * Absent when neither key is set.
   */
  readonly allowedTools?: readonly string[];
  /** The frontmatter `user-invocable`; `true` when absent. */
  readonly userInvocable: boolean;
  /** The `scope` label of the root the skill came from. */
  readonly scope: string;
  /** The `source` label of the root the skill came from. */
  readonly source: string;
  /** The absolute path of the root the skill came from. */
  readonly root: string;
  /** The absolute path of the skill's directory (`<root>/<directory name>`). */
  readonly dir: string;
  /** The absolute path of the skill's manifest (`<dir>/SKILL.md`). */
  readonly path: string;
}

/** A discovered skill: its catalog entry and its body, read at discovery. */
export interface _DiscoveredSkill {
  readonly info: SkillInfo;
  readonly body: string;
  /**
   * The manifest's decoded text: the key for reuse on refresh(). The body is
   * a slice of it, so keeping it costs little memory.
   */
  readonly source: string;
  /** The frontmatter's YAML text (a slice of `source` too), for checks. */
  readonly frontmatter: string;
  /** Set when the YAML parsed only after quoting one value. */
  readonly repaired?: _Repair;
}

/** The previous run's skills by manifest path, for reuse by refresh(). */
export type _Previous = ReadonlyMap<string, _DiscoveredSkill>;

/** Where a reported problem is, plus each problem of an unusable manifest. */
export interface _ReportDetails extends SkillErrorDetails {
  problems?: readonly _ManifestProblem[] | undefined;
}

/** Reports one problem: warns, or under strict throws when it skips a skill. */
export type _Reporter = (
  code: SkillWarningCode,
  message: string,
  path: string,
  details?: _ReportDetails,
) => void;

/** The warning codes that mean a skill was dropped, and what strict throws for them. */
const _STRICT_CODES: Partial<Record<SkillWarningCode, SkillErrorCode>> = {
  invalid_skill: "invalid_skill",
  duplicate_skill: "duplicate_skill",
  not_a_file: "not_a_file",
  unreadable: "invalid_skill",
};

/**
 * Whether a reported problem drops a skill (so strict throws for it): a
 * skill-dropping code, about a skill. A root's own problems never do.
 */
export function _dropsSkill(
  code: SkillWarningCode,
  details: _ReportDetails,
): boolean {
  return details.skill !== undefined && _STRICT_CODES[code] !== undefined;
}

/**
 * Builds the reporter of one discovery run.
 *
 * @param strict Whether problems that drop a skill throw.
 * @param warn Where warnings go.
 */
export function _reporter(strict: boolean, warn: WarnSink): _Reporter {
  return (code, message, path, details = {}) => {
    const errorCode = _STRICT_CODES[code];
    if (strict && errorCode !== undefined && _dropsSkill(code, details)) {
      const { skill, line, column } = details;
      throw new SkillError(errorCode, message, { skill, path, line, column });
    }
    warn({ code, message, path });
  };
}

/**
 * Discovers the skills of one root, in sorted directory order, without
 * duplicate names. A missing root yields no skills and no warning.
 *
 * @throws {SkillError} Only through `report`, under strict.
 */
export function _discoverRoot(
  root: SkillRoot,
  config: SkillConfig,
  report: _Reporter,
  previous?: _Previous,
): _DiscoveredSkill[] {
  const entries = _listRoot(root.path, report);
  const byName = new Map<string, _DiscoveredSkill>();
  for (const entry of entries) {
    const dir = _skillDirectory(root.path, entry, config, report);
    if (dir === undefined) continue;
    const skill = _readSkill(root, dir, entry.name, config, report, previous);
    if (skill === undefined) continue;
    const first = byName.get(skill.info.name);
    if (first !== undefined) {
      report(
        "duplicate_skill",
        `Skipped ${skill.info.path}: skill "${skill.info.name}" is already defined by ${first.info.path} in the same root`,
        skill.info.path,
        { skill: skill.info.name },
      );
      continue;
    }
    byName.set(skill.info.name, skill);
  }
  return [...byName.values()];
}

function _listRoot(path: string, report: _Reporter): Dirent[] {
  try {
    return _sortedEntries(path);
  } catch (error) {
    const code = _errorCode(error);
    if (code === "ENOENT") return [];
    if (code === "ENOTDIR") {
      report(
        "root_not_directory",
        `Skipped skill root ${path}: it is not a directory`,
        path,
      );
    } else {
      report(
        "unreadable",
        `Skipped skill root ${path}: ${_reason(error)}`,
        path,
      );
    }
    return [];
  }
}

/** The absolute skill directory an entry of the root stands for, if any. */
function _skillDirectory(
  rootPath: string,
  entry: Dirent,
  config: SkillConfig,
  report: _Reporter,
): string | undefined {
  const dir = join(rootPath, entry.name);
  if (entry.isDirectory()) return dir;
  if (!entry.isSymbolicLink() || !config.followSymlinks) return undefined;
  try {
    return statSync(dir).isDirectory() ? dir : undefined;
  } catch (error) {
    report(
      "dangling_symlink",
      `Skipped ${dir}: the symlink cannot be followed (${_reason(error)})`,
      dir,
    );
    return undefined;
  }
}

/** Reads one skill directory: finds, reads and parses its manifest. */
export function _readSkill(
  root: SkillRoot,
  dir: string,
  dirName: string,
  config: SkillConfig,
  report: _Reporter,
  previous?: _Previous,
): _DiscoveredSkill | undefined {
  // Until its manifest names it, a skill is known by its directory name.
  const reportSkill: _Reporter = (code, message, path, details) =>
    report(code, message, path, { skill: dirName, ...details });
  const manifest = _findManifest(dir, config, reportSkill);
  if (manifest === undefined) return undefined;
  const path = join(dir, manifest.name);
  const text = _readManifest(
    path,
    manifest.isSymbolicLink(),
    config,
    reportSkill,
  );
  if (text === undefined) return undefined;
  // Content-keyed reuse: the same text from the same root parses the same.
  const earlier = previous?.get(path);
  const skill = earlier !== undefined && earlier.source === text &&
      earlier.info.root === root.path && earlier.info.scope === root.scope &&
      earlier.info.source === root.source
    ? earlier
    : _parseSkill(root, dir, path, text, reportSkill, !config.strict);
  if (skill?.repaired !== undefined) {
    const { line } = skill.repaired;
    reportSkill(
      "yaml_repaired",
      `Loaded ${path}:${line} after repairing its YAML: ${
        _quoteHint(skill.repaired)
      }`,
      path,
      { skill: skill.info.name, line },
    );
  }
  if (skill !== undefined && skill.info.name !== dirName) {
    reportSkill(
      "name_mismatch",
      `Skill "${skill.info.name}" in ${path} is not named after its directory "${dirName}": using "${skill.info.name}"`,
      path,
      { skill: skill.info.name, line: _lineOfKey(skill.frontmatter, "name") },
    );
  }
  return skill;
}

function _parseSkill(
  root: SkillRoot,
  dir: string,
  path: string,
  text: string,
  report: _Reporter,
  repair: boolean,
): _DiscoveredSkill | undefined {
  let parsed;
  try {
    parsed = _parseManifest(text, path, repair);
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    report("invalid_skill", error.message, path, {
      line: error.line,
      column: error.column,
      problems: error instanceof _InvalidManifest ? error.problems : undefined,
    });
    return undefined;
  }
  const info: SkillInfo = {
    name: parsed.name,
    description: parsed.description,
    metadata: parsed.metadata,
    ...(parsed.allowedTools === undefined
      ? {}
      : { allowedTools: parsed.allowedTools }),
    userInvocable: parsed.userInvocable,
    scope: root.scope,
    source: root.source,
    root: root.path,
    dir,
    path,
  };
  const skill = {
    info: Object.freeze(info),
    body: parsed.body,
    source: text,
    frontmatter: parsed.yaml,
  };
  return parsed.repaired === undefined
    ? skill
    : { ...skill, repaired: parsed.repaired };
}

/** The directory's manifest entry, its name matched case-insensitively. */
function _findManifest(
  dir: string,
  config: SkillConfig,
  report: _Reporter,
): Dirent | undefined {
  let entries: Dirent[];
  try {
    entries = _sortedEntries(dir);
  } catch (error) {
    // A directory that vanished since the root was listed is simply gone.
    if (_errorCode(error) !== "ENOENT") {
      report(
        "unreadable",
        `Skipped skill directory ${dir}: ${_reason(error)}`,
        dir,
      );
    }
    return undefined;
  }
  const candidates = entries.filter((entry) =>
    entry.name.toLowerCase() === "skill.md"
  );
  const chosen = candidates.find((entry) => entry.name === "SKILL.md") ??
    candidates[0];
  if (chosen === undefined) return undefined;
  if (candidates.length > 1) {
    report(
      "ambiguous_manifest",
      `Skill directory ${dir} has several manifests (${
        candidates.map((entry) => entry.name).join(", ")
      }): using ${chosen.name}`,
      dir,
    );
  }
  if (chosen.isSymbolicLink() && !config.followSymlinks) return undefined;
  if (chosen.isDirectory()) {
    const path = join(dir, chosen.name);
    report("not_a_file", `Skipped ${path}: the manifest is a directory`, path);
    return undefined;
  }
  return chosen;
}

const _UTF8 = new TextDecoder("utf-8", { fatal: true });
const _OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a manifest without ever blocking: it is opened non-blocking (so a
 * FIFO cannot hang the scan), then checked to be a regular file within the
 * size cap through its descriptor, then decoded as strict UTF-8.
 */
function _readManifest(
  path: string,
  isSymlink: boolean,
  config: SkillConfig,
  report: _Reporter,
): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, _OPEN_FLAGS);
  } catch (error) {
    const code = _errorCode(error);
    if (isSymlink && (code === "ENOENT" || code === "ELOOP")) {
      report(
        "not_a_file",
        `Skipped ${path}: the manifest is a symlink that cannot be followed (${
          _reason(error)
        })`,
        path,
      );
    } else if (code !== "ENOENT") {
      // A manifest deleted since its directory was listed is simply gone.
      report(
        "unreadable",
        `Skipped ${path}: the manifest cannot be opened (${_reason(error)})`,
        path,
      );
    }
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      report(
        "not_a_file",
        `Skipped ${path}: the manifest is not a regular file (${
          _kindOf(stat)
        })`,
        path,
      );
      return undefined;
    }
    const bytes = _readAtMost(fd, stat.size, config.maxManifestBytes + 1);
    if (bytes.length > config.maxManifestBytes) {
      report(
        "invalid_skill",
        `Invalid skill manifest ${path}: it is larger than the ${config.maxManifestBytes}-byte cap (option maxManifestBytes)`,
        path,
      );
      return undefined;
    }
    return _UTF8.decode(bytes);
  } catch (error) {
    if (error instanceof SkillError) throw error;
    const problem = error instanceof TypeError
      ? "it is not valid UTF-8"
      : `it cannot be read (${_reason(error)})`;
    report("invalid_skill", `Invalid skill manifest ${path}: ${problem}`, path);
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads up to `limit` bytes. `size` (from fstat) is only the first guess: one
 * spare byte sees the end of the file without growing the buffer.
 */
function _readAtMost(fd: number, size: number, limit: number): Uint8Array {
  let buffer = new Uint8Array(Math.min(size + 1, limit));
  let length = 0;
  while (length < limit) {
    if (length === buffer.length) {
      const grown = new Uint8Array(Math.min(buffer.length * 2, limit));
      grown.set(buffer);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

function _kindOf(
  stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean },
): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  return "a device";
}
