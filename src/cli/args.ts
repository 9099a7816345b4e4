/**
 * The flags as the library's options: the roots (a preset, `--root`, the
 * DIRs of `list`, `show`, `path`, `catalog` and `why`), each with its own
 * options or the flags' (`--depth`, `--hidden`, `--plugins`), `--home`,
 * `--workspace`, `--untrusted-workspace`, `--max-manifest-bytes`; and what
 * a path named as a root is ({@linkcode dirArgument}).
 *
 * @module
 */

import { statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { isManifestName } from "../discovery/_manifest.ts";
import { tryList } from "../fs/_listing.ts";
import {
  unrepresentableIn,
  unrepresentedName,
} from "../fs/_unrepresentable.ts";
import { errorCode, tryStatus } from "../fs/_status.ts";
import type { Entry } from "../fs/_types.ts";
import { type RootSpec, rootSpec } from "./root_spec.ts";
import { type AgentSkills, createAgentSkills } from "../agent_skills.ts";
import { resolveConfig, type SkillRoot } from "../config/config.ts";
import type { AgentSkillsOptions, SkillRootOptions } from "../options.ts";
import {
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
} from "../config/presets.ts";
import type { SkillWarning } from "../warn.ts";
import { HOST_NAMES } from "../check/_host_names.ts";
import type { HostName } from "../check/diagnostic.ts";
import type { KeptIndex, Values, WorkingDirectory } from "./types.ts";

/** The presets `--preset` names, each a host's own roots. */
export const PRESETS: Readonly<Record<string, () => SkillRootOptions[]>> = {
  clarvis: clarvisSkillRoots,
  claude: claudeSkillRoots,
  codex: () => codexSkillRoots(),
};

/** What `--host` takes: each host's name, and `all`. */
export const HOST_CHOICES: readonly string[] = [...HOST_NAMES, "all"];

/**
 * The names the `--host` flags give: each flag's value split at commas
 * (`--host codex,spec`), trimmed, in lower case (`--host ALL`).
 */
export function hostNamesGiven(values: Values): string[] {
  return (values.host ?? []).flatMap((value) => value.split(",")).map((
    name,
  ) => name.trim().toLowerCase());
}

/**
 * The hosts of the `--host` flags, each once, in the order of HOST_NAMES;
 * `all` (alone or with others) is every host. main() has refused any other
 * name.
 */
export function hostsOf(values: Values): HostName[] {
  const given = hostNamesGiven(values);
  return HOST_NAMES.filter((host) =>
    given.includes("all") || given.includes(host)
  );
}

/** The output formats of `check`. */
export const FORMATS: readonly string[] = ["text", "json", "github", "sarif"];

/** The formats `catalog --format` takes. */
export const CATALOG_FORMATS: readonly string[] = ["xml", "markdown", "json"];

/** What `catalog --location` takes. */
export const CATALOG_LOCATIONS: readonly string[] = [
  "absolute",
  "relative",
  "none",
];

/**
 * The roots: the preset (when asked for, or clarvis when no root is given),
 * then each --root, then each DIR of the command.
 */
export function rootsOf(
  values: Values,
  io: WorkingDirectory,
  dirs: readonly string[] = [],
): Array<string | SkillRootOptions> {
  const roots = namedRoots(values, dirs, io);
  // main() has refused a preset it does not know.
  const name = values.preset ?? (roots.length === 0 ? "clarvis" : undefined);
  const preset = name === undefined ? [] : PRESETS[name]?.() ?? [];
  return [...preset, ...rootOptions(values, roots)];
}

/** The roots named on the command line (--root, then the command's DIRs), absolute. */
export function givenRoots(
  values: Values,
  dirs: readonly string[],
  io: WorkingDirectory,
): string[] {
  return namedRoots(values, dirs, io).map((root) => root.path);
}

/**
 * A root named on the command line, a `--root` or a DIR: its absolute path
 * and the options given with it (`depth=2,hidden=read,kind=plugins,path=DIR`).
 */
export interface NamedRoot extends RootSpec {
  /** Whether it is a DIR of the command (else a `--root`). */
  readonly dir: boolean;
}

/** The roots named on the command line: each --root, then each DIR. */
export function namedRoots(
  values: Values,
  dirs: readonly string[],
  io: WorkingDirectory,
): NamedRoot[] {
  const named = (text: string, dir: boolean): NamedRoot => {
    const spec = rootSpec(text);
    // main() has refused a spec it cannot read: any other text is a path.
    const { path, ...own } = "problem" in spec ? { path: text } : spec;
    return { ...own, path: resolve(io.cwd, path), dir };
  };
  return [
    ...(values.root ?? []).map((text) => named(text, false)),
    ...dirs.map((text) => named(text, true)),
  ];
}

/** The DIRs of `check`, as roots with `--depth` and `--plugins`. */
export function dirRoots(
  values: Values,
  dirs: readonly string[],
  io: WorkingDirectory,
): Array<string | SkillRootOptions> {
  return rootOptions(values, namedRoots({}, dirs, io));
}

/**
 * The roots named on the command line as the library takes them: a path,
 * or with `--depth`, `--hidden` and `--plugins` (for every root) or its
 * own options (for that root, over the flags), a root object that says so.
 */
function rootOptions(
  values: Values,
  roots: readonly RootSpec[],
): Array<string | SkillRootOptions> {
  // main() has refused a depth that is not a whole number above 0.
  const flagDepth = values.depth === undefined
    ? undefined
    : Number(values.depth);
  return roots.map((root) => {
    const depth = root.depth ?? flagDepth;
    const hidden = root.hidden ?? (values.hidden === true ? "read" : "skip");
    const kind = root.kind ?? (values.plugins === true ? "plugins" : "skills");
    if (depth === undefined && kind === "skills") return root.path;
    return {
      path: root.path,
      ...(depth === undefined ? {} : { depth }),
      ...(hidden === "read" ? { hidden } : {}),
      ...(kind === "plugins" ? { kind } : {}),
    };
  });
}

/**
 * What a path named as a root is, looked at once: its status (followed
 * through symlinks, never opened, so a FIFO never blocks), then a
 * directory's entries. Every command that reads roots says what is wrong
 * with one from this (`roots.ts`).
 */
export type DirArgument =
  | {
    /** Nothing is there (or its name, not UTF-8, cannot be given as text). */
    readonly kind: "missing";
    /** Why no path given as text names it, when that is why. */
    readonly unrepresentable?: string;
  }
  | { readonly kind: "unreadable"; readonly error: unknown }
  | {
    /** A file, a FIFO, a socket or a device. */
    readonly kind: "not_a_directory";
    /** Whether it is named as a manifest (`SKILL.md`, any case). */
    readonly manifest: boolean;
  }
  | {
    /** A directory that holds a manifest: one skill's, not a root. */
    readonly kind: "skill_directory";
    readonly entries: readonly Entry[];
  }
  | { readonly kind: "directory"; readonly entries: readonly Entry[] };

/** What the path named as a root is: see {@linkcode DirArgument}. */
export function dirArgument(path: string): DirArgument {
  const status = tryStatus(path, { follow: true });
  if (!status.ok) {
    if (errorCode(status.error) !== "ENOENT") {
      return { kind: "unreadable", error: status.error };
    }
    const unnamed = unrepresentableIn(path);
    return unnamed === undefined
      ? { kind: "missing" }
      : { kind: "missing", unrepresentable: unrepresentedName(unnamed) };
  }
  if (status.value.kind !== "directory") {
    return {
      kind: "not_a_directory",
      manifest: isManifestName(basename(path)),
    };
  }
  const listing = tryList(path);
  if (!listing.ok) return { kind: "unreadable", error: listing.error };
  const { entries } = listing.value;
  return {
    kind: entries.some((entry) => isManifestName(entry.name))
      ? "skill_directory"
      : "directory",
    entries,
  };
}

/**
 * The roots `check` looks at without a DIR: each --root, which must exist
 * (checkSkills says so when one does not), and those preset roots that
 * exist, resolved (a root read in each ancestor is one per directory), since
 * most machines have only some of them (one the process may not look at is
 * kept: checkSkills says it cannot be read).
 */
export function presentRoots(
  values: Values,
  io: WorkingDirectory,
): { paths: Array<string | SkillRootOptions>; lookedAt: string[] } {
  const given = namedRoots(values, [], io);
  const name = values.preset ?? (given.length === 0 ? "clarvis" : undefined);
  const preset = name === undefined ? [] : PRESETS[name]?.() ?? [];
  const resolved = preset.length === 0
    ? []
    : resolveConfig({ roots: preset, ...placeOptions(values, io) }).roots;
  return {
    paths: [
      // A root not trusted is never looked at: checkSkills says it was not read.
      ...resolved.filter((root) =>
        root.untrusted === true || mayExist(root.path)
      ).map(asRootOptions),
      ...rootOptions(values, given),
    ],
    lookedAt: resolved.map((root) => root.path),
  };
}

/** A resolved root as options that resolve to it again. */
function asRootOptions(
  { realPath: _, foldedInto: __, namespace: ___, untrusted: ____, ...root }:
    SkillRoot,
): SkillRootOptions {
  return root;
}

/**
 * Whether a path exists, or may (the process may not look at it: then
 * checkSkills says so). Only a path that is not there is left out.
 */
function mayExist(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

/**
 * cwd, and home, workspace, the manifest cap and trust when given: what
 * every command passes on.
 */
export function placeOptions(
  values: Values,
  io: WorkingDirectory,
): {
  cwd: string;
  home?: string;
  workspace?: string;
  maxManifestBytes?: number;
  trust?: boolean;
} {
  const maxBytes = values["max-manifest-bytes"];
  return {
    cwd: io.cwd,
    // The workspace's roots are not read: the presets label them so.
    ...(values["untrusted-workspace"] === true ? { trust: false } : {}),
    ...(values.home === undefined ? {} : { home: values.home }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    // main() has refused what is not a whole number above 0.
    ...(maxBytes === undefined ? {} : { maxManifestBytes: Number(maxBytes) }),
  };
}

/**
 * The library's options the flags and the command's DIRs give, its
 * warnings collected into `warnings`.
 */
export function skillsOptions(
  values: Values,
  io: WorkingDirectory,
  { dirs = [], warnings }: {
    dirs?: readonly string[];
    warnings: SkillWarning[];
  },
): AgentSkillsOptions {
  return {
    roots: rootsOf(values, io, dirs),
    onWarning: (warning) => warnings.push(warning),
    ...placeOptions(values, io),
  };
}

/**
 * The command's registry over the flags and its DIRs, its warnings
 * collected; made through the kept index of `--index` when one is given.
 */
export function open(
  values: Values,
  io: WorkingDirectory,
  dirs: readonly string[] = [],
  index?: KeptIndex,
): { skills: AgentSkills; warnings: SkillWarning[] } {
  const warnings: SkillWarning[] = [];
  const options = skillsOptions(values, io, { dirs, warnings });
  const skills = index === undefined
    ? createAgentSkills(options)
    : index.open(options, warnings);
  return { skills, warnings };
}
