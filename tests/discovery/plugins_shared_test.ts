// One folder listed under many plugin names: each real skills folder is
// scanned once per scan (listed once, each manifest read once), whatever
// number of names, spellings or symlinks reach it, and each plugin serves
// its skills under its own name. Shown by counting listings and the
// warnings of one broken manifest, never by timing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createAgentSkills } from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import {
  codes,
  countListings,
  link,
  manifest,
  options,
  tempTrees,
  writeTree,
} from "../_helpers.ts";

const tree = tempTrees();

const SKILLS = ["s0", "s1", "s2", "s3"];

/** A marketplace listing `plugins`, with the folder p holding SKILLS and one broken skill. */
function market(plugins: readonly Record<string, unknown>[]): string {
  return tree({
    ".claude-plugin/marketplace.json": JSON.stringify({ plugins }),
    ...Object.fromEntries(
      SKILLS.map((name) => [`p/skills/${name}/SKILL.md`, manifest(name)]),
    ),
    "p/skills/broken/SKILL.md": "---\nname: [\n---\n",
  });
}

/** An instance over the marketplace: what it serves, warns and lists. */
function scanned(root: string): {
  names: string[];
  warnings: string[];
  listed: string[];
  refresh: () => unknown;
} {
  const { options: opts, warnings } = options(root, {
    roots: [{ path: root, kind: "plugins" }],
  });
  const { result: skills, listed } = countListings(() =>
    createAgentSkills(opts)
  );
  return {
    names: skills.listSkills().map((skill) => skill.name),
    warnings: codes(warnings),
    listed,
    refresh: () => skills.refresh(),
  };
}

/** How many times a listing was of the skills folder `p/skills` (by any path). */
function skillsFolderListings(listed: readonly string[]): number {
  return listed.filter((path) => path.endsWith("/skills")).length;
}

/**
 * The listings of `p/skills` a marketplace of one plugin over `p` makes
 * (one to see it is a folder of skills, one to read it): what any number of
 * names over it may cost.
 */
const ONCE = skillsFolderListings(
  scanned(market([{ name: "only", source: "./p" }])).listed,
);

/** `<plugin>:<skill>` for each plugin and each of SKILLS, sorted. */
function served(plugins: readonly string[]): string[] {
  return plugins.flatMap((plugin) =>
    SKILLS.map((skill) => `${plugin}:${skill}`)
  ).sort();
}

describe("a folder listed under many plugin names", () => {
  it("is listed twice by a marketplace of one plugin over it", () => {
    assert.equal(ONCE, 2);
  });

  it("is listed as for one name, and read once, for 500 names in two spellings, each name serving its skills", () => {
    const plugins = Array.from({ length: 500 }, (_, i) => ({
      name: `p${i}`,
      source: i % 2 ? "./p" : "./p/",
    }));
    const root = market(plugins);
    const { names, warnings, listed } = scanned(root);
    assert.deepEqual(names, served(plugins.map((plugin) => plugin.name)));
    // The broken manifest is read, and reported, once.
    assert.deepEqual(warnings, ["invalid_skill"]);
    assert.equal(skillsFolderListings(listed), ONCE);
  });

  it("is listed as for one name when reached through 50 symlinks inside the marketplace", () => {
    const plugins = Array.from({ length: 50 }, (_, i) => ({
      name: `a${i}`,
      source: `./alias${i}`,
    }));
    const root = market(plugins);
    plugins.forEach((_, i) => link(join(root, "p"), join(root, `alias${i}`)));
    const { names, warnings, listed } = scanned(root);
    assert.deepEqual(names, served(plugins.map((plugin) => plugin.name)));
    assert.deepEqual(warnings, ["invalid_skill"]);
    assert.equal(skillsFolderListings(listed), ONCE);
  });

  it("is listed as for one name when 400 names each name one skill of it, and reads only the skills named", () => {
    const plugins = Array.from({ length: 400 }, (_, i) => ({
      name: `one${i}`,
      source: "./p",
      strict: false,
      skills: [`./skills/${SKILLS[i % SKILLS.length]}`],
    }));
    const root = market(plugins);
    const { names, warnings, listed } = scanned(root);
    assert.deepEqual(
      names,
      plugins.map((plugin, i) => `${plugin.name}:${SKILLS[i % SKILLS.length]}`)
        .sort(),
    );
    // The broken skill is named by none: never read.
    assert.deepEqual(warnings, []);
    // The skills named one by one: the folder is listed to be read, once.
    assert.equal(skillsFolderListings(listed), 1);
  });

  it("serves anthropics/skills' layout: one folder, two names, each its own skills", () => {
    const root = market([
      {
        name: "document-skills",
        source: "./p",
        strict: false,
        skills: ["./skills/s0", "./skills/s1"],
      },
      {
        name: "example-skills",
        source: "./p",
        strict: false,
        skills: ["./skills/s1", "./skills/s2"],
      },
      { name: "all", source: "./p" },
    ]);
    const { names, warnings, listed } = scanned(root);
    assert.deepEqual(names, [
      "all:s0",
      "all:s1",
      "all:s2",
      "all:s3",
      "document-skills:s0",
      "document-skills:s1",
      "example-skills:s1",
      "example-skills:s2",
    ]);
    assert.deepEqual(warnings, ["invalid_skill"]);
    assert.equal(skillsFolderListings(listed), ONCE);
  });

  it("changes nothing at refresh(), and lists the folder as one name does", () => {
    const plugins = Array.from({ length: 20 }, (_, i) => ({
      name: `p${i}`,
      source: "./p",
    }));
    const { refresh } = scanned(market(plugins));
    const { result, listed } = countListings(refresh);
    assert.deepEqual(result, { added: [], removed: [], changed: [] });
    assert.equal(skillsFolderListings(listed), ONCE);
  });

  it("checks each name's skills, the folder listed as for one name", () => {
    const plugins = Array.from({ length: 30 }, (_, i) => ({
      name: `p${i}`,
      source: "./p",
    }));
    const root = market(plugins);
    const { result: report, listed } = countListings(() =>
      checkSkills({ paths: [{ path: root, kind: "plugins" }], home: root })
    );
    assert.deepEqual(
      report.skills.map((skill) => skill.name).sort(),
      served(plugins.map((plugin) => plugin.name)),
    );
    assert.equal(skillsFolderListings(listed), ONCE);
  });
});

describe("a skill served under a second plugin name", () => {
  it("loads, reads its resources and is explained in that name", () => {
    const root = market([
      { name: "first", source: "./p" },
      { name: "second", source: "./p/" },
    ]);
    writeTree(root, { "p/skills/s0/notes.txt": "notes" });
    const { options: opts } = options(root, {
      roots: [{ path: root, kind: "plugins" }],
    });
    const skills = createAgentSkills(opts);
    const loaded = skills.loadSkill("second:s0");
    assert.equal(loaded?.name, "second:s0");
    assert.equal(loaded?.plugin, "second");
    assert.equal(loaded?.body, skills.loadSkill("first:s0")?.body);
    assert.equal(
      new TextDecoder().decode(skills.readResource("second:s0", "notes.txt")),
      "notes",
    );
    assert.deepEqual(
      skills.explain("second:s0").candidates.map((candidate) =>
        candidate.verdict === "served" ? candidate.skill.name : undefined
      ),
      ["second:s0"],
    );
  });
});
