/**
 * `packSkill()`: a skill directory as the bytes of a `.skill` archive, as
 * claude.ai takes it: checked first, its files listed as `loadSkill()` lists
 * them, build leftovers left out as Anthropic's packer leaves them out, the
 * archive-level limits applied, and the same bytes for the same files.
 *
 * @module
 */

import { statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { comparePaths } from "../_path_order.ts";
import { checkDiscovered } from "../check/check.ts";
import { SkillError, StartupError } from "../errors.ts";
import { checkedOption, objectOptions, oneOf } from "../_option_check.ts";
import { readConfined } from "../registry/_confine.ts";
import { listResources } from "../registry/_resources.ts";
import { ArchiveError } from "./error.ts";
import { MAX_ARCHIVE_BYTES } from "../check/_upload.ts";
import { excludedFromArchive } from "../check/_upload.ts";
import { checkArchiveRules } from "./_rules.ts";
import { writeZip, type ZipFile } from "./_write_zip.ts";
import { zipEntries } from "./_zip.ts";

/**
 * How an archive lays out a skill's files: under one top folder named after
 * the skill (`folder`, what claude.ai's upload and Anthropic's packer use),
 * or at the top of the archive (`flat`, what Gemini CLI's packer writes).
 */
export type ArchiveLayout = "folder" | "flat";

export { excludedFromArchive };

/** The options of {@linkcode packSkill}. */
export interface PackOptions {
  /**
   * Where the files go in the archive.
   *
   * @default {"folder"}
   */
  layout?: ArchiveLayout;
  /**
   * The directory a relative `dir` resolves against.
   *
   * @default {process.cwd()}
   */
  cwd?: string;
  /** What `~` in `dir` expands to, as for `checkSkills()`. */
  home?: string;
}

/** Every option {@linkcode packSkill} takes. */
const PACK_OPTION_KEYS = Object.keys(
  { layout: true, cwd: true, home: true } satisfies Record<
    keyof PackOptions,
    true
  >,
);

/**
 * Packs one skill directory into the bytes of a `.skill` archive (a zip);
 * writes nothing. The skill must load and check clean of errors
 * (`checkSkills()`, and for the `folder` layout, claude.ai's, under
 * `hosts: ["claude-ai"]`: a key outside the spec's, a reserved word in the
 * name...); its files are those `loadSkill()` lists, the manifest
 * first among equals, less what {@linkcode excludedFromArchive} leaves out.
 * A symlink inside the skill is packed as the file it leads to; one that
 * leads outside the skill, or nowhere, is refused. The entries are sorted by
 * code point, dated 1980-01-01 and given mode 0644 (0755 when executable),
 * so packing the same files twice gives the same bytes.
 *
 * @param dir The skill's directory (the one holding its `SKILL.md`).
 * @param options The layout, and where a relative `dir` resolves.
 * @returns The archive's bytes.
 * @throws {StartupError} `invalid_option` for options it does not take, or
 * cwd, home or paths that `checkSkills()` refuses.
 * @throws {ArchiveError} When the skill breaks a rule of
 * {@linkcode ARCHIVE_LIMITS}, does not check clean (`invalid_skill`), holds
 * a symlink that leaves it (`symlink`), or cannot be read (`unreadable`).
 *
 * @example Pack a skill, then read the archive back
 * ```ts
 * import { packSkill, readSkillArchive } from "@clarvis/agent-skills/archive";
 * import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { join } from "node:path";
 *
 * const root = mkdtempSync("/tmp/agent-skills-doc-");
 * mkdirSync(join(root, "pdf", "scripts"), { recursive: true });
 * writeFileSync(
 *   join(root, "pdf", "SKILL.md"),
 *   "---\nname: pdf\ndescription: Read and fill PDF forms.\n---\nRun scripts/fill.py.\n",
 * );
 * writeFileSync(join(root, "pdf", "scripts", "fill.py"), "print('fill')\n");
 *
 * const bytes = packSkill(join(root, "pdf"));
 * const archive = readSkillArchive(bytes, { name: "pdf.skill" });
 * console.log(archive.top, [...archive.files.keys()]); // "pdf" ["SKILL.md", "scripts/fill.py"]
 * rmSync(root, { recursive: true });
 * ```
 */
export function packSkill(dir: string, options: PackOptions = {}): Uint8Array {
  const { layout: given, cwd, home } = objectOptions(
    options,
    "packSkill",
    PACK_OPTION_KEYS,
  );
  const layout = checkedOption(given, "layout", oneOf("folder", "flat")) ??
    "folder";
  if (typeof dir !== "string") {
    throw new StartupError(
      "invalid_option",
      `packSkill() takes a skill directory's path, got ${typeof dir}`,
    );
  }
  const path = resolve(cwd ?? ".", dir);
  const { report, discovered, config } = checkDiscovered({
    paths: [path],
    // The folder layout is claude.ai's: what its upload refuses is refused.
    hosts: layout === "folder" ? ["claude-ai"] : [],
    ...(cwd === undefined ? {} : { cwd }),
    ...(home === undefined ? {} : { home }),
  });
  const errors = report.diagnostics.filter((d) => d.severity === "error");
  const skill = discovered[0];
  if (errors.length > 0 || skill === undefined || discovered.length !== 1) {
    // The folder layout is held to claude.ai's rules, the flat one is not.
    const claudeOnly = errors.length > 0 &&
      errors.every((d) => d.host === "claude-ai");
    throw new ArchiveError(
      "invalid_skill",
      `Cannot pack ${path}: ${
        errors.length > 0
          ? errors.slice(0, 3).map((d) => `${d.code}: ${d.message}`).join(
            "; ",
          ) + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : "")
          : "it is not one skill directory (a directory holding a SKILL.md)"
      }; ${
        claudeOnly
          ? `only claude.ai's rules refuse it, which the folder layout (claude.ai's upload) is held to: fix it for claude.ai, or pack the flat layout (layout: "flat", --layout flat) for hosts that take it as it is (Gemini CLI)`
          : "run agent-skills check on it"
      }`,
      { path },
    );
  }
  const { info } = skill;
  const realDir = skill.place.realDir;
  const resources = listResources(skill, config, (warning) => {
    const where = warning.path === undefined
      ? undefined
      : relative(realDir, warning.path);
    if (
      warning.code === "dangling_symlink" || warning.code === "resource_escape"
    ) {
      throw new ArchiveError(
        "symlink",
        `Cannot pack skill "${info.name}": ${warning.message}; a packed skill holds only files inside it (replace the symlink with the file, or remove it)`,
        { path: where },
      );
    }
    throw new ArchiveError(
      "unreadable",
      `Cannot pack skill "${info.name}": ${warning.message}`,
      { path: where },
    );
  }, {
    outside: (link) => {
      throw new ArchiveError(
        "symlink",
        `Cannot pack skill "${info.name}": ${
          relative(realDir, link)
        } is a symlink that leads outside the skill; a packed skill holds only files inside it (copy the file in, or remove the link)`,
        { path: relative(realDir, link) },
      );
    },
  });
  const manifest = relative(info.dir, info.path);
  const kept = [manifest, ...resources].filter((rel) =>
    !excludedFromArchive(rel)
  );
  const sized = kept.map((rel) => ({ path: rel, ...fileStatus(realDir, rel) }));
  const prefix = layout === "folder" ? `${info.name}/` : "";
  checkArchiveRules(sized, `Skill "${info.name}" (${path})`, prefix);
  const files: ZipFile[] = sized.map(({ path: rel, executable }) => ({
    path: prefix + rel,
    bytes: readFile(skill, rel),
    executable,
  }));
  // Read again, the sizes must still be within the limit.
  checkArchiveRules(
    files.map((file) => ({
      path: file.path.slice(prefix.length),
      size: file.bytes.length,
    })),
    `Skill "${info.name}" (${path})`,
    prefix,
  );
  files.sort((a, b) => comparePaths(a.path, b.path));
  const bytes = writeZip(files);
  // A name the reader refuses (a backslash, a control character, a drive
  // letter) is refused here, by the reader's own rules, not written.
  zipEntries(bytes, `Skill "${info.name}" (${path})`);
  return bytes;
}

/** A file's size, and whether it is executable. */
function fileStatus(
  realDir: string,
  rel: string,
): { size: number; executable: boolean } {
  try {
    const status = statSync(join(realDir, rel));
    return { size: status.size, executable: (status.mode & 0o111) !== 0 };
  } catch (error) {
    throw new ArchiveError(
      "unreadable",
      `Cannot pack ${join(realDir, rel)}: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { path: rel, cause: error },
    );
  }
}

/** A skill's file, read confined to its directory. */
function readFile(
  skill: Parameters<typeof readConfined>[0],
  rel: string,
): Uint8Array {
  try {
    return readConfined(skill, rel, { maxBytes: MAX_ARCHIVE_BYTES });
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    throw new ArchiveError(
      error.code === "too_large"
        ? "too_large"
        // A file (the manifest) that resolves outside the skill: a symlink.
        : error.code === "path_escape"
        ? "symlink"
        : "unreadable",
      `Cannot pack skill "${skill.info.name}": ${error.message}`,
      { path: rel, cause: error },
    );
  }
}
