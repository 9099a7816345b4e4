// The random steps of tests/registry/index_property_test.ts, on two roots
// and a folder outside them: each changes the tree and says what it did,
// for the log a failure prints.

import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { manifest } from "../_helpers.ts";

/** Past the racy window (2 s) of every manifest written before it. */
export const SETTLE_MS = 2100;

/** Waits `ms` milliseconds (forward in time only; nothing is timed). */
export const sleep = (ms: number): Promise<void> =>
  new Promise((done) => setTimeout(done, ms));

/** What a run works on. */
export interface Run {
  readonly roots: readonly [string, string];
  readonly outside: string;
  readonly random: () => number;
  count: number;
  /** Skill directories swapped for a symlink, and where each was parked. */
  readonly swapped: Array<{ readonly path: string; parked: string }>;
  /** Every name a manifest of the run held, explained after each step. */
  readonly names: Set<string>;
  /** The file last written. */
  written?: string;
}

type Step = (run: Run) => string | Promise<string>;

export function pick<T>(
  random: () => number,
  items: readonly T[],
): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** The real skill directories of both roots (not symlinks), by path. */
function dirs({ roots }: Run): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, entry.name))
  ).sort();
}

/** The manifests of the real skill directories. */
function manifests(run: Run): string[] {
  return dirs(run).map((dir) => join(dir, "SKILL.md")).filter((path) => {
    try {
      return lstatSync(path).isFile();
    } catch {
      return false;
    }
  });
}

/** A manifest named `name`: its description and body each hold a digit or letter a later step can flip in place. */
function text(run: Run, name: string, description?: string): string {
  run.names.add(name);
  return manifest(name, description ?? `Skill ${name} at ${run.count}, v0.`, {
    body: `# ${name}\n\nrev a, step ${run.count}.`,
  });
}

/**
 * A manifest whose description YAML reads otherwise than a host means it:
 * repaired (a colon in a plain value), or cut at " #" (`cut`).
 */
function repairedText(run: Run, name: string, cut: boolean): string {
  run.names.add(name);
  const description = cut ? "Fix bugs #12 v0" : "Use: this one, v0";
  return `---\nname: ${name}\ndescription: ${description}\n---\nrev a\n`;
}

/**
 * Flips one character of a manifest's description or body in place,
 * keeping its size and modification time; says if there was none.
 */
function flipped(run: Run, path: string): string {
  const before = statSync(path);
  const old = readFileSync(path, "utf8");
  const flip = run.random() < 0.5 ? /v(\d)/ : /rev ([a-y])/;
  const next = old.replace(flip, (found, c: string) =>
    found.replace(
      c,
      /\d/.test(c)
        ? String((Number(c) + 1) % 10)
        : String.fromCharCode(c.charCodeAt(0) + 1),
    ));
  if (next === old) return ": nothing to flip";
  writeFileSync(path, next);
  utimesSync(path, before.atime, before.mtime);
  return "";
}

/** Writes a manifest; at random, its modification time set back to a whole second (as tar and rsync may). */
function write(run: Run, path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  if (basename(path) === "SKILL.md") run.written = path;
  if (run.random() < 0.5) {
    const second = Math.floor(Date.now() / 1000);
    utimesSync(path, second, second);
  }
}

/** The name a manifest gives, or its directory's. */
function nameIn(path: string): string {
  const found = /^name: (.*)$/m.exec(readFileSync(path, "utf8"));
  return found?.[1] ?? basename(dirname(path));
}

/** A path as the log names it: from its root on. */
const short = (path: string): string =>
  path.replace(/^.*\/agent-skills-test-[^/]+\//, "");

/** Each step, by the name the log gives it. */
export const STEPS_BY_NAME: Record<string, Step> = {
  description: (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "description: none";
    write(run, path, text(run, nameIn(path), `Described at ${run.count}, v0.`));
    return `description ${short(path)}`;
  },
  body: (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "body: none";
    const before = readFileSync(path, "utf8");
    write(run, path, `${before}\nMore at ${run.count}.\n`);
    return `body ${short(path)}`;
  },
  name: (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "name: none";
    // Another skill's name (a duplicate, or an override), or a new one.
    const other = pick(run.random, manifests(run));
    const name = run.random() < 0.5 && other !== undefined
      ? nameIn(other)
      : `renamed-${run.count}`;
    write(run, path, text(run, name));
    return `name ${short(path)} ${name}`;
  },
  keepSize: async (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "keepSize: none";
    const before = statSync(path);
    // A change time may count whole seconds: the edit lands in a later one.
    const later = (Math.floor(before.ctimeMs / 1000) + 1) * 1000;
    if (Date.now() < later) await sleep(later - Date.now() + 20);
    return `keepSize ${short(path)}${flipped(run, path)}`;
  },
  // The manifest the step before wrote, at once: within its second, where
  // only the racy rule keeps its first text out of the index.
  keepSizeAtOnce: (run) => {
    const path = run.written;
    if (path === undefined) return "keepSizeAtOnce: none";
    try {
      return `keepSizeAtOnce ${short(path)}${flipped(run, path)}`;
    } catch {
      return `keepSizeAtOnce ${short(path)}: gone`;
    }
  },
  invalid: (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "invalid: none";
    write(run, path, "---\nname: [broken\ndescription: x\n---\n");
    return `invalid ${short(path)}`;
  },
  valid: (run) => {
    const broken = manifests(run).filter((path) =>
      readFileSync(path, "utf8").includes("[broken")
    );
    const path = pick(run.random, broken);
    if (path === undefined) return "valid: none";
    write(run, path, text(run, basename(dirname(path))));
    return `valid ${short(path)}`;
  },
  hardLink: (run) => {
    const [path, other] = [manifests(run), manifests(run)].map((all) =>
      pick(run.random, all)
    );
    if (path === undefined || other === undefined || path === other) {
      return "hardLink: none";
    }
    unlinkSync(path);
    linkSync(other, path);
    return `hardLink ${short(path)} to ${short(other)}`;
  },
  copy: (run) => {
    // A copy put in place of the manifest: a new inode, the same bytes
    // and modification time (its own, or another skill's).
    const path = pick(run.random, manifests(run));
    const from = run.random() < 0.5 ? path : pick(run.random, manifests(run));
    if (path === undefined || from === undefined) return "copy: none";
    const before = statSync(from);
    const staged = join(dirname(path), `.staged-${run.count}`);
    writeFileSync(staged, readFileSync(from));
    utimesSync(staged, before.atime, before.mtime);
    renameSync(staged, path);
    return `copy ${short(from)} over ${short(path)}`;
  },
  add: (run) => {
    const root = pick(run.random, run.roots) ?? run.roots[0];
    const name = `added-${run.count}`;
    write(run, join(root, name, "SKILL.md"), text(run, name));
    return `add ${short(join(root, name))}`;
  },
  override: (run) => {
    // A skill of the first root, named again in the later one.
    const first = manifests(run).filter((path) =>
      path.startsWith(run.roots[0])
    );
    const path = pick(run.random, first);
    if (path === undefined) return "override: none";
    const name = nameIn(path);
    const dir = join(run.roots[1], `over-${run.count}`);
    write(run, join(dir, "SKILL.md"), text(run, name, `Later ${name}.`));
    return `override ${name} in ${short(dir)}`;
  },
  unlike: (run) => {
    const name = `unlike-${run.count}`;
    write(
      run,
      join(run.roots[0], `dir-${run.count}`, "SKILL.md"),
      text(run, name),
    );
    return `unlike ${name}`;
  },
  repaired: (run) => {
    const path = pick(run.random, manifests(run));
    if (path === undefined) return "repaired: none";
    write(run, path, repairedText(run, nameIn(path), run.random() < 0.5));
    return `repaired ${short(path)}`;
  },
  resource: (run) => {
    const dir = pick(run.random, dirs(run));
    if (dir === undefined) return "resource: none";
    write(run, join(dir, "scripts", `run-${run.count}.sh`), "echo\n");
    return `resource ${short(dir)}`;
  },
  remove: (run) => {
    const dir = pick(run.random, dirs(run));
    if (dir === undefined) return "remove: none";
    rmSync(dir, { recursive: true, force: true });
    return `remove ${short(dir)}`;
  },
  rename: (run) => {
    const dir = pick(run.random, dirs(run));
    if (dir === undefined) return "rename: none";
    const to = join(dirname(dir), `moved-${run.count}`);
    renameSync(dir, to);
    return `rename ${short(dir)} to ${basename(to)}`;
  },
  swapNames: (run) => {
    const [a, b] = [dirs(run), dirs(run)].map((all) => pick(run.random, all));
    if (a === undefined || b === undefined || a === b) return "swapNames: none";
    const between = join(run.outside, `between-${run.count}`);
    renameSync(a, between);
    renameSync(b, a);
    renameSync(between, b);
    return `swapNames ${short(a)} ${short(b)}`;
  },
  symlink: (run) => {
    // Swapped for a symlink to another skill directory, or to itself
    // moved outside the roots (its manifest untouched).
    const path = pick(run.random, dirs(run));
    if (path === undefined) return "symlink: none";
    const parked = join(run.outside, `parked-${run.count}`);
    renameSync(path, parked);
    const other = pick(run.random, dirs(run));
    const target = run.random() < 0.5 || other === undefined ? parked : other;
    symlinkSync(target, path);
    run.swapped.push({ path, parked });
    return `symlink ${short(path)} to ${short(target)}`;
  },
  retarget: (run) => {
    // The directory a symlink leads to moved, and the link made to follow
    // it: its manifest untouched.
    const swap = pick(run.random, run.swapped);
    if (swap === undefined) return "retarget: none";
    const parked = join(run.outside, `parked-${run.count}`);
    try {
      if (!lstatSync(swap.path).isSymbolicLink()) return "retarget: taken";
      renameSync(swap.parked, parked);
    } catch {
      return "retarget: gone";
    }
    unlinkSync(swap.path);
    symlinkSync(parked, swap.path);
    swap.parked = parked;
    return `retarget ${short(swap.path)} to ${short(parked)}`;
  },
  back: (run) => {
    const swap = pick(run.random, run.swapped);
    if (swap === undefined) return "back: none";
    run.swapped.splice(run.swapped.indexOf(swap), 1);
    let is: "link" | "gone" | "other" = "gone";
    try {
      is = lstatSync(swap.path).isSymbolicLink() ? "link" : "other";
    } catch {
      // removed since
    }
    if (is === "other") return `back ${short(swap.path)}: taken`;
    if (is === "link") unlinkSync(swap.path);
    renameSync(swap.parked, swap.path);
    return `back ${short(swap.path)}`;
  },
  settle: async () => {
    await sleep(SETTLE_MS);
    return "settle";
  },
};

/**
 * The tree a run starts from: plain skills in both roots, and one of each
 * finding, so that the first index holds them: a repaired YAML line, a
 * value cut at " #", a name unlike its directory, a duplicate in a root, a
 * skill of the first root named again in the later one, an invalid
 * manifest, a skill reached through a symlink, a resource.
 */
export function plant(run: Run): void {
  const [a, b] = run.roots;
  const at = (root: string, dir: string): string => join(root, dir, "SKILL.md");
  for (let i = 0; i < 7; i++) {
    write(run, at(i < 5 ? a : b, `skill-${i}`), text(run, `skill-${i}`));
  }
  write(run, at(a, "repaired"), repairedText(run, "repaired", false));
  write(run, at(b, "cut"), repairedText(run, "cut", true));
  write(run, at(a, "dir-unlike"), text(run, "unlike-0"));
  write(run, at(a, "dup"), text(run, "skill-2"));
  write(run, at(b, "over-0"), text(run, "skill-1"));
  write(run, at(a, "broken"), "---\nname: [broken\ndescription: x\n---\n");
  const real = join(run.outside, "linked-real");
  write(run, join(real, "SKILL.md"), text(run, "linked"));
  symlinkSync(real, join(a, "linked"));
  run.swapped.push({ path: join(a, "linked"), parked: real });
  write(run, join(a, "skill-0", "scripts", "run.sh"), "echo\n");
}

/** How often each step is drawn: a symlink taken back only once one was made. */
export function choices(run: Run): string[] {
  return Object.keys(STEPS_BY_NAME).flatMap((name) =>
    (name === "back" || name === "retarget") && run.swapped.length === 0
      ? []
      : Array<string>(WEIGHTS[name] ?? 2).fill(name)
  );
}

/** What moves directories and links (which leaves manifests settled) is drawn more often. */
const WEIGHTS: Record<string, number> = {
  rename: 3,
  swapNames: 3,
  symlink: 4,
  keepSizeAtOnce: 3,
  retarget: 3,
  back: 4,
  settle: 1,
};
