/**
 * `createAgentSkills`: resolves the config, runs discovery, owns the current
 * snapshot (swapped in one assignment) and serves the tiers from it.
 *
 * @module
 */

import { resolveOptions, type SkillConfig } from "./config/config.ts";
import type { AgentSkillsOptions, SkillIndex } from "./options.ts";
import { confinedFile, readConfined } from "./registry/_confine.ts";
import { listResources } from "./registry/_resources.ts";
import {
  buildSnapshot,
  changesBetween,
  keepResources,
  type Snapshot,
} from "./registry/_snapshot.ts";
import { explainName } from "./explain/explanation.ts";
import type {
  ExplainOptions,
  SkillExplanation,
} from "./explain/explanation.ts";
import { deniedRootsProblem, reporter } from "./discovery/_problems.ts";
import type {
  DiscoveredSkill,
  Previous,
  Remembering,
  Unchanged,
} from "./discovery/_types.ts";
import { indexOf, textsOf } from "./registry/_index.ts";
import { readIndex } from "./registry/_index_read.ts";
import { lockChecks } from "./registry/_integrity.ts";
import type { SkillChanges, WatchFallback } from "./registry/changes.ts";
import { type Instance, registerInstance } from "./registry/_instances.ts";
import { warnerFor } from "./warn.ts";
import { SkillError, StartupError } from "./errors.ts";
import { describe } from "./_text.ts";
import type { SkillContent, SkillInfo } from "./skill.ts";
import { renderActivation } from "./prompt/activation.ts";
import type { Activation, ActivationOptions } from "./prompt/prompt.ts";

/** A registry of skills over a fixed set of roots. */
export interface AgentSkills {
  /** The resolved, frozen configuration this instance runs on. */
  readonly config: SkillConfig;
  /** The catalog: every skill of the current snapshot, sorted by name; no I/O. */
  listSkills(): SkillInfo[];
  /**
   * The skills a same-named skill of a later root replaced (not served),
   * sorted by name, then by precedence; no I/O.
   */
  listOverridden(): SkillInfo[];
  /**
   * One skill's body and resources, or `undefined` for an unknown name; the
   * resources are listed on the first call for a skill, then kept.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string;
   * with the `lock` option, `integrity_mismatch` when the files listed are
   * not the locked ones.
   */
  loadSkill(name: string): SkillContent | undefined;
  /**
   * One skill's activation payload: `renderActivation(loadSkill(name), options)`.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string;
   * `unknown_skill` for a name the snapshot does not hold;
   * `integrity_mismatch` as `loadSkill()` throws it.
   * @throws {StartupError} `invalid_option` for options of the wrong type.
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
   * directory (docs/confinement.md).
   *
   * @throws {SkillError} `invalid_input` for an empty, absolute or NUL-bearing
   * `rel`, or a `name` or `rel` not a string; `unknown_skill`; `not_found`;
   * `path_escape` for a path that leaves the directory (or a skill directory
   * changed since the snapshot); `not_a_file`; `unreadable`; with the `lock`
   * option, `integrity_mismatch` for a file the lock does not hold.
   */
  resourcePath(name: string, rel: string): string;
  /**
   * The bytes of a regular file inside the skill's own directory, read so
   * that a file swapped between the check and the open is refused, never
   * read (docs/confinement.md).
   *
   * @throws {SkillError} The codes of `resourcePath`; `path_escape` also for a
   * file swapped while it was opened; `too_large` past `maxResourceBytes`;
   * with the `lock` option, `integrity_mismatch` for bytes that differ.
   */
  readResource(name: string, rel: string): Uint8Array;
  /**
   * Scans the configured roots again and swaps in the new snapshot, reusing
   * each skill whose manifest is unchanged (docs/discovery.md); when it
   * throws, the previous snapshot stays. It warns only about what the scan
   * before did not say. With a watch open (`./watch`), it reads only what
   * the watch saw change (docs/reloading.md).
   *
   * @returns The names of the skills added, removed or changed, each sorted.
   * @throws {SkillError} Under `strict: true`, as construction does.
   */
  refresh(): SkillChanges;
  /**
   * Why a skill is or is not there: every directory of that name the roots
   * hold with its verdict, what became of each root, and for a name not
   * served its near misses. Reads what the last scan recorded; the near
   * misses add a status call per directory that may hold the skill.
   *
   * @throws {SkillError} `invalid_input` for a name that is not a string.
   * @throws {StartupError} `invalid_option` for options that are not an
   * object, or catalog options of the wrong type.
   */
  explain(name: string, options?: ExplainOptions): SkillExplanation;
  /**
   * The registry's index, as plain JSON data for the host to keep and give
   * back as the `index` option of a later start, which then reads only the
   * manifests that changed (see docs/discovery.md). No I/O; bodies not
   * read yet keep the hash the index they came from gave them.
   *
   * @example Keep the index between starts
   * ```ts
   * import { createAgentSkills } from "@clarvis/agent-skills";
   *
   * const options = { roots: ["fixtures/demo/user-store"], home: "/home/ada" };
   * const text = JSON.stringify(createAgentSkills(options).index());
   * // ... at the next start, the host gives back what it kept:
   * const skills = createAgentSkills({ ...options, index: JSON.parse(text) });
   * console.log(skills.listSkills().length); // 3
   * ```
   */
  index(): SkillIndex;
}

/**
 * Creates a skill registry: resolves the options once, then scans every root
 * before it returns.
 *
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
  const { config, onWarning, index } = resolveOptions(options, {
    owner: "createAgentSkills",
  });
  const warn = warnerFor(onWarning);
  // By code, path and message: a refresh says only what the scan before did not.
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
    watched?: { unchanged: Unchanged; remembering: Remembering },
    reuse?: Previous,
  ): Snapshot => {
    saying = new Set();
    const next = buildSnapshot(config, report, { previous, watched, reuse });
    if (next.denied.length > 0) report(deniedRootsProblem(next.denied));
    said = saying;
    return next;
  };
  let snapshot = scan(undefined, undefined, takenFrom(index, config, warn));
  // Skills taken from the index whose texts, read, were not what it said.
  const stale = new Set<DiscoveredSkill>();
  const instance: Instance = {
    config,
    snapshot: () => snapshot,
    read: (skill) => withBody(skill),
    watch: undefined,
  };
  const guard = config.lock && lockChecks(config.lock).guard(warn);

  /** A skill of the current snapshot, or `unknown_skill`. */
  const known = (given: unknown): DiscoveredSkill => {
    const name = skillName(given);
    const entry = snapshot.byName.get(name);
    if (entry !== undefined) return entry;
    throw new SkillError(
      "unknown_skill",
      `Unknown skill "${name}": no skill of that name in the current snapshot (refresh() rescans)`,
      { skill: name },
    );
  };

  /** A skill's body and resources, listed on its first load. */
  const contentOf = (name: string, entry: DiscoveredSkill): SkillContent => {
    let resources = snapshot.resources.get(name);
    if (resources === undefined) {
      const listed = Object.freeze(listResources(entry, config, warn));
      guard?.listing(entry, listed);
      snapshot.resources.set(name, resources = listed);
    }
    return Object.freeze({ ...entry.info, body: entry.body ?? "", resources });
  };

  /**
   * A skill with its body: one taken from an index is read on its first
   * load; read otherwise than the index said, it is served as read (while
   * it keeps its name) and the next refresh() reads it again.
   */
  const withBody = (entry: DiscoveredSkill): DiscoveredSkill | undefined => {
    if (entry.body !== undefined) return entry;
    const kept = bodies.get(entry);
    if (kept !== undefined) return kept;
    const { same, read } = textsOf(entry);
    if (!same) stale.add(entry);
    const served = read?.info.name === entry.info.name ? read : undefined;
    if (served !== undefined) bodies.set(entry, served);
    return served;
  };
  const bodies = new WeakMap<DiscoveredSkill, DiscoveredSkill>();

  /** A skill of the current snapshot, read (and proved) if taken from an index. */
  const loaded = (name: unknown): DiscoveredSkill => {
    const entry = withBody(known(name));
    if (entry !== undefined) return entry;
    throw new SkillError(
      "unknown_skill",
      `Skill "${name}" changed since the index it was taken from: it is no skill of that name any more (refresh() rescans)`,
      { skill: skillName(name) },
    );
  };

  const registry: AgentSkills = Object.freeze({
    config,
    listSkills: (): SkillInfo[] => [...snapshot.catalog],
    listOverridden: (): SkillInfo[] => [...snapshot.overridden],
    loadSkill: (name: string): SkillContent | undefined => {
      const entry = snapshot.byName.get(skillName(name));
      const read = entry && withBody(entry);
      return read === undefined ? undefined : contentOf(name, read);
    },
    activate: (name: string, options?: ActivationOptions): Activation =>
      renderActivation(contentOf(name, loaded(name)), options),
    resourcePath: (name: string, rel: string): string => {
      const entry = loaded(name);
      const path = confinedFile(entry, rel).real;
      guard?.path(entry, rel, path);
      return path;
    },
    readResource: (name: string, rel: string): Uint8Array => {
      const entry = loaded(name);
      const maxBytes = config.maxResourceBytes;
      const bytes = readConfined(entry, rel, { maxBytes });
      guard?.read(entry, rel, bytes);
      return bytes;
    },
    explain: (name: string, options?: ExplainOptions): SkillExplanation =>
      explainName({ snapshot, config }, skillName(name), options),
    index: (): SkillIndex => indexOf(snapshot.byPath, { config, stale }),
    refresh: (): SkillChanges => {
      const watch = instance.watch;
      // What was taken from an index and read otherwise is read again.
      const reuse = stale.size === 0 ? undefined : new Map(
        [...snapshot.byPath].filter(([, skill]) => !stale.has(skill)),
      );
      stale.clear();
      if (watch === undefined) {
        const next = scan(snapshot, undefined, reuse);
        const changes = changesBetween(snapshot, next);
        snapshot = next;
        return frozenChanges(changes);
      }
      if (reuse === undefined && watch.quiet()) {
        return frozenChanges(NOTHING, []);
      }
      const fallback = watch.fallbacks();
      // Nothing the watch saw vouches for a skill read otherwise than taken.
      const unchanged = reuse === undefined ? watch.unchanged() : NONE;
      const { remembering } = watch;
      const next = scan(snapshot, { unchanged, remembering }, reuse);
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

/** What a refresh reads when nothing may be served as the watch saw it. */
const NONE: Unchanged = {
  path: () => false,
  root: () => false,
  changedInside: () => undefined,
};

/**
 * The skills the `index` option lets the first scan take; none without
 * one, with a lock (whose checks read every manifest), or when it is
 * refused, said as `index_refused` (thrown under `strict`).
 */
function takenFrom(
  index: unknown,
  config: SkillConfig,
  warn: (warning: { code: "index_refused"; message: string }) => void,
): Previous | undefined {
  if (index === undefined || config.lock !== undefined) return undefined;
  const read = readIndex(index, config);
  if ("previous" in read) return read.previous;
  const message =
    `Index refused: ${read.refused}; every manifest is read (give the index of these roots and settings, as skills.index() wrote it)`;
  if (config.strict) throw new StartupError("invalid_index", message);
  warn({ code: "index_refused", message });
  return undefined;
}

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
