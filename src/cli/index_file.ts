/**
 * `--index FILE` (`list`, `catalog`, `show`, `path`, `why`): the command
 * keeps the registry's index in FILE between runs. FILE is read when it is
 * there (a regular file, bounded, JSON) and given as the `index` option, so
 * a run reads only the manifests that changed; after the command,
 * `skills.index()` is written back to FILE atomically when it differs from
 * what was read. The library writes nothing: this module does.
 *
 * What FILE holds decides every skill the index matches, so FILE is refused
 * (exit 2, neither read nor written) inside a root or a skill directory,
 * where the skills' writers could forge it, by real path. A FILE that cannot
 * be read as an index is said in one note and the run goes on without it;
 * it is written again only when it is one (or empty), never when it is some
 * other file named by mistake.
 *
 * @module
 */

import { closeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type AgentSkills, createAgentSkills } from "../agent_skills.ts";
import { resolveConfig } from "../config/config.ts";
import { holdsManifest } from "../discovery/_manifest.ts";
import { openRegular, readAtMost } from "../fs/_read.ts";
import { errorCode, reason } from "../fs/_status.ts";
import type { AgentSkillsOptions, SkillIndex } from "../options.ts";
import { oneLineSafe } from "../_text.ts";
import type { SkillWarning } from "../warn.ts";
import { colors, line, type Output } from "./output.ts";
import { display } from "./terminal.ts";
import type { KeptIndex } from "./types.ts";
import { insideOf, missingFolder, placesOf, writeOrFail } from "./write.ts";

/**
 * The most bytes an index file may hold (about 250,000 skills): a larger
 * one is not read, and an index that would be larger is not written.
 */
export const MAX_INDEX_FILE_BYTES: number = 256 * 1024 * 1024;

/** How much of a file too large to read is read to say whether it is an index. */
const HEAD_BYTES = 256;

/** What FILE is refused for: the command's error code (exit 2). */
export type IndexFileErrorCode =
  | "index_inside_root"
  | "index_inside_skill"
  | "unwritable";

/**
 * Why the command refuses its `--index FILE` before anything is printed:
 * thrown while its registry is made, said by `main()` (exit 2).
 */
export class IndexFileError extends Error {
  /** What is wrong with FILE. */
  readonly code: IndexFileErrorCode;
  /** The warnings said before it. */
  readonly warnings: SkillWarning[];

  constructor(
    code: IndexFileErrorCode,
    message: string,
    warnings: SkillWarning[],
  ) {
    super(message);
    this.name = "IndexFileError";
    this.code = code;
    this.warnings = warnings;
  }
}

/** The note codes of `--index`: what is said, on stderr, of a FILE not used. */
export type IndexNoteCode =
  | "index_unreadable"
  | "index_malformed"
  | "index_refused"
  | "index_not_written";

/** What reading FILE found. */
type IndexRead =
  /** Nothing there (or a symlink to nothing): the index is written. */
  | { readonly kind: "missing" }
  /** JSON that is an index (the library may still refuse it). */
  | { readonly kind: "read"; readonly text: string; readonly index: unknown }
  /** Not used: why, and whether FILE is replaced by the index written. */
  | {
    readonly kind: "unused";
    readonly code: IndexNoteCode;
    readonly why: string;
    readonly replace: boolean;
  };

/**
 * The kept index of `--index FILE`, for one run of a command: `open()`
 * makes the registry from it, `close()` writes it back.
 */
export function keptIndex(file: string, io: Output): KeptIndex {
  const path = resolve(io.cwd, file);
  const shown = `--index ${display(path, io)}`;
  let read: IndexRead | undefined;
  let opened: AgentSkills | undefined;
  const note = (code: IndexNoteCode, text: string): void => {
    io.err(line`${colors().dim(`note [${code}]`)} ${shown} ${text}`);
  };
  return {
    open(options: AgentSkillsOptions, warnings: SkillWarning[]): AgentSkills {
      refuseWhere(path, options, { shown, io, warnings });
      read = readIndexFile(path);
      if (read.kind === "unused") {
        note(read.code, `is not used: ${read.why}; ${replaced(read.replace)}`);
      }
      const skills = createAgentSkills(
        read.kind === "read"
          ? { ...options, index: read.index as SkillIndex }
          : options,
      );
      // The refusal is the command's note, not a warning about the skills.
      const at = warnings.findIndex((w) => w.code === "index_refused");
      if (at >= 0) {
        const [refused] = warnings.splice(at, 1);
        note(
          "index_refused",
          `is not used: ${refusalOf(refused?.message ?? "")}; ${
            replaced(true)
          }`,
        );
      }
      opened = skills;
      return skills;
    },
    close(status: number): number {
      // A command that stopped before its registry was made keeps nothing.
      if (opened === undefined || read === undefined) return status;
      if (read.kind === "unused" && !read.replace) return status;
      const text = `${JSON.stringify(opened.index())}\n`;
      if (read.kind === "read" && text === read.text) return status;
      const data = new TextEncoder().encode(text);
      if (data.length > MAX_INDEX_FILE_BYTES) {
        note(
          "index_not_written",
          `is not written: the index is ${data.length} bytes, more than the ${MAX_INDEX_FILE_BYTES} a run reads`,
        );
        return status;
      }
      // stdout holds the command's output already: a failure is said on stderr.
      const failed = writeOrFail(io, {}, {
        path,
        data,
        what: "index",
        flag: "--index",
      });
      return failed ?? status;
    },
  };
}

/** What becomes of a FILE not used. */
function replaced(replace: boolean): string {
  return replace
    ? "every manifest is read, and the index is written to it after the run"
    : "it is left as it is: give --index a file of its own (a path where nothing is, or an index this command wrote)";
}

/** The library's reason for refusing an index, without its own advice. */
function refusalOf(message: string): string {
  const match = /^Index refused: (.*); every manifest is read \(/s.exec(
    message,
  );
  return oneLineSafe(match?.[1] ?? message);
}

/**
 * Refuses FILE (throws {@linkcode IndexFileError}) where the command must
 * not keep it: in a folder that does not exist, inside a root (by path as
 * given or real, a symlink at FILE followed), or inside a skill directory:
 * any folder above FILE's real place that holds a manifest, which every
 * skill directory (of these roots or any other) does.
 */
function refuseWhere(
  path: string,
  options: AgentSkillsOptions,
  { shown, io, warnings }: {
    shown: string;
    io: Output;
    warnings: SkillWarning[];
  },
): void {
  const folder = missingFolder(path, "--index");
  if (folder !== undefined) {
    throw new IndexFileError(
      "unwritable",
      `Cannot keep the index in ${shown}: its folder ${
        display(folder.path, io)
      } ${folder.why}`,
      warnings,
    );
  }
  const { roots } = resolveConfig(options);
  const root = insideOf(
    path,
    roots.map((root) => [root.path, root.path] as const),
  );
  if (root !== undefined) {
    throw new IndexFileError(
      "index_inside_root",
      `Cannot keep the index in ${shown}${
        through(path, root.place, io)
      }: it is inside the root ${
        display(root.label, io)
      }, where the skills' writers could forge it; keep it outside every root and skill, e.g. in a cache folder of your own`,
      warnings,
    );
  }
  const skill = skillAbove(path);
  if (skill !== undefined) {
    throw new IndexFileError(
      "index_inside_skill",
      `Cannot keep the index in ${shown}${
        through(path, skill.place, io)
      }: it is inside the skill directory ${
        display(skill.dir, io)
      } (it holds SKILL.md), where the skill's writers could forge it; keep it outside every root and skill, e.g. in a cache folder of your own`,
      warnings,
    );
  }
}

/** Where a symlink took FILE, when not where its path says. */
function through(path: string, place: string, io: Output): string {
  return place === path
    ? ""
    : ` (reached through a symlink, at ${display(place, io)})`;
}

/**
 * The nearest folder above any place FILE names ({@linkcode placesOf}: its
 * path, its real place, each symlink's target on the way) that holds a
 * manifest, and that place.
 */
function skillAbove(path: string): { dir: string; place: string } | undefined {
  const listed = new Map<string, boolean>();
  for (const place of placesOf(path)) {
    for (let dir = dirname(place);; dir = dirname(dir)) {
      let holds = listed.get(dir);
      if (holds === undefined) listed.set(dir, holds = holdsManifest(dir));
      if (holds) return { dir, place };
      if (dir === dirname(dir)) break;
    }
  }
  return undefined;
}

/**
 * Reads FILE: a regular file (a FIFO, a device or a directory is never
 * read: nothing blocks), of at most {@linkcode MAX_INDEX_FILE_BYTES}, UTF-8
 * JSON whose top is an index's (an object with `agentSkillsIndex`).
 */
function readIndexFile(path: string): IndexRead {
  const opened = openRegular(path, { follow: true });
  if (opened.kind === "unopenable") {
    return errorCode(opened.error) === "ENOENT" ? { kind: "missing" } : unused(
      "index_unreadable",
      `cannot read it (${reason(opened.error)})`,
      false,
    );
  }
  if (opened.kind === "not_a_file") {
    return unused(
      "index_unreadable",
      `it is ${opened.what}, not a file`,
      false,
    );
  }
  let bytes: Uint8Array;
  const { fd, status } = opened;
  const tooLarge = status.size > MAX_INDEX_FILE_BYTES;
  try {
    bytes = readAtMost(fd, {
      size: tooLarge ? HEAD_BYTES : status.size,
      limit: tooLarge ? HEAD_BYTES : MAX_INDEX_FILE_BYTES + 1,
    });
  } catch (error) {
    return unused(
      "index_unreadable",
      `cannot read it (${reason(error)})`,
      false,
    );
  } finally {
    closeSync(fd);
  }
  if (tooLarge || bytes.length > MAX_INDEX_FILE_BYTES) {
    return unused(
      "index_unreadable",
      `it is larger than ${MAX_INDEX_FILE_BYTES} bytes`,
      beginsAsIndex(new TextDecoder().decode(bytes.subarray(0, HEAD_BYTES))),
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return unused(
      "index_unreadable",
      "it is not UTF-8",
      beginsAsIndex(new TextDecoder().decode(bytes.subarray(0, HEAD_BYTES))),
    );
  }
  let index: unknown;
  try {
    index = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return unused(
      "index_malformed",
      `it is not JSON (${oneLineSafe(why.split("\n")[0] ?? why)})`,
      /^\s*$/.test(text) || beginsAsIndex(text),
    );
  }
  if (
    typeof index !== "object" || index === null || Array.isArray(index) ||
    !Object.hasOwn(index, "agentSkillsIndex")
  ) {
    return unused(
      "index_malformed",
      `it is JSON, but no index (no "agentSkillsIndex" at its top)`,
      false,
    );
  }
  return { kind: "read", text, index };
}

function unused(
  code: IndexNoteCode,
  why: string,
  replace: boolean,
): IndexRead {
  return { kind: "unused", code, why, replace };
}

/** Whether a text begins as an index this command writes (truncated or not). */
function beginsAsIndex(text: string): boolean {
  return /^\s*\{\s*"agentSkillsIndex"\s*:/.test(text);
}
