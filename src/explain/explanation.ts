/**
 * Why a skill is or is not there: what `explain()` gives, from what a
 * discovery run recorded (the near misses, in `_near_misses.ts`).
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import type { Problem } from "../discovery/_types.ts";
import { type SkillProblem, StartupError } from "../errors.ts";
import { renderCatalog } from "../prompt/catalog.ts";
import { BUDGET_KEYS, CATALOG_KEYS } from "../prompt/_options.ts";
import type { CatalogFilter, CatalogOptions } from "../prompt/prompt.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillWarningCode } from "../warn.ts";
import { namespaced } from "../_names.ts";
import { objectOptions } from "../_option_check.ts";
import { describe } from "../_text.ts";
import { nearMisses, type SkillNearMiss } from "./_near_misses.ts";

export type { NearMissKind, SkillNearMiss } from "./_near_misses.ts";

/** The options of `AgentSkills.explain`. */
export interface ExplainOptions {
  /**
   * The `renderCatalog` options of the catalog to place the skill in.
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
  /** The 1-based column. */
  readonly column?: number;
}

/** What a catalog made of a served skill (`from` and `to`: a description's characters). */
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

/** One skill directory the roots hold under a name (a dropped one by its directory's), and what became of it. */
export type SkillCandidate =
  & {
    /** The manifest (or the directory, without one). */
    readonly path: string;
    /** The root it was found in (for plugins, a plugin's skills folder). */
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
      /** What discovery said about it (a repaired YAML line, ...). */
      readonly warnings: readonly LocatedWarning[];
    }
    | {
      readonly verdict: "shadowed";
      readonly skill: SkillInfo;
      /** The manifest of the skill served instead. */
      readonly by: string;
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

/** What became of a configured root (`same_as_later`: a later root is its directory). */
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
  /** Every skill directory of the name: served, shadowed (highest first), duplicate, dropped. */
  readonly candidates: readonly SkillCandidate[];
  /** When the name is not served: what may have been meant instead. */
  readonly nearMisses: readonly SkillNearMiss[];
  /** The roots not trusted, in ascending precedence: none was read. */
  readonly untrusted: readonly UntrustedRoot[];
  /** The configured roots, in ascending precedence. */
  readonly roots: readonly ExplainedRoot[];
}

/** Why the skill `name` is or is not served by `snapshot`. */
export function explainName(
  { snapshot, config }: { snapshot: Snapshot; config: SkillConfig },
  name: string,
  options: ExplainOptions = {},
): SkillExplanation {
  const catalog = checkedCatalog(options);
  const roots = config.roots.map((root) => root.path);
  const served = snapshot.byName.get(name)?.info;
  const candidates: SkillCandidate[] = [];
  if (served !== undefined) {
    candidates.push(servedCandidate(snapshot, roots, served, catalog));
    // What it shadows, the highest precedence first.
    const shadowed = snapshot.overridden.filter((info) => info.name === name);
    for (const info of shadowed.reverse()) {
      // To serve it: its root after the served one's.
      const own = rootOf(roots, info) ?? info.root;
      const other = rootOf(roots, served) ?? served.root;
      candidates.push({
        verdict: "shadowed",
        path: info.path,
        root: info.root,
        message:
          `Shadowed: ${info.path} (root ${info.root}) loads, but ${served.path} of the later root ${served.root} is served under the name (the last root wins): to serve this one, put its root ${own} after ${other} in the roots (the roots option's order; on the command line, give ${own} as a --root or DIR after ${other})`,
        skill: info,
        by: served.path,
        warnings: warningsAbout(snapshot, info),
      });
    }
  }
  const dropped: SkillCandidate[] = [];
  for (const { problem, root } of snapshot.record.problems) {
    if (!problem.drops || problem.skill === undefined) continue;
    if (problem.code === "duplicate_skill") {
      if (problem.skill !== name) continue;
      const kept = problem.kept ?? "";
      candidates.push({
        verdict: "duplicate",
        path: problem.path,
        root: root.path,
        message:
          `Duplicate: ${problem.path} names "${name}" too, and ${kept} came first in the same root ${root.path} (in sorted directory order), so it is skipped`,
        kept,
      });
    } else if (namespaced(root.namespace, problem.skill) === name) {
      const { problems } = problem;
      dropped.push({
        verdict: "dropped",
        path: problem.path,
        root: root.path,
        message: `Dropped: ${problem.message}`,
        problem: {
          ...located(problem),
          ...(problems === undefined ? {} : { problems }),
        },
      });
    }
  }
  candidates.push(...dropped);
  return {
    name,
    candidates,
    nearMisses: served === undefined ? nearMisses(snapshot, name) : [],
    // Said from the config alone, without looking at the roots.
    untrusted: config.roots.filter((root) => root.untrusted).map((root) => ({
      root: root.path,
      scope: root.scope,
      message: `Not read: untrusted: the root ${root.path} (scope ${
        describe(root.scope)
      }) may hold ${
        describe(name)
      }, but the trust option does not trust it, so it was not read and nothing in it is served (to read it, trust it: trust: true, or a trust function that returns true for it)`,
    })),
    roots: explainedRoots(snapshot, config),
  };
}

/** explain()'s catalog options, checked to be plain objects of known options (renderCatalog checks the values). */
function checkedCatalog(options: ExplainOptions): CatalogOptions {
  const { catalog = {} } = objectOptions(options, "explain()", ["catalog"]);
  if (typeof catalog !== "object" || catalog === null) {
    const got = describe(catalog);
    throw new StartupError(
      "invalid_option",
      `Option "catalog" of explain() must be an object (the options of renderCatalog), got ${got}`,
    );
  }
  const checked = objectOptions(catalog, "explain()", CATALOG_KEYS, {
    within: "catalog",
  });
  const { budget } = checked;
  if (typeof budget === "object" && budget !== null) {
    objectOptions(budget, "explain()", BUDGET_KEYS, {
      within: "catalog.budget",
    });
  }
  return checked;
}

/** A discovery problem as the warning it was, with its position. */
function located(
  { code, message, path, line, column }: Problem,
): LocatedWarning {
  return {
    code,
    message,
    path,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  };
}

/** The problems that did not drop a skill that loaded, about its manifest or directory. */
function warningsAbout(snapshot: Snapshot, info: SkillInfo): LocatedWarning[] {
  return snapshot.record.problems
    .filter(({ problem }) =>
      !problem.drops && problem.skill !== undefined &&
      (problem.path === info.path || problem.path === info.dir)
    )
    .map(({ problem }) => located(problem));
}

/** The served skill's candidate: its place in the catalog of the options given, and that in words. */
function servedCandidate(
  snapshot: Snapshot,
  roots: readonly string[],
  info: SkillInfo,
  options: CatalogOptions,
): SkillCandidate {
  // Without a budget, what a catalog makes of a skill is the skill's alone.
  const listed = options.budget === undefined ? [info] : snapshot.catalog;
  const { report } = renderCatalog(listed, { precedence: roots, ...options });
  const is = (entry: { name: string }): boolean => entry.name === info.name;
  const filtered = report.filtered.find(is);
  const cut = report.shortened.find(is);
  const bare = report.withoutDescription.find(is);
  const higher = `(${rankHigher(options.precedence ?? roots, info)})`;
  const [catalog, words]: [CatalogVerdict, string] = filtered !== undefined
    ? [
      { verdict: "filtered", filter: filtered.reason },
      {
        user_only:
          'hidden from the model: its frontmatter says disable-model-invocation: true, so only a user can invoke it (the catalog\'s userOnly: "include" lists it)',
        not_included: "the catalog's include list does not name it",
        excluded: "the catalog's exclude list names it",
        scope: `the catalog lists other scopes than its "${info.scope}"`,
        source: `the catalog lists other sources than its "${info.source}"`,
      }[filtered.reason],
    ]
    : cut !== undefined
    ? [
      { verdict: "shortened", from: cut.from, to: cut.to },
      `the catalog shows the model its description cut from ${cut.from} to ${cut.to} characters`,
    ]
    : bare !== undefined
    ? [
      { verdict: "without_description", from: bare.from },
      `the catalog shows the model its name, not its ${bare.from}-character description, which the budget removed ${higher}`,
    ]
    : report.leftOut.includes(info.name)
    ? [
      { verdict: "left_out" },
      `the catalog's budget leaves it out: the model does not see it ${higher}`,
    ]
    : [{ verdict: "shown" }, "the catalog shows it to the model in full"];
  return {
    verdict: "served",
    path: info.path,
    root: info.root,
    message: `Served: ${info.path} (root ${info.root}); ${words}`,
    skill: info,
    catalog,
    warnings: warningsAbout(snapshot, info),
  };
}

/** The root of `precedence` a skill belongs to, as the budget ranks it: the last that holds it. */
function rootOf(
  precedence: readonly string[],
  info: SkillInfo,
): string | undefined {
  for (let index = precedence.length - 1; index >= 0; index--) {
    const root = precedence[index] ?? "";
    if (info.root === root || info.root.startsWith(`${root}/`)) return root;
  }
  return undefined;
}

/** How to rank a served skill higher in the budget: a later root (unless last), `rank`, a larger budget. */
function rankHigher(precedence: readonly string[], info: SkillInfo): string {
  const own = rootOf(precedence, info);
  const last = precedence[precedence.length - 1];
  const later = own !== undefined && last !== undefined && own !== last
    ? `put its root ${own} after ${last} in the roots, as the budget takes from the lowest root first (on the command line, give ${own} as a --root or DIR after ${last}); `
    : "";
  return `${later}name it in the catalog's rank option, whose skills the budget takes from last; or raise the budget (--budget CHARS)`;
}

/** What became of each configured root, and what discovery said about it as a whole. */
function explainedRoots(
  snapshot: Snapshot,
  config: SkillConfig,
): ExplainedRoot[] {
  const { record, denied } = snapshot;
  return config.roots.map((root) => {
    const warnings = record.problems
      .filter(({ problem, configured }) =>
        configured === root && problem.skill === undefined
      )
      .map(({ problem }) => located(problem));
    const said = warnings.filter((warning) => warning.path === root.path)
      .map((warning) => warning.code);
    const state = root.untrusted === true
      ? "untrusted"
      : !record.scanned.includes(root)
      ? "same_as_later"
      : denied.includes(root.path)
      ? "unreadable"
      : record.missing.includes(root.path)
      ? "missing"
      : said[0] === "root_not_directory"
      ? "not_a_directory"
      : said.includes("unreadable")
      ? "unreadable"
      : "read";
    return { path: root.path, state, warnings };
  });
}
