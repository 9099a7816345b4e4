/**
 * A root as the command line writes it: a path, or the root's own options
 * before its path (`depth=2,hidden=read,path=DIR`), named as the library's
 * root options name them.
 *
 * @module
 */

import type { Values } from "./types.ts";

/**
 * A root as written on the command line: a path, or the root's own options
 * and then its path, as the library's root options name them
 * (`depth=2,hidden=read,path=DIR`, `kind=plugins,path=DIR`). The path comes
 * last and is taken whole, commas and all; a directory whose name reads as
 * such a spec is given as `./NAME`.
 */
export interface RootSpec {
  /** The path, as written (relative to the current directory). */
  readonly path: string;
  /** `depth=N`: how many levels below the root a skill may be. */
  readonly depth?: number;
  /** `hidden=read|skip`: whether a deeper root reads dot-directories. */
  readonly hidden?: "read" | "skip";
  /** `kind=skills|plugins`: what the root holds. */
  readonly kind?: "skills" | "plugins";
}

/** A root's own options before its path: the spec form of a root. */
const ROOT_SPEC = /^(?:(?:depth|hidden|kind)=[^,]*,)*path=/;

/** The values each option of a root spec takes. */
const SPEC_VALUES = {
  hidden: ["read", "skip"],
  kind: ["skills", "plugins"],
} as const;

/**
 * A root as written, read: a plain path, or its options and path; or what
 * is wrong with its options, in the spec's own words.
 */
export function rootSpec(text: string): RootSpec | { problem: string } {
  const head = ROOT_SPEC.exec(text)?.[0];
  if (head === undefined) return { path: text };
  const path = text.slice(head.length);
  const problem = (what: string): { problem: string } => ({
    problem: `root ${JSON.stringify(text)}: ${what}`,
  });
  if (path === "") return problem("path= needs the root's directory");
  const spec: { -readonly [key in keyof RootSpec]: RootSpec[key] } = { path };
  for (const pair of head.slice(0, -"path=".length).split(",")) {
    if (pair === "") continue;
    const [key = "", value = ""] = pair.split("=");
    if (key in spec) return problem(`${key}= is given twice`);
    if (key === "depth") {
      const depth = Number(value);
      if (
        !/^[0-9]+$/.test(value) || depth < 1 || !Number.isSafeInteger(depth)
      ) {
        return problem(
          `depth= takes a whole number of levels above 0, got "${value}"`,
        );
      }
      spec.depth = depth;
    } else {
      const allowed: readonly string[] = SPEC_VALUES[key as "hidden" | "kind"];
      if (!allowed.includes(value)) {
        return problem(
          `${key}= takes ${allowed.join(" or ")}, got "${value}"`,
        );
      }
      if (key === "hidden") spec.hidden = value as "read" | "skip";
      else spec.kind = value as "skills" | "plugins";
    }
  }
  if (spec.hidden === "read" && spec.depth === undefined) {
    return problem(
      "hidden=read reads dot-directories when looking deeper: give depth=N too",
    );
  }
  return spec;
}

/**
 * What is wrong with a root named on the command line (each --root, each
 * DIR), in its spec's words; `undefined` when each reads.
 */
export function rootsProblem(
  values: Values,
  dirs: readonly string[],
): string | undefined {
  for (const text of [...(values.root ?? []), ...dirs]) {
    const spec = rootSpec(text);
    if ("problem" in spec) return spec.problem;
  }
  return undefined;
}
