/**
 * Options in, one frozen {@linkcode SkillConfig} out. Everything later reads
 * the config; nothing re-reads the options.
 *
 * @module
 */

import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import process from "node:process";
import { StartupError } from "../errors.ts";
import {
  isPermissionDenied,
  realPathAsGiven,
  reason,
  tryStatus,
} from "../fs/_status.ts";
import { clarvisSkillRoots } from "./presets.ts";
import { realPathOrSelf, winnersOf } from "./_real_paths.ts";
import { describe } from "../_text.ts";
import type { AgentSkillsOptions, SkillRootOptions } from "../options.ts";
import type { WarnSink } from "../warn.ts";
import {
  BOOLEAN,
  checkedOption,
  COUNT,
  FUNCTION,
  objectOptions,
  oneOf,
  STRING,
  unreadableOption,
} from "../_option_check.ts";

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
  /**
   * How many levels below the root a skill directory may be, when more than
   * one (the `depth` option); absent on a root that reads one level.
   */
  readonly depth?: number;
  /** The directories a deeper scan lists at most; set with `depth`. */
  readonly maxDirectories?: number;
  /** Set when a deeper scan reads dot-directories; absent: skipped. */
  readonly hidden?: "read";
  /** Set when only `SKILL.md` is a manifest; absent: any letter case. */
  readonly manifestName?: "exact";
  /** Set when a symlinked manifest is ignored; absent: followed. */
  readonly manifestLinks?: "ignore";
  /** Set when the root holds plugins (the `kind` option); absent: skills. */
  readonly kind?: "plugins";
  /**
   * The plugin whose skills folder this is: set on the roots a root of kind
   * `"plugins"` stands for at each scan, never on a configured root.
   */
  readonly namespace?: string;
  /**
   * The only skill directories to read in it: set with `namespace` where a
   * plugin names its skills one by one.
   */
  readonly only?: readonly string[];
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
    onWarning: true,
  } satisfies Record<keyof AgentSkillsOptions, true>,
) as ReadonlyArray<keyof AgentSkillsOptions>;

/** The options as read, each once: what is validated is what is used. */
type Given = { readonly [key in keyof AgentSkillsOptions]?: unknown };

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
  const given = readOptions(options, owner);
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
    { home: homeDir, workspace, workspaceAsGiven, name: rootsName, owner },
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
 * Reads each option once, into a plain record: `options` must be a plain
 * object (or absent) of known options only; an option whose getter throws
 * is `invalid_option`.
 */
function readOptions(options: unknown, owner: string): Given {
  if (options === undefined) return {};
  return readFields(objectOptions(options, owner, OPTION_KEYS), OPTION_KEYS);
}

/** Each of `keys` of a checked options object, read once. */
function readFields<K extends string>(
  options: unknown,
  keys: readonly K[],
  within?: string,
): { [key in K]?: unknown } {
  const given: { [key in K]?: unknown } = {};
  for (const key of keys) {
    try {
      given[key] = (options as { [key in K]?: unknown })[key];
    } catch (error) {
      throw unreadableOption(
        within === undefined ? key : `${within}.${key}`,
        error,
      );
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

function resolveRoots(
  roots: unknown,
  { home, workspace, workspaceAsGiven, name, owner }: {
    home: () => string;
    workspace: string;
    /** The workspace as the system reads it, for `ancestors`. */
    workspaceAsGiven: string;
    name: string;
    owner: string;
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
      ...resolveRoot(given[index], {
        where: `${name}[${index}]`,
        owner,
        home,
        workspace,
        workspaceAsGiven,
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

/** The fields a root object may have, each read once. */
const ROOT_KEYS = [
  "path",
  "scope",
  "source",
  "depth",
  "maxDirectories",
  "hidden",
  "manifestName",
  "manifestLinks",
  "ancestors",
  "kind",
] as const satisfies ReadonlyArray<keyof SkillRootOptions>;

const DEFAULT_MAX_DIRECTORIES = 2000;

/**
 * One root as given, resolved: one root, or with `ancestors` one per
 * directory from the repository's top down to the workspace.
 */
function resolveRoot(
  root: unknown,
  { where, owner, home, workspace, workspaceAsGiven }: {
    where: string;
    owner: string;
    home: () => string;
    workspace: string;
    workspaceAsGiven: string;
  },
): SkillRoot[] {
  const fields = typeof root === "string"
    ? { path: root }
    : typeof root === "object" && root !== null
    ? readFields(
      objectOptions(root, owner, ROOT_KEYS, { within: where }),
      ROOT_KEYS,
      where,
    )
    : {};
  const { path } = fields;
  if (typeof path !== "string" || path === "") {
    throw new StartupError(
      "invalid_option",
      `Option "${where}" must be a non-empty path or { path, scope?, source?, depth?, ... }, got ${
        describe(root)
      }`,
    );
  }
  const depth = checkedOption(fields.depth, `${where}.depth`, COUNT) ?? 1;
  const maxDirectories = checkedOption(
    fields.maxDirectories,
    `${where}.maxDirectories`,
    COUNT,
  ) ?? DEFAULT_MAX_DIRECTORIES;
  const hidden = checkedOption(
    fields.hidden,
    `${where}.hidden`,
    oneOf("skip", "read"),
  );
  const manifestName = checkedOption(
    fields.manifestName,
    `${where}.manifestName`,
    oneOf("any-case", "exact"),
  );
  const manifestLinks = checkedOption(
    fields.manifestLinks,
    `${where}.manifestLinks`,
    oneOf("follow", "ignore"),
  );
  const kind = checkedOption(
    fields.kind,
    `${where}.kind`,
    oneOf("skills", "plugins"),
  );
  const resolved = {
    scope: checkedOption(fields.scope, `${where}.scope`, STRING) ??
      DEFAULT_LABEL,
    source: checkedOption(fields.source, `${where}.source`, STRING) ??
      DEFAULT_LABEL,
    // Set only where they differ from a plain root's.
    ...(depth > 1 ? { depth, maxDirectories } : {}),
    ...(depth > 1 && hidden === "read" ? { hidden } : {}),
    ...(manifestName === "exact" ? { manifestName } : {}),
    ...(manifestLinks === "ignore" ? { manifestLinks } : {}),
    ...(kind === "plugins" ? { kind } : {}),
  };
  const ancestors = checkedOption(
    fields.ancestors,
    `${where}.ancestors`,
    BOOLEAN,
  );
  if (ancestors === true && (isAbsolute(path) || path.startsWith("~"))) {
    throw new StartupError(
      "invalid_option",
      `Option "${where}.ancestors" needs a relative path, read in each directory from the repository's top to the workspace; got "${path}"`,
    );
  }
  const bases = ancestors === true
    ? projectDirs(workspace, workspaceAsGiven)
    : [workspace];
  return bases.map((base) => {
    const absolute = expandPath(path, home, base);
    return { path: absolute, realPath: realPathOrSelf(absolute), ...resolved };
  });
}

/**
 * The directories from the repository's top (the nearest ancestor of the
 * workspace's real path, itself included, that holds `.git`) down to the
 * workspace's real path: a workspace reached through a symlink is in the
 * repository the link leads to, never in the directories around the link,
 * and a `..` after a symlink steps up from where the link leads, as the
 * system reads the path (`asGiven`). The workspace alone (as given) when
 * none holds `.git`, or when its real path cannot be had (a loop, a denied
 * or missing directory): then its lexical path is walked. Bounded by the
 * path's depth; an ancestor the process may not look at counts as one
 * without `.git`.
 */
function projectDirs(workspace: string, asGiven: string): string[] {
  const dirs: string[] = [];
  for (let dir = realPathAsGiven(asGiven) ?? workspace;; dir = dirname(dir)) {
    dirs.push(dir);
    if (tryStatus(join(dir, ".git"), { follow: false }).ok) {
      return dirs.reverse();
    }
    if (dirname(dir) === dir) return [workspace];
  }
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

/** A count option, validated, or its default. */
function countOption(
  given: Given,
  name: keyof typeof COUNT_DEFAULTS,
): number {
  return checkedOption(given[name], name, COUNT) ?? COUNT_DEFAULTS[name];
}
