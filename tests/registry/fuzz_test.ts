// Property-based confinement tests: random skill trees (nested directories,
// files, and symlinks pointing inside, outside, at parents, at other skills,
// nowhere, and in loops) probed with random resource paths. The property:
// whatever resourcePath() returns is, after realpath, a regular file inside
// the skill's real directory; anything else is a documented SkillError; and
// every resource loadSkill() lists resolves the same way.
//
// A failure prints the seed; set REPLAY_SEED to it to replay the same cases.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  lstatSync,
  mkdirSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, sep } from "node:path";
import fc from "fast-check";
import {
  createAgentSkills,
  SkillError,
  type SkillErrorCode,
} from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../_helpers.ts";

const REPLAY_SEED: number | undefined = undefined;
const TREES = 40;
const PATHS_PER_TREE = 250; // TREES × PATHS_PER_TREE = 10,000 resourcePath cases

const RESOURCE_CODES: ReadonlySet<SkillErrorCode> = new Set([
  "invalid_input",
  "path_escape",
  "not_found",
  "not_a_file",
]);

const tree = tempTrees();

/** One entry of a generated skill tree, relative to the skill directory. */
type Node =
  | { kind: "dir"; path: string }
  | { kind: "file"; path: string }
  | { kind: "link"; path: string; target: string };

const segment = fc.constantFrom(
  "a",
  "b",
  "c",
  "deep",
  "x.md",
  ".hidden",
  "node_modules",
  ".git",
);
const relPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) =>
  parts.join("/")
);

/** Where a generated symlink points; `$SKILL`, `$ROOT`, `$OUT` are filled in when the tree is built. */
const linkTarget = fc.oneof(
  relPath, // relative, inside (or dangling)
  relPath.map((rel) => `../${rel}`), // relative, possibly out of a subdirectory
  fc.constantFrom(
    ".",
    "..",
    "../..",
    "../../..",
    "/",
    "/etc",
    "/etc/hostname",
    "/dev/null",
    "/dev/zero",
  ),
  relPath.map((rel) => `$SKILL/${rel}`), // absolute, inside
  fc.constantFrom(
    "$SKILL",
    "$ROOT/other",
    "$ROOT/other/notes.md",
    "$OUT",
    "$OUT/secret.txt",
    "$ROOT",
  ),
  fc.constantFrom("self-loop", "loop-a", "loop-b"), // loops are made from these names below
);

const node: fc.Arbitrary<Node> = fc.oneof(
  relPath.map((path): Node => ({ kind: "dir", path })),
  relPath.map((path): Node => ({ kind: "file", path })),
  fc.tuple(relPath, linkTarget).map(([path, target]): Node => ({
    kind: "link",
    path,
    target,
  })),
);

/** Resource paths an agent (or an attacker) might ask for. */
const requested: fc.Arbitrary<string> = fc.oneof(
  relPath,
  fc.array(
    fc.oneof(
      segment,
      fc.constantFrom(
        "..",
        ".",
        "",
        "...",
        "%2e%2e",
        "%2E%2E%2F",
        "\u2024\u2024",
        "．．",
        "..\u2215",
        "\\",
        "..\\..",
        "a\0b",
        "SKILL.md",
      ),
    ),
    { maxLength: 8 },
  ).chain((parts) =>
    fc.constantFrom("/", "\\", "//").map((separator) => parts.join(separator))
  ),
  fc.constantFrom(
    "",
    "/",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "\\\\server\\share",
    "~",
    "~/x",
  ),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 50, max: 400 }).map((count) =>
    Array(count).fill("a").join("/")
  ),
  fc.integer({ min: 1, max: 40 }).map((count) =>
    `${"../".repeat(count)}outside/secret.txt`
  ),
);

function build(nodes: readonly Node[]): { base: string; skillDir: string } {
  const base = tree({
    "root/skill/SKILL.md": manifest("skill"),
    "root/other/SKILL.md": manifest("other"),
    "root/other/notes.md": "other's notes",
    "outside/secret.txt": "secret",
  });
  const skillDir = join(base, "root", "skill");
  const fill = (target: string): string =>
    target.replace("$SKILL", skillDir).replace("$ROOT", join(base, "root"))
      .replace("$OUT", join(base, "outside"));
  for (const entry of nodes) {
    const path = join(skillDir, entry.path);
    // Never create through a link made by an earlier node: it may point
    // anywhere (`/`, `/etc/hostname`), and the tests may run as root.
    if (!isFreshPath(skillDir, entry.path)) continue;
    try {
      mkdirSync(join(path, ".."), { recursive: true });
      if (entry.kind === "dir") mkdirSync(path, { recursive: true });
      else if (entry.kind === "file") writeFileSync(path, entry.path);
      else if (entry.target === "self-loop") symlinkSync(path, path);
      else if (entry.target === "loop-a" || entry.target === "loop-b") {
        symlinkSync(join(skillDir, "loop-b"), join(skillDir, "loop-a"));
        symlinkSync(join(skillDir, "loop-a"), join(skillDir, "loop-b"));
      } else symlinkSync(fill(entry.target), path);
    } catch {
      // The generated tree asked for something impossible (a file where a
      // directory is, an existing link): keep what could be made.
    }
  }
  return { base, skillDir };
}

/**
 * Whether `rel` names nothing yet under `dir`, and each directory on its way
 * is a real directory or not there yet: creating it then makes something
 * inside `dir`, never through a symlink.
 */
function isFreshPath(dir: string, rel: string): boolean {
  const parts = rel.split("/");
  let at = dir;
  for (const [index, part] of parts.entries()) {
    at = join(at, part);
    let status;
    try {
      status = lstatSync(at);
    } catch {
      return true; // missing: it and everything below are made fresh
    }
    if (index === parts.length - 1 || !status.isDirectory()) return false;
  }
  return false;
}

function assertConfined(path: string, realDir: string, what: string): void {
  const real = realpathSync(path);
  assert.ok(
    real === realDir || real.startsWith(realDir + sep),
    `${what}: ${real} is outside ${realDir}`,
  );
  assert.ok(statSync(real).isFile(), `${what}: ${real} is not a regular file`);
}

describe("confinement, property-based", () => {
  const seed = REPLAY_SEED ?? Math.floor(Math.random() * 2 ** 31);
  let cases = 0;

  it(`holds for ${TREES * PATHS_PER_TREE} random resource paths over ${TREES} random trees`, () => {
    console.log(
      `fuzz: seed ${seed} (set REPLAY_SEED in tests/registry/fuzz_test.ts to replay)`,
    );
    fc.assert(
      fc.property(
        fc.array(node, { maxLength: 25 }),
        fc.array(requested, {
          minLength: PATHS_PER_TREE,
          maxLength: PATHS_PER_TREE,
        }),
        (nodes, rels) => {
          const { base, skillDir } = build(nodes);
          const realDir = realpathSync(skillDir);
          const skills = createAgentSkills({
            home: base,
            cwd: base,
            roots: [join(base, "root")],
            onWarning: () => {},
          });
          for (const rel of rels) {
            cases++;
            let path: string;
            try {
              path = skills.resourcePath("skill", rel);
            } catch (error) {
              if (
                error instanceof SkillError && RESOURCE_CODES.has(error.code)
              ) continue;
              throw new Error(
                `resourcePath("skill", ${JSON.stringify(rel)}) threw ${error}`,
              );
            }
            assertConfined(
              path,
              realDir,
              `resourcePath(${JSON.stringify(rel)})`,
            );
          }
          for (const resource of skills.loadSkill("skill")?.resources ?? []) {
            assertConfined(
              join(skillDir, resource),
              realDir,
              `resource ${resource}`,
            );
            assert.equal(
              skills.resourcePath("skill", resource),
              realpathSync(join(skillDir, resource)),
            );
          }
        },
      ),
      { seed, numRuns: TREES },
    );
    console.log(`fuzz: ${cases} resourcePath cases passed`);
    assert.equal(cases, TREES * PATHS_PER_TREE);
  });
});
