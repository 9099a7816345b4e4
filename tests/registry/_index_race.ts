// What the kept-index race tests share (process/index_race_test.ts in
// lockstep, allow_all/index_race_proc_test.ts against a second process): a
// skill "x" in a root, its other version beside the root, one outside, and
// a probe that starts from the index, lists, loads and reads, and asserts
// that each is one of the versions written in the root, or nothing.

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
  type SkillIndex,
} from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../_helpers.ts";
import { keptIndex } from "./_index_forge.ts";

const tree = tempTrees();
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** What was written in the root, in turn: [description, body, resource]. */
export const VERSIONS = [
  ["The first x.", "Body one.", "resource one"],
  ["The second x.", "Body two.", "resource two"],
] as const;

/** A skill "x" in `root/x`, its other version beside the root, and one outside. */
export function store(): {
  base: string;
  dir: string;
  alt: string;
  outside: string;
  options: AgentSkillsOptions;
  index: SkillIndex;
} {
  const files: Record<string, string> = {
    "outside/x/SKILL.md": manifest("x", "OUTSIDE", { body: "OUTSIDE" }),
    "outside/x/file.txt": "OUTSIDE",
  };
  for (const [at, where] of [[0, "root/x"], [1, "alt/x"]] as const) {
    const [description, body, resource] = VERSIONS[at];
    files[`${where}/SKILL.md`] = manifest("x", description, { body });
    files[`${where}/file.txt`] = resource;
  }
  const base = tree(files);
  const options: AgentSkillsOptions = {
    roots: [join(base, "root")],
    home: base,
    cwd: base,
    followSymlinks: false,
  };
  return {
    base,
    dir: join(base, "root", "x"),
    alt: join(base, "alt", "x"),
    outside: join(base, "outside", "x"),
    options,
    index: keptIndex(options),
  };
}

/** Calls `call`: its value, or the code of the SkillError it threw. */
export function tried<T>(call: () => T): T | { refused: string } {
  try {
    return call();
  } catch (error) {
    if (error instanceof SkillError) return { refused: error.code };
    throw error;
  }
}

/** What one start served: the version listed, loaded and read (-1: none). */
export interface Served {
  readonly skills: AgentSkills;
  readonly listed: number;
  readonly loaded: number;
  readonly read: number;
}

/**
 * Starts from `index`, lists, loads "x" and reads its resource, and asserts
 * that each is one of the versions written in the root, or nothing.
 */
export function probe(
  { options, index, dir }: ReturnType<typeof store>,
  then: (skills: AgentSkills) => void = () => {},
): Served {
  const said: string[] = [];
  const skills = createAgentSkills({
    ...options,
    index,
    onWarning: (warning) => said.push(warning.message),
  });
  then(skills);
  const listed = skills.listSkills().map((info) => {
    assert.deepEqual([info.name, info.dir], ["x", dir]);
    return version(info.description);
  });
  const content = tried(() => skills.loadSkill("x"));
  const loaded = content === undefined || "refused" in content
    ? -1
    : version(content.description, content.body);
  const path = tried(() => skills.resourcePath("x", "file.txt"));
  if (typeof path === "string") assert.equal(path, join(dir, "file.txt"));
  const bytes = tried(() => skills.readResource("x", "file.txt"));
  const text = bytes instanceof Uint8Array ? decode(bytes) : undefined;
  const read = VERSIONS.findIndex(([, , resource]) => resource === text);
  assert.ok(text === undefined || read >= 0, `read ${text}`);
  assert.ok(!said.some((message) => message.includes("OUTSIDE")), `${said}`);
  return { skills, listed: listed[0] ?? -1, loaded, read };
}

/** The version a description (and its body, when loaded) is; fails for any other. */
export function version(description: string, body?: string): number {
  const at = VERSIONS.findIndex(([d]) => d === description);
  assert.ok(at >= 0, `served ${JSON.stringify(description)}`);
  if (body !== undefined) {
    assert.equal(body, VERSIONS[at]?.[1], `served ${description} with ${body}`);
  }
  return at;
}
