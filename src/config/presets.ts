/**
 * The hosts' skill roots, as presets: the Clarvis roots (the default), and
 * the roots Claude Code and Codex read, each in ascending precedence and
 * each read as that host reads it.
 *
 * @module
 */

import { join } from "node:path";
import type { SkillRootOptions } from "../options.ts";
import { objectOptions } from "../_option_check.ts";

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
 * ranks them: a personal skill wins over a project's skill of the same name.
 * Both read as Claude Code reads them: one level deep, and only a manifest
 * named exactly `SKILL.md`.
 *
 * | # | path              | scope       | source   |
 * |---|-------------------|-------------|----------|
 * | 1 | `.claude/skills`  | `workspace` | `claude` |
 * | 2 | `~/.claude/skills`| `user`      | `claude` |
 *
 * Claude Code also reads the skills of the plugins a user enabled, named
 * `<plugin>:<skill>`: pass their folders (or their marketplace's) in
 * `plugins`, each becomes a root of kind `"plugins"` between the two
 * (enterprise-managed skills are out of reach of a loader). Where it reads
 * `.claude/skills` in a subdirectory being worked in, pass that folder as a
 * root of your own.
 *
 * @param options The plugin folders or marketplaces to read, if any.
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
  return [
    {
      path: ".claude/skills",
      scope: "workspace",
      source: "claude",
      manifestName: "exact",
    },
    ...(objectOptions(options, "claudeSkillRoots", ["plugins"]).plugins ?? [])
      .map((path): SkillRootOptions => ({
        path,
        scope: "plugin",
        source: "claude",
        kind: "plugins",
        manifestName: "exact",
      })),
    {
      path: "~/.claude/skills",
      scope: "user",
      source: "claude",
      manifestName: "exact",
    },
  ];
}

/** The options of {@linkcode claudeSkillRoots}. */
export interface ClaudeSkillRootsOptions {
  /**
   * Plugin folders, or plugin marketplaces, whose skills Claude Code serves
   * (those the user enabled): each is a root of kind `"plugins"`, its skills
   * named `<plugin>:<skill>`.
   *
   * @default {[]}
   */
  plugins?: readonly string[];
}

/** The options of {@linkcode codexSkillRoots}. */
export interface CodexSkillRootsOptions {
  /**
   * Codex's home directory, where its user skills live in `skills/` and its
   * bundled system skills in `skills/.system/` (what `CODEX_HOME` says to
   * Codex; this library reads no environment variable).
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

/** How Codex reads below each of its roots (`codex-rs/core-skills/src/loader.rs`). */
const CODEX_RULES = {
  depth: 6,
  maxDirectories: 2000,
  manifestName: "exact",
  manifestLinks: "ignore",
} as const satisfies Partial<SkillRootOptions>;

/**
 * The skill roots Codex reads, in ascending precedence: admin, system and
 * user skills, then the repository's, in the folders Codex reads
 * (`codex-rs/core-skills/src/loader.rs`), each read as Codex reads it: up to
 * six levels deep with at most 2,000 folders listed, dot-directories
 * skipped, only a manifest named exactly `SKILL.md`, a symlinked `SKILL.md`
 * ignored; the repository's folders in every directory from its top (the
 * nearest holding `.git`) down to the workspace, up its real path.
 *
 * | # | path                      | scope       | source   |
 * |---|---------------------------|-------------|----------|
 * | 1 | `/etc/codex/skills`       | `admin`     | `codex`  |
 * | 2 | `~/.codex/skills/.system` | `system`    | `codex`  |
 * | 3 | `~/.agents/skills`        | `user`      | `agents` |
 * | 4 | `~/.codex/skills`         | `user`      | `codex`  |
 * | 5 | `.agents/skills`, each ancestor  | `workspace` | `agents` |
 * | 6 | `.codex/skills`, each ancestor   | `workspace` | `codex`  |
 *
 * Codex itself lists two skills of the same name side by side where this
 * library serves the later; see docs/configuration.md for every difference.
 *
 * @param options Where Codex's home and admin skills are, when elsewhere.
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
  return [
    { path: admin, scope: "admin", source: "codex", ...CODEX_RULES },
    {
      path: join(codexHome, "skills", ".system"),
      scope: "system",
      source: "codex",
      ...CODEX_RULES,
    },
    {
      path: "~/.agents/skills",
      scope: "user",
      source: "agents",
      ...CODEX_RULES,
    },
    {
      path: join(codexHome, "skills"),
      scope: "user",
      source: "codex",
      ...CODEX_RULES,
    },
    {
      path: ".agents/skills",
      scope: "workspace",
      source: "agents",
      ancestors: true,
      ...CODEX_RULES,
    },
    {
      path: ".codex/skills",
      scope: "workspace",
      source: "codex",
      ancestors: true,
      ...CODEX_RULES,
    },
  ];
}
