/**
 * What `explain()` gives: a leaf module of types.
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
   * `renderCatalog` takes them; `precedence` defaults to the roots.
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
 * What a catalog made of a served skill: shown in full, with a shorter
 * description (`from` and `to` characters), without its description, left
 * out by the budget, or left out by a filter.
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
 * `served`; `shadowed` by a later root's skill (`by`); a same-root
 * `duplicate` of the one its root `kept`; or `dropped` (`problem`), a
 * manifest that cannot be used being matched by its directory's name.
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
 * skill, that discovery did not serve under the name (each is described in
 * docs/prompt.md, "Why a skill is missing").
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
 * What became of a configured root in the scan: `same_as_later` when a
 * later root reaches the same directory, `untrusted` when it was not read.
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
  /** What discovery said about the root or a folder in it that is not one skill's. */
  readonly warnings: readonly LocatedWarning[];
}

/** A root the `trust` option does not trust, so not read, which may hold a skill of the name. */
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
   * Every skill directory of that name: the served one first, then those it
   * shadows (the highest precedence first), duplicates, those dropped.
   */
  readonly candidates: readonly SkillCandidate[];
  /** When the name is not served: what may have been meant instead. */
  readonly nearMisses: readonly SkillNearMiss[];
  /** The roots not trusted, in ascending precedence: none was read. */
  readonly untrusted: readonly UntrustedRoot[];
  /** The configured roots, in ascending precedence. */
  readonly roots: readonly ExplainedRoot[];
}
