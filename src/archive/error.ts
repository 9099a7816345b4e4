/**
 * The error that packing or reading a skill archive throws, with a stable
 * `code` for each rule an archive breaks.
 *
 * @module
 */

/**
 * Why a skill could not be packed, or an archive could not be read.
 *
 * The rules of an uploadable archive (see {@linkcode ARCHIVE_LIMITS}):
 * - `too_many_files`: more files than an upload takes.
 * - `too_large`: more bytes, uncompressed, than an upload takes.
 * - `nested_archive`: a `.zip` or `.skill` file inside.
 * - `plugin_manifest`: a `.claude-plugin/plugin.json` inside (a plugin, not a
 *   skill).
 * - `manifest_count`: not exactly one `SKILL.md` at the top of the skill:
 *   none, a case variant (`skill.md`) beside or instead of it, or an archive
 *   whose files are neither under one top folder nor beside a top-level
 *   `SKILL.md`.
 * - `path_too_long`: an entry's path (the top folder included) longer than
 *   1,024 bytes of UTF-8.
 *
 * Packing only:
 * - `invalid_skill`: the directory is not a skill that loads cleanly: its
 *   `SKILL.md` is missing or unusable, or `checkSkills()` finds an error.
 * - `unreadable`: a file or folder of the skill could not be listed or read.
 *
 * Hostile or broken archives (reading; packing refuses what reading would
 * refuse with `unsafe_path` and `duplicate_entry`, and a symlink leaving the
 * skill with `symlink`):
 * - `not_a_zip`: no zip end record: not a zip, or cut short.
 * - `corrupt`: a record out of bounds or malformed, records that disagree
 *   (an end record whose count or sizes are not what its central directory
 *   holds, bytes after the end record, two end records, a local header
 *   unlike its central entry: name, flags, method, CRC-32, sizes), local
 *   headers that are not exactly the central directory's entries one after
 *   the other (bytes before, between or after them, a header no entry names,
 *   entries that overlap, a data descriptor missing or unlike its entry), an
 *   unsupported compression method, ZIP64 or multi-disk, a folder entry with
 *   data, data that does not inflate or whose deflate stream ends before its
 *   compressed size, or bytes whose size or CRC-32 differ from what the
 *   entry declares.
 * - `encrypted`: an encrypted entry (general-purpose flag bit 0).
 * - `unsafe_path`: an entry path that is absolute, holds `..`, `.` or an
 *   empty segment, a backslash, a drive letter, or a control character.
 * - `symlink`: an entry that is a symbolic link (its Unix mode says
 *   `S_IFLNK`); when packing, a symlink that leads outside the skill or
 *   nowhere.
 * - `duplicate_entry`: two entries of the same path (compared in Unicode
 *   NFC), or a path that is a file and also holds entries.
 * - `zip_bomb`: more entries than a reader takes, or an entry that declares
 *   more than deflate can produce from its compressed size.
 */
export type ArchiveErrorCode =
  | "too_many_files"
  | "too_large"
  | "nested_archive"
  | "plugin_manifest"
  | "manifest_count"
  | "path_too_long"
  | "invalid_skill"
  | "unreadable"
  | "not_a_zip"
  | "corrupt"
  | "encrypted"
  | "unsafe_path"
  | "symlink"
  | "duplicate_entry"
  | "zip_bomb";

/**
 * Thrown by `packSkill()` for a skill it will not pack, and by
 * `readSkillArchive()` for an archive it will not read. Nothing is written
 * either way.
 *
 * @example Branch on the code
 * ```ts
 * import { ArchiveError, readSkillArchive } from "@clarvis/agent-skills/archive";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => readSkillArchive(new TextEncoder().encode("not a zip")),
 *   (error) => error instanceof ArchiveError && error.code === "not_a_zip",
 * );
 * ```
 */
export class ArchiveError extends Error {
  /** Which rule the skill or the archive breaks. */
  readonly code: ArchiveErrorCode;
  /**
   * The file concerned, when there is one: a path in the skill's directory
   * (packing) or an entry's path in the archive (reading), as given.
   */
  readonly path: string | undefined;

  /**
   * Creates an archive error.
   *
   * @param code Which rule is broken.
   * @param message A sentence naming the file, the rule and what to do.
   * @param options The file concerned, and the underlying error as `cause`.
   */
  constructor(
    code: ArchiveErrorCode,
    message: string,
    options: { path?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
    this.name = "ArchiveError";
    this.code = code;
    this.path = options.path;
  }
}
