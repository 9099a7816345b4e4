/**
 * Options in, one frozen {@linkcode SkillConfig} out. Everything later reads
 * the config; nothing re-reads the options.
 *
 * @module
 */

import { homedir } from "node:os";
import { isAbsolute, resolve, sep } from "node:path";
import process from "node:process";
import { StartupError } from "../errors.ts";
import { isPermissionDenied, reason, tryStatus } from "../fs/_status.ts";
import { resolveRoots, type SkillRoot } from "./_roots.ts";
import type { AgentSkillsOptions, SkillLockPolicy } from "../options.ts";
import type { WarnSink } from "../warn.ts";
import {
  BOOLEAN,
  checkedOption,
  COUNT,
  FUNCTION,
  objectOptions,
  readFields,
  STRING,
} from "../_option_check.ts";
import { describe } from "../_text.ts";

export type { SkillRoot } from "./_roots.ts";
export type { SkillLockPolicy } from "../options.ts";

/** The resolved configuration: absolute paths, every default filled in, deeply frozen. */
export interface SkillConfig {
  /**
   * The absolute home directory `~` expands to; the empty string when no
   * `home` was given and no root needed it.
   */
  readonly home: string;
  /** The absolute current directory. */
  readonly cwd: string;
  /** The absolute workspace directory relative roots resolved against. */
  readonly workspace: string;
  /** Every configured root, resolved, in ascending precedence (last wins). */
  readonly roots: readonly SkillRoot[];
  /** Whether malformed manifests and in-root duplicates throw. */
  readonly strict: boolean;
  /** Whether symlinked skill directories and manifests are followed. */
  readonly followSymlinks: boolean;
  /** The size cap for a manifest, in bytes. */
  readonly maxManifestBytes: number;
  /** The entry cap of resource enumeration, per skill. */
  readonly maxResourceEntries: number;
  /** The depth cap of resource enumeration, below the skill directory. */
  readonly maxResourceDepth: number;
  /** The size cap of `readResource()`, in bytes. */
  readonly maxResourceBytes: number;
  /** The `lock` option's policy; `undefined` without one. */
  readonly lock: SkillLockPolicy | undefined;
}

const COUNT_DEFAULTS = {
  maxManifestBytes: 1024 * 1024,
  maxResourceEntries: 10_000,
  maxResourceDepth: 16,
  maxResourceBytes: 16 * 1024 * 1024,
} as const;

// An option of AgentSkillsOptions missing here, or a key that is no option,
// does not type-check.
const OPTION_KEYS = Object.keys(
  {
    home: true,
    cwd: true,
    workspace: true,
    roots: true,
    strict: true,
    followSymlinks: true,
    maxManifestBytes: true,
    maxResourceEntries: true,
    maxResourceDepth: true,
    maxResourceBytes: true,
    lock: true,
    index: true,
    onWarning: true,
    trust: true,
  } satisfies Record<keyof AgentSkillsOptions, true>,
) as ReadonlyArray<keyof AgentSkillsOptions>;

/**
 * Resolves options into the frozen configuration an instance runs on,
 * without scanning anything: its only filesystem calls are a `stat` of an
 * explicit `workspace`, a `realpath` of each root, and for `ancestors` the
 * look for `.git` (see docs/configuration.md).
 *
 * @throws {StartupError} `invalid_workspace`, `empty_roots`,
 * `invalid_option` (a value of the wrong type, a hole in `roots`, a `trust`
 * function that throws or answers other than a boolean) or
 * `home_unavailable`.
 *
 * @example See where the preset points
 * ```ts
 * import { resolveConfig } from "@clarvis/agent-skills";
 * import assert from "node:assert/strict";
 *
 * const config = resolveConfig({ home: "/home/ada", cwd: "/" });
 * assert.deepEqual(config.roots.map((root) => root.path), [
 *   "/home/ada/.agents/skills",
 *   "/.agents/skills",
 *   "/home/ada/.clarvis/skills",
 *   "/.clarvis/skills",
 * ]);
 * ```
 */
export function resolveConfig(options: AgentSkillsOptions = {}): SkillConfig {
  return resolveOptions(options, { owner: "resolveConfig" }).config;
}

/**
 * {@linkcode resolveConfig} with the `onWarning` sink read in the same pass:
 * `owner` is the function messages name, `rootsName` the option the roots
 * came in (`paths` for `checkSkills`). Each option is read once, so a
 * getter cannot change a value after it was checked.
 */
export function resolveOptions(
  options: unknown,
  { owner, rootsName = "roots" }: { owner: string; rootsName?: string },
): { config: SkillConfig; onWarning: WarnSink | undefined; index: unknown } {
  const given: { [key in keyof AgentSkillsOptions]?: unknown } =
    options === undefined
      ? {}
      : readFields(objectOptions(options, owner, OPTION_KEYS), OPTION_KEYS);
  const cwdGiven = checkedOption(given.cwd, "cwd", STRING);
  const cwd = resolve(cwdGiven ?? process.cwd());
  const cwdAsGiven = cwdGiven === undefined
    ? cwd
    : joinAsGiven(() => process.cwd(), cwdGiven);
  const home = checkedOption(given.home, "home", STRING);
  let homePath = home === undefined ? undefined : resolve(cwd, home);
  const workspaceGiven = checkedOption(given.workspace, "workspace", STRING);
  const workspace = workspaceGiven === undefined
    ? cwd
    : existingDirectory(resolve(cwd, workspaceGiven), workspaceGiven);
  // As the system reads it (`..` kept), for `ancestors` to walk.
  const workspaceAsGiven = workspaceGiven === undefined
    ? cwdAsGiven
    : joinAsGiven(() => cwdAsGiven, workspaceGiven);
  const roots = resolveRoots(given.roots, {
    home: () => homePath ??= resolve(cwd, homeDirectory()),
    workspace,
    workspaceAsGiven,
    name: rootsName,
    owner,
    trust: given.trust,
  });
  const onWarning = checkedOption(given.onWarning, "onWarning", FUNCTION);
  const count = (name: keyof typeof COUNT_DEFAULTS): number =>
    checkedOption(given[name], name, COUNT) ?? COUNT_DEFAULTS[name];
  const config = Object.freeze({
    home: homePath ?? "",
    cwd,
    workspace,
    roots,
    strict: checkedOption(given.strict, "strict", BOOLEAN) ?? false,
    followSymlinks:
      checkedOption(given.followSymlinks, "followSymlinks", BOOLEAN) ??
        true,
    maxManifestBytes: count("maxManifestBytes"),
    maxResourceEntries: count("maxResourceEntries"),
    maxResourceDepth: count("maxResourceDepth"),
    maxResourceBytes: count("maxResourceBytes"),
    lock: lockOption(given.lock, owner),
  });
  return { config, onWarning, index: given.index };
}

function homeDirectory(): string {
  try {
    return homedir();
  } catch (error) {
    throw new StartupError(
      "home_unavailable",
      `Cannot find the home directory (${
        error instanceof Error ? error.message : String(error)
      }): pass the "home" option, or under Deno grant --allow-sys=homedir`,
      { cause: error },
    );
  }
}

/** The workspace given: a directory, or one the process may not look at. */
function existingDirectory(path: string, given: string): string {
  const status = tryStatus(path, { follow: true });
  if (status.ok && status.value.kind === "directory") return path;
  if (!status.ok && isPermissionDenied(status.error)) return path;
  const why = status.ok ? "it is not a directory" : reason(status.error);
  throw new StartupError(
    "invalid_workspace",
    `Workspace "${given}" (resolved to ${path}) is not an existing directory (${why})`,
  );
}

/** `path` against `base`, each `.` and `..` kept for the real path to resolve. */
function joinAsGiven(base: () => string, path: string): string {
  return isAbsolute(path) ? path : `${base()}${sep}${path}`;
}

/** The policies `lockPolicy()` made (through `registry/_integrity.ts`). */
const MADE_POLICIES = new WeakSet<object>();

/** Records a policy as made by `lockPolicy()`: the only kind `lock` takes. */
export function markLockPolicy(policy: SkillLockPolicy): void {
  MADE_POLICIES.add(policy);
}

/** The `lock` option: a policy `lockPolicy()` made, or `invalid_option`. */
function lockOption(lock: unknown, owner: string): SkillLockPolicy | undefined {
  if (lock === undefined) return undefined;
  if (typeof lock === "object" && lock !== null && MADE_POLICIES.has(lock)) {
    return lock as SkillLockPolicy;
  }
  throw new StartupError(
    "invalid_option",
    `Option "lock" of ${owner} must be a lock policy made by lockPolicy(), got ${
      // A lock file's text given as it is: its start says what it is.
      describe(
        typeof lock === "string" && lock.length > 80
          ? `${lock.slice(0, 80)}…`
          : lock,
      )}: make it with lockPolicy(parseSkillLock(text)) from @clarvis/agent-skills/lock`,
  );
}
