/**
 * The `roots` option resolved: each root as given (a path, or an object of
 * path, labels, depth, kind and the rest) becomes one frozen
 * {@linkcode SkillRoot}, or one per directory from the repository's top down
 * with `ancestors`.
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "node:path";
import { StartupError } from "../errors.ts";
import { realPathAsGiven, tryStatus } from "../fs/_status.ts";
import { clarvisSkillRoots } from "./presets.ts";
import { realPathOrSelf, winnersOf } from "./_real_paths.ts";
import { trustRule } from "./_trust.ts";
import { describe } from "../_text.ts";
import type { SkillRootOptions } from "../options.ts";
import {
  BOOLEAN,
  checkedOption,
  COUNT,
  objectOptions,
  oneOf,
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
   * The directory's real path (symlinks resolved) when the config was
   * resolved; `path` itself when it did not exist then. Roots are scanned
   * once per real path, resolved again at each scan (`refresh()` included).
   */
  readonly realPath: string;
  /**
   * Set when the `trust` option does not trust the root: it is never listed
   * nor read, and its skills are not served. Absent: trusted.
   */
  readonly untrusted?: true;
  /**
   * Set when a later (higher-precedence) trusted root reached the same
   * directory when the config was resolved: that root's `path`. Each scan
   * folds roots by their real paths at that time, so a link made later is
   * followed too.
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

const DEFAULT_LABEL = "custom";

/**
 * The `roots` option (named `name` in messages, given to `owner`) resolved
 * in order, each root frozen, and the list frozen: the clarvis preset when
 * absent; a root the `trust` option does not trust is `untrusted`; a
 * trusted root that reaches the same real path as a later trusted one
 * names it in `foldedInto`.
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
  const length = given.length;
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
