/**
 * The near misses of a name not served, among the skills and the entries
 * discovery passed by: the name is only compared with listed names, folded.
 *
 * @module
 */

import { basename } from "node:path";
import type { PassedBy } from "../discovery/_types.ts";
import { isManifestName } from "../discovery/_manifest.ts";
import { childPath } from "../fs/_status.ts";
import type { Snapshot } from "../registry/_snapshot.ts";
import type { SkillInfo } from "../skill.ts";
import { bareName, closest, namespaced } from "../_names.ts";
import { withoutActing } from "../_text.ts";
import { isFile, type NamedBelow, namedBelow } from "./_below.ts";

/** What a near miss is (each is described in docs/prompt.md, "Why a skill is missing"). */
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

/** A name as compared here: NFKC, lower case, without acting characters (zero-width, bidi, ...). */
function fold(name: string): string {
  return withoutActing(
    name.normalize("NFKC").toLowerCase().normalize("NFKC"),
  );
}

/** What a folded name leaves out. */
const FORMS = "letter case, Unicode form or invisible characters";

/** What a host or an author may take for the skill `name`, which is not served. */
export function nearMisses(snapshot: Snapshot, name: string): SkillNearMiss[] {
  const wanted = fold(name);
  const misses = new Map<string, SkillNearMiss>();
  const add = (miss: SkillNearMiss): void => {
    const key = `${miss.kind}\0${miss.path}`;
    if (!misses.has(key)) misses.set(key, miss);
  };
  /** Whether a directory's name is the name wanted, alone or in its root's namespace. */
  const matches = (
    dirName: string,
    { namespace }: { namespace?: string | undefined },
  ): boolean =>
    fold(dirName) === wanted ||
    (namespace !== undefined &&
      fold(namespaced(namespace, dirName)) === wanted);
  const others: SkillInfo[] = [];
  for (const info of snapshot.catalog) {
    const { path, name: other, plugin } = info;
    const [kind, why]: [NearMissKind?, string?] = fold(other) === wanted
      ? [
        "other_form",
        `is the skill "${other}": names are compared exactly, and "${name}" differs from it only in ${FORMS}`,
      ]
      : plugin !== undefined && fold(bareName(info)) === wanted
      ? [
        "plugin_skill",
        `is plugin ${plugin}'s skill, served as "${other}": a plugin's skills are named <plugin>:<skill>`,
      ]
      : matches(basename(info.dir), { namespace: plugin })
      ? [
        "named_otherwise",
        `names its skill "${other}": a skill is served under the name its frontmatter gives, not its directory's`,
      ]
      : [];
    if (kind === undefined) others.push(info);
    else add({ kind, path, name: other, message: `${path} ${why}` });
  }
  for (const { problem, root } of snapshot.record.problems) {
    const { path, skill } = problem;
    if (skill === undefined) {
      const dangling = problem.code === "dangling_symlink";
      if (dangling && matches(basename(path), root)) {
        add({ kind: "link", path, message: problem.message });
      }
    } else if (problem.drops) {
      // Only a dropped one: one that loads with a warning is in the catalog.
      const other = problem.code === "duplicate_skill"
        ? skill
        : namespaced(root.namespace, skill);
      if (other !== name && fold(other) === wanted) {
        add({
          kind: "other_form",
          path,
          name: other,
          message:
            `${path} is "${other}", which differs from "${name}" only in ${FORMS}, and it is not served either: ${problem.message}`,
        });
      }
    }
  }
  // A directory one plugin does not list may be another's skill.
  const loaded = new Set(
    [...snapshot.catalog, ...snapshot.overridden].map((info) => info.dir),
  );
  const starts: PassedBy[] = [];
  for (const passed of snapshot.record.passed) {
    const { reason, path, root } = passed;
    if (reason === "not_listed" && loaded.has(path)) continue;
    const own = matches(passed.name, root);
    const form = own && namespaced(root.namespace, passed.name) !== name &&
        passed.name !== name
      ? ` (its name differs from "${name}" in ${FORMS})`
      : "";
    const found = passedMisses(passed, { name, own, form });
    found.forEach(add);
    const folder = reason === "no_manifest" || reason === "skipped";
    if (folder && found.length === 0) starts.push(passed);
  }
  // Below the folders discovery did not read below: found from listings.
  for (const found of namedBelow(starts, matches)) add(belowMiss(found));
  similarMisses(others, { name, wanted }).forEach(add);
  return [...misses.values()];
}

/** The served skills a typo away (bare names too), folded: one edit up to 5 characters, two beyond, none up to 2. */
function similarMisses(
  skills: readonly SkillInfo[],
  { name, wanted }: { name: string; wanted: string },
): SkillNearMiss[] {
  const max = Math.min(2, Math.floor(wanted.length / 3));
  if (max === 0) return [];
  const byFolded = new Map<string, SkillInfo>();
  for (const info of skills) {
    for (const form of [info.name, bareName(info)]) {
      const folded = fold(form);
      if (!byFolded.has(folded)) byFolded.set(folded, info);
    }
  }
  const near = new Set(
    closest(wanted, byFolded.keys(), { max, limit: byFolded.size })
      .map((folded) => byFolded.get(folded))
      .filter((info) => info !== undefined),
  );
  return [...near].slice(0, 3).map((info) => ({
    kind: "similar",
    path: info.path,
    name: info.name,
    message:
      `${info.path} is the skill "${info.name}", a name close to "${name}": did you mean "${info.name}"?`,
  }));
}

/** The near misses an entry discovery passed by holds, or is (`own`: of the name). */
function passedMisses(
  passed: PassedBy,
  { name, own, form }: { name: string; own: boolean; form: string },
): SkillNearMiss[] {
  const { root, path, reason } = passed;
  if (reason === "skipped") {
    // A folder a deeper scan skipped that is of the name, dots aside.
    const prefix = `${root.namespace}:`;
    const bare = root.namespace !== undefined && name.startsWith(prefix)
      ? name.slice(prefix.length)
      : name;
    if (!own && fold(passed.name.replace(/^\.+/, "")) !== fold(bare)) {
      return [];
    }
    const how = passed.name.startsWith(".") && passed.name !== ".git"
      ? `read the root with hidden: "read" (--hidden), or add ${path} as a root`
      : `add ${path} as a root`;
    return [{
      kind: "hidden",
      path,
      message:
        `${path} is a folder that root ${root.path} skips (dot-directories, .git and node_modules)${form}: ${how}`,
    }];
  }
  if (!own) return [];
  if (reason === "no_manifest") return unreadDirMisses(passed, form);
  const message = reason === "symlink"
    ? `${path} is a symlink, and symlinks are not followed (the option followSymlinks is false)${form}: add its target as a root`
    : `${path} is in plugin ${root.namespace}'s skills folder ${root.path}, but the plugin names its skills one by one and not this one${form}: add it to the plugin's "skills"`;
  return [{
    kind: reason === "symlink" ? "link" : "not_in_plugin",
    path,
    message,
  }];
}

/** Why a directory of the name without a manifest gave no skill. */
function unreadDirMisses(passed: PassedBy, form: string): SkillNearMiss[] {
  const { root, path, listing } = passed;
  const entries = listing?.entries ?? [];
  const misses: SkillNearMiss[] = [];
  for (const entry of entries) {
    if (!isManifestName(entry.name)) continue;
    const manifest = childPath(path, entry.name);
    if (entry.kind === "symlink") {
      const why = root.manifestLinks === "ignore"
        ? 'its manifestLinks is "ignore", as Codex reads'
        : "the option followSymlinks is false";
      misses.push({
        kind: "manifest_link",
        path: manifest,
        message:
          `${manifest} is a symlink, which root ${root.path} does not follow (${why})${form}: make it a file`,
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
  // Skills one level down.
  const below = entries.filter((entry) => entry.kind === "directory")
    .map((entry) => childPath(childPath(path, entry.name), "SKILL.md"))
    .filter(isFile);
  if (below.length > 0) {
    const count = below.length === 1 ? "a skill" : `${below.length} skills`;
    const shown = `${below.slice(0, 3).join(", ")}${
      below.length > 3 ? ", ..." : ""
    }`;
    misses.push({
      kind: "nested",
      path,
      message:
        `${path} has no manifest of its own, but ${count} one level down (${shown})${form}: move the skill up, or add ${path} as a root`,
    });
  }
  const message = `${path} has no SKILL.md${form}: a skill directory needs one`;
  return misses.length > 0 ? misses : [{ kind: "no_manifest", path, message }];
}

/** A skill directory of the name below a folder discovery did not read below, and what would read it. */
function belowMiss(found: NamedBelow): SkillNearMiss {
  const { manifest, parent, level, from, dotFolder, closedFolder } = found;
  const { root } = from;
  const depth = root.depth ?? 1;
  const open = closedFolder === undefined;
  const options: string[] = [];
  const flags: string[] = [];
  if (open && level > depth) {
    options.push(`depth: ${level}`);
    flags.push(`--depth ${level}`);
  }
  if (open && dotFolder !== undefined && root.hidden !== "read") {
    options.push('hidden: "read"');
    flags.push("--hidden");
  }
  const how = `${
    options.length === 0
      ? ""
      : `read the root with ${options.join(" and ")} (${flags.join(" ")}), or `
  }add ${parent} as a root`;
  if (from.reason === "skipped" || !open) {
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
