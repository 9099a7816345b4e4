// The tree of real manifests for `deno task bench`'s targets (issue 32):
// COUNT skills over 4 roots, plus a copy of 10% of them in the next root
// (cross-root overrides), each skill a copy of a real SKILL.md taken round
// robin from fixtures/public (fixtures/stores where that is absent), in a
// directory of its own named `<name>-<n>`. Only the value of the `name:`
// line changes, to that directory's name; every other byte is the source's.
// A manifest whose name cannot be rewritten so (not one plain top-level
// `name:` line with a spec name short enough for the suffix) is skipped, and
// so is one the library does not serve on its own. Generated once per
// (sources, count) and reused.

import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { createAgentSkills } from "@clarvis/agent-skills";

/** A tree of replicated real manifests, and what its sources were. */
export interface RealTree {
  readonly roots: string[];
  readonly skills: number;
  readonly manifests: number;
  /** The folder the sources came from, relative to the repository. */
  readonly source: string;
  /** How many SKILL.md files the source folder holds. */
  readonly found: number;
  /** How many of them were replicated. */
  readonly used: number;
  /** Skipped: the `name:` line could not be rewritten safely. */
  readonly skippedName: number;
  /** Skipped: the library does not serve the manifest as it is. */
  readonly skippedRefused: number;
  /** Why the first choice of source was not taken, when it was not. */
  readonly note?: string;
}

const REPO = new URL("..", import.meta.url).pathname;
const SPEC_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A top-level `name:` line: its value plain, single- or double-quoted. */
const NAME_LINE = /^name:([ \t]*)(["']?)([^"'\s#]*)\2([ \t]*\r?)$/;

interface Source {
  readonly path: string;
  readonly name: string;
  /** The text with `\u0000` where the new name goes. */
  readonly template: string;
}

/** The manifest's text split around its name's value, or `undefined`. */
function templateOf(text: string, path: string): Source | undefined {
  const lines = text.split("\n");
  if (lines[0]?.replace(/\r$/, "") !== "---") return undefined;
  const close = lines.findIndex((line, i) =>
    i > 0 && line.replace(/\r$/, "") === "---"
  );
  if (close < 0) return undefined;
  const hits = lines.slice(1, close).flatMap((line, i) =>
    /^name\s*:/.test(line) ? [i + 1] : []
  );
  if (hits.length !== 1) return undefined;
  const at = hits[0] as number;
  const match = NAME_LINE.exec(lines[at] as string);
  const name = match?.[3] ?? "";
  // "-12345" must fit within the spec's 64 characters.
  if (match === null || !SPEC_NAME.test(name) || name.length > 58) {
    return undefined;
  }
  const [, space, quote] = match;
  lines[at] = `name:${space}${quote}\u0000${quote}${match[4]}`;
  return { path, name, template: lines.join("\n") };
}

function manifestsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String)
    .filter((file) => file === "SKILL.md" || file.endsWith("/SKILL.md"))
    .map((file) => join(dir, file))
    .filter((path) => statSync(path).isFile())
    .sort();
}

/** FNV-1a over the sources' paths and texts: a tree's name changes with them. */
function hashOf(texts: string[]): string {
  let hash = 0x811c9dc5;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
  }
  return hash.toString(16).padStart(8, "0");
}

/** Generates (or reuses) the tree of `count` real skills under `base`. */
export function realTree(base: string, count: number): RealTree {
  let source = join(REPO, "fixtures", "public");
  let note: string | undefined;
  if (!existsSync(source)) {
    note =
      "fixtures/public is absent: real manifests from fixtures/stores instead";
    source = join(REPO, "fixtures", "stores");
  }
  const paths = manifestsUnder(source);
  const texts = paths.map((path) => readFileSync(path, "utf8"));
  const label = relative(REPO, source).replaceAll("/", "-");
  const dir = join(
    base,
    `real-${label}-${count}-${
      hashOf([...paths.map((p) => relative(source, p)), ...texts])
    }`,
  );
  const marker = join(dir, "tree.json");
  if (existsSync(marker)) {
    return JSON.parse(readFileSync(marker, "utf8")) as RealTree;
  }
  rmSync(dir, { recursive: true, force: true });
  const rewritable = paths.flatMap((path, i) => {
    const source = templateOf(texts[i] as string, path);
    return source === undefined ? [] : [source];
  });
  const accepted = served(join(dir, "probe"), rewritable);
  if (accepted.length === 0) {
    throw new Error(`bench: no real manifest under ${source} can be used`);
  }
  const roots = [0, 1, 2, 3].map((i) => join(dir, `root-${i}`));
  let manifests = 0;
  const write = (root: string, name: string, template: string): void => {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, "SKILL.md"), template.replace("\0", name));
    manifests++;
  };
  for (let i = 0; i < count; i++) {
    const { name, template } = accepted[i % accepted.length] as Source;
    const copy = `${name}-${i}`;
    write(roots[i % 4] as string, copy, template);
    if (i % 10 === 0) write(roots[(i + 1) % 4] as string, copy, template);
  }
  const tree: RealTree = {
    roots,
    skills: count,
    manifests,
    source: relative(REPO, source),
    found: paths.length,
    used: accepted.length,
    skippedName: paths.length - rewritable.length,
    skippedRefused: rewritable.length - accepted.length,
    ...(note === undefined ? {} : { note }),
  };
  writeFileSync(marker, JSON.stringify(tree));
  return tree;
}

/** The sources the library serves, each copied once into a probe root. */
function served(probe: string, sources: Source[]): Source[] {
  sources.forEach(({ template, name }, i) => {
    mkdirSync(join(probe, `${name}-${i}`), { recursive: true });
    writeFileSync(
      join(probe, `${name}-${i}`, "SKILL.md"),
      template.replace("\0", `${name}-${i}`),
    );
  });
  const names = new Set(
    createAgentSkills({
      roots: [probe],
      home: probe,
      cwd: probe,
      onWarning: () => {},
    }).listSkills().map((skill) => skill.name),
  );
  rmSync(probe, { recursive: true, force: true });
  return sources.filter(({ name }, i) => names.has(`${name}-${i}`));
}
