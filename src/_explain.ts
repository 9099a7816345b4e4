/**
 * Why a skill is or is not there, from what a discovery run recorded: the
 * served skill and its place in a catalog, the skills it shadows, the
 * same-root duplicates and the dropped manifests of its name; for a name
 * not served, the near misses among the skills and the entries discovery
 * passed by. No root is listed again: the near misses cost one status call
 * per directory that may hold the skill.
 *
 * @module
 */

import { basename } from "node:path";
import type { SkillConfig, SkillRoot } from "./config.ts";
import { renderCatalog } from "./catalog.ts";
import type { Snapshot } from "./_registry.ts";
import type { PassedBy, Problem } from "./_discovery/types.ts";
import { isManifestName } from "./_discovery/manifest.ts";
import { childPath, tryStatus } from "./_fs/status.ts";
import { bareName, namespaced } from "./_names.ts";
import type {
  CatalogVerdict,
  ExplainedRoot,
  ExplainOptions,
  LocatedWarning,
  SkillCandidate,
  SkillExplanation,
  SkillNearMiss,
} from "./explanation.ts";
import type { CatalogFilter, CatalogOptions } from "./prompt.ts";
import { StartupError } from "./errors.ts";
import { objectOptions } from "./_option.ts";
import { BUDGET_KEYS, CATALOG_KEYS } from "./_prompt/options.ts";
import { describe } from "./_text.ts";
import type { SkillInfo } from "./skill.ts";

/** Why the skill `name` is or is not served by `snapshot`. */
export function explainName(
  { snapshot, config }: { snapshot: Snapshot; config: SkillConfig },
  name: string,
  options: ExplainOptions = {},
): SkillExplanation {
  const catalog = checkedCatalog(options);
  const served = snapshot.byName.get(name)?.info;
  const candidates: SkillCandidate[] = [];
  if (served !== undefined) {
    candidates.push(servedCandidate(snapshot, config, served, catalog));
    // What it shadows, the highest precedence first.
    const shadowed = snapshot.overridden.filter((info) => info.name === name);
    for (const info of shadowed.reverse()) {
      candidates.push({
        verdict: "shadowed",
        path: info.path,
        root: info.root,
        message:
          `Shadowed: ${info.path} (root ${info.root}) loads, but ${served.path} of the later root ${served.root} is served under the name (the last root wins)`,
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
    roots: rootsOf(snapshot, config),
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
      catalogPhrase(served, catalog)
    }`,
    skill: served,
    catalog,
    warnings: warningsAbout(snapshot, served),
  };
}

/** A discovery problem as the warning it was, with its position. */
function located(problem: Problem): LocatedWarning {
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
function catalogPhrase(info: SkillInfo, verdict: CatalogVerdict): string {
  switch (verdict.verdict) {
    case "shown":
      return "the catalog shows it to the model in full";
    case "shortened":
      return `the catalog shows the model its description cut from ${verdict.from} to ${verdict.to} characters`;
    case "without_description":
      return `the catalog shows the model its name, not its ${verdict.from}-character description, which the budget removed (rank it higher, or raise the budget)`;
    case "left_out":
      return "the catalog's budget leaves it out: the model does not see it (rank it higher, or raise the budget)";
    case "filtered":
      return FILTER_PHRASES[verdict.filter](info);
  }
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
 * A name as near misses compare it: NFKC, in lower case, without the
 * invisible format characters (zero-width, bidirectional, BOM, soft hyphen)
 * that a copy from a web page or an editor brings along.
 */
function fold(name: string): string {
  return name.normalize("NFKC").toLowerCase().normalize("NFKC").replace(
    /\p{Cf}/gu,
    "",
  );
}

/**
 * The near misses of a name not served: skills and dropped directories
 * whose names differ only in form, plugin skills of that bare name,
 * directories of that name whose skill has another name, and the entries
 * discovery passed by that hold or are such a directory.
 */
function nearMisses(snapshot: Snapshot, name: string): SkillNearMiss[] {
  const wanted = fold(name);
  const misses: SkillNearMiss[] = [];
  const seen = new Set<string>();
  const add = (miss: SkillNearMiss): void => {
    const key = `${miss.kind}\0${miss.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    misses.push(miss);
  };
  for (const info of snapshot.catalog) {
    if (fold(info.name) === wanted) {
      add({
        kind: "other_form",
        path: info.path,
        name: info.name,
        message:
          `${info.path} is the skill "${info.name}": names are compared exactly, and "${name}" differs from it only in letter case, Unicode form or invisible characters`,
      });
    } else if (info.plugin !== undefined && fold(bareName(info)) === wanted) {
      add({
        kind: "plugin_skill",
        path: info.path,
        name: info.name,
        message:
          `${info.path} is plugin ${info.plugin}'s skill, served as "${info.name}": a plugin's skills are named <plugin>:<skill>`,
      });
    } else if (matchesDir(wanted, basename(info.dir), info.plugin)) {
      add({
        kind: "named_otherwise",
        path: info.path,
        name: info.name,
        message:
          `${info.path} names its skill "${info.name}": a skill is served under the name its frontmatter gives, not its directory's`,
      });
    }
  }
  for (const { problem, root } of snapshot.record.problems) {
    if (problem.skill === undefined) {
      if (
        problem.code === "dangling_symlink" &&
        matchesDir(wanted, basename(problem.path), root.namespace)
      ) {
        add({ kind: "link", path: problem.path, message: problem.message });
      }
      continue;
    }
    // A skill that loads with a warning is in the catalog, seen above.
    if (!problem.drops) continue;
    const other = problem.code === "duplicate_skill"
      ? problem.skill
      : namespaced(root.namespace, problem.skill);
    if (other !== name && fold(other) === wanted) {
      add({
        kind: "other_form",
        path: problem.path,
        name: other,
        message:
          `${problem.path} is "${other}", which differs from "${name}" only in letter case, Unicode form or invisible characters, and it is not served either: ${problem.message}`,
      });
    }
  }
  // A directory one plugin does not list may be another's skill.
  const loaded = new Set(
    [...snapshot.catalog, ...snapshot.overridden].map((info) => info.dir),
  );
  for (const passed of snapshot.record.passed) {
    if (passed.reason === "not_listed" && loaded.has(passed.path)) continue;
    passedMisses(passed, { name, wanted }).forEach(add);
  }
  return misses;
}

/**
 * Whether a directory's name is the name wanted (folded), alone or with
 * its plugin's namespace.
 */
function matchesDir(
  wanted: string,
  dirName: string,
  namespace: string | undefined,
): boolean {
  return fold(dirName) === wanted ||
    (namespace !== undefined &&
      fold(namespaced(namespace, dirName)) === wanted);
}

/** The name a skill of `name` would have as a directory in `root`: without its namespace. */
function dirNameIn(root: SkillRoot, name: string): string {
  const prefix = `${root.namespace}:`;
  return root.namespace !== undefined && name.startsWith(prefix)
    ? name.slice(prefix.length)
    : name;
}

/** The near misses an entry discovery passed by holds, or is. */
function passedMisses(
  passed: PassedBy,
  { name, wanted }: { name: string; wanted: string },
): SkillNearMiss[] {
  const { root, path, reason } = passed;
  const own = matchesDir(wanted, passed.name, root.namespace);
  const form = own && namespaced(root.namespace, passed.name) !== name &&
      passed.name !== name
    ? ` (its name differs from "${name}" in letter case, Unicode form or invisible characters)`
    : "";
  switch (reason) {
    case "symlink":
      return own
        ? [{
          kind: "link",
          path,
          message:
            `${path} is a symlink, and symlinks are not followed (the option followSymlinks is false)${form}: add its target as a root`,
        }]
        : [];
    case "not_listed":
      return own
        ? [{
          kind: "not_in_plugin",
          path,
          message:
            `${path} is in plugin ${root.namespace}'s skills folder ${root.path}, but the plugin names its skills one by one and not this one${form}: add it to the plugin's "skills"`,
        }]
        : [];
    case "skipped":
      return skippedMisses(passed, { name, own, form });
    case "no_manifest":
      return own
        ? unreadDirMisses(passed, form)
        : tooDeepMisses(passed, wanted);
  }
}

/** What a folder a deeper scan skipped holds: a skill directory of the name, or is one. */
function skippedMisses(
  { root, path, name: folder }: PassedBy,
  { name, own, form }: { name: string; own: boolean; form: string },
): SkillNearMiss[] {
  const how = folder.startsWith(".") && folder !== ".git"
    ? `read the root with hidden: "read" (--hidden), or add ${path} as a root`
    : `add ${path} as a root`;
  if (own || fold(folder.replace(/^\.+/, "")) === fold(dirNameIn(root, name))) {
    return [{
      kind: "hidden",
      path,
      message:
        `${path} is a folder that root ${root.path} skips (dot-directories, .git and node_modules)${form}: ${how}`,
    }];
  }
  const manifest = manifestIn(childPath(path, dirNameIn(root, name)));
  return manifest === undefined ? [] : [{
    kind: "hidden",
    path: manifest,
    message:
      `${manifest} is inside ${path}, a folder that root ${root.path} skips (dot-directories, .git and node_modules): ${how}`,
  }];
}

/**
 * Why a directory of the name that discovery found without a manifest
 * gave no skill: a manifest under another name where the root reads
 * `SKILL.md` exactly, a `SKILL.md` symlink not followed, skills one level
 * down, or nothing at all.
 */
function unreadDirMisses(passed: PassedBy, form: string): SkillNearMiss[] {
  const { root, path, listing } = passed;
  const entries = listing?.entries ?? [];
  const misses: SkillNearMiss[] = [];
  for (const entry of entries) {
    if (!isManifestName(entry.name)) continue;
    const manifest = childPath(path, entry.name);
    if (entry.kind === "symlink") {
      misses.push({
        kind: "manifest_link",
        path: manifest,
        message:
          `${manifest} is a symlink, which root ${root.path} does not follow (${
            root.manifestLinks === "ignore"
              ? 'its manifestLinks is "ignore", as Codex reads'
              : "the option followSymlinks is false"
          })${form}: make it a file`,
      });
    } else if (entry.name !== "SKILL.md" && entry.kind === "file") {
      misses.push({
        kind: "manifest_name",
        path: manifest,
        message:
          `${manifest} is named ${entry.name}, and root ${root.path} reads SKILL.md exactly, as Claude Code and Codex do${form}: rename it SKILL.md`,
      });
    }
  }
  const below = entries
    .filter((entry) => entry.kind === "directory")
    .map((entry) => manifestIn(childPath(path, entry.name)))
    .filter((manifest) => manifest !== undefined);
  if (below.length > 0) {
    const shown = below.slice(0, 3).join(", ");
    misses.push({
      kind: "nested",
      path,
      message: `${path} has no manifest of its own, but ${
        below.length === 1 ? "a skill" : `${below.length} skills`
      } one level down (${shown}${
        below.length > 3 ? ", ..." : ""
      })${form}: move the skill up, or add ${path} as a root`,
    });
  }
  if (misses.length === 0) {
    misses.push({
      kind: "no_manifest",
      path,
      message: `${path} has no SKILL.md${form}: a skill directory needs one`,
    });
  }
  return misses;
}

/**
 * A skill directory of the name (in any letter case or Unicode form) inside
 * a folder the root does not read below: its listing, from discovery, says
 * whether one is there, and a status call whether it holds a manifest.
 */
function tooDeepMisses(
  { root, path, level, listing }: PassedBy,
  wanted: string,
): SkillNearMiss[] {
  const manifest = listing?.entries
    .filter((entry) =>
      entry.kind !== "file" && matchesDir(wanted, entry.name, root.namespace)
    )
    .map((entry) => manifestIn(childPath(path, entry.name)))
    .find((found) => found !== undefined);
  if (manifest === undefined) return [];
  const reads = root.depth === undefined ? "one level" : `${root.depth} levels`;
  // A deeper scan skips a dot-directory unless the root reads them.
  const hidden = basename(path).startsWith(".") && root.hidden !== "read";
  const option = `depth: ${level + 1}${hidden ? ' and hidden: "read"' : ""}`;
  const flag = `--depth ${level + 1}${hidden ? " --hidden" : ""}`;
  return [{
    kind: "too_deep",
    path: manifest,
    message: `${manifest} is ${
      level + 1
    } levels below root ${root.path}, which reads ${reads}: read the root with ${option} (${flag}), or add ${path} as a root`,
  }];
}

/** The path of `<dir>/SKILL.md` when it is a file (a symlink to one included). */
function manifestIn(dir: string): string | undefined {
  const manifest = childPath(dir, "SKILL.md");
  const status = tryStatus(manifest, { follow: true });
  return status.ok && status.value.kind === "file" ? manifest : undefined;
}

/** What became of each configured root, and what discovery said about it as a whole. */
function rootsOf(snapshot: Snapshot, config: SkillConfig): ExplainedRoot[] {
  const { record, denied } = snapshot;
  return config.roots.map((root) => {
    const warnings = record.problems
      .filter(({ problem, configured }) =>
        configured === root && problem.skill === undefined
      )
      .map(({ problem }) => located(problem));
    const state = !record.scanned.includes(root)
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
