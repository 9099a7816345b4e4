/**
 * Why a skill is or is not there, from what a discovery run recorded: the
 * served skill and its place in a catalog, the skills it shadows, the
 * same-root duplicates and the dropped manifests of its name, and what
 * became of each root; for a name not served, the near misses
 * (`near_misses.ts`).
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import { renderCatalog } from "../prompt/catalog.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import type { Problem } from "../discovery/_types.ts";
import { namespaced } from "../_names.ts";
import type {
  CatalogVerdict,
  ExplainedRoot,
  ExplainOptions,
  LocatedWarning,
  SkillCandidate,
  SkillExplanation,
  UntrustedRoot,
} from "./explanation.ts";
import type { CatalogFilter, CatalogOptions } from "../prompt/prompt.ts";
import { StartupError } from "../errors.ts";
import { objectOptions } from "../_option_check.ts";
import { BUDGET_KEYS, CATALOG_KEYS } from "../prompt/_options.ts";
import { describe } from "../_text.ts";
import type { SkillInfo } from "../skill.ts";
import { nearMisses } from "./_near_misses.ts";

/** Why the skill `name` is or is not served by `snapshot`. */
export function explainName(
  { snapshot, config }: { snapshot: Snapshot; config: SkillConfig },
  name: string,
  options: ExplainOptions = {},
): SkillExplanation {
  const catalog = checkedCatalog(options);
  const discovered = snapshot.byName.get(name);
  const served = discovered?.info;
  const candidates: SkillCandidate[] = [];
  if (discovered !== undefined && served !== undefined) {
    candidates.push(servedCandidate(snapshot, config, served, catalog));
    // What it shadows, the highest precedence first.
    const shadowed = snapshot.overridden.filter((info) => info.name === name);
    for (const info of shadowed.reverse()) {
      candidates.push({
        verdict: "shadowed",
        path: info.path,
        root: info.root,
        message:
          `Shadowed: ${info.path} (root ${info.root}) loads, but ${served.path} of the later root ${served.root} is served under the name (the last root wins): to serve this one, ${
            moveLater(config.roots.map((root) => root.path), info, served)
          }`,
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
      dropped.push({
        verdict: "dropped",
        path: problem.path,
        root: root.path,
        message: `Dropped: ${problem.message}`,
        problem: {
          ...located(problem),
          ...(problem.problems === undefined
            ? {}
            : { problems: problem.problems }),
        },
      });
    }
  }
  candidates.push(...dropped);
  return {
    name,
    candidates,
    nearMisses: served === undefined ? nearMisses(snapshot, name) : [],
    untrusted: untrustedRoots(config, name),
    roots: explainedRoots(snapshot, config),
  };
}

/**
 * The catalog options of explain()'s options, checked to be plain objects
 * of known options, its budget's too (renderCatalog checks the values).
 */
function checkedCatalog(options: ExplainOptions): CatalogOptions {
  const { catalog = {} } = objectOptions(options, "explain()", ["catalog"]);
  if (typeof catalog !== "object" || catalog === null) {
    throw new StartupError(
      "invalid_option",
      `Option "catalog" of explain() must be an object (the options of renderCatalog), got ${
        describe(catalog)
      }`,
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

/** The served skill's candidate: where it is, its place in the catalog, what was said about it. */
function servedCandidate(
  snapshot: Snapshot,
  config: SkillConfig,
  served: SkillInfo,
  options: CatalogOptions,
): SkillCandidate {
  const catalog = catalogVerdict(snapshot, config, served, options);
  return {
    verdict: "served",
    path: served.path,
    root: served.root,
    message: `Served: ${served.path} (root ${served.root}); ${
      catalogPhrase(served, catalog, {
        precedence: options.precedence ?? config.roots.map((root) => root.path),
      })
    }`,
    skill: served,
    catalog,
    warnings: warningsAbout(snapshot, served),
  };
}

/** A discovery problem as the warning it was, with its position. */
export function located(problem: Problem): LocatedWarning {
  const { code, message, path, line, column } = problem;
  return {
    code,
    message,
    path,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  };
}

/**
 * What discovery said about a skill that loaded: the problems that did not
 * drop it, about its manifest or its directory.
 */
function warningsAbout(snapshot: Snapshot, info: SkillInfo): LocatedWarning[] {
  return snapshot.record.problems
    .filter(({ problem }) =>
      !problem.drops && problem.skill !== undefined &&
      (problem.path === info.path || problem.path === info.dir)
    )
    .map(({ problem }) => located(problem));
}

/** What the catalog of the options given makes of a served skill. */
function catalogVerdict(
  snapshot: Snapshot,
  config: SkillConfig,
  info: SkillInfo,
  options: CatalogOptions,
): CatalogVerdict {
  // Without a budget, what a catalog makes of a skill is the skill's alone.
  const listed = options.budget === undefined ? [info] : snapshot.catalog;
  const { report } = renderCatalog(listed, {
    precedence: config.roots.map((root) => root.path),
    ...options,
  });
  const { name } = info;
  const filtered = report.filtered.find((entry) => entry.name === name);
  if (filtered !== undefined) {
    return { verdict: "filtered", filter: filtered.reason };
  }
  const shortened = report.shortened.find((entry) => entry.name === name);
  if (shortened !== undefined) {
    return { verdict: "shortened", from: shortened.from, to: shortened.to };
  }
  const bare = report.withoutDescription.find((entry) => entry.name === name);
  if (bare !== undefined) {
    return { verdict: "without_description", from: bare.from };
  }
  return report.leftOut.includes(name)
    ? { verdict: "left_out" }
    : { verdict: "shown" };
}

/** A catalog verdict in words. */
function catalogPhrase(
  info: SkillInfo,
  verdict: CatalogVerdict,
  { precedence }: { precedence: readonly string[] },
): string {
  switch (verdict.verdict) {
    case "shown":
      return "the catalog shows it to the model in full";
    case "shortened":
      return `the catalog shows the model its description cut from ${verdict.from} to ${verdict.to} characters`;
    case "without_description":
      return `the catalog shows the model its name, not its ${verdict.from}-character description, which the budget removed (${
        rankHigher(precedence, info)
      })`;
    case "left_out":
      return `the catalog's budget leaves it out: the model does not see it (${
        rankHigher(precedence, info)
      })`;
    case "filtered":
      return FILTER_PHRASES[verdict.filter](info);
  }
}

/**
 * The root of `precedence` a skill belongs to, as the budget ranks it: the
 * last that is its root or holds it.
 */
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

/** How to make the roots serve `info` instead of `served`: its root after the other's. */
function moveLater(
  roots: readonly string[],
  info: SkillInfo,
  served: SkillInfo,
): string {
  const own = rootOf(roots, info) ?? info.root;
  const other = rootOf(roots, served) ?? served.root;
  return `put its root ${own} after ${other} in the roots (the roots option's order; on the command line, give ${own} as a --root or DIR after ${other})`;
}

/**
 * How to rank a served skill higher in the budget: its root later in the
 * precedence (unless it is the last already), its name in `rank`, a larger
 * budget.
 */
function rankHigher(precedence: readonly string[], info: SkillInfo): string {
  const own = rootOf(precedence, info);
  const last = precedence[precedence.length - 1];
  const later = own !== undefined && last !== undefined && own !== last
    ? `put its root ${own} after ${last} in the roots, as the budget takes from the lowest root first (on the command line, give ${own} as a --root or DIR after ${last}); `
    : "";
  return `${later}name it in the catalog's rank option, whose skills the budget takes from last; or raise the budget (--budget CHARS)`;
}

const FILTER_PHRASES: Readonly<
  Record<CatalogFilter, (info: SkillInfo) => string>
> = {
  user_only: () =>
    'hidden from the model: its frontmatter says disable-model-invocation: true, so only a user can invoke it (the catalog\'s userOnly: "include" lists it)',
  not_included: () => "the catalog's include list does not name it",
  excluded: () => "the catalog's exclude list names it",
  scope: (info) => `the catalog lists other scopes than its "${info.scope}"`,
  source: (info) => `the catalog lists other sources than its "${info.source}"`,
};

/**
 * The roots not trusted, each of which may hold `name`: said from the
 * config alone, without looking at them. The name is quoted with its
 * acting characters escaped.
 */
function untrustedRoots(config: SkillConfig, name: string): UntrustedRoot[] {
  return config.roots.filter((root) => root.untrusted === true).map((root) => ({
    root: root.path,
    scope: root.scope,
    message: `Not read: untrusted: the root ${root.path} (scope ${
      describe(root.scope)
    }) may hold ${
      describe(name)
    }, but the trust option does not trust it, so it was not read and nothing in it is served (to read it, trust it: trust: true, or a trust function that returns true for it)`,
  }));
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
    const state = root.untrusted === true
      ? "untrusted"
      : !record.scanned.includes(root)
      ? "same_as_later"
      : denied.includes(root.path)
      ? "unreadable"
      : record.missing.includes(root.path)
      ? "missing"
      : warnings.find((warning) => warning.path === root.path)?.code ===
          "root_not_directory"
      ? "not_a_directory"
      : warnings.some((warning) =>
          warning.path === root.path && warning.code === "unreadable"
        )
      ? "unreadable"
      : "read";
    return { path: root.path, state, warnings };
  });
}
