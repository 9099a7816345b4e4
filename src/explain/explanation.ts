/**
 * What `explain()` gives: for one skill name, every candidate the roots
 * hold with its verdict, the near misses when the name is not served, and
 * what became of each root. A leaf module of types.
 *
 * @module
 */

import type { CatalogFilter, CatalogOptions } from "../prompt/prompt.ts";
import type { SkillProblem } from "../errors.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillWarningCode } from "../warn.ts";

/** The options of `AgentSkills.explain`. */
export interface ExplainOptions {
  /**
   * The options of the catalog to explain the skill's place in, as
   * `renderCatalog` takes them: the filters and the budget of a host's
   * prompt. `precedence` defaults to the configured roots.
   *
   * @default {{}} (every model-invocable skill, in full)
   */
  catalog?: CatalogOptions;
}

/** What discovery said about a path, at a position where one is known. */
export interface LocatedWarning {
  /** What it is about. */
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  /** The absolute path concerned. */
  readonly path: string;
  /** The 1-based line in `path`. */
  readonly line?: number;
  /** The 1-based column in `path`. */
  readonly column?: number;
}

/**
 * What a catalog made of a served skill: shown in full, shown with a
 * shorter description (`from` and `to` characters), shown without its
 * `from`-character description (the budget removed it: the name, and the
 * location unless the catalog leaves locations out), left out by the
 * budget, or left out by a filter (`user_only`: hidden from the model by
 * `disable-model-invocation: true`).
 */
export type CatalogVerdict =
  | { readonly verdict: "shown" }
  | {
    readonly verdict: "shortened";
    readonly from: number;
    readonly to: number;
  }
  | { readonly verdict: "without_description"; readonly from: number }
  | { readonly verdict: "left_out" }
  | { readonly verdict: "filtered"; readonly filter: CatalogFilter };

/**
 * One skill directory the roots hold under a name, and what became of it:
 *
 * - `served`: it is the registry's skill of that name.
 * - `shadowed`: it loaded, but a later (higher-precedence) root's skill of
 *   the same name is served (`by`).
 * - `duplicate`: its root holds another skill of the name that came first
 *   in sorted directory order (`kept`), so it was skipped.
 * - `dropped`: it could not be used (`problem`: an unusable manifest, one
 *   that cannot be read, one that is not a file, ...). A manifest that
 *   cannot be used is matched by its directory's name.
 *
 * `message` says it in one sentence, with the paths.
 */
export type SkillCandidate =
  & {
    /** The manifest (or, when no manifest was found, the directory). */
    readonly path: string;
    /** The root it was found in (a plugin's skills folder, for plugins). */
    readonly root: string;
    /** What became of it, in one sentence. */
    readonly message: string;
  }
  & (
    | {
      readonly verdict: "served";
      readonly skill: SkillInfo;
      /** Its place in the catalog of the options given. */
      readonly catalog: CatalogVerdict;
      /** What discovery said about it (a repaired YAML line, a name unlike its directory's). */
      readonly warnings: readonly LocatedWarning[];
    }
    | {
      readonly verdict: "shadowed";
      readonly skill: SkillInfo;
      /** The manifest of the skill served instead. */
      readonly by: string;
      /** What discovery said about it. */
      readonly warnings: readonly LocatedWarning[];
    }
    | {
      readonly verdict: "duplicate";
      /** The manifest of the skill its root kept. */
      readonly kept: string;
    }
    | {
      readonly verdict: "dropped";
      /** Why: the code, the sentence, and each problem at its position. */
      readonly problem: LocatedWarning & {
        readonly problems?: readonly SkillProblem[];
      };
    }
  );

/**
 * What a near miss is: something a host or an author may take for the
 * skill, that discovery did not serve under the name.
 *
 * - `other_form`: a skill or skill directory whose name differs only in
 *   letter case, Unicode normalisation or invisible format characters
 *   (zero-width, bidirectional, BOM; names are compared exactly).
 * - `plugin_skill`: a plugin's skill of that name, served as
 *   `<plugin>:<name>`.
 * - `named_otherwise`: a directory of that name whose manifest names its
 *   skill otherwise (a skill is served under its frontmatter name).
 * - `no_manifest`: a directory of that name without a manifest.
 * - `manifest_name`: a directory of that name whose manifest is named
 *   otherwise than `SKILL.md`, where the root reads that name exactly.
 * - `manifest_link`: a directory of that name whose `SKILL.md` is a symlink
 *   the root does not follow.
 * - `nested`: a directory of that name that holds skills one level down.
 * - `too_deep`: a skill directory of that name below a folder the root
 *   does not read below (up to five levels below the root's depth), with
 *   the depth to read it at.
 * - `hidden`: a skill directory of that name below (or named as) a
 *   dot-directory or `node_modules` that a deeper scan skips.
 * - `link`: a symlink of that name not followed, or one that cannot be.
 * - `not_in_plugin`: a directory of that name in a plugin's skills folder
 *   that the plugin does not list.
 * - `similar`: a served skill whose name is a typo away (one or two edits,
 *   letter case and form aside): "did you mean".
 */
export type NearMissKind =
  | "other_form"
  | "plugin_skill"
  | "named_otherwise"
  | "no_manifest"
  | "manifest_name"
  | "manifest_link"
  | "nested"
  | "too_deep"
  | "hidden"
  | "link"
  | "not_in_plugin"
  | "similar";

/** Something a host or an author may take for the skill, and what to do. */
export interface SkillNearMiss {
  /** What it is. */
  readonly kind: NearMissKind;
  /** The path it is about: a manifest, or a directory. */
  readonly path: string;
  /** The name it goes by, where it is served or named otherwise. */
  readonly name?: string;
  /** What it is and what to do, in one sentence. */
  readonly message: string;
}

/**
 * What became of a configured root in the scan: read, not there, not
 * readable, not a directory, `same_as_later` (a later root reaches the
 * same directory, and is read in its place), or `untrusted` (the `trust`
 * option does not trust it: it was not read).
 */
export type RootState =
  | "read"
  | "missing"
  | "unreadable"
  | "not_a_directory"
  | "same_as_later"
  | "untrusted";

/** A configured root, what became of it, and what discovery said about it as a whole. */
export interface ExplainedRoot {
  /** Its path. */
  readonly path: string;
  /** What became of it in the scan. */
  readonly state: RootState;
  /**
   * What discovery said about the root or a folder in it that is not one
   * skill's (a symlink loop, the folder bound, an unusable plugin).
   */
  readonly warnings: readonly LocatedWarning[];
}

/**
 * A root the `trust` option does not trust, which may hold a skill of the
 * name: it was not read, so what it holds is not known, and nothing of it
 * is served.
 */
export interface UntrustedRoot {
  /** The root's path. */
  readonly root: string;
  /** The root's scope (`workspace`, for the project's). */
  readonly scope: string;
  /** That it was not read, and how to read it, in one sentence. */
  readonly message: string;
}

/** Why a skill is or is not there: the answer of `AgentSkills.explain`. */
export interface SkillExplanation {
  /** The name asked about. */
  readonly name: string;
  /**
   * Every skill directory of that name the roots hold: the served one
   * first, then those it shadows (the highest precedence first), then
   * same-root duplicates, then those dropped. Empty when none.
   */
  readonly candidates: readonly SkillCandidate[];
  /** When the name is not served: what may have been meant instead. */
  readonly nearMisses: readonly SkillNearMiss[];
  /**
   * The roots not trusted, in ascending precedence, each of which may hold
   * a skill of the name: none was read (explain does not look either).
   */
  readonly untrusted: readonly UntrustedRoot[];
  /** The configured roots, in ascending precedence. */
  readonly roots: readonly ExplainedRoot[];
}
