/**
 * What a check says of one skill that loads, beyond discovery's problems:
 * the findings of the spec rules and of the hosts' rules, its resources'
 * warnings, and, for claude.ai, the upload's rules its folder breaks. One
 * function, which `checkSkills` runs on each skill and `explain()` on the
 * skill it serves, so that both see the same.
 *
 * @module
 */

import type { SkillConfig } from "../config/config.ts";
import type { ReadSkill } from "../discovery/_types.ts";
import { listResources } from "../registry/_resources.ts";
import type { SkillWarning } from "../warn.ts";
import type { HostName, SkillDiagnostic } from "./diagnostic.ts";
import {
  hostDiagnostics,
  resourceDiagnostic,
  ruleDiagnostics,
  uploadDiagnostics,
} from "./_diagnostics.ts";
import { uploadFolder } from "./_upload_rules.ts";

/**
 * The diagnostics of one loadable skill: its spec rules', its hosts' rules'
 * (and, with `upload` and the host `claude-ai`, the upload's rules of its
 * files, as listed for its resources), its resources' warnings. With
 * `resources: false`, its files are listed only for the upload's rules:
 * what a host's verdict needs, since no resource warning is at the
 * manifest.
 */
export function skillDiagnostics(
  skill: ReadSkill,
  { config, hosts, upload, resources: warn = true }: {
    config: SkillConfig;
    hosts: ReadonlySet<HostName>;
    /** Whether to hold its files to the upload's rules for `claude-ai`. */
    upload: boolean;
    /** Whether to say its resources' warnings. @default {true} */
    resources?: boolean;
  },
): SkillDiagnostic[] {
  const warnings: SkillWarning[] = [];
  const listed = warn || (upload && hosts.has("claude-ai"));
  const resources = listed
    ? listResources(skill, config, (warning) => {
      warnings.push(warning);
    })
    : [];
  const folder = upload && hosts.has("claude-ai")
    ? uploadFolder(
      skill,
      resources,
      warnings.some((warning) => warning.code === "resource_limit"),
    )
    : undefined;
  return [
    ...ruleDiagnostics(skill),
    ...hostDiagnostics(skill, hosts),
    ...(folder === undefined ? [] : uploadDiagnostics(skill.info, folder)),
    ...(warn
      ? warnings.map((warning) => resourceDiagnostic(warning, skill.info))
      : []),
  ];
}
