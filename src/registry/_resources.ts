/**
 * The resources of a skill, for `loadSkill()`: the regular files inside its
 * directory, listed directory by directory, each proven to be the directory
 * at its real path (see `_fs/listing.ts`), confined as `_confine.ts` confines
 * a path.
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
import type { SkillInfo } from "../skill.ts";
import type { SkillConfig } from "../config/config.ts";
import type { WarnSink } from "../warn.ts";

/** Directory names resource enumeration never enters. */
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([
  ".git",
  "node_modules",
]);

/**
 * Lists the regular files inside a skill's directory as sorted POSIX paths
 * relative to it, the manifest excluded. Skips `.git` and `node_modules`,
 * follows a symlink only when its target is inside the directory, enters a
 * directory symlink only when no path of the directory's own reaches it
 * (and then once, so loops end), and stops at the entry and
 * depth caps of the config, warning each time it leaves something out.
 * With `outside`, a symlink that leads outside the directory is passed to
 * it instead of being warned about.
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
  const dir = confined.place.realDir;
  const walk = new ResourceWalk({ info, dir, config, warn, outside });
  walk.visit({ path: dir, rel: "", depth: 0, viaLink: false });
  walk.followLinks();
  return walk.files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A directory the walk lists. */
interface WalkDir {
  /** Its real path. */
  readonly path: string;
  /** Its path relative to the skill's directory (`""` for that directory). */
  readonly rel: string;
  /** How many directories deep it is below the skill's directory. */
  readonly depth: number;
  /** Whether a symlink led to it. */
  readonly viaLink: boolean;
}

/** One listing of a skill's resources: what it found, and how far it went. */
class ResourceWalk {
  readonly files: string[] = [];
  #entries = 0;
  #stopped = false;
  #depthWarned = false;
  readonly #visited = new Set<string>();
  /** Symlinks to directories inside, entered once every directory was by name. */
  #links: WalkDir[] = [];
  readonly #kernel: KernelPaths = {};
  readonly #manifest: string;

  readonly info: SkillInfo;
  /** The skill's real directory: every listed file is inside it. */
  readonly dir: string;
  readonly config: SkillConfig;
  readonly warn: WarnSink;
  readonly outside: ((link: string) => void) | undefined;

  constructor(
    { info, dir, config, warn, outside }: {
      info: SkillInfo;
      dir: string;
      config: SkillConfig;
      warn: WarnSink;
      outside: ((link: string) => void) | undefined;
    },
  ) {
    this.info = info;
    this.dir = dir;
    this.config = config;
    this.warn = warn;
    this.outside = outside;
    this.#manifest = basename(info.path);
  }

  /**
   * Lists one directory, by its real path, proven to be the directory there
   * (see `listOwnDirectory`): one swapped for a symlink or a file meanwhile
   * is not listed. A directory reached by its own name is always listed (the
   * tree cannot loop); one reached through a symlink only when its real path
   * has not been listed yet, so links to ancestors end and each directory
   * is listed under its own name.
   */
  visit({ path: realDir, rel, depth, viaLink }: WalkDir): void {
    if (viaLink && this.#visited.has(realDir)) return;
    this.#visited.add(realDir);
    const listed = listOwnDirectory(realDir, this.#kernel);
    if (listed.kind === "failed") {
      if (errorCode(listed.error) === "ENOENT") return;
      this.warn({
        code: "unreadable",
        message:
          `Skipped resources under ${realDir} of skill "${this.info.name}": ${
            reason(listed.error)
          }`,
        path: realDir,
      });
      return;
    }
    if (listed.kind === "moved") {
      this.warn({
        code: "resource_escape",
        message:
          `Skipped resources under ${realDir} of skill "${this.info.name}": it changed while it was listed (a symlink or another file stands there now); loadSkill() after refresh() lists it again`,
        path: realDir,
      });
      return;
    }
    const { entries, unrepresentable } = listed.listing;
    for (const entry of unrepresentable) {
      if (this.#stopped || !this.#count(realDir)) return;
      this.warn({
        code: "unrepresentable_name",
        message:
          `Skipped a resource in ${realDir} of skill "${this.info.name}": its name ${entry.shown} is not valid UTF-8, so it cannot be opened by name; rename it`,
        path: realDir,
      });
    }
    for (const entry of entries) {
      if (this.#stopped || !this.#count(realDir)) return;
      if (rel === "" && entry.name === this.#manifest) continue;
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const child = childPath(realDir, entry.name);
      if (entry.kind === "directory") {
        this.#enter({
          path: child,
          rel: childRel,
          depth: depth + 1,
          viaLink: false,
        });
      } else if (entry.kind === "file") {
        this.files.push(childRel);
      } else if (entry.kind === "symlink") {
        this.#follow(child, childRel, depth);
      }
    }
  }

  /**
   * Enters the symlinks to directories the walk passed, in the order of
   * their paths, once every directory reachable by its own name was
   * listed: a link to one of those is not entered (its files are listed
   * under their own names), whatever its name sorts before; a link to a
   * directory reached no other way is entered once, by the first such link.
   * Links found in a directory so entered are entered next, the same way.
   */
  followLinks(): void {
    while (this.#links.length > 0 && !this.#stopped) {
      const links = this.#links.sort((a, b) =>
        a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0
      );
      this.#links = [];
      for (const link of links) this.#enter(link);
    }
  }

  #count(where: string): boolean {
    if (++this.#entries <= this.config.maxResourceEntries) return true;
    this.#stopped = true;
    this.warn({
      code: "resource_limit",
      message:
        `Stopped listing resources of skill "${this.info.name}" after ${this.config.maxResourceEntries} entries (option maxResourceEntries), at ${where}`,
      path: this.dir,
    });
    return false;
  }

  #enter(dir: WalkDir): void {
    if (SKIPPED_DIRECTORIES.has(dir.rel.slice(dir.rel.lastIndexOf("/") + 1))) {
      return;
    }
    if (dir.depth > this.config.maxResourceDepth) {
      if (!this.#depthWarned) {
        this.#depthWarned = true;
        this.warn({
          code: "resource_limit",
          message:
            `Did not list resources of skill "${this.info.name}" nested deeper than ${this.config.maxResourceDepth} directories (option maxResourceDepth), first at ${dir.path}`,
          path: dir.path,
        });
      }
      return;
    }
    this.visit(dir);
  }

  #follow(link: string, rel: string, depth: number): void {
    const dangling = (error: unknown): void =>
      this.warn({
        code: "dangling_symlink",
        message:
          `Skipped resource "${rel}" of skill "${this.info.name}": the symlink cannot be followed (${
            reason(error)
          })`,
        path: link,
      });
    const resolved = tryRealpath(link);
    if (!resolved.ok) return dangling(resolved.error);
    const real = resolved.value;
    if (!isInside(real, this.dir)) {
      if (this.outside !== undefined) return this.outside(link);
      this.warn({
        code: "resource_escape",
        message:
          `Skipped resource "${rel}" of skill "${this.info.name}": it is a symlink to ${real}, outside the skill directory`,
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
    if (stat.value.kind === "file") this.files.push(rel);
    else if (stat.value.kind === "directory") {
      this.#links.push({ path: real, rel, depth: depth + 1, viaLink: true });
    }
  }
}
