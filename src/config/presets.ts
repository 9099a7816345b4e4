/**
 * The hosts' skill roots, as presets (docs/configuration.md): the Clarvis
 * roots (the default), Claude Code's and Codex's, each in ascending
 * precedence and read as that host reads it.
 *
 * @module
 */

import { join } from "node:path";
import type { SkillRootOptions } from "../options.ts";
import { objectOptions } from "../_option_check.ts";

/**
 * The Clarvis preset, the default of `roots`, in ascending precedence:
 * `~/.agents/skills`, `.agents/skills`, `~/.clarvis/skills`,
 * `.clarvis/skills` (scopes `user` and `workspace`).
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
 * The skill roots Claude Code reads, in its precedence: `.claude/skills`,
 * each of `plugins` (a root of kind `"plugins"`), then `~/.claude/skills`,
 * each one level deep and only `SKILL.md` exactly.
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
export function claudeSkillRoots(
  options: ClaudeSkillRootsOptions = {},
): SkillRootOptions[] {
  const plugins =
    objectOptions(options, "claudeSkillRoots", ["plugins"]).plugins ?? [];
  const exact = { source: "claude", manifestName: "exact" } as const;
  return [
    { path: ".claude/skills", scope: "workspace", ...exact },
    ...plugins.map((path): SkillRootOptions => ({
      path,
      scope: "plugin",
      source: "claude",
      kind: "plugins",
      manifestName: "exact",
    })),
    { path: "~/.claude/skills", scope: "user", ...exact },
  ];
}

/** The options of {@linkcode claudeSkillRoots}. */
export interface ClaudeSkillRootsOptions {
  /**
   * The plugin folders or marketplaces the user enabled, whose skills are
   * named `<plugin>:<skill>`.
   *
   * @default {[]}
   */
  plugins?: readonly string[];
}

/** The options of {@linkcode codexSkillRoots}. */
export interface CodexSkillRootsOptions {
  /**
   * Codex's home directory (what `CODEX_HOME` says to Codex), holding
   * `skills/` and its bundled `skills/.system/`.
   *
   * @default {"~/.codex"}
   */
  codexHome?: string;
  /**
   * The admin skills folder Codex reads beside its system config.
   *
   * @default {"/etc/codex/skills"}
   */
  adminSkills?: string;
}

/** How Codex reads below each of its roots. */
const CODEX_RULES = {
  depth: 6,
  maxDirectories: 2000,
  manifestName: "exact",
  manifestLinks: "ignore",
} as const satisfies Partial<SkillRootOptions>;

/**
 * The skill roots Codex reads, in its precedence: admin, system and user
 * skills, then `.agents/skills` and `.codex/skills` from the repository's
 * top down to the workspace, each read as Codex reads it (six levels deep,
 * only `SKILL.md` exactly, a symlinked one ignored).
 *
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
  const { codexHome = "~/.codex", adminSkills: admin = "/etc/codex/skills" } =
    objectOptions(options, "codexSkillRoots", ["codexHome", "adminSkills"]);
  // The project's folders are read in each directory up to the repository's top.
  const codex = (path: string, scope: string, source = "codex") => ({
    path,
    scope,
    source,
    ...(scope === "workspace" ? { ancestors: true } : {}),
    ...CODEX_RULES,
  });
  return [
    codex(admin, "admin"),
    codex(join(codexHome, "skills", ".system"), "system"),
    codex("~/.agents/skills", "user", "agents"),
    codex(join(codexHome, "skills"), "user"),
    codex(".agents/skills", "workspace", "agents"),
    codex(".codex/skills", "workspace"),
  ];
}
