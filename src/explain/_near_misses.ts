/**
 * The near misses of a name not served: what a host or an author may take
 * for the skill among the skills and the entries discovery passed by. A
 * name is only compared with names discovery's listings gave (folded), and
 * every path looked at is built from a listed entry; below the folders
 * discovery did not read below, `below.ts` looks, in bounded work.
 *
 * @module
 */

import { basename } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import type { PassedBy } from "../discovery/_types.ts";
import { isManifestName } from "../discovery/_manifest.ts";
import { childPath, tryStatus } from "../fs/_status.ts";
import { type NamedBelow, namedBelow } from "./_below.ts";
import { bareName, closest, namespaced } from "../_names.ts";
import { withoutActing } from "../_text.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillNearMiss } from "./explanation.ts";

/**
 * A name as near misses compare it: NFKC, in lower case, without the
 * characters that show as nothing (zero-width, bidirectional, BOM, soft
 * hyphen, tags, variation selectors: the acting characters the output
 * escapes) that a copy from a web page or an editor brings along.
 */
function fold(name: string): string {
  return withoutActing(
    name.normalize("NFKC").toLowerCase().normalize("NFKC"),
  );
}

/**
 * The near misses of a name not served: skills and dropped directories
 * whose names differ only in form, plugin skills of that bare name,
 * directories of that name whose skill has another name, the entries
 * discovery passed by that hold or are such a directory, and the served
 * skills whose names are a typo away.
 */
export function nearMisses(snapshot: Snapshot, name: string): SkillNearMiss[] {
  const wanted = fold(name);
  const misses: SkillNearMiss[] = [];
  const seen = new Set<string>();
  const add = (miss: SkillNearMiss): void => {
    const key = `${miss.kind}\0${miss.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    misses.push(miss);
  };
  const others: SkillInfo[] = [];
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
    } else {
      others.push(info);
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
  const starts: PassedBy[] = [];
  for (const passed of snapshot.record.passed) {
    if (passed.reason === "not_listed" && loaded.has(passed.path)) continue;
    const own = passedMisses(passed, { name, wanted });
    own.forEach(add);
    const folder = passed.reason === "no_manifest" ||
      passed.reason === "skipped";
    if (folder && own.length === 0) starts.push(passed);
  }
  // Below the folders discovery did not read below: found from listings.
  const below = namedBelow(
    starts,
    (entryName, root) => matchesDir(wanted, entryName, root.namespace),
  );
  for (const found of below) add(belowMiss(found));
  similarMisses(others, { name, wanted }).forEach(add);
  return misses;
}

/** How many names a name not served is told it may have meant, at most. */
const SIMILAR = 3;

/**
 * The served skills whose names (or, for a plugin's skill, bare names) are
 * a typo away from the name wanted, folded: one edit for a name of up to
 * five characters, two for a longer one, none for one of two or fewer; the
 * closest first.
 */
function similarMisses(
  skills: readonly SkillInfo[],
  { name, wanted }: { name: string; wanted: string },
): SkillNearMiss[] {
  const max = Math.min(2, Math.floor(wanted.length / 3));
  if (max === 0) return [];
  const byFolded = new Map<string, SkillInfo>();
  for (const info of skills) {
    const forms = info.plugin === undefined
      ? [info.name]
      : [info.name, bareName(info)];
    for (const form of forms) {
      const folded = fold(form);
      if (!byFolded.has(folded)) byFolded.set(folded, info);
    }
  }
  const near = new Set(
    closest(wanted, byFolded.keys(), { max, limit: byFolded.size })
      .map((folded) => byFolded.get(folded))
      .filter((info) => info !== undefined),
  );
  return [...near].slice(0, SIMILAR).map((info) => ({
    kind: "similar",
    path: info.path,
    name: info.name,
    message:
      `${info.path} is the skill "${info.name}", a name close to "${name}": did you mean "${info.name}"?`,
  }));
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
      return own ? unreadDirMisses(passed, form) : [];
  }
}

/** A folder a deeper scan skipped that is itself of the name (what it holds is looked for below). */
function skippedMisses(
  { root, path, name: folder }: PassedBy,
  { name, own, form }: { name: string; own: boolean; form: string },
): SkillNearMiss[] {
  if (
    !own && fold(folder.replace(/^\.+/, "")) !== fold(dirNameIn(root, name))
  ) {
    return [];
  }
  const how = folder.startsWith(".") && folder !== ".git"
    ? `read the root with hidden: "read" (--hidden), or add ${path} as a root`
    : `add ${path} as a root`;
  return [{
    kind: "hidden",
    path,
    message:
      `${path} is a folder that root ${root.path} skips (dot-directories, .git and node_modules)${form}: ${how}`,
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
 * A skill directory of the name found below a folder discovery did not
 * read below, and the options that would read it: the depth of its level,
 * and dot-directories where one is on the way (`too_deep`; `hidden` below a
 * folder a deeper scan skipped).
 */
function belowMiss(found: NamedBelow): SkillNearMiss {
  const { manifest, parent, level, from, dotFolder, closedFolder } = found;
  const { root } = from;
  const depth = root.depth ?? 1;
  const readWith = closedFolder === undefined
    ? readingOptions({
      depth: level > depth ? level : undefined,
      hidden: dotFolder !== undefined && root.hidden !== "read",
    })
    : "";
  const how = `${readWith}add ${parent} as a root`;
  if (from.reason === "skipped" || closedFolder !== undefined) {
    const skipped = closedFolder ?? dotFolder ?? from.path;
    return {
      kind: "hidden",
      path: manifest,
      message:
        `${manifest} is inside ${skipped}, a folder that root ${root.path} skips (dot-directories, .git and node_modules): ${how}`,
    };
  }
  return {
    kind: "too_deep",
    path: manifest,
    message:
      `${manifest} is ${level} levels below root ${root.path}, which reads ${
        depth === 1 ? "one level" : `${depth} levels`
      }: ${how}`,
  };
}

/** "read the root with <options> (<flags>), or ", or "" when none would. */
function readingOptions(
  { depth, hidden }: { depth: number | undefined; hidden: boolean },
): string {
  const options = [
    ...(depth === undefined ? [] : [`depth: ${depth}`]),
    ...(hidden ? ['hidden: "read"'] : []),
  ];
  const flags = [
    ...(depth === undefined ? [] : [`--depth ${depth}`]),
    ...(hidden ? ["--hidden"] : []),
  ];
  return options.length === 0
    ? ""
    : `read the root with ${options.join(" and ")} (${flags.join(" ")}), or `;
}

/** The path of `<dir>/SKILL.md` when it is a file (a symlink to one included). */
function manifestIn(dir: string): string | undefined {
  const manifest = childPath(dir, "SKILL.md");
  const status = tryStatus(manifest, { follow: true });
  return status.ok && status.value.kind === "file" ? manifest : undefined;
}
