/**
 * The limits of an uploadable skill archive, in one table that packing and
 * reading both apply, each with the source it comes from.
 *
 * @module
 */

import type { ArchiveErrorCode } from "./error.ts";

/** One limit of an uploadable skill archive, and where it comes from. */
export interface ArchiveLimit {
  /** The code of the {@linkcode ArchiveError} that breaking it throws. */
  readonly code: ArchiveErrorCode;
  /** The limit in a few words. */
  readonly rule: string;
  /** The number it sets, where it sets one (files, bytes). */
  readonly max?: number;
  /** Where it comes from: the host, and the public report that shows it. */
  readonly source: string;
}

// Shared with the claude-ai host profile, which holds a folder to them.
import {
  MAX_ARCHIVE_BYTES,
  MAX_ARCHIVE_FILES,
  UPLOAD_SOURCE as CLAUDE_AI,
} from "../check/_upload.ts";

/** The most bytes of an entry's path: see the `path_too_long` row. */
const MAX_ENTRY_PATH_BYTES = 1024;

/**
 * The archive-level rules of an uploadable skill (`.skill` or `.zip`), each
 * with its {@linkcode ArchiveError} code: what `packSkill()` refuses to
 * write and `readSkillArchive()` refuses to read.
 *
 * @example Cite a limit
 * ```ts
 * import { ARCHIVE_LIMITS } from "@clarvis/agent-skills/archive";
 *
 * const files = ARCHIVE_LIMITS.find((limit) => limit.code === "too_many_files");
 * console.log(files?.max); // 200
 * ```
 */
export const ARCHIVE_LIMITS: readonly ArchiveLimit[] = Object.freeze([
  {
    code: "too_many_files",
    rule: `at most ${MAX_ARCHIVE_FILES} files`,
    max: MAX_ARCHIVE_FILES,
    source: CLAUDE_AI,
  },
  {
    code: "too_large",
    rule: "at most 30 MB uncompressed",
    max: MAX_ARCHIVE_BYTES,
    source: CLAUDE_AI,
  },
  {
    code: "nested_archive",
    rule: "no .zip or .skill file inside",
    source: CLAUDE_AI,
  },
  {
    code: "plugin_manifest",
    rule: "no .claude-plugin/plugin.json inside",
    source: CLAUDE_AI,
  },
  {
    code: "manifest_count",
    rule: "exactly one SKILL.md, at the top of the skill",
    source: CLAUDE_AI,
  },
  {
    code: "path_too_long",
    rule:
      "each entry's path (the top folder included) at most 1,024 bytes of UTF-8",
    max: MAX_ENTRY_PATH_BYTES,
    source:
      "macOS's PATH_MAX (1,024 bytes, sys/syslimits.h), past which an entry cannot be extracted there; the bound also keeps reading an archive linear in its size (clarvis/agent-skills #47)",
  },
].map((limit) => Object.freeze(limit as ArchiveLimit)));
