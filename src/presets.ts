/**
 * The hosts' skill roots, as presets: the Clarvis roots (the default), and
 * the roots Claude Code and Codex read, each in ascending precedence.
 *
 * @module
 */

import { join } from "node:path";
import type { SkillRootOptions } from "./options.ts";

/**
 * The Clarvis preset of skill roots, in ascending precedence: the shared
 * Agent Skills stores first, then Clarvis's own, each user-wide before
 * workspace-local.
 *
 * | # | path                  | scope       | source    |
 * |---|-----------------------|-------------|-----------|
 * | 1 | `~/.agents/skills`    | `user`      | `agents`  |
 * | 2 | `.agents/skills`      | `workspace` | `agents`  |
 * | 3 | `~/.clarvis/skills`   | `user`      | `clarvis` |
 * | 4 | `.clarvis/skills`     | `workspace` | `clarvis` |
 *
 * Relative paths resolve against the workspace. This is also the default of
 * the `roots` option.
 *
 * @returns A fresh array of root options; change it freely.
 *
 * @example Add a root of your own above the preset
 * ```ts
 * import { clarvisSkillRoots, resolveConfig } from "@clarvis/agent-skills";
 *
 * const config = resolveConfig({
 *   home: "/home/ada",
 *   cwd: "/",
 *   roots: [...clarvisSkillRoots(), { path: "/opt/skills", scope: "system" }],
 * });
 * console.log(config.roots.map((root) => root.path));
 * ```
 */
export function clarvisSkillRoots(): SkillRootOptions[] {
  return [
    { path: "~/.agents/skills", scope: "user", source: "agents" },
    { path: ".agents/skills", scope: "workspace", source: "agents" },
    { path: "~/.clarvis/skills", scope: "user", source: "clarvis" },
    { path: ".clarvis/skills", scope: "workspace", source: "clarvis" },
  ];
}

/**
 * The skill roots Claude Code reads, in ascending precedence as Claude Code
 * ranks them: a personal skill wins over a project's skill of the same name
 * (enterprise-managed and plugin skills are out of reach of a loader).
 *
 * | # | path              | scope       | source   |
 * |---|-------------------|-------------|----------|
 * | 1 | `.claude/skills`  | `workspace` | `claude` |
 * | 2 | `~/.claude/skills`| `user`      | `claude` |
 *
 * Claude Code also reads `.claude/skills` in the subdirectory a user works in;
 * pass those as roots of your own.
 *
 * @returns A fresh array of root options; change it freely.
 *
 * @example Serve the skills a user wrote for Claude Code
 * ```ts
 * import { claudeSkillRoots, resolveConfig } from "@clarvis/agent-skills";
 *
 * const config = resolveConfig({
 *   roots: claudeSkillRoots(),
 *   home: "/home/ada",
 *   cwd: "/work/app",
 * });
 * console.log(config.roots.map((root) => root.path));
 * // ["/work/app/.claude/skills", "/home/ada/.claude/skills"]
 * ```
 */
export function claudeSkillRoots(): SkillRootOptions[] {
  return [
    { path: ".claude/skills", scope: "workspace", source: "claude" },
    { path: "~/.claude/skills", scope: "user", source: "claude" },
  ];
}

/** The options of {@linkcode codexSkillRoots}. */
export interface CodexSkillRootsOptions {
  /**
   * Codex's home directory, where its user skills live in `skills/` (what
   * `CODEX_HOME` says to Codex; this library reads no environment variable).
   *
   * @default {"~/.codex"}
   */
  codexHome?: string;
}

/**
 * The skill roots Codex reads for a user and a repository, in ascending
 * precedence as Codex ranks them: repository skills before user skills, and
 * in each, the folders in the order Codex scans them.
 *
 * | # | path                 | scope       | source   |
 * |---|----------------------|-------------|----------|
 * | 1 | `~/.agents/skills`   | `user`      | `agents` |
 * | 2 | `~/.codex/skills`    | `user`      | `codex`  |
 * | 3 | `.agents/skills`     | `workspace` | `agents` |
 * | 4 | `.codex/skills`      | `workspace` | `codex`  |
 *
 * Codex itself lists two skills of the same name side by side where this
 * library serves the later; it also reads `.agents/skills` in every directory
 * between the repository's root and the current one, its own system skills
 * (`~/.codex/skills/.system`) and `/etc/codex/skills`, and looks up to six
 * levels below each root. Pass those as roots of your own if you want them.
 *
 * @param options Where Codex's home is, when not `~/.codex`.
 * @returns A fresh array of root options; change it freely.
 *
 * @example Serve the skills a user installed for Codex
 * ```ts
 * import { codexSkillRoots, resolveConfig } from "@clarvis/agent-skills";
 *
 * const config = resolveConfig({
 *   roots: codexSkillRoots({ codexHome: "/opt/codex" }),
 *   home: "/home/ada",
 *   cwd: "/work/app",
 * });
 * console.log(config.roots.map((root) => root.path));
 * ```
 */
export function codexSkillRoots(
  options: CodexSkillRootsOptions = {},
): SkillRootOptions[] {
  const codexHome = options.codexHome ?? "~/.codex";
  return [
    { path: "~/.agents/skills", scope: "user", source: "agents" },
    { path: join(codexHome, "skills"), scope: "user", source: "codex" },
    { path: ".agents/skills", scope: "workspace", source: "agents" },
    { path: ".codex/skills", scope: "workspace", source: "codex" },
  ];
}
