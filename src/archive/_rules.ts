/**
 * The rules of {@linkcode ARCHIVE_LIMITS} applied to a skill's files (paths
 * relative to the skill's top, with their sizes): what packing refuses to
 * write and reading refuses to read, in one place.
 *
 * @module
 */

import { ArchiveError } from "./error.ts";
import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILES } from "./limits.ts";
// Shared with the claude-ai host profile, which holds a folder to them.
import {
  extractedKey,
  isArchiveName,
  isPluginManifest,
  MANIFEST,
  topManifests,
} from "../check/_upload.ts";

export { extractedKey, isArchiveName, MANIFEST };

/** A file of a skill: its path relative to the skill's top, and its size. */
export interface SizedFile {
  readonly path: string;
  readonly size: number;
}

/**
 * Throws the first rule of the table the files break, each named; `where`
 * names the skill or archive in messages.
 *
 * @throws {ArchiveError} `manifest_count`, `too_many_files`, `too_large`,
 * `nested_archive`, `plugin_manifest` or `duplicate_entry`.
 */
export function checkArchiveRules(
  files: readonly SizedFile[],
  where: string,
): void {
  const manifests = topManifests(files.map((file) => file.path));
  if (manifests.length !== 1 || manifests[0] !== MANIFEST) {
    throw new ArchiveError(
      "manifest_count",
      manifests.length === 0
        ? `${where} has no ${MANIFEST} at its top: a skill archive holds exactly one`
        : `${where} has ${
          manifests.join(" and ")
        } at its top: a skill archive holds exactly one, named ${MANIFEST}`,
      { path: manifests[0] },
    );
  }
  if (files.length > MAX_ARCHIVE_FILES) {
    throw new ArchiveError(
      "too_many_files",
      `${where} holds ${files.length} files, more than the ${MAX_ARCHIVE_FILES} an upload takes`,
    );
  }
  let total = 0;
  for (const file of files) total += file.size;
  if (total > MAX_ARCHIVE_BYTES) {
    throw new ArchiveError(
      "too_large",
      `${where} holds ${total} bytes uncompressed, more than the ${MAX_ARCHIVE_BYTES} (30 MB) an upload takes`,
    );
  }
  for (const { path } of files) {
    if (isArchiveName(path)) {
      throw new ArchiveError(
        "nested_archive",
        `${where} holds an archive, ${path}: an upload takes no archive inside another; unpack it or leave it out`,
        { path },
      );
    }
    if (isPluginManifest(path)) {
      throw new ArchiveError(
        "plugin_manifest",
        `${where} holds ${path}: that makes it a Claude Code plugin, which an upload of a skill refuses; leave it out`,
        { path },
      );
    }
  }
  collisions(files, where);
}

/**
 * Throws `duplicate_entry` for two files that look the same and are one
 * once extracted on macOS (`café` in NFC and NFD), or a file that is also a
 * folder of another's path there.
 */
function collisions(files: readonly SizedFile[], where: string): void {
  const seen = new Map<string, string>();
  for (const { path } of files) {
    const other = seen.get(extractedKey(path));
    if (other !== undefined) {
      throw new ArchiveError(
        "duplicate_entry",
        `${where} holds ${JSON.stringify(other)} and ${
          JSON.stringify(path)
        }, one name in Unicode NFC (they look the same, and are one file on macOS): rename one`,
        { path },
      );
    }
    seen.set(extractedKey(path), path);
  }
  for (const { path } of files) {
    for (let slash = path.indexOf("/"); slash > 0;) {
      const file = seen.get(extractedKey(path.slice(0, slash)));
      if (file !== undefined) {
        throw new ArchiveError(
          "duplicate_entry",
          `${where} holds ${
            JSON.stringify(file)
          } as a file and as a folder (of ${
            JSON.stringify(path)
          }) in Unicode NFC: rename one`,
          { path: file },
        );
      }
      slash = path.indexOf("/", slash + 1);
    }
  }
}
