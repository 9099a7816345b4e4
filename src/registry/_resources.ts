/**
 * The resources of a skill, for `loadSkill()`: the regular files inside its
 * directory, each directory listed proven to be the one at its real path
 * (`listOwnDirectory`), confined as `_confine.ts` confines a path.
 *
 * @module
 */

import { basename } from "node:path";
import { SkillError } from "../errors.ts";
import { type KernelPaths, listOwnDirectory } from "../fs/_listing.ts";
import {
  childPath,
  errorCode,
  isInside,
  reason,
  tryRealpath,
  tryStatus,
} from "../fs/_status.ts";
import { changedMessage, changeOf, type ConfinedSkill } from "./_confine.ts";
import type { SkillConfig } from "../config/config.ts";
import type { WarnSink } from "../warn.ts";

/** Directory names resource enumeration never enters. */
const SKIPPED = new Set([".git", "node_modules"]);

/** A directory the walk lists: its real path, and its path relative to the skill. */
interface WalkDir {
  readonly path: string;
  readonly rel: string;
  readonly depth: number;
  readonly viaLink: boolean;
}

/**
 * The regular files inside a skill's directory as sorted POSIX paths, the
 * manifest excluded, each directory listed once (see "Resource listing" in
 * docs/progressive-disclosure.md); a link leading outside goes to `outside`.
 */
export function listResources(
  confined: ConfinedSkill,
  config: SkillConfig,
  warn: WarnSink,
  { outside }: { outside?: (link: string) => void } = {},
): string[] {
  const { info } = confined;
  let change: string | undefined;
  try {
    change = changeOf(confined);
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    warn({ code: "unreadable", message: error.message, path: info.dir });
    return [];
  }
  if (change !== undefined) {
    warn({
      code: "resource_escape",
      message: `Did not list the resources of skill "${info.name}": ${
        changedMessage(info, change)
      }`,
      path: info.dir,
    });
    return [];
  }
  const skill = info.name;
  const dir = confined.place.realDir;
  const manifest = basename(info.path);
  const files: string[] = [];
  const visited = new Set<string>();
  const kernel: KernelPaths = {};
  let links: WalkDir[] = []; // entered once every directory was, by name
  let entries = 0;
  let stopped = false;
  let depthWarned = false;

  const count = (where: string): boolean => {
    if (++entries <= config.maxResourceEntries) return true;
    stopped = true;
    warn({
      code: "resource_limit",
      message:
        `Stopped listing resources of skill "${skill}" after ${config.maxResourceEntries} entries (option maxResourceEntries), at ${where}`,
      path: dir,
    });
    return false;
  };

  const enter = (next: WalkDir): void => {
    if (SKIPPED.has(next.rel.slice(next.rel.lastIndexOf("/") + 1))) return;
    if (next.depth <= config.maxResourceDepth) return visit(next);
    if (depthWarned) return;
    depthWarned = true;
    warn({
      code: "resource_limit",
      message:
        `Did not list resources of skill "${skill}" nested deeper than ${config.maxResourceDepth} directories (option maxResourceDepth), first at ${next.path}`,
      path: next.path,
    });
  };

  const follow = (link: string, rel: string, depth: number): void => {
    const dangling = (error: unknown): void =>
      warn({
        code: "dangling_symlink",
        message:
          `Skipped resource "${rel}" of skill "${skill}": the symlink cannot be followed (${
            reason(error)
          })`,
        path: link,
      });
    const resolved = tryRealpath(link);
    if (!resolved.ok) return dangling(resolved.error);
    const real = resolved.value;
    if (!isInside(real, dir)) {
      if (outside !== undefined) return outside(link);
      warn({
        code: "resource_escape",
        message:
          `Skipped resource "${rel}" of skill "${skill}": it is a symlink to ${real}, outside the skill directory`,
        path: link,
      });
      return;
    }
    const stat = tryStatus(real, { follow: false });
    if (!stat.ok) {
      // Gone since it was resolved is simply gone.
      if (errorCode(stat.error) !== "ENOENT") dangling(stat.error);
      return;
    }
    if (stat.value.kind === "file") files.push(rel);
    else if (stat.value.kind === "directory") {
      links.push({ path: real, rel, depth: depth + 1, viaLink: true });
    }
  };

  // Through a symlink, a directory is listed only when not yet, so loops end.
  const visit = ({ path: realDir, rel, depth, viaLink }: WalkDir): void => {
    if (viaLink && visited.has(realDir)) return;
    visited.add(realDir);
    const listed = listOwnDirectory(realDir, kernel);
    if (listed.kind === "failed") {
      if (errorCode(listed.error) === "ENOENT") return;
      warn({
        code: "unreadable",
        message: `Skipped resources under ${realDir} of skill "${skill}": ${
          reason(listed.error)
        }`,
        path: realDir,
      });
      return;
    }
    if (listed.kind === "moved") {
      warn({
        code: "resource_escape",
        message:
          `Skipped resources under ${realDir} of skill "${skill}": it changed while it was listed (a symlink or another file stands there now); loadSkill() after refresh() lists it again`,
        path: realDir,
      });
      return;
    }
    for (const entry of listed.listing.unrepresentable) {
      if (stopped || !count(realDir)) return;
      warn({
        code: "unrepresentable_name",
        message:
          `Skipped a resource in ${realDir} of skill "${skill}": its name ${entry.shown} is not valid UTF-8, so it cannot be opened by name; rename it`,
        path: realDir,
      });
    }
    for (const entry of listed.listing.entries) {
      if (stopped || !count(realDir)) return;
      if (rel === "" && entry.name === manifest) continue;
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const child = childPath(realDir, entry.name);
      if (entry.kind === "directory") {
        enter({ path: child, rel: childRel, depth: depth + 1, viaLink: false });
      } else if (entry.kind === "file") {
        files.push(childRel);
      } else if (entry.kind === "symlink") {
        follow(child, childRel, depth);
      }
    }
  };

  visit({ path: dir, rel: "", depth: 0, viaLink: false });
  // The links passed, in the order of their paths, once the rest was listed.
  while (links.length > 0 && !stopped) {
    const next = links;
    links = [];
    next.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    for (const link of next) enter(link);
  }
  return files.sort(); // by UTF-16 code units
}
