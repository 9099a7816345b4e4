/**
 * The records discovery passes along, from one root's scan to the snapshot:
 * a leaf module of types, so that every step can name them.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "../config/config.ts";
import type { SkillProblem } from "../errors.ts";
import type { ReadBuffer } from "../fs/_read.ts";
import type { Listing } from "../fs/_listing.ts";
import type { StatusKind } from "../fs/_types.ts";
import type { Coercion, Truncation } from "../manifest/_parse.ts";
import type { Repair } from "../manifest/_yaml.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillWarningCode } from "../warn.ts";

/** How discovery reached a skill directory: its real path, and whether through a symlink. */
export interface Reached {
  readonly realDir: string;
  readonly viaLink: boolean;
}

/**
 * Where discovery found a skill's directory, fixed for the snapshot: every
 * resource is confined to `realDir`, and the directory must still be the one
 * with this device, inode and birth time (reached the same way) to be served.
 */
export interface SkillPlace extends Reached {
  /** Its device, inode and birth time when it was discovered. */
  readonly dev: number;
  readonly ino: number;
  readonly birthtimeMs: number;
}

/** A skill as its manifest gives it: reused across refreshes while unchanged. */
export interface ParsedSkill {
  readonly info: SkillInfo;
  readonly body: string;
  /**
   * The manifest's decoded text: what a manifest read again is compared
   * with. The body is a slice of it, so keeping it costs little memory.
   */
  readonly source: string;
  /** The frontmatter's YAML text (a slice of `source` too), for checks. */
  readonly frontmatter: string;
  /** The lines repaired so that its YAML parses, in order. */
  readonly repairs: readonly Repair[];
  /** The plain values its YAML cut at ` #`. */
  readonly truncations: readonly Truncation[];
  /** The values read as hosts read them (notes in a check). */
  readonly coercions: readonly Coercion[];
}

/** A discovered skill: its catalog entry, its body and its directory's place. */
export interface DiscoveredSkill extends ParsedSkill {
  readonly place: SkillPlace;
  /** The refresh key of the manifest it was read from. */
  readonly key: RefreshKey;
  /**
   * The digest of the manifest's bytes, taken when a skill lock is
   * configured (see {@linkcode RootScan.digest}); else undefined.
   */
  readonly digest: string | undefined;
}

/**
 * What refresh() goes by to reuse a skill without reading its manifest: the
 * manifest's device, inode, size and modification and change times, and
 * whether those times were settled when it was read (see
 * `_refresh_key.ts`).
 */
export interface RefreshKey {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly settled: boolean;
}

/** The previous run's skills by manifest path, for reuse by refresh(). */
export type Previous = ReadonlyMap<string, DiscoveredSkill>;

/** One problem discovery found, as data: reported by a {@linkcode Report}. */
export interface Problem {
  /** What it is about. */
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  /** The absolute path concerned. */
  readonly path: string;
  /**
   * Whether this problem is why a skill was left out: strict throws for it,
   * and check calls it an error. Set by the code that leaves the skill out.
   */
  readonly drops: boolean;
  /** The skill's name (its directory name until its manifest names it). */
  readonly skill?: string | undefined;
  /** The 1-based line in `path`. */
  readonly line?: number | undefined;
  /** The 1-based column in `path`. */
  readonly column?: number | undefined;
  /** For a duplicate: the manifest of the skill the root kept. */
  readonly kept?: string | undefined;
  /** Each problem of an unusable manifest, at its own position. */
  readonly problems?: readonly SkillProblem[] | undefined;
  /** The filesystem error behind it, kept as the thrown error's `cause`. */
  readonly cause?: unknown;
}

/**
 * An entry discovery passed by without reading a skill from it, and why:
 * a directory without a manifest that the root does not read below
 * (`no_manifest`, with its listing), a symlink not followed (`symlink`), a
 * folder a deeper scan does not enter (`skipped`: a dot-directory,
 * `node_modules`), or a directory its plugin does not list (`not_listed`).
 * What `explain()` looks through for near misses.
 */
export interface PassedBy {
  readonly reason: "no_manifest" | "symlink" | "skipped" | "not_listed";
  /** The entry's path. */
  readonly path: string;
  /** The entry's name in its folder. */
  readonly name: string;
  /** The root being scanned (a plugin's skills folder, for a root of plugins). */
  readonly root: SkillRoot;
  /** How many levels below the root the entry is (1 for the root's own). */
  readonly level: number;
  /** For `no_manifest`: what the directory holds. */
  readonly listing?: Listing | undefined;
}

/**
 * Why a skill read is refused (a problem that `drops` it) or only warned
 * about, or `undefined` when it is admitted: what a skill lock says of each
 * skill discovery reads (given by the registry, from the lock's policy).
 */
export type AdmitCheck = (skill: DiscoveredSkill) => Problem | undefined;

/** Receives the problems of a discovery run: warns, throws or collects. */
export type Report = (problem: Problem) => void;

/** Everything one root's scan needs: what to scan, how, and where to report. */
export interface RootScan {
  readonly root: SkillRoot;
  readonly config: SkillConfig;
  readonly report: Report;
  /** What the manifests are read into, one after another: one for every root of a run. */
  readonly buffer: ReadBuffer;
  /** The previous run's skills, for reuse by refresh key and by content. */
  readonly previous?: Previous | undefined;
  /** When the scan started (`Date.now()`): what a manifest's times are settled against. */
  readonly startedMs: number;
  /**
   * Whether to list every skill directory, so that case variants of the
   * manifest side by side are seen (check does); otherwise `<dir>/SKILL.md`
   * is opened first and a directory listed only when that fails.
   */
  readonly listEachSkill?: boolean | undefined;
  /**
   * Where roots the process may not read are collected, to be reported in
   * one line; absent: each is reported on its own.
   */
  readonly denied?: string[] | undefined;
  /**
   * The real directory every directory and manifest read must really be
   * inside (a root of plugins'): one that leads outside is reported
   * (`invalid_plugin`) and left out, its manifest never read. Absent: no
   * such bound, and no system call spent on one.
   */
  readonly within?: string | undefined;
  /** Where the entries passed by are recorded; absent: not recorded. */
  readonly passed?: PassedBy[] | undefined;
  /** Where roots that do not exist are recorded; absent: not recorded. */
  readonly missing?: string[] | undefined;
  /** What a watch saw unchanged since the previous scan; absent: no watch. */
  readonly unchanged?: Unchanged | undefined;
  /** The entries the previous scan read, and where this one records its own. */
  readonly entries?: EntriesMemo | undefined;
  /** Where the real directories reached through symlinks are recorded. */
  readonly linked?: string[] | undefined;
  /** What admits each skill read (a skill lock); absent: every one. */
  readonly admit?: AdmitCheck | undefined;
  /**
   * The digest of a manifest's bytes, taken as it is read, for `admit`;
   * absent: none is taken.
   */
  readonly digest?: ((bytes: Uint8Array) => string) | undefined;
}

/**
 * What a watch vouches for between two scans: where it covers a path and
 * saw no event at it, below it or above it, a scan may serve what the
 * previous one read there without a system call.
 */
export interface Unchanged {
  /** Whether nothing at, below or above `realPath` changed, as a watch that covers it saw. */
  path(realPath: string): boolean;
  /**
   * Whether nothing a configured root's previous scan read changed: its
   * real tree, the targets of its links and its own entry in its parent.
   */
  root(root: SkillRoot): boolean;
  /**
   * The names of the entries of a configured root's real directory that
   * changed only inside (a manifest or a resource edited), when nothing
   * else its previous scan read changed; undefined when it must be read
   * (its listing may have changed, or the watch cannot say).
   */
  changedInside(root: SkillRoot): ReadonlySet<string> | undefined;
}

/**
 * One directory entry of a root as a scan read it, for the next scan to
 * serve again while a watch saw nothing change there: what it reached, the
 * skill it read (with its findings, reported when admitted), and what
 * reading it reported and passed by.
 */
export interface EntryOutcome {
  readonly kind: StatusKind;
  readonly reached: Reached;
  readonly skill: DiscoveredSkill | undefined;
  readonly findings: readonly Problem[];
  readonly reported: readonly Problem[];
  readonly passed: readonly PassedBy[];
}

/**
 * The entries of a configured root's one-level scans, by the root scanned
 * (its settings as a key) and directory path: the previous scan's, and this
 * scan's as it reads them.
 */
export interface EntriesMemo {
  readonly previous: ReadonlyMap<string, ReadonlyMap<string, EntryOutcome>>;
  readonly next: Map<string, Map<string, EntryOutcome>>;
}

/**
 * A configured root's whole scan, for the next scan to serve again while a
 * watch saw nothing change under it: the skills each scan of it served,
 * what it reported (with the root scanned), passed by, found missing or
 * denied, and the real directories it reached through symlinks.
 */
export interface RootOutcome {
  readonly found: readonly RootSkills[];
  readonly reported: readonly { problem: Problem; root: SkillRoot }[];
  readonly passed: readonly PassedBy[];
  readonly missing: readonly string[];
  readonly denied: readonly string[];
  readonly linked: readonly string[];
  /** Its entries (see {@linkcode EntriesMemo}). */
  readonly entries: ReadonlyMap<string, ReadonlyMap<string, EntryOutcome>>;
}

/** What a scan remembers for the next while a watch is open. */
export interface ScanMemo {
  /** Each configured root's scan (the config's own root objects as keys). */
  readonly roots: ReadonlyMap<SkillRoot, RootOutcome>;
}

/**
 * The skills one scan served: a root's, or one skills folder's of a root of
 * plugins, in its plugin's name.
 */
export interface RootSkills {
  /** The root scanned (a skills folder, in its plugin's name). */
  readonly root: SkillRoot;
  readonly skills: DiscoveredSkill[];
  /**
   * Whether these are the skills its folder's scan read (else the same
   * skills, read for another plugin that lists the folder, in this one's
   * name).
   */
  readonly read: boolean;
}
