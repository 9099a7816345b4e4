/**
 * Finding a skill directory's manifest: `<dir>/SKILL.md` by one status call,
 * else the directory listed and the manifest matched by name. A manifest
 * that is not a regular file is reported, never opened.
 *
 * @module
 */

import { type Listing, tryList } from "../fs/_listing.ts";
import { childPath, kindOf, tryStatus } from "../fs/_status.ts";
import type { Status } from "../fs/_types.ts";
import {
  ambiguousProblem,
  manifestDirectoryProblem,
  notRegularProblem,
  readProblem,
} from "./_manifest_problems.ts";
import { skillDirProblem } from "./_problems.ts";
import type { RootScan } from "./_types.ts";

/** A manifest found, its status (its target's, for a followed symlink). */
export interface Manifest {
  readonly path: string;
  readonly name: string;
  readonly dirName: string;
  readonly status: Status;
  readonly isLink: boolean;
}

/** What {@linkcode findManifest} returns for a directory it may not list and found no `SKILL.md` in. */
export const UNLISTED = "unlisted";

/**
 * A skill directory's manifest: `<dir>/SKILL.md` by one status call, unless
 * the scan lists every skill; else the one its listing shows, in any letter
 * case unless the root says exact, `SKILL.md` first. Without one, the
 * listing, for a deeper scan; `undefined` when a problem was reported.
 * `mayList` false: only `<dir>/SKILL.md`, else `UNLISTED`.
 */
export function findManifest(
  scan: RootScan,
  dir: string,
  dirName: string,
  { mayList = true }: { mayList?: boolean } = {},
): Manifest | Listing | typeof UNLISTED | undefined {
  const { config, report } = scan;
  const follow = followsManifestLinks(scan);
  if (!mayList || (scan.listEachSkill !== true && follow)) {
    const path = childPath(dir, "SKILL.md");
    const status = tryStatus(path, { follow });
    if (status.ok && status.value.kind === "file") {
      return {
        path,
        name: "SKILL.md",
        dirName,
        status: status.value,
        isLink: false,
      };
    }
    if (!mayList) return UNLISTED;
  }
  const listing = tryList(dir);
  if (!listing.ok) {
    const problem = skillDirProblem(dir, dirName, listing.error);
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const exact = scan.root.manifestName === "exact";
  const candidates = listing.value.entries.filter((entry) =>
    exact ? entry.name === "SKILL.md" : isManifestName(entry.name)
  );
  const chosen = candidates.find((entry) => entry.name === "SKILL.md") ??
    candidates[0];
  if (chosen === undefined) return listing.value;
  if (candidates.length > 1) {
    const names = candidates.map((entry) => entry.name);
    report(ambiguousProblem({ dir, dirName, names, chosen: chosen.name }));
  }
  // A symlink not followed is as if it were not there.
  if (chosen.kind === "symlink" && !follow) return listing.value;
  if (chosen.kind !== "file" && chosen.kind !== "symlink") {
    // Never opened: opening a FIFO or a device may block or act.
    const path = childPath(dir, chosen.name);
    report(
      chosen.kind === "directory"
        ? manifestDirectoryProblem(path, dirName)
        : notRegularProblem(path, dirName, kindOf(chosen.kind)),
    );
    return undefined;
  }
  const path = childPath(dir, chosen.name);
  const isLink = chosen.kind === "symlink";
  const status = tryStatus(path, { follow });
  if (!status.ok) {
    const problem = readProblem(
      { kind: "unopenable", error: status.error },
      { path, dirName, isLink, maxBytes: config.maxManifestBytes },
    );
    if (problem !== undefined) report(problem);
    return undefined;
  }
  const { kind } = status.value;
  if (kind !== "file") {
    // Never opened: a link to a special file, or a file replaced by one
    // since the listing (a symlink, when they are not followed: left out).
    if (isLink || kind !== "symlink") {
      report(notRegularProblem(path, dirName, kindOf(kind)));
    }
    return undefined;
  }
  return { path, name: chosen.name, dirName, status: status.value, isLink };
}

/** Whether a scan follows a manifest that is a symlink. */
export function followsManifestLinks(
  { config, root }: Pick<RootScan, "config" | "root">,
): boolean {
  return config.followSymlinks && root.manifestLinks !== "ignore";
}

/** Whether a file name is a manifest's: `SKILL.md` in any letter case. */
export function isManifestName(name: string): boolean {
  return name.toLowerCase() === "skill.md";
}

/** Whether a directory holds a manifest (any case) of its own. */
export function holdsManifest(dir: string): boolean {
  const listing = tryList(dir);
  return listing.ok &&
    listing.value.entries.some((e) => isManifestName(e.name));
}
