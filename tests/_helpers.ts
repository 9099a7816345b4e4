// Test helpers that work under Deno, Node and Bun alike.

import { execFileSync } from "node:child_process";
import { after } from "node:test";
import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  type SkillInfo,
  type SkillRootOptions,
  type SkillWarning,
} from "@clarvis/agent-skills";
import { main } from "@clarvis/agent-skills/cli";
import { backend } from "../src/fs/_backend.ts";
import { listOwnDirectory } from "../src/fs/_listing.ts";

/**
 * A fresh directory under /tmp (os.tmpdir() would read the environment), as a
 * real path, so results compare equal where /tmp itself is a symlink.
 */
export function tempDir(): string {
  return realpathSync(mkdtempSync("/tmp/agent-skills-test-"));
}

/** Removes a directory made by tempDir(). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The most files a tree of {@linkcode tempTrees} may hold. Its trees are
 * removed in an `after()` hook, and Bun gives a hook five seconds, which no
 * option of `after()` raises: removing 10,000 directories there took 10 s on
 * a busy machine. A larger tree is made with {@linkcode withTree}.
 */
export const HOOK_TREE_FILES = 1000;

/**
 * Returns a function that makes a temp tree of the given files (at most
 * {@linkcode HOOK_TREE_FILES}); every tree it made is removed after the
 * calling test file has run.
 */
export function tempTrees(): (files?: Record<string, string>) => string {
  const made: string[] = [];
  after(() => made.forEach(removeDir));
  return (files = {}) => {
    const count = Object.keys(files).length;
    if (count > HOOK_TREE_FILES) {
      throw new Error(
        `A tree of ${count} files is removed too slowly for an after() hook (Bun's five seconds): make it with withTree()`,
      );
    }
    const dir = tempDir();
    made.push(dir);
    writeTree(dir, files);
    return dir;
  };
}

/**
 * Makes a temp tree of the given files, passes it to `use`, and removes it
 * once `use` has returned or settled: inside the calling test, within its own
 * timeout, not in a hook. For trees of any size.
 */
export async function withTree<T>(
  files: Record<string, string>,
  use: (dir: string) => T | Promise<T>,
): Promise<T> {
  const dir = tempDir();
  try {
    writeTree(dir, files);
    return await use(dir);
  } finally {
    removeDir(dir);
  }
}

/** Writes files (relative path → content) under `root`, creating parents. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Creates a symlink at `path` (parents included) pointing at `target`. */
export function link(target: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

/** The text of a minimal valid manifest. */
export function manifest(
  name: string,
  description = `The ${name} skill.`,
  { extra = "", body = `# ${name}\n\nUse ${name}.` }: {
    extra?: string;
    body?: string;
  } = {},
): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}\n`;
}

/** Creates a FIFO: Deno.Command under Deno, child_process elsewhere. */
export function makeFifo(path: string): void {
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  if (deno !== undefined) {
    const result = new deno.Command("mkfifo", { args: [path], clearEnv: true })
      .outputSync();
    if (result.code !== 0) throw new Error(`mkfifo ${path} failed`);
  } else {
    execFileSync("mkfifo", [path]);
  }
}

interface DenoLike {
  Command: new (
    command: string,
    options: { args: string[]; clearEnv: boolean },
  ) => { outputSync(): { code: number } };
}

/** Options for a test instance: explicit home and cwd, warnings collected. */
export function options(
  root: string,
  overrides: AgentSkillsOptions = {},
): { options: AgentSkillsOptions; warnings: SkillWarning[] } {
  const warnings: SkillWarning[] = [];
  return {
    warnings,
    options: {
      home: root,
      cwd: root,
      roots: [root],
      onWarning: (warning) => warnings.push(warning),
      ...overrides,
    },
  };
}

/**
 * A root with one skill "tool" holding resources (some nested), a skill
 * "other", and a secret beside the root: an instance over it, warnings
 * collected.
 */
export function toolStore(
  tree: (files?: Record<string, string>) => string,
  overrides: AgentSkillsOptions = {},
): {
  base: string;
  dir: string;
  skills: AgentSkills;
  warnings: SkillWarning[];
} {
  const base = tree({
    "secret.txt": "top secret",
    "root/tool/SKILL.md": manifest("tool"),
    "root/tool/scripts/run.py": "print('run')",
    "root/tool/references/guide.md": "# guide",
    "root/tool/assets/deep/a/b.txt": "b",
    "root/other/SKILL.md": manifest("other"),
    "root/other/notes.md": "other's notes",
  });
  const dir = join(base, "root", "tool");
  const { options: opts, warnings } = options(join(base, "root"), overrides);
  return { base, dir, skills: createAgentSkills(opts), warnings };
}

/** The codes of the collected warnings, in order. */
export function codes(warnings: readonly SkillWarning[]): string[] {
  return warnings.map((warning) => warning.code);
}

/**
 * Creates `<dir>/<prefix><byte>`, a name that is not valid UTF-8 (no string
 * can name it, so the shell makes it): a directory, or a file with `content`.
 */
export function makeNonUtf8(
  dir: string,
  prefix: string,
  byte: number,
  content?: string,
): void {
  const octal = byte.toString(8);
  const make = content === undefined
    ? `mkdir "$(printf '%s/%s\\${octal}' "$1" "$2")"`
    : `printf '%s' "$3" > "$(printf '%s/%s\\${octal}' "$1" "$2")"`;
  shell(make, [dir, prefix, content ?? ""]);
}

/**
 * Runs a shell script with `args` as `$1`, `$2`...: Deno.Command under Deno,
 * child_process elsewhere; with an empty environment (a C locale, so that
 * bytes stay bytes).
 */
function shell(script: string, args: string[]): void {
  const argv = ["-c", script, "sh", ...args];
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  if (deno !== undefined) {
    const result = new deno.Command("/bin/sh", { args: argv, clearEnv: true })
      .outputSync();
    if (result.code !== 0) throw new Error(`sh ${script} failed`);
  } else {
    execFileSync("/bin/sh", argv, { env: {} });
  }
}

/**
 * Creates `count` entries `<dir>/<prefix><i><byte>` whose names are not valid
 * UTF-8, in one shell: directories, or empty files when `files`.
 */
export function makeManyNonUtf8(
  dir: string,
  prefix: string,
  count: number,
  { byte = 0xfe, files = false }: { byte?: number; files?: boolean } = {},
): void {
  const make =
    `awk -v dir="$1" -v prefix="$2" -v n="$3" 'BEGIN { for (i = 0; i < n; i++) printf "%s/%s%d\\${
      byte.toString(8)
    }\\n", dir, prefix, i }' | xargs ${files ? "touch" : "mkdir"}`;
  shell(make, [dir, prefix, String(count)]);
}

/** A catalog entry as the registry gives one, for the prompt helpers' tests. */
export function skillInfo(
  name: string,
  description = `The ${name} skill.`,
  extra: Partial<SkillInfo> = {},
): SkillInfo {
  return {
    name,
    description,
    metadata: {},
    userInvocable: true,
    disableModelInvocation: false,
    scope: "user",
    source: "custom",
    root: "/skills",
    dir: `/skills/${name}`,
    path: `/skills/${name}/SKILL.md`,
    ...extra,
  };
}

/**
 * An instance over one root (with `overrides`): the names it serves, and
 * the codes and messages of its warnings.
 */
export function listed(
  root: SkillRootOptions,
  overrides: AgentSkillsOptions = {},
): { names: string[]; warnings: string[]; messages: string[] } {
  const { options: opts, warnings } = options(root.path, {
    roots: [root],
    ...overrides,
  });
  const skills = createAgentSkills(opts);
  return {
    names: skills.listSkills().map((skill) => skill.name),
    warnings: codes(warnings),
    messages: warnings.map((warning) => warning.message),
  };
}

/**
 * How many listings one resource directory takes in this runtime: one
 * through its descriptor where kernel paths can be read, else several by
 * path that must agree (src/fs/_listing.ts).
 */
export function resourceListings(): number {
  const dir = mkdtempSync("/tmp/agent-skills-listings-");
  try {
    mkdirSync(join(dir, "d"));
    return countListings(() => listOwnDirectory(join(dir, "d"))).listed.length;
  } finally {
    rmSync(dir, { recursive: true });
  }
}

/**
 * Starts recording each path the library hands the filesystem backend's
 * `calls` (listings, status calls), in order, into `paths`; `stop()` puts
 * the backend back. The work a run does, counted rather than timed.
 */
export function recordBackend(
  calls: readonly ("list" | "status")[],
): { paths: string[]; stop(): void } {
  const { list, status } = backend;
  const paths: string[] = [];
  if (calls.includes("list")) {
    backend.list = (path) => {
      paths.push(path);
      return list(path);
    };
  }
  if (calls.includes("status")) {
    backend.status = (path, options) => {
      paths.push(path);
      return status(path, options);
    };
  }
  return { paths, stop: () => Object.assign(backend, { list, status }) };
}

/**
 * Runs `run` with every directory listing the library makes recorded, by
 * path, in order: the work a walk does, counted rather than timed.
 */
export function countListings<T>(
  run: () => T,
): { result: T; listed: string[] } {
  const recording = recordBackend(["list"]);
  try {
    return { result: run(), listed: recording.paths };
  } finally {
    recording.stop();
  }
}

/** Runs `run`, recording each path whose status the library asks. */
export function countStatuses<T>(
  run: () => T,
): { result: T; statused: string[] } {
  const recording = recordBackend(["status"]);
  try {
    return { result: run(), statused: recording.paths };
  } finally {
    recording.stop();
  }
}

/**
 * Waits until `ready()` holds, polling every 20 ms; fails naming `what`
 * after 30 s. For events a test waits for: it bounds the wait, and asserts
 * no duration.
 */
export async function waitUntil(
  ready: () => boolean,
  what: string,
): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 30_000) throw new Error(`Waited 30 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A seeded generator of numbers in [0, 1) (mulberry32), for replayable cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Characters that act or show as nothing: controls, separators, bidi, the
 * zero-width ones, the soft hyphen, invisible operators, annotations, tags,
 * variation selectors, fillers, an unassigned default-ignorable and lone
 * surrogates: what the escaping tests of every output draw from.
 */
export const ACTING_SAMPLES: readonly string[] = [
  "\u0000",
  "\u0007",
  "\n",
  "\t",
  "\r",
  "\u001B",
  "\u007F",
  "\u009B",
  "\u00AD",
  "\u034F",
  "\u061C",
  "\u115F",
  "\u180E",
  "\u200B",
  "\u200D",
  "\u2028",
  "\u2029",
  "\u202E",
  "\u2061",
  "\u2064",
  "\u2065",
  "\u2066",
  "\u3164",
  "\uFE0F",
  "\uFEFF",
  "\uFFA0",
  "\uFFF9",
  "\uFFFB",
  "\u{E0001}",
  "\u{E0041}",
  "\u{E007F}",
  "\u{E0100}",
  "\u{E01EF}",
  "\u{E0FFF}",
  "\uD800",
  "\uDBFF",
  "\uDC41",
  "\uDFFF",
];

/**
 * Runs the command line in-process, without colour, and returns its exit
 * code and what it wrote to each stream.
 */
export async function runMain(
  args: readonly string[],
  { columns, cwd }: { columns: number; cwd: string },
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, {
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    color: false,
    columns,
    cwd,
  });
  return { code, out, err };
}
