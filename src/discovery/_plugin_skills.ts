/**
 * The skills of a root of plugins, scan by scan: each real skills folder its
 * plugins name is scanned once, confined to the root's real directory, and
 * its skills are served in each plugin's name. The skills folders come from
 * `_plugins.ts`; each scan is `_root.ts`'s.
 *
 * @module
 */

import { relative, sep } from "node:path";
import type { SkillRoot } from "../config/config.ts";
import { bareName, namespaced } from "../_names.ts";
import { pluginRoots, pluginsRealPath } from "./_plugins.ts";
import { discoverRoot } from "./_root.ts";
import type { DiscoveredSkill, RootScan, RootSkills } from "./_types.ts";

/**
 * The skills of a root of plugins (`scan.root`), as of now, in the order of
 * its plugins and their skills folders: each real folder is scanned once
 * however many plugins list it (the skill directories any of them names,
 * read once), and each plugin gets its skills under its own name. Nothing is
 * read from outside the root's real directory: a skill directory or
 * manifest that leads there is reported (`invalid_plugin`) and left out.
 * `scanOf` gives the scan of one skills folder (where its problems go).
 */
export function discoverPlugins(
  scan: Pick<RootScan, "root" | "config" | "report" | "buffer">,
  scanOf: (root: SkillRoot) => RootScan,
): RootSkills[] {
  const within = pluginsRealPath(scan.root.path);
  const roots = pluginRoots(scan);
  // The roots of each real folder, the first one scanned for them all.
  const byFolder = new Map<string, SkillRoot[]>();
  for (const root of roots) {
    const same = byFolder.get(root.realPath);
    if (same === undefined) byFolder.set(root.realPath, [root]);
    else same.push(root);
  }
  const found = new Map<string, DiscoveredSkill[]>();
  return roots.map((root) => {
    const same = byFolder.get(root.realPath) ?? [root];
    const first = same[0] ?? root;
    let skills = found.get(root.realPath);
    const read = skills === undefined;
    if (skills === undefined) {
      // The skill directories any of them reads: all, or those named.
      const only = same.some((other) => other.only === undefined)
        ? undefined
        : [...new Set(same.flatMap((other) => other.only ?? []))];
      skills = discoverRoot({
        ...scanOf(first),
        root: only === undefined ? withoutOnly(first) : { ...first, only },
        within,
      });
      found.set(root.realPath, skills);
    }
    return {
      root,
      skills: skills.filter((skill) => listedBy(root, first, skill))
        .map((skill) =>
          root === first || root.namespace === undefined
            ? skill
            : renamed(skill, root.namespace)
        ),
      read,
    };
  });
}

/** A skills folder's root without a list of the only skills to read. */
function withoutOnly(root: SkillRoot): SkillRoot {
  const { only: _, ...rest } = root;
  return rest;
}

/** Whether `root` (of one folder with `first`, which read it) lists a skill. */
function listedBy(
  root: SkillRoot,
  first: SkillRoot,
  skill: DiscoveredSkill,
): boolean {
  if (root.only === undefined) return true;
  const top = relative(first.path, skill.info.dir).split(sep)[0] ?? "";
  return root.only.includes(top);
}

/** A skill read for one plugin, in another's name (a copy: no read, no system call). */
function renamed(skill: DiscoveredSkill, plugin: string): DiscoveredSkill {
  const name = namespaced(plugin, bareName(skill.info));
  return { ...skill, info: Object.freeze({ ...skill.info, name, plugin }) };
}
