/**
 * A skill archive read in memory, never extracted: `readSkillArchive()`
 * gives its files, `checkSkillArchive()` checks its skill as `checkSkills()`
 * checks a directory. A hostile or broken archive is refused before any of
 * it is inflated where its directory shows it, and while it is inflated
 * where only its bytes can.
 *
 * @module
 */

import type { CheckReport } from "../check/check.ts";
import {
  hostDiagnostics,
  problemDiagnostics,
  ruleDiagnostics,
} from "../check/_diagnostics.ts";
import { checkedHosts } from "../check/_hosts_option.ts";
import type { HostName, SkillDiagnostic } from "../check/diagnostic.ts";
import { StartupError } from "../errors.ts";
import { checkedOption, objectOptions, STRING } from "../_option_check.ts";
import { describe } from "../_text.ts";
import { findingsOf } from "../discovery/_manifest_problems.ts";
import type { DiscoveredSkill, Problem } from "../discovery/_types.ts";
import { parseSkill, withTexts } from "../discovery/_read_skill.ts";
import type { SkillInfo } from "../skill.ts";
import { comparePaths } from "../_path_order.ts";
import { ArchiveError } from "./error.ts";
import { MAX_ARCHIVE_BYTES } from "../check/_upload.ts";
import type { ArchiveLayout } from "./pack.ts";
import { checkArchiveRules, MANIFEST } from "./_rules.ts";
import { quoted } from "./_paths.ts";
import { entryBytes } from "./_inflate.ts";
import { zipEntries } from "./_zip.ts";

/**
 * The most bytes an archive file may have: the most an upload takes
 * uncompressed, and room for the zip's own records.
 */
export const MAX_ARCHIVE_FILE_BYTES: number = MAX_ARCHIVE_BYTES + 1024 * 1024;

/** A skill archive, read: its layout and its skill's files. */
export interface SkillArchive {
  /** Whether the files sit under one top folder, or at the top. */
  readonly layout: ArchiveLayout;
  /** The top folder's name, for the `folder` layout. */
  readonly top: string | undefined;
  /**
   * Each file of the skill by its path relative to the skill's top (the
   * top folder left out), in code point order of the paths.
   */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

/** The options of {@linkcode readSkillArchive} and {@linkcode checkSkillArchive}. */
export interface ReadArchiveOptions {
  /**
   * The archive's name in messages and diagnostics' paths (its file name,
   * say).
   *
   * @default {"archive"}
   */
  name?: string;
}

/**
 * Reads a skill archive (`.skill` or `.zip`) in memory: one skill, under
 * one top folder or at the top. Nothing is written anywhere. Before any
 * entry is inflated, the archive is refused for a path that could land
 * outside a folder it was extracted to, a symlink, a duplicate, an
 * encrypted entry, more entries or declared bytes than the bounds allow, or
 * a rule of {@linkcode ARCHIVE_LIMITS}; each file is then inflated into a
 * buffer of its declared size and held to that size and its CRC-32.
 *
 * @param bytes The archive's bytes.
 * @param options The archive's name, for messages.
 * @returns The layout, the top folder and the files.
 * @throws {ArchiveError} With the code of the rule broken (see
 * {@linkcode ArchiveErrorCode}).
 *
 * @example Refuse an archive that is not one
 * ```ts
 * import { ArchiveError, readSkillArchive } from "@clarvis/agent-skills/archive";
 *
 * try {
 *   readSkillArchive(new Uint8Array(10), { name: "broken.skill" });
 * } catch (error) {
 *   if (error instanceof ArchiveError) console.log(error.code); // "not_a_zip"
 * }
 * ```
 */
export function readSkillArchive(
  bytes: Uint8Array,
  options: ReadArchiveOptions = {},
): SkillArchive {
  const name = archiveName(options, "readSkillArchive");
  if (!(bytes instanceof Uint8Array)) {
    throw new StartupError(
      "invalid_option",
      `readSkillArchive() takes an archive's bytes as a Uint8Array, got ${
        describe(bytes)
      }`,
    );
  }
  if (bytes.length > MAX_ARCHIVE_FILE_BYTES) {
    throw new ArchiveError(
      "too_large",
      `${name} is ${bytes.length} bytes, more than the ${MAX_ARCHIVE_FILE_BYTES} a skill archive of at most 30 MB uncompressed needs`,
    );
  }
  const all = zipEntries(bytes, name);
  const entries = all.filter((entry) => !entry.folder);
  const flat = entries.some((entry) => !entry.path.includes("/"));
  // A folder entry counts too: beside the top folder, it is a second one.
  const tops = new Set(
    all.map((entry) =>
      entry.path.includes("/")
        ? entry.path.slice(0, entry.path.indexOf("/"))
        : entry.path
    ),
  );
  if (!flat && tops.size > 1) {
    throw new ArchiveError(
      "manifest_count",
      `${name} holds several top folders (${
        [...tops].sort(comparePaths).slice(0, 5).map(quoted).join(", ")
      }): a skill archive holds one skill, in one top folder or at the top`,
    );
  }
  const top = flat ? undefined : [...tops][0];
  const prefix = top === undefined ? "" : `${top}/`;
  const files = entries.map((entry) => ({
    entry,
    path: entry.path.slice(prefix.length),
  }));
  checkArchiveRules(
    files.map(({ path, entry }) => ({ path, size: entry.size })),
    name,
    prefix,
  );
  files.sort((a, b) => comparePaths(a.path, b.path));
  const read = new Map<string, Uint8Array>();
  for (const { path, entry } of files) {
    read.set(path, entryBytes(bytes, entry, name));
  }
  return Object.freeze({
    layout: top === undefined ? "flat" : "folder",
    top,
    files: read,
  });
}

/** The options of {@linkcode checkSkillArchive}. */
export interface CheckArchiveOptions extends ReadArchiveOptions {
  /**
   * Hosts whose rules the skill is held to as well, as `checkSkills({ hosts
   * })` holds a directory's (docs/hosts.md); `claude-ai` also refuses an
   * archive without a top folder.
   *
   * @default {[]}
   */
  hosts?: readonly HostName[];
}

/**
 * Checks the skill of an archive as {@linkcode checkSkills} checks a skill
 * directory, in memory: its manifest parsed (when it is within discovery's
 * default cap, 1 MiB; else `invalid_skill`) and held to the same rules (and
 * those of `hosts`), each diagnostic's path `NAME!/TOP/SKILL.md`
 * (`NAME!/SKILL.md` for the flat layout, as a jar URL names a file inside).
 * An archive that cannot be read throws, as {@linkcode readSkillArchive}
 * does.
 *
 * @param bytes The archive's bytes.
 * @param options The archive's name, for the diagnostics' paths, and the
 * hosts whose rules apply.
 * @returns The diagnostics, the skill (when it loads) and the counts.
 * @throws {ArchiveError} As {@linkcode readSkillArchive}.
 *
 * @example Check an archive packed from a skill
 * ```ts
 * import { checkSkillArchive, packSkill } from "@clarvis/agent-skills/archive";
 *
 * const bytes = packSkill("fixtures/demo/user-store/pdf-forms", { home: "/home/ada" });
 * const report = checkSkillArchive(bytes, { name: "pdf-forms.skill" });
 * console.log(report.counts.error, report.skills[0]?.path); // 0 "pdf-forms.skill!/pdf-forms/SKILL.md"
 * ```
 */
export function checkSkillArchive(
  bytes: Uint8Array,
  options: CheckArchiveOptions = {},
): CheckReport {
  const name = archiveName(options, "checkSkillArchive", ["hosts"]);
  const hosts = new Set(checkedHosts(options.hosts, "checkSkillArchive"));
  const archive = readSkillArchive(bytes, { name });
  const dir = `${name}!/${archive.top ?? ""}`;
  const path = `${dir}${archive.top === undefined ? "" : "/"}${MANIFEST}`;
  const diagnostics: SkillDiagnostic[] = [];
  const skills: SkillInfo[] = [];
  const found = parsed(archive, { name, dir, path });
  if ("code" in found) {
    diagnostics.push(...problemDiagnostics(found));
  } else {
    const skill = withTexts(found);
    skills.push(skill.info);
    const dirName = archive.top ?? skill.info.name;
    for (const finding of findingsOf(skill, { path, dirName })) {
      diagnostics.push(...problemDiagnostics(finding));
    }
    diagnostics.push(...ruleDiagnostics(skill));
    const manifest = archive.files.get(MANIFEST);
    diagnostics.push(...hostDiagnostics(skill, hosts, {
      bom: manifest?.[0] === 0xef && manifest[1] === 0xbb &&
        manifest[2] === 0xbf,
      archive: { top: archive.top },
    }));
  }
  diagnostics.sort((a, b) =>
    (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
  );
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity]++;
  return { diagnostics, skills, counts };
}

/** The archive's name from the options, which must be the options taken. */
function archiveName(
  options: CheckArchiveOptions,
  owner: string,
  more: readonly string[] = [],
): string {
  const { name } = objectOptions(options, owner, ["name", ...more]);
  return checkedOption(name, "name", STRING) ?? "archive";
}

/**
 * The most bytes of a manifest parsed: discovery's default cap
 * (`maxManifestBytes`), so an archive's manifest is held to what a
 * directory's is, and parsing costs what it costs there.
 */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The archive's skill, parsed as discovery parses a manifest; or why not. */
function parsed(
  archive: SkillArchive,
  { name, dir, path }: { name: string; dir: string; path: string },
): DiscoveredSkill | Problem {
  const dirName = archive.top ?? name;
  const bytes = archive.files.get(MANIFEST) ?? new Uint8Array();
  if (bytes.length > MAX_MANIFEST_BYTES) {
    return {
      code: "invalid_skill",
      message:
        `Invalid skill manifest ${path}: it is larger than the ${MAX_MANIFEST_BYTES}-byte cap (the default of option maxManifestBytes, which discovery holds a manifest to)`,
      path,
      drops: true,
      skill: dirName,
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bytes,
    );
  } catch {
    return {
      code: "invalid_skill",
      message: `Invalid skill manifest ${path}: it is not valid UTF-8`,
      path,
      drops: true,
      skill: dirName,
    };
  }
  const skill = parseSkill({
    scope: "archive",
    source: name.slice(name.lastIndexOf("/") + 1),
    path: name,
  }, { path, dir, dirName, text, repair: true });
  if (!("info" in skill)) return skill;
  return {
    ...skill,
    // An archive has no place on disk: nothing is ever read through these.
    place: { realDir: dir, viaLink: false, dev: 0, ino: 0, birthtimeMs: 0 },
    key: {
      dev: 0,
      ino: 0,
      size: bytes.length,
      mtimeMs: 0,
      ctimeMs: 0,
      settled: true,
    },
    digest: undefined,
  };
}
