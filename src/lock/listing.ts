/**
 * The served skills as MCP's Skills Extension (SEP-2640) lists them: for
 * each, the URI of its `SKILL.md`, its frontmatter as JSON, and every one of
 * its files as `{ uri, digest, size }`, so that a host that serves the
 * skills over MCP can publish the listing as it is.
 *
 * @module
 */

import { posix } from "node:path";
import { jsonData, parseYaml } from "../manifest/_yaml.ts";
import type { AgentSkillsOptions } from "../options.ts";
import type { JsonValue } from "../skill.ts";
import { type LockProblem, lockServed, type ServedLock } from "./_files.ts";

/** One file of a listed skill. */
export interface SkillsListingResource {
  /** `skill://<skill-path>/<file-path>`. */
  readonly uri: string;
  /** `sha256:` and 64 lowercase hex digits, over the file's raw bytes. */
  readonly digest: string;
  /** Its length in bytes. */
  readonly size: number;
}

/** One skill as the Skills Extension lists it. */
export interface SkillsListingEntry {
  /** `skill://<skill-path>/SKILL.md`: the URI of its manifest. */
  readonly uri: string;
  /** Its frontmatter, as its YAML parses, as JSON: every field written. */
  readonly frontmatter: { readonly [key: string]: JsonValue };
  /** Every file of the skill, its manifest first. */
  readonly resources: readonly SkillsListingResource[];
}

/** What {@linkcode skillsListing} returns. */
export interface SkillsListing {
  /** The listed skills, in code point order of their served names. */
  readonly skills: readonly SkillsListingEntry[];
  /** The served skills left out because their files could not be read. */
  readonly problems: readonly LockProblem[];
}

/** The options of {@linkcode skillsListing}. */
export interface SkillsListingOptions extends AgentSkillsOptions {
  /**
   * Segments put before every skill path (`acme/billing`): the server's
   * own organizational prefix, `/`-separated; each segment is
   * percent-encoded.
   *
   * @default {""}
   */
  prefix?: string;
}

/**
 * Lists the served skills in the shape of SEP-2640's `skills/list` result
 * (its `skills` array; the host adds `resultType` and pagination). A
 * skill's path is its directory's path relative to its root, with the last
 * segment its frontmatter `name` (as the extension requires) and a plugin's
 * skill under its plugin's name; every segment percent-encoded. Its
 * `resources` list every file that {@linkcode createSkillLock} locks: the
 * manifest and every file `loadSkill()` lists, nested skills' files
 * included, each with the digest and size of its raw bytes.
 *
 * @param options As for `createAgentSkills()`, and a `prefix`.
 * @throws {StartupError} As `createAgentSkills()` does for its options.
 *
 * @example Publish the listing of a store
 * ```ts
 * import { skillsListing } from "@clarvis/agent-skills";
 *
 * const { skills } = skillsListing({
 *   roots: ["fixtures/demo/user-store"],
 *   home: "/home/ada",
 * });
 * for (const skill of skills) console.log(skill.uri, skill.resources.length);
 * ```
 */
export function skillsListing(
  options: SkillsListingOptions = {},
): SkillsListing {
  const { prefix = "", ...rest } = options;
  const { served, problems, config } = lockServed(rest, "skillsListing");
  const head = prefix.split("/").filter((segment) => segment !== "");
  return {
    skills: served.map((entry) =>
      listed(entry, { head, repair: !config.strict })
    ),
    problems,
  };
}

function listed(
  { skill, locked }: ServedLock,
  { head, repair }: { head: readonly string[]; repair: boolean },
): SkillsListingEntry {
  const { info } = skill;
  const path = info.path;
  const { data, aliased } = parseYaml(skill.frontmatter, { path, repair });
  const frontmatter = jsonData(data, { aliased, path });
  const declared = frontmatter["name"];
  const name = typeof declared === "string" ? declared : info.name;
  const parents = posix.dirname(locked.path);
  const segments = [
    ...head,
    ...(info.plugin === undefined ? [] : [info.plugin]),
    ...(parents === "." ? [] : parents.split("/")),
    name,
  ];
  const base = `skill://${segments.map(encodeURIComponent).join("/")}`;
  const manifest = posix.basename(info.path);
  const uri = (file: string): string =>
    `${base}/${file.split("/").map(encodeURIComponent).join("/")}`;
  const files = [
    ...locked.files.filter((file) => file.path === manifest),
    ...locked.files.filter((file) => file.path !== manifest),
  ];
  return {
    uri: uri(manifest),
    frontmatter,
    resources: files.map((file) => ({
      uri: uri(file.path),
      digest: file.digest,
      size: file.size,
    })),
  };
}
