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
import type { AgentSkillsOptions } from "../options.ts";
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
import { isLockPolicy, type SkillLockPolicy } from "../_lock_policy.ts";

export type { SkillRoot } from "./_roots.ts";
export type { SkillLockPolicy } from "../_lock_policy.ts";

/** The resolved configuration: absolute paths, every default filled in, deeply frozen. */
export interface SkillConfig {
  /**
   * The absolute home directory `~` expands to: the `home` option, else
   * `os.homedir()`, which is called only when a root starts with `~`. The
   * empty string when neither was needed (no `home` given, no root with `~`).
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
  /**
   * The `lock` option: the skill lock and what it does, as `lockPolicy()`
   * of `@clarvis/agent-skills/lock` made it; `undefined` without one.
   */
  readonly lock: SkillLockPolicy | undefined;
}

/** The defaults of the options that are positive counts. */
const COUNT_DEFAULTS = {
  maxManifestBytes: 1024 * 1024,
  maxResourceEntries: 10_000,
  maxResourceDepth: 16,
  maxResourceBytes: 16 * 1024 * 1024,
} as const;

/**
 * Every option {@linkcode resolveConfig} reads. An option added to
 * AgentSkillsOptions but not here, which would never be read, does not
 * type-check (the record misses a key), nor does a key that is no option.
 */
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
    onWarning: true,
    trust: true,
  } satisfies Record<keyof AgentSkillsOptions, true>,
) as ReadonlyArray<keyof AgentSkillsOptions>;

/** The options as read, each once: what is validated is what is used. */
type ConfigOptionValues = {
  readonly [key in keyof AgentSkillsOptions]?: unknown;
};

/**
 * Resolves options into the frozen configuration an instance runs on. Called
 * by {@linkcode createAgentSkills}; call it directly to see what a set of
 * options means without scanning anything. Reads no environment variable.
 * Its only filesystem calls are a `stat` of an explicit `workspace` (it
 * must be a directory), a `realpath` of each root (so that one directory
 * reached twice is scanned once) and, for a root with `ancestors`, a
 * `realpath` of the workspace (one per component, and a `stat` per `..`,
 * when its path holds `..`) and an `lstat` of `.git` in it and each
 * directory above its real path up to the first that holds one; none lists
 * or reads anything.
 *
 * @param options The options to resolve.
 * @returns The deeply frozen configuration.
 * @throws {StartupError} When `workspace` is not an existing directory
 * (one the process may not look at is taken as given), when `roots` is
 * empty or has a hole, or when `options` or an option has the wrong type
 * (`onWarning` included), or a `trust` function throws or answers other
 * than a boolean. Each option is read once, so a getter cannot
 * change a value after it was checked.
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
 * {@linkcode resolveConfig}, with the `onWarning` sink read in the same pass
 * (for {@linkcode createAgentSkills}): `owner` is the function the options
 * were given to, as messages name it, and `rootsName` the name the roots
 * were given under (`paths`, for {@linkcode checkSkills}).
 */
export function resolveOptions(
  options: unknown,
  { owner, rootsName = "roots" }: { owner: string; rootsName?: string },
): { config: SkillConfig; onWarning: WarnSink | undefined } {
  const given = readConfigOptions(options, owner);
  const cwdGiven = checkedOption(given.cwd, "cwd", STRING);
  const cwd = resolve(cwdGiven ?? process.cwd());
  const cwdAsGiven = cwdGiven === undefined
    ? cwd
    : joinAsGiven(() => process.cwd(), cwdGiven);
  const home = checkedOption(given.home, "home", STRING);
  // os.homedir() only when no home is given and a root starts with `~`.
  let homePath = home === undefined ? undefined : resolve(cwd, home);
  const homeDir = (): string => homePath ??= resolve(cwd, homeDirectory());
  const { workspace, workspaceAsGiven } = resolveWorkspace(
    given.workspace,
    { cwd, cwdAsGiven },
  );
  const roots = resolveRoots(
    given.roots,
    {
      home: homeDir,
      workspace,
      workspaceAsGiven,
      name: rootsName,
      owner,
      trust: given.trust,
    },
  );
  const onWarning = checkedOption(given.onWarning, "onWarning", FUNCTION);
  const config = Object.freeze({
    home: homePath ?? "",
    cwd,
    workspace,
    roots,
    strict: checkedOption(given.strict, "strict", BOOLEAN) ?? false,
    followSymlinks:
      checkedOption(given.followSymlinks, "followSymlinks", BOOLEAN) ??
        true,
    maxManifestBytes: countOption(given, "maxManifestBytes"),
    maxResourceEntries: countOption(given, "maxResourceEntries"),
    maxResourceDepth: countOption(given, "maxResourceDepth"),
    maxResourceBytes: countOption(given, "maxResourceBytes"),
    lock: lockOption(given.lock, owner),
  });
  return { config, onWarning };
}

/**
 * Reads each option once, into a plain record: `options` must be a plain
 * object (or absent) of known options only; an option whose getter throws
 * is `invalid_option`.
 */
function readConfigOptions(
  options: unknown,
  owner: string,
): ConfigOptionValues {
  if (options === undefined) return {};
  return readFields(objectOptions(options, owner, OPTION_KEYS), OPTION_KEYS);
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

/**
 * The workspace: `cwd`, or the given directory, which must exist. One the
 * process may not look at (outside Deno's `--allow-read`, Node's permission
 * model) is taken as given: only the roots under it need reading, and each
 * that cannot be read is reported when it is scanned. With it, the path as
 * the system reads it (`..` kept), whose real path ancestors walk.
 */
function resolveWorkspace(
  workspace: unknown,
  { cwd, cwdAsGiven }: { cwd: string; cwdAsGiven: string },
): { workspace: string; workspaceAsGiven: string } {
  const given = checkedOption(workspace, "workspace", STRING);
  if (given === undefined) {
    return { workspace: cwd, workspaceAsGiven: cwdAsGiven };
  }
  const path = resolve(cwd, given);
  const resolved = {
    workspace: path,
    workspaceAsGiven: joinAsGiven(() => cwdAsGiven, given),
  };
  const status = tryStatus(path, { follow: true });
  if (status.ok && status.value.kind === "directory") return resolved;
  if (!status.ok && isPermissionDenied(status.error)) return resolved;
  const why = status.ok ? "it is not a directory" : reason(status.error);
  throw new StartupError(
    "invalid_workspace",
    `Workspace "${given}" (resolved to ${path}) is not an existing directory (${why})`,
  );
}

/**
 * `path` against `base` as the system reads it: joined, with each `.` and
 * `..` kept for the real path to resolve after the symlinks before it.
 */
function joinAsGiven(base: () => string, path: string): string {
  return isAbsolute(path) ? path : `${base()}${sep}${path}`;
}

/** A count option, validated, or its default. */
function countOption(
  given: ConfigOptionValues,
  name: keyof typeof COUNT_DEFAULTS,
): number {
  return checkedOption(given[name], name, COUNT) ?? COUNT_DEFAULTS[name];
}

/**
 * The `lock` option: a policy `lockPolicy()` made, or `undefined`; anything
 * else (a lock itself, as the option took it before, or a look-alike) is
 * `invalid_option`, saying how to make one.
 */
function lockOption(
  lock: unknown,
  owner: string,
): SkillLockPolicy | undefined {
  if (lock === undefined || isLockPolicy(lock)) return lock;
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
