/**
 * What claude.ai's upload takes of a skill's files, in one place for the
 * two that apply it: the archive code (packing, reading an archive) and the
 * claude-ai host profile (a skill folder, `checkSkills({ hosts })`). The
 * limits, the names that break a rule, and what Anthropic's packer leaves
 * out: plain data and predicates, so that the check never loads the zip
 * library.
 *
 * @module
 */

/** The most files an upload takes (claude.ai). */
export const MAX_ARCHIVE_FILES: number = 200;

/** The most bytes, uncompressed, an upload takes (claude.ai: 30 MB). */
export const MAX_ARCHIVE_BYTES: number = 30 * 1000 * 1000;

/** Where the upload's limits come from. */
export const UPLOAD_SOURCE =
  "claude.ai, Claude Desktop and the Skills API upload (anthropics/claude-code #24826, #92902)";

/** The manifest's name, exactly, as an upload takes it. */
export const MANIFEST = "SKILL.md";

/** Whether a path names an archive: `.zip` or `.skill`, in any case. */
export function isArchiveName(path: string): boolean {
  return /\.(zip|skill)$/i.test(path);
}

/** Whether a skill's file (relative to its top) is a plugin's manifest. */
export function isPluginManifest(path: string): boolean {
  return path === ".claude-plugin/plugin.json" ||
    path.endsWith("/.claude-plugin/plugin.json");
}

/**
 * The manifests at the top of a skill's files (paths relative to its top):
 * each name that is `SKILL.md` in any case. An upload takes exactly one,
 * named {@linkcode MANIFEST}.
 */
export function topManifests(paths: readonly string[]): string[] {
  return paths.filter((path) =>
    !path.includes("/") && path.toLowerCase() === "skill.md"
  );
}

/**
 * What a path names once extracted where names are compared in NFC (macOS):
 * two paths of one key (`café` in NFC and in NFD) look the same and are one
 * file there. (Names that differ in case only are two files on Linux, where
 * git keeps them; they are left alone.)
 */
export function extractedKey(path: string): string {
  return path.normalize("NFC");
}

/**
 * Folders left out wherever they are, as Anthropic's
 * `skill-creator/scripts/package_skill.py` leaves them out (`EXCLUDE_DIRS`).
 * (`.git`, like `node_modules`, is never listed among a skill's files.)
 */
const EXCLUDED_FOLDERS: ReadonlySet<string> = new Set([
  "__pycache__",
  "node_modules",
]);

/** Files left out wherever they are (`EXCLUDE_FILES`, `EXCLUDE_GLOBS`). */
function excludedFile(name: string): boolean {
  return name === ".DS_Store" || name.endsWith(".pyc");
}

/** Folders left out only at the skill's top (`ROOT_EXCLUDE_DIRS`). */
const EXCLUDED_TOP_FOLDERS: ReadonlySet<string> = new Set(["evals"]);

/**
 * Whether a skill's file stays out of its archive: under `__pycache__` or
 * `node_modules` anywhere or `evals/` at the top, or a `.DS_Store` or
 * `*.pyc` file.
 *
 * @param path The file's path relative to the skill's directory, with `/`.
 */
export function excludedFromArchive(path: string): boolean {
  const parts = path.split("/");
  const name = parts[parts.length - 1] ?? "";
  return parts.slice(0, -1).some((part) => EXCLUDED_FOLDERS.has(part)) ||
    (parts.length > 1 && EXCLUDED_TOP_FOLDERS.has(parts[0] ?? "")) ||
    excludedFile(name);
}
