// Real public skill stores (fixtures/public: anthropics/skills, openai/skills,
// obra/superpowers, trailofbits/skills, each SKILL.md byte for byte at the
// commit fixtures/public/README.md names): every manifest loads, with no
// warning, strict or not, and reads as js-yaml reads its frontmatter.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CORE_SCHEMA, load } from "js-yaml";
import {
  createAgentSkills,
  type SkillInfo,
  type SkillWarning,
} from "@clarvis/agent-skills";

const PUBLIC = fileURLToPath(new URL("../fixtures/public/", import.meta.url));

/**
 * Each store's folder and how many skills it holds. No manifest of these
 * stores is rejected or warned about, so each expects no warning code.
 */
const STORES: Array<{ store: string; count: number; warnings: string[] }> = [
  { store: "anthropics-skills", count: 12, warnings: [] },
  { store: "openai-skills", count: 10, warnings: [] },
  { store: "obra-superpowers", count: 14, warnings: [] },
  { store: "trailofbits-skills", count: 80, warnings: [] },
];

/** The keys the loader reads into fields of its own; the rest is metadata. */
const FIELD_KEYS = new Set([
  "name",
  "description",
  "allowed-tools",
  "tools",
  "user-invocable",
  "disable-model-invocation",
]);

/** The skill directories of a store folder, by name. */
function skillDirs(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The skills a store lists, and the warnings loading it gave. */
function loadStore(root: string, strict: boolean): {
  skills: SkillInfo[];
  warnings: SkillWarning[];
} {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    roots: [root],
    home: root,
    cwd: root,
    strict,
    onWarning: (warning) => warnings.push(warning),
  });
  return { skills: skills.listSkills(), warnings };
}

/** The frontmatter mapping js-yaml reads (core schema) and the raw body. */
function reference(path: string): {
  frontmatter: Record<string, unknown>;
  body: string;
} {
  const text = readFileSync(path, "utf8");
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(match, `${path} opens with a --- fence`);
  const frontmatter = load(match[1] ?? "", { schema: CORE_SCHEMA });
  assert.equal(typeof frontmatter, "object", path);
  return {
    frontmatter: frontmatter as Record<string, unknown>,
    body: text.slice(match[0].length),
  };
}

describe("public skill stores (fixtures/public)", () => {
  for (const { store, count, warnings: expected } of STORES) {
    const root = join(PUBLIC, store);

    for (const strict of [false, true]) {
      const mode = strict ? " under strict" : "";
      const said = expected.length === 0 ? "no warning" : expected.join(", ");
      it(`${store}: lists all ${count} skills${mode}, with ${said}`, () => {
        const { skills, warnings } = loadStore(root, strict);
        assert.deepEqual(warnings.map((warning) => warning.code), expected);
        assert.equal(skills.length, count);
        assert.deepEqual(
          skills.map((skill) => skill.name).sort(),
          skillDirs(root),
        );
      });
    }

    it(`${store}: every skill has a non-empty description`, () => {
      for (const skill of loadStore(root, false).skills) {
        assert.equal(typeof skill.description, "string", skill.name);
        assert.notEqual(skill.description.trim(), "", skill.name);
      }
    });

    it(`${store}: each manifest reads as js-yaml reads it`, () => {
      const skills = createAgentSkills({
        roots: [root],
        home: root,
        cwd: root,
      });
      for (const info of skills.listSkills()) {
        const { frontmatter, body } = reference(info.path);
        assert.equal(info.name, frontmatter.name, info.path);
        assert.equal(
          info.description,
          String(frontmatter.description).trim(),
          info.path,
        );
        const metadata = Object.fromEntries(
          Object.entries(frontmatter).filter(([key]) => !FIELD_KEYS.has(key)),
        );
        assert.deepEqual(
          info.metadata,
          JSON.parse(JSON.stringify(metadata)),
          info.path,
        );
        assert.equal(skills.loadSkill(info.name)?.body, body.trim(), info.path);
      }
    });
  }
});
