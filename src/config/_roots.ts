/**
 * The `roots` option resolved: each root as given becomes one frozen
 * {@linkcode SkillRoot} (one per directory with `ancestors`), trusted or
 * not, and folded into a later root that reaches the same directory.
 *
 * @module
 */

import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { StartupError } from "../errors.ts";
import { realPathAsGiven, tryStatus } from "../fs/_status.ts";
import { clarvisSkillRoots } from "./presets.ts";
import { describe } from "../_text.ts";
import type { RootToTrust, SkillRootOptions } from "../options.ts";
import {
  BOOLEAN,
  checkedOption,
  COUNT,
  objectOptions,
  oneOf,
  type OptionKind,
  readFields,
  STRING,
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
   * The directory's real path when the config was resolved (`path` while it
   * did not exist); each scan resolves it again.
   */
  readonly realPath: string;
  /** Set when the `trust` option does not trust the root: never read. */
  readonly untrusted?: true;
  /**
   * The `path` of a later trusted root that reached the same directory when
   * the config was resolved.
   */
  readonly foldedInto?: string;
  /** How many levels below the root a skill may be, when more than one. */
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
  /** With `namespace`, where a plugin names its skills: the only ones read. */
  readonly only?: readonly string[];
}

/** The real path of a root, or the path itself while it does not exist. */
export function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * For each root, by index, the index of the root that scans its directory:
 * the last one with the same real path. One directory reached by several
 * roots is scanned once, by the config's rule and each scan's alike.
 */
export function winnersOf(realPaths: readonly string[]): number[] {
  const last = new Map<string, number>();
  realPaths.forEach((realPath, index) => last.set(realPath, index));
  return realPaths.map((realPath) => last.get(realPath) ?? -1);
}

/**
 * The `roots` option (named `name` in messages, given to `owner`) resolved
 * in order, the clarvis preset when absent; each root is frozen, and so is
 * the list.
 */
export function resolveRoots(
  roots: unknown,
  { home, workspace, workspaceAsGiven, name, owner, trust }: {
    /** The `trust` option, as given. */
    trust?: unknown;
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
  const length = given.length; // read once: a getter may grow the array
  if (length === 0) {
    throw new StartupError(
      "empty_roots",
      `Option "${name}" is an empty list: give at least one ${
        name === "roots" ? "skill root" : "path to check"
      }`,
    );
  }
  const trusts = trustRule(trust);
  const resolved: SkillRoot[] = [];
  for (let index = 0; index < length; index++) {
    if (!(index in given)) {
      throw new StartupError(
        "invalid_option",
        `Option "${name}[${index}]" is a hole in the array: give a path there, or leave it out`,
      );
    }
    const where = `${name}[${index}]`;
    const root = resolveRoot(given[index], where, owner);
    const bases = root.ancestors
      ? projectDirs(workspace, workspaceAsGiven)
      : [workspace];
    for (const base of bases) {
      const path = expandPath(root.path, home, base);
      resolved.push({ path, realPath: realPathOrSelf(path), ...root.labels });
    }
  }
  // Each root is asked about once, in order; one not trusted folds nothing.
  const trusted = resolved.filter((root) => trusts(root));
  const winners = winnersOf(trusted.map((root) => root.realPath));
  const positions = new Map(trusted.map((root, index) => [root, index]));
  return Object.freeze(resolved.map((root) => {
    const index = positions.get(root);
    if (index === undefined) return Object.freeze({ ...root, untrusted: true });
    const winner = trusted[winners[index] ?? index];
    return Object.freeze(
      winner !== undefined && winner !== root
        ? { ...root, foldedInto: winner.path }
        : root,
    );
  }));
}

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

/** One root as given, checked: its path, labels, and whether it has `ancestors`. */
function resolveRoot(root: unknown, where: string, owner: string): {
  path: string;
  labels: Omit<SkillRoot, "path" | "realPath">;
  ancestors: boolean;
} {
  const fields: { [key in (typeof ROOT_KEYS)[number]]?: unknown } =
    typeof root === "string"
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
  const field = <T>(key: (typeof ROOT_KEYS)[number], kind: OptionKind<T>) =>
    checkedOption(fields[key], `${where}.${key}`, kind);
  const depth = field("depth", COUNT) ?? 1;
  const maxDirectories = field("maxDirectories", COUNT) ?? 2000;
  const hidden = field("hidden", oneOf("skip", "read"));
  const manifestName = field("manifestName", oneOf("any-case", "exact"));
  const manifestLinks = field("manifestLinks", oneOf("follow", "ignore"));
  const kind = field("kind", oneOf("skills", "plugins"));
  const labels = {
    scope: field("scope", STRING) ?? "custom",
    source: field("source", STRING) ?? "custom",
    // Set only where they differ from a plain root's.
    ...(depth > 1 ? { depth, maxDirectories } : {}),
    ...(depth > 1 && hidden === "read" ? { hidden } : {}),
    ...(manifestName === "exact" ? { manifestName } : {}),
    ...(manifestLinks === "ignore" ? { manifestLinks } : {}),
    ...(kind === "plugins" ? { kind } : {}),
  };
  const ancestors = field("ancestors", BOOLEAN) === true;
  if (ancestors && (isAbsolute(path) || path.startsWith("~"))) {
    throw new StartupError(
      "invalid_option",
      `Option "${where}.ancestors" needs a relative path, read in each directory from the repository's top to the workspace; got "${path}"`,
    );
  }
  return { path, labels, ancestors };
}

/**
 * The directories from the repository's top (the nearest ancestor of the
 * workspace's real path holding `.git`) down to that real path, `..` read
 * after the symlinks before it (`asGiven`); the workspace alone when none
 * holds `.git` or its real path cannot be had. Bounded by the path's depth.
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

/**
 * The `trust` option as a rule: every root, every root but scope
 * `"workspace"` (`false`), or the function's answer, which must be a
 * boolean (`invalid_option` otherwise, or when it throws).
 */
function trustRule(trust: unknown): (root: RootToTrust) => boolean {
  if (trust === undefined || trust === true) return () => true;
  if (trust === false) return (root) => root.scope !== "workspace";
  if (typeof trust !== "function") {
    throw new StartupError(
      "invalid_option",
      `Option "trust" must be a boolean or a function of a root that returns one, got ${
        describe(trust)
      }`,
    );
  }
  return ({ path, realPath, scope, source }) => {
    let answer: unknown;
    try {
      answer = trust(Object.freeze({ path, realPath, scope, source }));
    } catch (error) {
      throw new StartupError(
        "invalid_option",
        `Option "trust" threw for the root ${path} (scope ${
          describe(scope)
        }): ${
          error instanceof Error ? error.message : describe(error)
        }; it must return true or false for each root, without throwing`,
        { cause: error },
      );
    }
    if (typeof answer !== "boolean") {
      throw new StartupError(
        "invalid_option",
        `Option "trust" must return a boolean for each root, got ${
          describe(answer)
        } for the root ${path} (scope ${describe(scope)})`,
      );
    }
    return answer;
  };
}
