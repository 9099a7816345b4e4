// Registries started from a kept index, and twins started without one, for
// the index's property and hostile tests: what each serves (lists,
// warnings, explain answers, loads) compared, and their indexes compared
// but for manifests within the racy window of one start and not the other.

import assert from "node:assert/strict";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { instanceOf } from "../../src/registry/_instances.ts";

/** A registry, and every warning it gave (code, path, message), in order. */
export interface Made {
  readonly skills: AgentSkills;
  readonly warnings: unknown[][];
}

/** A registry over `options`, started from `index` when given. */
export function make(options: AgentSkillsOptions, index?: unknown): Made {
  const warnings: unknown[][] = [];
  const skills = createAgentSkills({
    ...options,
    ...(index === undefined ? {} : { index: index as SkillIndex }),
    onWarning: (w) => warnings.push([w.code, w.path, w.message]),
  });
  return { skills, warnings };
}

/** An index as a host keeps it: JSON text, parsed again. */
export function kept(skills: AgentSkills): SkillIndex {
  return JSON.parse(JSON.stringify(skills.index()));
}

/** How many skills of a registry's snapshot were taken from an index. */
export function takenCount(skills: AgentSkills): number {
  const { byPath } = instanceOf(skills, "test").snapshot();
  return [...byPath.values()].filter((skill) => skill.indexed !== undefined)
    .length;
}

/** What a call returned, or the error it threw (name, code, message). */
export function attempt<T>(call: () => T): unknown {
  try {
    return { value: call() };
  } catch (error) {
    const { name, code, message } = error as Record<string, unknown>;
    return { error: { name, code, message } };
  }
}

/**
 * What a registry serves, from `from` of its warnings on: its lists, its
 * warnings so far, explain() for each skill served and each of `names`,
 * then each skill loaded (with the warnings the loads gave).
 */
export function served(
  { skills, warnings }: Made,
  { names, from = 0 }: { names: Iterable<string>; from?: number },
): unknown {
  const list = skills.listSkills();
  const said = warnings.slice(from);
  const explained = [...new Set([...list.map((info) => info.name), ...names])]
    .sort();
  const explain = explained.map((name) => [
    name,
    attempt(() => skills.explain(name)),
  ]);
  const at = warnings.length;
  const loads = list.map((info) => attempt(() => skills.loadSkill(info.name)));
  // Where each serves its files from: the directory proved, not the index's.
  const files = list.map(({ name }) => [
    attempt(() => skills.resourcePath(name, "SKILL.md")),
    attempt(() =>
      new TextDecoder().decode(skills.readResource(name, "SKILL.md"))
    ),
  ]);
  return {
    list,
    overridden: skills.listOverridden(),
    warnings: said,
    explain,
    loads,
    files,
    loadWarnings: warnings.slice(at),
  };
}

/** Asserts that two registries serve the same (see {@linkcode served}). */
export function sameServed(
  got: Made,
  want: Made,
  { names, from }: { names: Iterable<string>; from?: [number, number] },
  what: string,
): void {
  const all = [...names];
  const a = served(got, { names: all, from: from?.[0] ?? 0 });
  const b = served(want, { names: all, from: from?.[1] ?? 0 });
  assert.deepEqual(a, b, what);
}

/** An index entry's info (its path), and its manifest's key (its times). */
interface Entry {
  readonly info: { readonly path: string };
  readonly key: readonly number[];
}

/**
 * Asserts that two indexes of one tree, written by registries both started
 * at or after `startedMs`, agree: their roots and settings, and each entry
 * both hold; an entry only one holds must be of a manifest whose times are
 * within the racy window of `startedMs` (settled for one start, not the other).
 */
export function sameIndex(
  got: SkillIndex,
  want: SkillIndex,
  startedMs: number,
): void {
  const { skills: a, ...gotRest } = got;
  const { skills: b, ...wantRest } = want;
  assert.deepEqual(gotRest, wantRest);
  const byPath = (skills: readonly unknown[]): Map<string, Entry> =>
    new Map(
      skills.map((entry) => [(entry as Entry).info.path, entry as Entry]),
    );
  const mine = byPath(a);
  const theirs = byPath(b);
  for (const [path, entry] of mine) {
    const other = theirs.get(path);
    if (other !== undefined) assert.deepEqual(entry, other, path);
  }
  for (const [path, entry] of [...mine, ...theirs]) {
    if (mine.has(path) && theirs.has(path)) continue;
    const latest = Math.max(entry.key[3] ?? 0, entry.key[4] ?? 0);
    assert.ok(
      latest >= startedMs - 2000,
      `${path} is in one index only, yet settled at both starts: ${
        JSON.stringify(entry)
      }`,
    );
  }
}
