/**
 * Which skills a catalog holds (the filters, their name globs), and in what
 * order of importance the budget takes from them.
 *
 * @module
 */

import type { SkillInfo } from "../skill.ts";
import type { CatalogFilter, CatalogReport } from "./prompt.ts";
import type { CatalogOptionValues } from "./_options.ts";

/** The skills the filters keep, and why each other was left out; a name given twice is its first. */
export function filter(
  skills: readonly SkillInfo[],
  options: CatalogOptionValues,
): { kept: SkillInfo[]; filtered: CatalogReport["filtered"][number][] } {
  const include = options.include?.map(globOf);
  const exclude = options.exclude?.map(globOf);
  const kept: SkillInfo[] = [];
  const filtered: { name: string; reason: CatalogFilter }[] = [];
  const seen = new Set<string>();
  for (const info of skills) {
    if (seen.has(info.name)) continue;
    seen.add(info.name);
    const reason: CatalogFilter | undefined =
      info.disableModelInvocation && options.userOnly !== "include"
        ? "user_only"
        : include !== undefined && !include.some((glob) => glob.test(info.name))
        ? "not_included"
        : exclude?.some((glob) => glob.test(info.name))
        ? "excluded"
        : options.scopes !== undefined && !options.scopes.includes(info.scope)
        ? "scope"
        : options.sources !== undefined &&
            !options.sources.includes(info.source)
        ? "source"
        : undefined;
    if (reason === undefined) kept.push(info);
    else filtered.push({ name: info.name, reason });
  }
  return { kept, filtered };
}

/** The skills, most important first: by rank, then precedence (highest first), then name. */
export function byImportance(
  skills: readonly SkillInfo[],
  { rank, precedence }: CatalogOptionValues,
): SkillInfo[] {
  const ranked = new Map((rank ?? []).map((name, index) => [name, index]));
  // Each root's highest index: one look-up per directory above a skill's root.
  const levels = new Map((precedence ?? []).map((root, i) => [root, i]));
  const lengths = new Set([...levels.keys()].map((root) => root.length));
  const level = (info: SkillInfo): number => {
    let found = levels.get(info.root) ?? -1;
    for (let end = info.root.indexOf("/"); end !== -1;) {
      if (lengths.has(end)) {
        found = Math.max(found, levels.get(info.root.slice(0, end)) ?? -1);
      }
      end = info.root.indexOf("/", end + 1);
    }
    return found;
  };
  const levelOf = new Map(
    levels.size === 0 ? [] : skills.map((info) => [info, level(info)]),
  );
  return [...skills].sort((a, b) => {
    const ra = ranked.get(a.name) ?? Infinity;
    const rb = ranked.get(b.name) ?? Infinity;
    if (ra !== rb) return ra - rb;
    const pa = levelOf.get(a) ?? -1;
    const pb = levelOf.get(b) ?? -1;
    if (pa !== pb) return pb - pa;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/** A name glob: `*` any run of code points, `?` one, any other itself. */
export interface Glob {
  /** Whether the whole name matches; `steps` counts the walk's steps. */
  test(name: string, steps?: { count: number }): boolean;
}

/**
 * The glob of a pattern, matched by the greedy walk that returns to the last
 * `*` only: at most `(name + 1) × (pattern + 1)` steps, where a backtracking
 * regular expression is exponential on `*-*-*-x`.
 */
export function globOf(pattern: string): Glob {
  const glob = [...pattern];
  return {
    test: (text, steps = { count: 0 }) => {
      const name = [...text];
      let g = 0;
      let n = 0;
      // The last `*` seen, and the first name character it does not yet take.
      let star = -1;
      let resume = 0;
      while (n < name.length) {
        steps.count++;
        const char = glob[g];
        if (char === "*") {
          star = g++;
          resume = n;
        } else if (char !== undefined && (char === "?" || char === name[n])) {
          g++;
          n++;
        } else if (star >= 0) {
          g = star + 1;
          n = ++resume;
        } else {
          return false;
        }
      }
      while (glob[g] === "*") {
        steps.count++;
        g++;
      }
      return g === glob.length;
    },
  };
}
