/**
 * The rules of {@linkcode ARCHIVE_LIMITS} applied to a skill's files (paths
 * relative to the skill's top, with their sizes): what packing refuses to
 * write and reading refuses to read, in one place.
 *
 * @module
 */

import { ArchiveError } from "./error.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";
import { firstClash, quoted, utf8Length } from "./_paths.ts";
// Shared with the claude-ai host profile, which holds a folder to them.
import {
  isArchiveName,
  isPluginManifest,
  MANIFEST,
  MAX_ARCHIVE_BYTES,
  MAX_ARCHIVE_FILES,
  topManifests,
} from "../check/_upload.ts";

export { isArchiveName, MANIFEST };

/** A file of a skill: its path relative to the skill's top, and its size. */
export interface SizedFile {
  readonly path: string;
  readonly size: number;
}

/**
/**
 * The most bytes of UTF-8 an entry's path may have, the top folder
 * included: the `path_too_long` row of {@linkcode ARCHIVE_LIMITS}.
 */
export const MAX_ENTRY_PATH_BYTES: number =
  ARCHIVE_LIMITS.find((limit) => limit.code === "path_too_long")?.max ?? 0;

/**
 * Throws the first rule of the table the files break, each named; `where`
 * names the skill or archive in messages, `prefix` is what the archive puts
 * before each path (its top folder and a `/`), which counts in its length.
 *
 * @throws {ArchiveError} `manifest_count`, `too_many_files`, `too_large`,
 * `path_too_long`, `nested_archive`, `plugin_manifest` or
 * `duplicate_entry`.
 */
export function checkArchiveRules(
  files: readonly SizedFile[],
  where: string,
  prefix = "",
): void {
  const manifests = topManifests(files.map((file) => file.path));
  if (manifests.length !== 1 || manifests[0] !== MANIFEST) {
    throw new ArchiveError(
      "manifest_count",
      manifests.length === 0
        ? `${where} has no ${MANIFEST} at its top: a skill archive holds exactly one`
        : `${where} has ${
          manifests.map(quoted).join(" and ")
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
    const bytes = utf8Length(prefix) + utf8Length(path);
    if (bytes > MAX_ENTRY_PATH_BYTES) {
      throw new ArchiveError(
        "path_too_long",
        `${where} holds ${
          quoted(path)
        }, whose path in the archive is ${bytes} bytes, more than the ${MAX_ENTRY_PATH_BYTES} an entry's path may have (macOS's PATH_MAX): move it up or shorten its names`,
        { path },
      );
    }
    if (isArchiveName(path)) {
      throw new ArchiveError(
        "nested_archive",
        `${where} holds an archive, ${
          quoted(path)
        }: an upload takes no archive inside another; unpack it or leave it out`,
        { path },
      );
    }
    if (isPluginManifest(path)) {
      throw new ArchiveError(
        "plugin_manifest",
        `${where} holds ${
          quoted(path)
        }: that makes it a Claude Code plugin, which an upload of a skill refuses; leave it out`,
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
  const clash = firstClash(
    files.map(({ path }) => ({ path, folder: false })),
  );
  if (clash === undefined) return;
  throw new ArchiveError(
    "duplicate_entry",
    clash.kind === "twice"
      ? `${where} holds ${quoted(clash.first)} and ${
        quoted(clash.path)
      }, one name in Unicode NFC (they look the same, and are one file on macOS): rename one`
      : `${where} holds ${quoted(clash.file)} as a file and as a folder (of ${
        quoted(clash.of)
      }) in Unicode NFC: rename one`,
    { path: clash.kind === "twice" ? clash.path : clash.file },
  );
}
