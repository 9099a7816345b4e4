/**
 * The records discovery passes along, from one root's scan to the snapshot.
 *
 * @module
 */

import type { SkillConfig, SkillRoot } from "../config/config.ts";
import type { SkillProblem } from "../errors.ts";
import type { ReadBuffer } from "../fs/_read.ts";
import type { Listing } from "../fs/_listing.ts";
import type { Status, StatusKind } from "../fs/_types.ts";
import type { Coercion, Truncation } from "../manifest/_parse.ts";
import type { Repair } from "../manifest/_yaml.ts";
import type { SkillInfo } from "../skill.ts";
import type { SkillWarningCode } from "../warn.ts";

/** How discovery reached a skill directory. */
export interface Reached {
  readonly realDir: string;
  readonly viaLink: boolean;
}

/**
 * Where discovery found a skill's directory: resources are confined to
 * `realDir`, served while the directory keeps this identity.
 */
export interface SkillPlace
  extends Reached, Pick<Status, "dev" | "ino" | "birthtimeMs"> {}

/**
 * A skill as its manifest gives it: reused across refreshes while unchanged.
 * A skill taken from a kept index has no texts until it is read (`indexed`).
 */
export interface ParsedSkill {
  readonly info: SkillInfo;
  readonly body: string | undefined;
  /** The manifest's text, compared with a manifest read again. */
  readonly source: string | undefined;
  /** The frontmatter's YAML text. */
  readonly frontmatter: string | undefined;
  readonly repairs: readonly Repair[];
  readonly truncations: readonly Truncation[];
  readonly coercions: readonly Coercion[];
  /** What a kept index says of the texts of a skill taken from it. */
  readonly indexed?: IndexedText | undefined;
}

/** What an index keeps of a skill's texts: enough to say what they were. */
export interface IndexedText {
  /** The body's hash (`bodyHash()`): whether a body read later is the same. */
  readonly bodyHash: string;
  /** The line of `name:` in the manifest. */
  readonly nameLine: number;
  /** Reads the skill again, with every proof of the scan that took it. */
  readonly reread?: Rereader | undefined;
}

/** Reads a skill taken from an index again, as the scan that took it would. */
export type Rereader = (skill: DiscoveredSkill) => DiscoveredSkill | undefined;

/** A skill with its texts read: what a check and a load are given. */
export interface ReadSkill extends DiscoveredSkill {
  readonly body: string;
  readonly source: string;
  readonly frontmatter: string;
}

/** A discovered skill: its parse, its directory's place and its manifest's key. */
export interface DiscoveredSkill extends ParsedSkill {
  readonly place: SkillPlace;
  readonly key: RefreshKey;
  /** The digest of the manifest's bytes, when a skill lock is configured. */
  readonly digest: string | undefined;
}

/** What refresh() goes by to reuse a skill without reading its manifest. */
export interface RefreshKey
  extends Pick<Status, "dev" | "ino" | "size" | "mtimeMs" | "ctimeMs"> {
  readonly settled: boolean;
}

/** The previous run's skills by manifest path and root, for reuse by refresh(). */
export type Previous = {
  get(path: string, root: string): DiscoveredSkill | undefined;
  /** Binds `skill`'s root to its first taker: whether that is `scan`'s root. */
  takes?(skill: DiscoveredSkill, scan: RootScan): boolean;
};

/** One problem discovery found, as data: reported by a {@linkcode Report}. */
export interface Problem {
  readonly code: SkillWarningCode;
  /** A sentence naming the path and what was done about it. */
  readonly message: string;
  readonly path: string;
  /**
   * Whether this problem is why a skill was left out: strict throws for it,
   * and check calls it an error.
   */
  readonly drops: boolean;
  /** The skill's name (its directory name until its manifest names it). */
  readonly skill?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  /** For a duplicate: the manifest of the skill the root kept. */
  readonly kept?: string | undefined;
  /** Each problem of an unusable manifest, at its own position. */
  readonly problems?: readonly SkillProblem[] | undefined;
  /** The filesystem error behind it, kept as the thrown error's `cause`. */
  readonly cause?: unknown;
}

/** An entry discovery passed by without reading a skill from it, for `explain()`. */
export interface PassedBy {
  /** `skipped`: a dot-folder or `node_modules`; `not_listed`: by its plugin. */
  readonly reason: "no_manifest" | "symlink" | "skipped" | "not_listed";
  readonly path: string;
  readonly name: string;
  /** The root scanned (a plugin's skills folder, for a root of plugins). */
  readonly root: SkillRoot;
  /** 1 for an entry of the root itself. */
  readonly level: number;
  /** For `no_manifest`: what the directory holds. */
  readonly listing?: Listing | undefined;
}

/** What a skill lock says of a skill read: `undefined` admits it. */
export type AdmitCheck = (skill: DiscoveredSkill) => Problem | undefined;

/** Receives the problems of a discovery run. */
export type Report = (problem: Problem) => void;

/**
 * Everything one root's scan needs. An optional list is where the scan
 * records that kind of thing; absent, it is not recorded.
 */
export interface RootScan {
  readonly root: SkillRoot;
  readonly config: SkillConfig;
  readonly report: Report;
  /** What the manifests are read into: one for every root of a run. */
  readonly buffer: ReadBuffer;
  readonly previous?: Previous | undefined;
  /** When the scan started: what a manifest's times are settled against. */
  readonly startedMs: number;
  /** Whether to list every skill directory, to see case variants of the manifest. */
  readonly listEachSkill?: boolean | undefined;
  /** Roots the process may not read, reported in one line; absent: each alone. */
  readonly denied?: string[] | undefined;
  /** The real directory all that is read must be inside (a root of plugins'). */
  readonly within?: string | undefined;
  readonly passed?: PassedBy[] | undefined;
  /** Roots that do not exist. */
  readonly missing?: string[] | undefined;
  /** What a watch saw unchanged since the previous scan; absent: no watch. */
  readonly unchanged?: Unchanged | undefined;
  readonly entries?: EntriesMemo | undefined;
  /** How entries are served again, while a watch is open. */
  readonly remembering?: Remembering | undefined;
  /** The real directories reached through symlinks. */
  readonly linked?: string[] | undefined;
  readonly admit?: AdmitCheck | undefined;
  /** The digest of a manifest's bytes, taken as it is read, for `admit`. */
  readonly digest?: ((bytes: Uint8Array) => string) | undefined;
}

/** Where a watch saw no change, a scan may serve what the previous one read. */
export interface Unchanged {
  /** Whether nothing at, below or above `realPath` changed. */
  path(realPath: string): boolean;
  /** Whether nothing a configured root's previous scan read changed. */
  root(root: SkillRoot): boolean;
  /** The entries of a configured root that changed only inside, when nothing else did. */
  changedInside(root: SkillRoot): ReadonlySet<string> | undefined;
}

/** One directory entry of a root as a scan read it, for the next to serve again. */
export interface EntryOutcome {
  readonly kind: StatusKind;
  readonly reached: Reached;
  readonly skill: DiscoveredSkill | undefined;
  readonly findings: readonly Problem[];
  readonly reported: readonly Problem[];
  readonly passed: readonly PassedBy[];
}

/** The entries of one-level scans, by the root's settings and the directory. */
export interface EntriesMemo {
  readonly previous: ReadonlyMap<string, ReadonlyMap<string, EntryOutcome>>;
  readonly next: Map<string, Map<string, EntryOutcome>>;
}

/** The previous scan's entries of one root, and where this scan's go. */
export interface RootEntries {
  readonly previous: ReadonlyMap<string, EntryOutcome> | undefined;
  readonly next: Map<string, EntryOutcome>;
}

/** A skill served in place of another of the same name, read anew. */
export interface Swap {
  readonly before: DiscoveredSkill;
  readonly after: DiscoveredSkill;
}

/** A skill found, and its findings (reported once it is admitted). */
type Found = { skill: DiscoveredSkill; findings: readonly Problem[] };
/** Reads one skill directory, as discovery does (`_read_skill.ts`). */
export type ReadSkillAt = (
  scan: RootScan,
  at: { dir: string; dirName: string; reached: Reached },
) => Found | undefined;
/** An entry of a remembered root, entered: its path, kind and how it was reached. */
export interface EnteredEntry
  extends RootEntries, Pick<EntryOutcome, "kind" | "reached"> {
  readonly dir: string;
  /** Its own real path, not its target's. */
  readonly realEntry: string;
}

/**
 * How a scan serves again what the previous one read, while a watch is
 * open: the watch's (`src/watch/_memo.ts`), handed to each refresh.
 */
export interface Remembering {
  /** The entries of `scan.root` remembered, when the scan remembers entries. */
  rootEntries(scan: RootScan): RootEntries | undefined;
  /** One entry, served as the previous scan read it, else read by `read`. */
  rememberedEntry(
    scan: RootScan,
    at: EnteredEntry,
    read: (scan: RootScan) => Found | undefined,
  ): Found | undefined;
  /** The previous scan of a root with the directories changed inside read anew. */
  patchedRoot(
    scan: RootScan,
    before: RootOutcome,
    readSkill: ReadSkillAt,
  ): { outcome: RootOutcome; swaps: Swap[] } | undefined;
}

/** A configured root's whole scan, for the next scan to serve again. */
export interface RootOutcome {
  readonly found: readonly RootSkills[];
  readonly reported: readonly { problem: Problem; root: SkillRoot }[];
  readonly passed: readonly PassedBy[];
  readonly missing: readonly string[];
  readonly denied: readonly string[];
  readonly linked: readonly string[];
  readonly entries: ReadonlyMap<string, ReadonlyMap<string, EntryOutcome>>;
}

/** What a scan remembers for the next while a watch is open. */
export interface ScanMemo {
  readonly roots: ReadonlyMap<SkillRoot, RootOutcome>;
}

/** The skills one scan served: a root's, or a plugin's skills folder's. */
export interface RootSkills {
  readonly root: SkillRoot;
  readonly skills: DiscoveredSkill[];
  /** False: read for another plugin that lists the folder, renamed. */
  readonly read: boolean;
}
