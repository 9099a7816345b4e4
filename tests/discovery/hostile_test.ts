// Adversarial trees and manifests. Each case plants one hostile skill next to
// a good one and checks, in default mode, that the scan finishes, the good
// skill still loads and every warning names a file; and under strict, that
// the failure is a SkillError (never a raw TypeError or RangeError).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  createAgentSkills,
  resolveConfig,
  SkillError,
  type SkillErrorCode,
  type SkillWarning,
  type SkillWarningCode,
} from "@clarvis/agent-skills";
import { reporter } from "../../src/discovery/_problems.ts";
import { readSkill } from "../../src/discovery/_read_skill.ts";
import { readBuffer } from "../../src/fs/_read.ts";
import {
  codes,
  link,
  makeFifo,
  manifest,
  options,
  tempTrees,
  withTree,
} from "../_helpers.ts";

const tree = tempTrees();

interface Case {
  name: string;
  /** Plants the hostile skill under `root`; returns the path warnings must name. */
  plant(root: string): string;
  /** The codes of the warnings the default mode gives, in order. */
  warns: SkillWarningCode[];
  /** What strict mode throws; absent: it only warns, like the default. */
  throws?: SkillErrorCode;
}

const yamlCase = (name: string, frontmatter: string): Case => ({
  name,
  warns: ["invalid_skill"],
  throws: "invalid_skill",
  plant(root) {
    const path = join(root, "hostile", "SKILL.md");
    mkdirSync(join(root, "hostile"));
    writeFileSync(path, `---\n${frontmatter}\n---\nbody\n`);
    return path;
  },
});

/** A manifest that is a symlink to a device: never opened, never blocking. */
const deviceCase = (device: string): Case => ({
  name: `a manifest that is a symlink to ${device}`,
  warns: ["not_a_file"],
  throws: "not_a_file",
  plant(root) {
    link(device, join(root, "hostile", "SKILL.md"));
    return join(root, "hostile", "SKILL.md");
  },
});

const CASES: Case[] = [
  {
    name: "a manifest that is a FIFO",
    warns: ["not_a_file"],
    throws: "not_a_file",
    plant(root) {
      mkdirSync(join(root, "hostile"));
      makeFifo(join(root, "hostile", "SKILL.md"));
      return join(root, "hostile", "SKILL.md");
    },
  },
  deviceCase("/dev/zero"),
  // Whatever stdin is here (pipe, /dev/null, terminal, socket), it is no
  // regular file; a socket or a tty without a terminal refuses open (ENXIO).
  deviceCase("/dev/stdin"),
  deviceCase("/dev/tty"),
  {
    name: "a directory named SKILL.md",
    warns: ["not_a_file"],
    throws: "not_a_file",
    plant(root) {
      mkdirSync(join(root, "hostile", "SKILL.md"), { recursive: true });
      return join(root, "hostile", "SKILL.md");
    },
  },
  {
    name: "a 50 MiB manifest (read no further than the cap)",
    warns: ["invalid_skill"],
    throws: "invalid_skill",
    plant(root) {
      const path = join(root, "hostile", "SKILL.md");
      mkdirSync(join(root, "hostile"));
      writeFileSync(path, manifest("hostile"));
      const fd = openSync(path, "r+");
      ftruncateSync(fd, 50 * 1024 * 1024);
      closeSync(fd);
      return path;
    },
  },
  {
    name: "a skill directory that is a symlink to itself",
    warns: ["dangling_symlink"],
    plant(root) {
      link(join(root, "hostile"), join(root, "hostile"));
      return join(root, "hostile");
    },
  },
  {
    name: "two skill directories that are symlinks to each other",
    warns: ["dangling_symlink", "dangling_symlink"],
    plant(root) {
      link(join(root, "loop-b"), join(root, "loop-a"));
      link(join(root, "loop-a"), join(root, "loop-b"));
      return join(root, "loop-");
    },
  },
  {
    name: "a manifest that is a symlink to itself",
    warns: ["not_a_file"],
    throws: "not_a_file",
    plant(root) {
      const path = join(root, "hostile", "SKILL.md");
      link(path, path);
      return path;
    },
  },
  {
    name: "invalid UTF-8",
    warns: ["invalid_skill"],
    throws: "invalid_skill",
    plant(root) {
      const path = join(root, "hostile", "SKILL.md");
      mkdirSync(join(root, "hostile"));
      writeFileSync(
        path,
        new Uint8Array([
          0x2d,
          0x2d,
          0x2d,
          0x0a,
          0xff,
          0xfe,
          0x0a,
          0x2d,
          0x2d,
          0x2d,
        ]),
      );
      return path;
    },
  },
  yamlCase("NUL bytes in the frontmatter", "name: hostile\ndescription: a\0b"),
  yamlCase(
    "a YAML alias bomb (billion laughs)",
    [
      "name: hostile",
      "description: bomb",
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${"bcdefghij"[i]}: &${"bcdefghij"[i]} [${
            Array(10).fill(`*${"abcdefghij"[i]}`).join(",")
          }]`,
      ),
    ].join("\n"),
  ),
  yamlCase(
    "a YAML alias chain nested past 100 levels",
    [
      "name: hostile",
      "description: chain",
      ...Array.from(
        { length: 44 },
        (_, i) =>
          `a${i}: &a${i} ${"[".repeat(97)}${i === 0 ? "x" : `*a${i - 1}`}${
            "]".repeat(97)
          }`,
      ),
    ].join("\n"),
  ),
  yamlCase(
    "deeply nested YAML",
    `name: hostile\ndescription: deep\nx: ${"[".repeat(5000)}${
      "]".repeat(5000)
    }`,
  ),
  yamlCase(
    "a !!js/function tag",
    "name: hostile\ndescription: tag\nx: !!js/function 'function () {}'",
  ),
  yamlCase(
    "a !!binary tag",
    "name: hostile\ndescription: tag\nx: !!binary aGVsbG8=",
  ),
  yamlCase(
    "duplicate keys",
    "name: hostile\ndescription: one\ndescription: two",
  ),
  yamlCase("an empty name", 'name: ""\ndescription: empty'),
  yamlCase("a whitespace name", 'name: "   "\ndescription: blank'),
  yamlCase("a name that is a list", "name: [a, b]\ndescription: list"),
];

function scan(
  root: string,
  strict: boolean,
): { names: string[]; warnings: SkillWarning[] } {
  const { options: scanOptions, warnings } = options(root, { strict });
  const skills = createAgentSkills(scanOptions);
  return { names: skills.listSkills().map((skill) => skill.name), warnings };
}

describe("hostile trees and manifests", () => {
  for (const testCase of CASES) {
    it(`survive ${testCase.name}`, () => {
      const root = tree({ "good/SKILL.md": manifest("good") });
      const named = testCase.plant(root);
      const { names, warnings } = scan(root, false);
      assert.deepEqual(names, ["good"]);
      assert.deepEqual(codes(warnings), testCase.warns);
      for (const warning of warnings) {
        assert.ok(
          warning.path?.startsWith(named),
          `${warning.path} should name ${named}`,
        );
        assert.ok(warning.message.includes(root), warning.message);
      }
      if (testCase.throws !== undefined) {
        assert.throws(() => scan(root, true), (error) => {
          assert.ok(
            error instanceof SkillError,
            `expected SkillError, got ${error}`,
          );
          assert.equal(error.code, testCase.throws);
          assert.ok(
            error.path?.startsWith(named),
            `${error.path} should name ${named}`,
          );
          return true;
        });
      } else {
        assert.deepEqual(scan(root, true).names, ["good"]);
      }
    });
  }

  // An unreadable (chmod 000) skill directory and manifest: in
  // tests/discovery/process/unprivileged_test.ts, run without privileges so that it
  // asserts what the OS refuses also where the tests run as root.

  it("survive __proto__ and constructor keys without prototype pollution", () => {
    const root = tree({
      "good/SKILL.md": manifest("good", "Good.", {
        extra:
          "__proto__:\n  polluted: true\nconstructor:\n  prototype:\n    polluted: true\n",
      }),
    });
    const skill = createAgentSkills({ home: root, cwd: root, roots: [root] })
      .loadSkill("good");
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(skill?.metadata), Object.prototype);
    // A literal { __proto__: ... } would set a prototype; JSON.parse makes a key.
    assert.equal(
      JSON.stringify(skill?.metadata),
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    );
  });

  it("keep names that look like paths as plain names, confined to their own directory", () => {
    const root = tree({
      "dots/SKILL.md": manifest("../x"),
      "dots/file.txt": "dots",
      "slash/SKILL.md": manifest("a/b"),
      "slash/file.txt": "slash",
    });
    const { options: pathOptions, warnings } = options(root);
    const skills = createAgentSkills(pathOptions);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), [
      "../x",
      "a/b",
    ]);
    assert.equal(
      skills.resourcePath("../x", "file.txt"),
      join(root, "dots", "file.txt"),
    );
    assert.equal(
      skills.resourcePath("a/b", "file.txt"),
      join(root, "slash", "file.txt"),
    );
    assert.deepEqual(codes(warnings), [
      "name_mismatch",
      "name_mismatch",
    ]);
  });

  it("skip a skill directory that vanished between readdir and read, silently", () => {
    const root = tree();
    const config = resolveConfig({ home: root, cwd: root, roots: [root] });
    const warnings: SkillWarning[] = [];
    const report = reporter({
      strict: true,
      warn: (warning) => warnings.push(warning),
    });
    const rootConfig = config.roots[0];
    assert.ok(rootConfig !== undefined);
    assert.equal(
      readSkill(
        {
          root: rootConfig,
          config,
          report,
          buffer: readBuffer(),
          startedMs: Date.now(),
        },
        {
          dir: join(root, "gone"),
          dirName: "gone",
          reached: { realDir: join(root, "gone"), viaLink: false },
        },
      ),
      undefined,
    );
    assert.deepEqual(warnings, []);
  });

  it("load 10,000 skills in one root", { timeout: 120_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) {
      files[`s${i}/SKILL.md`] = manifest(`s${i}`);
    }
    // Removed within this test's timeout: see withTree().
    await withTree(files, (root) => {
      const { names, warnings } = scan(root, true);
      assert.equal(names.length, 10_000);
      assert.deepEqual(warnings, []);
    });
  });

  it("merge 100 roots, the last winning", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 100; i++) {
      files[`r${i}/shared/SKILL.md`] = manifest("shared", `from r${i}`);
      files[`r${i}/own-${i}/SKILL.md`] = manifest(`own-${i}`);
    }
    const base = tree(files);
    const roots = Array.from({ length: 100 }, (_, i) => join(base, `r${i}`));
    const skills = createAgentSkills({
      home: base,
      cwd: base,
      roots,
      strict: true,
    });
    assert.equal(skills.listSkills().length, 101);
    assert.equal(skills.loadSkill("shared")?.description, "from r99");
    assert.equal(skills.listOverridden().length, 99);
  });
});
