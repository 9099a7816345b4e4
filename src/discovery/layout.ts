/**
 * What a root holds when it gave no skills, or holds skills deeper than it is
 * read: its layout (nothing, a skill directory given as a root, skills
 * nested below it, a plugin marketplace, category folders) and how to reach
 * what lies deeper. What `checkSkills` and the command say about a path that
 * gave no skills, and {@linkcode emptyRootLayout} tells a host.
 *
 * @module
 */

import { tryList } from "../fs/_listing.ts";
import { childPath, errorCode, tryStatus } from "../fs/_status.ts";
import { isManifestName } from "./_manifest.ts";
import {
  holdsSkillBelow,
  type SkillBelow,
  skillsBelow,
} from "./_skills_below.ts";

/** A directory below a root whose own directories hold skills: a root itself. */
export interface NestedRoot {
  /** The directory, to pass as a root instead. */
  readonly dir: string;
  /** One manifest in it, relative to the path that was given. */
  readonly example: string;
}

/**
 * Where skills deeper than a root is read are, and how to reach them: as a
 * plugin marketplace (`plugins`: read the root with `kind: "plugins"`), in
 * a few folders (`nested`: pass those folders as roots instead), or in
 * category folders (`deeper`: read the root with this `depth`). `examples`
 * are manifests relative to the root, one per folder that holds skills.
 */
export type DeeperLayout =
  | { readonly kind: "plugins"; readonly examples: readonly string[] }
  | { readonly kind: "nested"; readonly nested: readonly NestedRoot[] }
  | {
    readonly kind: "deeper";
    readonly depth: number;
    readonly examples: readonly string[];
  };

/**
 * What a root that gave no skills holds, where discovery had nothing to warn
 * about: nothing (`missing`: it does not exist), a manifest of its own
 * (`skill_directory`: a skill directory given as a root), skills deeper
 * down (a {@linkcode DeeperLayout}: up to six levels), or none of these
 * (`other`).
 */
export type EmptyRootLayout =
  | { readonly kind: "missing" }
  | { readonly kind: "skill_directory" }
  | DeeperLayout
  | { readonly kind: "other" };

/**
 * What a root that gave no skills holds, to tell its user why: nothing at all
 * (it does not exist), a manifest of its own (a skill directory given as a
 * root: pass its parent), or skills deeper down, up to six levels (a plugin
 * marketplace: read it as plugins; a few folders that hold skills: pass
 * those in `nested` instead; category folders: read it with `depth`).
 * Otherwise `other`: discovery's warnings say why (the root is unreadable or
 * not a directory, its skills did not load) or it is empty. It reads the
 * directory and the ones below it; discovery never does.
 *
 * @example A store that keeps its skills one level too deep
 * ```ts
 * import { emptyRootLayout } from "@clarvis/agent-skills/check";
 * import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { join } from "node:path";
 *
 * const store = mkdtempSync("/tmp/agent-skills-doc-");
 * mkdirSync(join(store, "skills", "pdf"), { recursive: true });
 * writeFileSync(join(store, "skills", "pdf", "SKILL.md"), "---\n---\n");
 *
 * const layout = emptyRootLayout(store);
 * if (layout.kind === "nested") {
 *   console.log(layout.nested[0]?.example); // "skills/pdf/SKILL.md"
 * }
 * rmSync(store, { recursive: true });
 * ```
 */
export function emptyRootLayout(path: string): EmptyRootLayout {
  const stat = tryStatus(path, { follow: true });
  if (!stat.ok) {
    return { kind: errorCode(stat.error) === "ENOENT" ? "missing" : "other" };
  }
  const listing = stat.value.kind === "directory" ? tryList(path) : undefined;
  if (listing === undefined || !listing.ok) return { kind: "other" };
  const { entries } = listing.value;
  if (entries.some((entry) => isManifestName(entry.name))) {
    return { kind: "skill_directory" };
  }
  if (holdsSkillBelow(path, entries)) return { kind: "other" };
  return deeperLayout(path, skillsBelow(path, new Set())) ?? { kind: "other" };
}

/**
 * How to reach skills found below `path` that a scan did not: as plugins,
 * when `path` is a marketplace; with the roots that hold them (each with
 * one example), when they are at most three or under a dot-directory; else
 * with a depth. `undefined` when there are none.
 */
export function deeperLayout(
  path: string,
  deeper: readonly SkillBelow[],
): DeeperLayout | undefined {
  if (deeper.length === 0) return undefined;
  const parents = new Map<string, string>();
  for (const { rel } of deeper) {
    const parent = rel.slice(0, rel.lastIndexOf("/"));
    if (!parents.has(parent)) parents.set(parent, `${rel}/SKILL.md`);
  }
  const examples = [...parents.values()];
  const market = childPath(
    childPath(path, ".claude-plugin"),
    "marketplace.json",
  );
  if (tryStatus(market, { follow: true }).ok) {
    return { kind: "plugins", examples };
  }
  const hidden = deeper.some(({ rel }) =>
    rel.split("/").some((part) => part.startsWith("."))
  );
  if (parents.size <= 3 || hidden) {
    return {
      kind: "nested",
      nested: [...parents].map(([parent, example]) => ({
        dir: childPath(path, parent),
        example,
      })),
    };
  }
  const depth = Math.max(...deeper.map((skill) => skill.level));
  return { kind: "deeper", depth, examples };
}
