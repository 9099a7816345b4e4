/**
 * `createAgentSkills`: resolves the config, runs discovery, owns the current
 * snapshot and serves the three tiers from it.
 *
 * @module
 */

import { resolveOptions, type SkillConfig } from "./config/config.ts";
import type { AgentSkillsOptions } from "./options.ts";
import { readConfined, resolveConfined } from "./registry/_confine.ts";
import { listResources } from "./registry/_resources.ts";
import {
  buildSnapshot,
  changesBetween,
  keepResources,
  type Snapshot,
} from "./registry/_snapshot.ts";
import { explainName } from "./explain/_candidates.ts";
import type {
  ExplainOptions,
  SkillExplanation,
} from "./explain/explanation.ts";
import { deniedRootsProblem } from "./discovery/_problems.ts";
import { reporter } from "./discovery/_report.ts";
import type { DiscoveredSkill, Unchanged } from "./discovery/_types.ts";
import { lockChecks } from "./registry/_integrity.ts";
import type { SkillChanges, WatchFallback } from "./registry/changes.ts";
import { type Instance, registerInstance } from "./registry/_instances.ts";
import { warnerFor } from "./warn.ts";
import { SkillError } from "./errors.ts";
import { describe } from "./_text.ts";
import type { SkillContent, SkillInfo } from "./skill.ts";
import { renderActivation } from "./prompt/activation.ts";
import type { Activation, ActivationOptions } from "./prompt/prompt.ts";

/** A registry of skills over a fixed set of roots. */
export interface AgentSkills {
  /** The resolved, frozen configuration this instance runs on. */
  readonly config: SkillConfig;
  /**
   * The catalog: every skill of the current snapshot, sorted by name. Does
   * no filesystem I/O.
   */
  listSkills(): SkillInfo[];
  /**
   * The skills that a same-named skill from a later (higher-precedence) root
   * replaced, sorted by name and then by precedence. They are not served;
   * this shows which store a catalog entry shadows. Does no filesystem I/O.
   */
  listOverridden(): SkillInfo[];
  /**
   * One skill's body and resources, or `undefined` for an unknown name. The
   * body comes from the snapshot; resources are listed on the first call for
   * a skill, and later calls for it do no filesystem I/O.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string;
   * with the `lock` option, `integrity_mismatch` when the files listed are
   * not the locked ones (a file added or gone since the lock was written).
   */
  loadSkill(name: string): SkillContent | undefined;
  /**
   * One skill's activation payload, loaded and rendered in one call: what
   * `renderActivation(loadSkill(name), options)` gives, for the name the
   * model asked for. Resources are listed as `loadSkill()` lists them.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string;
   * `unknown_skill` for a name the snapshot does not hold (where
   * `loadSkill()` returns `undefined`); `integrity_mismatch` as
   * `loadSkill()` throws it.
   * @throws {StartupError} `invalid_option` for options of the wrong type,
   * as `renderActivation()` throws.
   *
   * @example Answer the model's activation call
   * ```ts
   * import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
   *
   * const skills = createAgentSkills({
   *   roots: ["fixtures/demo/user-store"],
   *   home: "/home/ada",
   * });
   * const call = { name: "pdf-forms" }; // what the model asked for
   * try {
   *   const { text, commands } = skills.activate(call.name);
   *   console.log(text, commands);
   * } catch (error) {
   *   if (!(error instanceof SkillError && error.code === "unknown_skill")) {
   *     throw error;
   *   }
   *   console.log(`No skill "${call.name}": ${error.message}`);
   * }
   * ```
   */
  activate(name: string, options?: ActivationOptions): Activation;
  /**
   * The absolute real path of a regular file inside the skill's own
   * directory.
   *
   * @throws {SkillError} `invalid_input` for an empty, absolute or NUL-bearing
   * `rel`, or a `name` or `rel` that is not a string; `unknown_skill` for a
   * name the snapshot does not hold; `not_found` for a missing file;
   * `path_escape` for a path that leaves the directory, lexically or through
   * a symlink, or for a skill directory that changed since the snapshot;
   * `not_a_file` for a directory or special file; `unreadable` for a file the
   * process may not read (outside the runtime's read grant, whether it
   * exists or not); with the `lock` option, `integrity_mismatch` for a
   * file the lock does not hold (a path is not bytes: `readResource()`
   * checks those).
   */
  resourcePath(name: string, rel: string): string;
  /**
   * The bytes of a regular file inside the skill's own directory, read so
   * that what is read is the confined file: it resolves `rel` as
   * `resourcePath` does, opens the file (never through a symlink), then
   * checks that the open file is the one that path still resolves to. A file
   * swapped between the check and the open is refused, never read; a path
   * from `resourcePath` cannot promise that (see docs/confinement.md).
   *
   * @throws {SkillError} The codes of `resourcePath`; `path_escape` also for a
   * file swapped while it was opened; `too_large` past `maxResourceBytes`;
   * `unreadable` for a file that exists but cannot be read; with the `lock`
   * option, `integrity_mismatch` for a file the lock does not hold or whose
   * bytes are not the locked ones (checked on the bytes read, at every
   * read).
   */
  readResource(name: string, rel: string): Uint8Array;
  /**
   * Scans the configured roots again and swaps in the new snapshot: every
   * root is listed again, so added and removed skills are seen, and each
   * manifest's status is taken. A manifest whose device, inode, size,
   * modification and change times are what they were when it was last read
   * is served again without being read; an edit always changes its change
   * time, which no writer can set back, so an edit that keeps the size and
   * restores the modification time is still seen. A manifest whose times
   * were not older than 2 seconds before the scan that read it is read again
   * whatever its status says (a clock that ticks in seconds cannot tell two
   * writes in one tick apart), and reuses its parsed entry when its text is
   * byte for byte what it was. Nothing else re-scans. When it throws (under
   * strict), the previous snapshot stays in place. It warns only about what
   * the scan before it did not (a new or changed problem): a problem that
   * stays is said once. With a watch open (`watchSkills()` of
   * `@clarvis/agent-skills/watch`), it reads only what the watch saw change
   * and returns the change set a full refresh would (see
   * docs/reloading.md).
   *
   * @returns The names of the skills that were added, removed or changed
   * (their catalog entry or body differs, or another root serves them), each
   * sorted: what tells a long-lived agent to rebuild its prompt.
   * @throws {SkillError} Under `strict: true`, as construction does.
   */
  refresh(): SkillChanges;
  /**
   * Why a skill is or is not there: every skill directory of that name the
   * roots hold, each with its verdict (served, and its place in the catalog
   * of `options.catalog`; shadowed, and by which; a same-root duplicate;
   * dropped, with the code and the position), and what became of each
   * root. For a name not served, the near misses: names that differ only in
   * letter case or Unicode form, plugin skills of that name, directories of
   * that name without a manifest or whose skill is named otherwise, skills
   * one level too deep, in skipped dot-directories or behind symlinks not
   * followed. It reads what the last scan recorded (the warnings that
   * refresh() does not repeat included); the near misses add one status
   * call per directory that may hold the skill. It lists no root and
   * rescans nothing.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string.
   * @throws {StartupError} `invalid_option` for options that are not an
   * object, or catalog options of the wrong type.
   */
  explain(name: string, options?: ExplainOptions): SkillExplanation;
}

/**
 * Creates a skill registry: resolves the options once, then scans every root
 * before it returns. Synchronous by design.
 *
 * @param options Roots, paths and policies; see {@linkcode AgentSkillsOptions}.
 * @returns The registry.
 * @throws {StartupError} When the options cannot work (see {@linkcode resolveConfig}).
 * @throws {SkillError} Under `strict: true`, for the first malformed manifest
 * (`invalid_skill`, `not_a_file`) or in-root duplicate (`duplicate_skill`).
 *
 * @example The three tiers
 * ```ts
 * import { createAgentSkills } from "@clarvis/agent-skills";
 *
 * const skills = createAgentSkills({
 *   home: "/home/ada",
 *   cwd: "/work/project",
 *   roots: ["/opt/skills"],
 * });
 * for (const skill of skills.listSkills()) {
 *   console.log(`${skill.name}: ${skill.description}`);
 * }
 * const skill = skills.loadSkill("pdf");
 * if (skill?.resources.includes("scripts/extract.py")) {
 *   console.log(skills.resourcePath("pdf", "scripts/extract.py"));
 * }
 * ```
 */
export function createAgentSkills(
  options: AgentSkillsOptions = {},
): AgentSkills {
  const { config, onWarning } = resolveOptions(options, {
    owner: "createAgentSkills",
  });
  const warn = warnerFor(onWarning);
  // What discovery warned about, by code, path and message: a refresh says
  // again only what is new or changed since the scan before (a store with
  // five warnings would otherwise repeat them at every refresh()).
  let said = new Set<string>();
  let saying = new Set<string>();
  const report = reporter({
    strict: config.strict,
    warn: (warning) => {
      const key = `${warning.code}\0${warning.path}\0${warning.message}`;
      saying.add(key);
      if (!said.has(key)) warn(warning);
    },
  });
  const scan = (
    previous?: Snapshot,
    watched?: { unchanged: Unchanged },
  ): Snapshot => {
    saying = new Set();
    const next = buildSnapshot(config, report, { previous, watched });
    // Roots the process may not read are said in one line.
    if (next.denied.length > 0) report(deniedRootsProblem(next.denied));
    said = saying;
    return next;
  };
  let snapshot = scan();
  const instance: Instance = {
    config,
    snapshot: () => snapshot,
    watch: undefined,
  };
  const guard = config.lock === undefined
    ? undefined
    : lockChecks(config.lock).guard(warn);

  /** The entry of a skill of the current snapshot, or `unknown_skill`. */
  const known = (given: unknown): DiscoveredSkill => {
    const name = skillName(given);
    const entry = snapshot.byName.get(name);
    if (entry === undefined) {
      throw new SkillError(
        "unknown_skill",
        `Unknown skill "${name}": no skill of that name in the current snapshot (refresh() rescans)`,
        { skill: name },
      );
    }
    return entry;
  };

  /** A skill's body and resources, the resources listed on its first load. */
  const contentOf = (name: string, entry: DiscoveredSkill): SkillContent => {
    let resources = snapshot.resources.get(name);
    if (resources === undefined) {
      const listed = Object.freeze(listResources(entry, config, warn));
      guard?.listing(entry, listed);
      snapshot.resources.set(name, resources = listed);
    }
    return Object.freeze({
      ...entry.info,
      body: entry.body,
      resources,
    });
  };

  const registry: AgentSkills = Object.freeze({
    config,
    listSkills: (): SkillInfo[] => [...snapshot.catalog],
    listOverridden: (): SkillInfo[] => [...snapshot.overridden],
    loadSkill: (name: string): SkillContent | undefined => {
      const entry = snapshot.byName.get(skillName(name));
      return entry === undefined ? undefined : contentOf(name, entry);
    },
    activate: (name: string, options?: ActivationOptions): Activation =>
      renderActivation(contentOf(name, known(name)), options),
    resourcePath: (name: string, rel: string): string => {
      const entry = known(name);
      const path = resolveConfined(entry, rel);
      guard?.path(entry, rel, path);
      return path;
    },
    readResource: (name: string, rel: string): Uint8Array => {
      const entry = known(name);
      const maxBytes = config.maxResourceBytes;
      const bytes = readConfined(entry, rel, { maxBytes });
      guard?.read(entry, rel, bytes);
      return bytes;
    },
    explain: (name: string, options?: ExplainOptions): SkillExplanation =>
      explainName({ snapshot, config }, skillName(name), options),
    refresh: (): SkillChanges => {
      const watch = instance.watch;
      if (watch === undefined) {
        const next = scan(snapshot);
        const changes = changesBetween(snapshot, next);
        snapshot = next;
        return frozenChanges(changes);
      }
      if (watch.quiet()) return frozenChanges(NOTHING, []);
      const fallback = watch.fallbacks();
      const unchanged = watch.unchanged();
      const next = scan(snapshot, { unchanged });
      const changes = changesBetween(snapshot, next);
      keepResources(snapshot, next, unchanged);
      fallback.push(...watch.refreshed(next));
      snapshot = next;
      return frozenChanges(changes, fallback);
    },
  });
  registerInstance(registry, instance);
  return registry;
}

/** No change. */
const NOTHING = { added: [], removed: [], changed: [] };

/** A change set as refresh() returns it, frozen. */
function frozenChanges(
  changes: { added: string[]; removed: string[]; changed: string[] },
  fallback?: readonly WatchFallback[],
): SkillChanges {
  return Object.freeze({
    added: Object.freeze([...changes.added]),
    removed: Object.freeze([...changes.removed]),
    changed: Object.freeze([...changes.changed]),
    ...(fallback === undefined ? {} : { fallback: Object.freeze(fallback) }),
  });
}

/** A skill name as a caller passed it: a string, or `invalid_input`. */
function skillName(name: unknown): string {
  if (typeof name === "string") return name;
  throw new SkillError(
    "invalid_input",
    `A skill name must be a string, got ${describe(name)}`,
  );
}
