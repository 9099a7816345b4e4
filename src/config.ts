/**
 * Options in, one frozen {@linkcode SkillConfig} out. Everything later reads
 * the config; nothing re-reads the options.
 *
 * @module
 */

import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import process from "node:process";
import { StartupError } from "./errors.ts";
import { isPermissionDenied, reason, tryStatus } from "./_fs/status.ts";
import { clarvisSkillRoots } from "./presets.ts";
import { realPathOrSelf, winnersOf } from "./_roots.ts";
import { describe } from "./_text.ts";
import type { AgentSkillsOptions } from "./options.ts";
import type { WarnSink } from "./warn.ts";

/** A skill root after resolution: an absolute path and both labels. */
export interface SkillRoot {
  /** The absolute, normalised path of the root directory. */
  readonly path: string;
  /** Where the root lives, e.g. `user` or `workspace`. */
  readonly scope: string;
  /** Which tool's store the root is, e.g. `agents` or `clarvis`. */
  readonly source: string;
  /**
   * The directory's real path (symlinks resolved) when the config was
   * resolved; `path` itself when it did not exist then. Roots are scanned
   * once per real path, resolved again at each scan (`refresh()` included).
   */
  readonly realPath: string;
  /**
   * Set when a later (higher-precedence) root reached the same directory
   * when the config was resolved: that root's `path`. Each scan folds roots
   * by their real paths at that time, so a link made later is followed too.
   */
  readonly foldedInto?: string;
}

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
}

/** The defaults of the options that are positive counts. */
const COUNT_DEFAULTS = {
  maxManifestBytes: 1024 * 1024,
  maxResourceEntries: 10_000,
  maxResourceDepth: 16,
  maxResourceBytes: 16 * 1024 * 1024,
} as const;
const DEFAULT_LABEL = "custom";

/** Every option {@linkcode resolveConfig} reads. */
const OPTION_KEYS = [
  "home",
  "cwd",
  "workspace",
  "roots",
  "strict",
  "followSymlinks",
  "maxManifestBytes",
  "maxResourceEntries",
  "maxResourceDepth",
  "maxResourceBytes",
  "onWarning",
] as const satisfies ReadonlyArray<keyof AgentSkillsOptions>;

/** The options as read, each once: what is validated is what is used. */
type Given = { readonly [key in (typeof OPTION_KEYS)[number]]?: unknown };

// An option added to AgentSkillsOptions but not to OPTION_KEYS, which would
// never be read, does not type-check.
const _EVERY_OPTION_READ: [
  Exclude<keyof AgentSkillsOptions, (typeof OPTION_KEYS)[number]>,
] extends [never] ? true : never = true;

/**
 * Resolves options into the frozen configuration an instance runs on. Called
 * by {@linkcode createAgentSkills}; call it directly to see what a set of
 * options means without scanning anything. Reads no environment variable.
 * Its only filesystem calls are a `stat` of an explicit `workspace` (it
 * must be a directory) and a `realpath` of each root (so that one directory
 * reached twice is scanned once); neither lists or reads anything.
 *
 * @param options The options to resolve.
 * @returns The deeply frozen configuration.
 * @throws {StartupError} When `workspace` is not an existing directory
 * (one the process may not look at is taken as given), when `roots` is
 * empty or has a hole, or when `options` or an option has the wrong type
 * (`onWarning` included). Each option is read once, so a getter cannot
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
  return resolveOptions(options).config;
}

/**
 * {@linkcode resolveConfig}, with the `onWarning` sink read in the same pass
 * (for {@linkcode createAgentSkills}), and the name the roots were given
 * under (`paths`, for {@linkcode checkSkills}).
 */
export function resolveOptions(
  options: unknown,
  rootsName = "roots",
): { config: SkillConfig; onWarning: WarnSink | undefined } {
  const given = readOptions(options);
  const cwd = resolve(checkedOption(given.cwd, "cwd", STRING) ?? process.cwd());
  const home = checkedOption(given.home, "home", STRING);
  // os.homedir() only when no home is given and a root starts with `~`.
  let homePath = home === undefined ? undefined : resolve(cwd, home);
  const homeDir = (): string => homePath ??= resolve(cwd, homeDirectory());
  const workspace = resolveWorkspace(given.workspace, cwd);
  const roots = resolveRoots(
    given.roots,
    { home: homeDir, workspace, name: rootsName },
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
  });
  return { config, onWarning };
}

/**
 * Reads each option once, into a plain record: `options` must be an object
 * (or absent); an option whose getter throws is `invalid_option`.
 */
function readOptions(options: unknown): Given {
  if (options === undefined) return {};
  if (
    typeof options !== "object" || options === null || Array.isArray(options)
  ) {
    throw new StartupError(
      "invalid_option",
      `The options must be an object, got ${describe(options)}`,
    );
  }
  const given: { [key: string]: unknown } = {};
  for (const key of OPTION_KEYS) {
    try {
      given[key] = (options as { [key: string]: unknown })[key];
    } catch (error) {
      throw unreadableOption(key, error);
    }
  }
  return given;
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
 * that cannot be read is reported when it is scanned.
 */
function resolveWorkspace(workspace: unknown, cwd: string): string {
  const given = checkedOption(workspace, "workspace", STRING);
  if (given === undefined) return cwd;
  const path = resolve(cwd, given);
  const status = tryStatus(path, { follow: true });
  if (status.ok && status.value.kind === "directory") return path;
  if (!status.ok && isPermissionDenied(status.error)) return path;
  const why = status.ok ? "it is not a directory" : reason(status.error);
  throw new StartupError(
    "invalid_workspace",
    `Workspace "${given}" (resolved to ${path}) is not an existing directory (${why})`,
  );
}

function resolveRoots(
  roots: unknown,
  { home, workspace, name }: {
    home: () => string;
    workspace: string;
    name: string;
  },
): readonly SkillRoot[] {
  const given = roots ?? clarvisSkillRoots();
  if (!Array.isArray(given)) {
    throw new StartupError(
      "invalid_option",
      `Option "${name}" must be an array, got ${describe(given)}`,
    );
  }
  const length = given.length;
  if (length === 0) {
    throw new StartupError(
      "empty_roots",
      `Option "${name}" is an empty list: give at least one ${
        name === "roots" ? "skill root" : "path to check"
      }`,
    );
  }
  const resolved: SkillRoot[] = [];
  for (let index = 0; index < length; index++) {
    if (!(index in given)) {
      throw new StartupError(
        "invalid_option",
        `Option "${name}[${index}]" is a hole in the array: give a path there, or leave it out`,
      );
    }
    resolved.push(
      resolveRoot(given[index], {
        where: `${name}[${index}]`,
        home,
        workspace,
      }),
    );
  }
  const winners = winnersOf(resolved.map((root) => root.realPath));
  return Object.freeze(resolved.map((root, index) => {
    const winner = resolved[winners[index] ?? index];
    return Object.freeze(
      winner !== undefined && winner !== root
        ? { ...root, foldedInto: winner.path }
        : root,
    );
  }));
}

function resolveRoot(
  root: unknown,
  { where, home, workspace }: {
    where: string;
    home: () => string;
    workspace: string;
  },
): SkillRoot {
  // Each field read once.
  const { path, scope, source } = typeof root === "string"
    ? { path: root, scope: undefined, source: undefined }
    : typeof root === "object" && root !== null
    ? rootFields(root, where)
    : { path: undefined, scope: undefined, source: undefined };
  if (typeof path !== "string" || path === "") {
    throw new StartupError(
      "invalid_option",
      `Option "${where}" must be a non-empty path or { path, scope?, source? }, got ${
        describe(root)
      }`,
    );
  }
  const absolute = expandPath(path, home, workspace);
  return {
    path: absolute,
    realPath: realPathOrSelf(absolute),
    scope: checkedOption(scope, `${where}.scope`, STRING) ?? DEFAULT_LABEL,
    source: checkedOption(source, `${where}.source`, STRING) ?? DEFAULT_LABEL,
  };
}

function rootFields(
  root: object,
  where: string,
): { path: unknown; scope: unknown; source: unknown } {
  try {
    const { path, scope, source } = root as { [key: string]: unknown };
    return { path, scope, source };
  } catch (error) {
    throw unreadableOption(where, error);
  }
}

/** `invalid_option` for an option whose getter threw `error`. */
function unreadableOption(name: string, error: unknown): StartupError {
  return new StartupError(
    "invalid_option",
    `Option "${name}" could not be read (${
      error instanceof Error ? error.message : describe(error)
    })`,
    { cause: error },
  );
}

function expandPath(
  path: string,
  home: () => string,
  workspace: string,
): string {
  if (path === "~") return home();
  if (path.startsWith("~/")) return join(home(), path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(workspace, path);
}

/** What an option of one kind must be: its test, and how a message names it. */
interface OptionKind<T> {
  accepts: (value: unknown) => value is T;
  expected: string;
}

const STRING: OptionKind<string> = {
  accepts: (value): value is string => typeof value === "string",
  expected: "a string",
};
const BOOLEAN: OptionKind<boolean> = {
  accepts: (value): value is boolean => typeof value === "boolean",
  expected: "a boolean",
};
const COUNT: OptionKind<number> = {
  accepts: (value): value is number =>
    typeof value === "number" && Number.isSafeInteger(value) && value > 0,
  expected: "a positive integer",
};
const FUNCTION: OptionKind<WarnSink> = {
  accepts: (value): value is WarnSink => typeof value === "function",
  expected: "a function",
};

/** An option's value when it is absent or of its kind; else a StartupError. */
function checkedOption<T>(
  value: unknown,
  name: string,
  { accepts, expected }: OptionKind<T>,
): T | undefined {
  if (value === undefined || accepts(value)) return value;
  throw new StartupError(
    "invalid_option",
    `Option "${name}" must be ${expected}, got ${describe(value)}`,
  );
}

/** A count option, validated, or its default. */
function countOption(
  given: Given,
  name: keyof typeof COUNT_DEFAULTS,
): number {
  return checkedOption(given[name], name, COUNT) ?? COUNT_DEFAULTS[name];
}
