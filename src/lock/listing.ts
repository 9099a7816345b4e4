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
import { withTexts } from "../discovery/_read_skill.ts";
import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";
import { pluginNameProblem } from "../_names.ts";
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
  /**
   * The served skills left out: their files could not be read, or they
   * cannot be listed (see {@linkcode skillsListing}).
   */
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
 * A skill that cannot be listed is left out, with a problem: a name that
 * cannot end a URI (`.`, `..`), a plugin name that is no name (discovery
 * refuses those first), a file whose URI would be its manifest's, or a
 * skill path another listed skill has (a plugin's name and a folder's that
 * coincide).
 *
 * @param options As for `createAgentSkills()`, and a `prefix`.
 * @throws {StartupError} As `createAgentSkills()` does for its options;
 * `invalid_option` for a `prefix` that is not a string or holds a `.` or
 * `..` segment.
 *
 * @example Publish the listing of a store
 * ```ts
 * import { skillsListing } from "@clarvis/agent-skills/lock";
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
  if (typeof prefix !== "string") {
    throw new StartupError(
      "invalid_option",
      `Option "prefix" must be a string, got ${describe(prefix)}`,
    );
  }
  const head = prefix.split("/").filter((segment) => segment !== "");
  if (head.some(isDotSegment)) {
    throw new StartupError(
      "invalid_option",
      `Option "prefix" may not hold a "." or ".." segment, got ${
        describe(prefix)
      }: a host resolving the URIs would drop it`,
    );
  }
  const { served, problems, config } = lockServed(rest, "skillsListing");
  const skills: SkillsListingEntry[] = [];
  const left: LockProblem[] = [...problems];
  // Which served skill each skill path went to: two may not share one.
  const taken = new Map<string, string>();
  for (const entry of served) {
    const made = listed(entry, { head, repair: !config.strict });
    const { name, path } = entry.skill.info;
    if ("problem" in made) {
      left.push({
        skill: name,
        path,
        message: `Left skill "${name}" out of the listing: ${made.problem}`,
      });
      continue;
    }
    const other = taken.get(made.entry.uri);
    if (other !== undefined) {
      left.push({
        skill: name,
        path,
        message:
          `Left skill "${name}" out of the listing: its URI ${made.entry.uri} is skill "${other}"'s already (a plugin's name and a folder's, or a name and a directory's, coincide); rename one`,
      });
      continue;
    }
    taken.set(made.entry.uri, name);
    skills.push(made.entry);
  }
  return { skills, problems: left };
}

/** Whether a URI path segment is one a host resolves away. */
function isDotSegment(segment: string): boolean {
  return segment === "." || segment === "..";
}

/**
 * One served skill's entry, or why it cannot have one: a name that cannot
 * end a skill path (`.`, `..`), or a file whose URI would be the manifest's.
 */
function listed(
  { skill, locked }: ServedLock,
  { head, repair }: { head: readonly string[]; repair: boolean },
): { entry: SkillsListingEntry } | { problem: string } {
  const { info } = skill;
  const path = info.path;
  const { frontmatter: yaml } = withTexts(skill);
  const { data, aliased } = parseYaml(yaml, { path, repair });
  const frontmatter = jsonData(data, { aliased, path });
  const declared = frontmatter["name"];
  const name = typeof declared === "string" ? declared : info.name;
  if (isDotSegment(name)) {
    return {
      problem: `its name ${
        JSON.stringify(name)
      } cannot end a skill URI (a host resolves it away)`,
    };
  }
  // A plugin's name prefixes the path (discovery refuses one that is no name).
  const plugin = info.plugin === undefined
    ? undefined
    : pluginNameProblem(info.plugin);
  if (plugin !== undefined) {
    return {
      problem: `its plugin's name ${
        describe(info.plugin)
      } cannot be a segment of a skill URI: ${plugin}`,
    };
  }
  const parents = posix.dirname(locked.path);
  const segments = [
    ...head,
    ...(info.plugin === undefined ? [] : [info.plugin]),
    ...(parents === "." ? [] : parents.split("/")),
    name,
  ];
  const base = `skill://${segments.map(encodeURIComponent).join("/")}`;
  const uri = (file: string): string =>
    `${base}/${file.split("/").map(encodeURIComponent).join("/")}`;
  // The manifest is SKILL.md in the URI, whatever its file's spelling.
  const manifest = posix.basename(info.path);
  const top = `${base}/SKILL.md`;
  const resources: SkillsListingResource[] = [];
  for (const file of locked.files) {
    const at = file.path === manifest ? top : uri(file.path);
    if (file.path !== manifest && at === top) {
      return {
        problem: `its file ${
          JSON.stringify(file.path)
        } and its manifest ${manifest} would both be ${top}`,
      };
    }
    const listedFile = { uri: at, digest: file.digest, size: file.size };
    if (file.path === manifest) resources.unshift(listedFile);
    else resources.push(listedFile);
  }
  return { entry: { uri: top, frontmatter, resources } };
}
