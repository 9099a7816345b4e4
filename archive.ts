/**
 * Skill archives: `.skill` (or `.zip`) files as claude.ai's upload, Anthropic's
 * packer and Gemini CLI take them. {@linkcode packSkill} packs a skill
 * directory into an archive's bytes (it writes nothing), deterministically;
 * {@linkcode readSkillArchive} reads one in memory, refusing hostile ones,
 * and {@linkcode checkSkillArchive} checks its skill as `checkSkills()`
 * checks a directory. {@linkcode ARCHIVE_LIMITS} is the table of the
 * archive-level rules both apply, and {@linkcode ArchiveError} what they
 * throw.
 *
 * A separate entry point: the zip library it uses (fflate) is loaded only
 * by those who import it, never by `@clarvis/agent-skills` itself.
 *
 * @example Pack a skill and check the archive
 * ```ts
 * import { checkSkillArchive, packSkill } from "@clarvis/agent-skills/archive";
 *
 * const bytes = packSkill("fixtures/demo/user-store/pdf-forms", { home: "/home/ada" });
 * const report = checkSkillArchive(bytes, { name: "pdf-forms.skill" });
 * console.log(bytes.length > 0, report.counts); // true { error: 0, warning: 0, info: 0 }
 * ```
 *
 * @module
 */

export { excludedFromArchive, packSkill } from "./src/archive/pack.ts";
export type { ArchiveLayout, PackOptions } from "./src/archive/pack.ts";
export {
  checkSkillArchive,
  MAX_ARCHIVE_FILE_BYTES,
  readSkillArchive,
} from "./src/archive/read.ts";
export type {
  CheckArchiveOptions,
  ReadArchiveOptions,
  SkillArchive,
} from "./src/archive/read.ts";
export { ARCHIVE_LIMITS } from "./src/archive/limits.ts";
export type { ArchiveLimit } from "./src/archive/limits.ts";
export { ArchiveError } from "./src/archive/error.ts";
export type { ArchiveErrorCode } from "./src/archive/error.ts";
