// A program that uses the public API as a user's project does, importing the
// package by its name and each of its entry points. It is type-checked as
// users check theirs: under Deno with the README's import map and Deno's
// default compiler options (default/deno.json) or the strictest ones
// (strictest/deno.json), both in `deno task check`; and with tsc against the
// packed npm package, under a default and a strictest tsconfig, in
// `build:npm`. tests/consumers_test.ts runs it. It uses no runtime's globals,
// so that it type-checks with no runtime's types.

import {
  activationTool,
  type CatalogOptions,
  createAgentSkills,
  renderActivation,
  renderCatalog,
  SkillError,
  type SkillInfo,
  StartupError,
} from "@clarvis/agent-skills";
import { checkSkills, explainHosts } from "@clarvis/agent-skills/check";
import { type SkillWatch, watchSkills } from "@clarvis/agent-skills/watch";
import {
  ArchiveError,
  checkSkillArchive,
  packSkill,
} from "@clarvis/agent-skills/archive";
import { type CliIO, main } from "@clarvis/agent-skills/cli";
import {
  createSkillLock,
  formatSkillLock,
  lockPolicy,
  parseSkillLock,
  type SkillLockPolicy,
  verifySkillLock,
} from "@clarvis/agent-skills/lock";
import {
  type SkillFrontmatter,
  skillFrontmatterSchema,
} from "@clarvis/agent-skills/schema";

/**
 * Uses each part of the API on the skills under `home` (a root of skills
 * that holds `skill` with a resource `resource`), and returns one line per
 * result.
 */
export async function consume(
  home: string,
  skill: string,
  resource: string,
): Promise<string[]> {
  const lines: string[] = [];
  const skills = createAgentSkills({ roots: [home], home, cwd: home });
  const catalog: SkillInfo[] = skills.listSkills();
  lines.push(`skills: ${catalog.map((info) => info.name).join(",")}`);

  const options: CatalogOptions = {
    format: "markdown",
    instructions: "tool",
    budget: { limit: 10_000, unit: "characters" },
  };
  const { text, report } = renderCatalog(catalog, options);
  lines.push(`catalog: ${text.length > 0}, left out ${report.leftOut.length}`);
  lines.push(`tool: ${activationTool(catalog)?.name ?? "none"}`);

  const content = skills.loadSkill(skill);
  if (content === undefined) throw new Error(`no skill ${skill}`);
  const activation = renderActivation(content, { maxResources: 10 });
  lines.push(`activation: ${activation.text.startsWith("<skill_content")}`);
  lines.push(`resources: ${content.resources.join(",")}`);
  lines.push(
    `path: ${skills.resourcePath(skill, resource).endsWith(resource)}`,
  );
  lines.push(`bytes: ${skills.readResource(skill, resource).byteLength > 0}`);
  try {
    skills.resourcePath(skill, "../outside");
  } catch (error: unknown) {
    if (!(error instanceof SkillError)) throw error;
    lines.push(`escape: ${error.code}`);
  }
  try {
    createAgentSkills({ roots: [] });
  } catch (error: unknown) {
    if (!(error instanceof StartupError)) throw error;
    lines.push(`startup: ${error.code}`);
  }

  const why = skills.explain(skill);
  lines.push(`explain: ${why.candidates.length} candidate(s)`);
  const checked = checkSkills({ paths: [home], home, cwd: home });
  lines.push(`check: ${checked.counts.error} error(s)`);
  const hosted = explainHosts(skills, skill, { hosts: ["codex"] });
  lines.push(`hosts: ${hosted.candidates[0]?.verdicts?.[0]?.verdict}`);
  const watch: SkillWatch = watchSkills(skills, { onChange: () => {} });
  watch.close();
  lines.push(`watch: closed ${watch.closed}`);
  const packed = checkSkillArchive(packSkill(`${home}/${skill}`, { home }), {
    name: `${skill}.skill`,
  });
  lines.push(`archive: ${packed.counts.error} error(s)`);
  try {
    checkSkillArchive(new Uint8Array(0));
  } catch (error) {
    if (error instanceof ArchiveError) lines.push(`archive: ${error.code}`);
  }

  const roots = { roots: [home], home, cwd: home };
  const { lock } = createSkillLock(roots);
  const policy: SkillLockPolicy = lockPolicy(
    parseSkillLock(formatSkillLock(lock)),
    { mode: "enforce", verify: "lazy" },
  );
  const guarded = createAgentSkills({ ...roots, lock: policy });
  lines.push(
    `lock: ${guarded.listSkills().length} skill(s), ${
      verifySkillLock(lock, roots).ok
    }, ${guarded.config.lock?.mode}`,
  );

  const frontmatter: SkillFrontmatter = { name: skill, description: "Test." };
  lines.push(
    `schema: ${skillFrontmatterSchema.safeParse(frontmatter).success}`,
  );

  let out = "";
  const io: CliIO = {
    stdout: (chunk) => {
      out += chunk;
    },
    stderr: () => {},
    color: false,
    columns: 0,
    cwd: home,
  };
  lines.push(
    `cli: ${await main(["list", "--root", home, "--home", home], io)}`,
  );
  lines.push(`cli lists ${skill}: ${out.includes(skill)}`);
  return lines;
}
