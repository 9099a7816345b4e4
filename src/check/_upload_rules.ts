/**
 * claude.ai's upload rules applied to a skill folder: the files `packSkill()`
 * would pack (the manifest and the resources `loadSkill()` lists, less what
 * Anthropic's packer leaves out), held to the limits and names of
 * `_upload.ts`, the ones the archive code holds an archive to. The files
 * are those check has listed already: nothing is walked again, and their
 * sizes are read only when they are few enough for an upload.
 *
 * @module
 */

import { join, relative } from "node:path";
import { describe } from "../_text.ts";
import { grouped } from "./_host_text.ts";
import { tryStatus } from "../fs/_status.ts";
import type { ReadSkill } from "../discovery/_types.ts";
import type { UploadRuleCode } from "./diagnostic.ts";
import {
  excludedFromArchive,
  extractedKey,
  isArchiveName,
  isPluginManifest,
  MANIFEST,
  MAX_ARCHIVE_BYTES,
  MAX_ARCHIVE_FILES,
  topManifests,
} from "./_upload.ts";

/** A skill folder's files as `packSkill()` would pack them. */
export interface UploadFolder {
  /**
   * Their paths relative to the skill's directory, with `/`: the manifest's
   * and its resources', less what packing leaves out.
   */
  readonly files: readonly string[];
  /** Whether the listing stopped at a bound with files left unlisted. */
  readonly cut: boolean;
  /**
   * Their total size in bytes, read only when they are at most
   * {@linkcode MAX_ARCHIVE_FILES}; else undefined.
   */
  readonly bytes: number | undefined;
}

/** One rule of the upload a folder breaks: its code and what to do. */
export interface UploadFinding {
  readonly code: UploadRuleCode;
  readonly message: string;
}

/**
 * A skill's folder as an upload would take it, from the resources check
 * listed (`cut` when that listing stopped at a bound).
 */
export function uploadFolder(
  skill: ReadSkill,
  resources: readonly string[],
  cut: boolean,
): UploadFolder {
  const manifest = relative(skill.info.dir, skill.info.path);
  const files = [manifest, ...resources].filter((path) =>
    !excludedFromArchive(path)
  );
  return {
    files,
    cut,
    bytes: files.length > MAX_ARCHIVE_FILES
      ? undefined
      : totalSize(skill.place.realDir, files),
  };
}

/** The bytes of files under a directory (a file gone since is none). */
function totalSize(dir: string, files: readonly string[]): number {
  let total = 0;
  for (const file of files) {
    const status = tryStatus(join(dir, file), { follow: true });
    if (status.ok) total += status.value.size;
  }
  return total;
}

/** The upload's rules a folder breaks, each once, in the archive's order. */
export function uploadFindings(folder: UploadFolder): UploadFinding[] {
  const { files } = folder;
  const findings: UploadFinding[] = [];
  const manifests = topManifests(files);
  if (manifests.length !== 1 || manifests[0] !== MANIFEST) {
    findings.push({
      code: "manifest_count",
      message: `the skill has ${
        manifests.length === 0
          ? "no manifest"
          : manifests.map(describe).join(" and ")
      } at its top, and an upload takes exactly one, named ${MANIFEST}; ${
        manifests.length > 1 ? "keep only that one" : `name it ${MANIFEST}`
      }`,
    });
  }
  if (files.length > MAX_ARCHIVE_FILES) {
    findings.push({
      code: "too_many_files",
      message: `the skill holds ${folder.cut ? "at least " : ""}${
        grouped(files.length)
      } files as packSkill() packs them, more than the ${MAX_ARCHIVE_FILES} an upload takes; move what the skill does not need out of it`,
    });
  }
  if (folder.bytes !== undefined && folder.bytes > MAX_ARCHIVE_BYTES) {
    findings.push({
      code: "too_large",
      message:
        `the skill's files hold ${folder.bytes} bytes, more than the ${MAX_ARCHIVE_BYTES} (30 MB) an upload takes uncompressed; move large files out of it`,
    });
  }
  const archives = files.filter(isArchiveName);
  if (archives.length > 0) {
    findings.push({
      code: "nested_archive",
      message: `${describe(archives[0])}${more(archives)} ${
        archives.length > 1 ? "are archives" : "is an archive"
      }, and an upload takes no archive inside another; unpack it or leave it out`,
    });
  }
  const plugins = files.filter(isPluginManifest);
  if (plugins.length > 0) {
    findings.push({
      code: "plugin_manifest",
      message: `${describe(plugins[0])}${more(plugins)} ${
        plugins.length > 1 ? "make" : "makes"
      } the folder a Claude Code plugin, which an upload of a skill refuses; leave it out`,
    });
  }
  const twins = oneOnceExtracted(files);
  if (twins !== undefined) {
    findings.push({
      code: "duplicate_entry",
      message: `${describe(twins[0])} and ${
        describe(twins[1])
      } are one name in Unicode NFC (they look the same, and are one ${
        twins[2]
      } on macOS), which an upload refuses; rename one`,
    });
  }
  return findings;
}

/** `" (and N more)"` after the first of several paths. */
function more(paths: readonly string[]): string {
  return paths.length > 1 ? ` (and ${paths.length - 1} more)` : "";
}

/**
 * The first two paths that are one once extracted (see `extractedKey`):
 * two files of one name, or a file and a folder of another's path; and
 * which of the two they are there.
 */
function oneOnceExtracted(
  files: readonly string[],
): [string, string, "file" | "folder"] | undefined {
  const seen = new Map<string, string>();
  for (const path of files) {
    const other = seen.get(extractedKey(path));
    if (other !== undefined) return [other, path, "file"];
    seen.set(extractedKey(path), path);
  }
  for (const path of files) {
    for (let slash = path.indexOf("/"); slash > 0;) {
      const file = seen.get(extractedKey(path.slice(0, slash)));
      if (file !== undefined) return [file, path.slice(0, slash), "folder"];
      slash = path.indexOf("/", slash + 1);
    }
  }
  return undefined;
}
