/**
 * The rules of {@linkcode ARCHIVE_LIMITS} applied to a skill's files (paths
 * relative to the skill's top, with their sizes): what packing refuses to
 * write and reading refuses to read, in one place.
 *
 * @module
 */

import { ArchiveError } from "./error.ts";
import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILES } from "./limits.ts";

/** A file of a skill: its path relative to the skill's top, and its size. */
export interface SizedFile {
  readonly path: string;
  readonly size: number;
}

/** The manifest's name, exactly, as an upload takes it. */
export const MANIFEST = "SKILL.md";

/**
 * Throws the first rule of the table the files break, each named; `where`
 * names the skill or archive in messages.
 *
 * @throws {ArchiveError} `manifest_count`, `too_many_files`, `too_large`,
 * `nested_archive` or `plugin_manifest`.
 */
export function checkArchiveRules(
  files: readonly SizedFile[],
  where: string,
): void {
  const manifests = files.filter((file) =>
    !file.path.includes("/") && file.path.toLowerCase() === "skill.md"
  );
  if (manifests.length !== 1 || manifests[0]?.path !== MANIFEST) {
    throw new ArchiveError(
      "manifest_count",
      manifests.length === 0
        ? `${where} has no ${MANIFEST} at its top: a skill archive holds exactly one`
        : `${where} has ${
          manifests.map((file) => file.path).join(" and ")
        } at its top: a skill archive holds exactly one, named ${MANIFEST}`,
      { path: manifests[0]?.path },
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
    if (/\.(zip|skill)$/i.test(path)) {
      throw new ArchiveError(
        "nested_archive",
        `${where} holds an archive, ${path}: an upload takes no archive inside another; unpack it or leave it out`,
        { path },
      );
    }
    if (
      path === ".claude-plugin/plugin.json" ||
      path.endsWith("/.claude-plugin/plugin.json")
    ) {
      throw new ArchiveError(
        "plugin_manifest",
        `${where} holds ${path}: that makes it a Claude Code plugin, which an upload of a skill refuses; leave it out`,
        { path },
      );
    }
  }
}
