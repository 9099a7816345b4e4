/**
 * Check's own rules that each host applies too, as data: a spec rule's or a
 * discovery problem's code, the host, what it is there, and the source that
 * shows it. A host's verdict counts these diagnostics beside those of its
 * own rules (`_host_rules.ts`), so that a column of `check --host all` is
 * what that host does, not only where it differs from `check`.
 *
 * A host applies no base rule it has a rule of its own for (Codex counts
 * lengths after collapsing white space: `codex_name_length`; claude.ai takes
 * ASCII only: `claude_ai_name_characters`), so that one breach counts once.
 *
 * @module
 */

import type {
  DiagnosticCode,
  HostBaseRule,
  SkillDiagnostic,
} from "./diagnostic.ts";
import type { SkillInfo } from "../skill.ts";
import { CODEX, GEMINI, QUICK_VALIDATE, SKILLS_REF } from "./_host_sources.ts";

/** One base rule of a host, with which of the code's diagnostics it takes. */
export interface HostBaseEntry extends HostBaseRule {
  /** Whether the host applies this diagnostic of the code (all, when absent). */
  readonly applies?: (diagnostic: SkillDiagnostic, skill: SkillInfo) => boolean;
}

const CLAUDE_CODE_DOCS =
  'Claude Code docs, skills ("Where skills live": <skill-name>/SKILL.md)';

/** The YAML repairs of this library that a YAML 1.1 or strict parser refuses. */
const REPAIRS: readonly DiagnosticCode[] = [
  "yaml_repaired",
  "yaml_indicator",
  "yaml_flow_text",
];

/** The value of `compatibility`, as the skill's metadata holds it. */
function compatibility(skill: SkillInfo): unknown {
  return skill.metadata?.["compatibility"];
}

/** Whether a diagnostic is about the frontmatter key `key`. */
function about(...keys: string[]): (diagnostic: SkillDiagnostic) => boolean {
  return (diagnostic) =>
    diagnostic.key !== undefined && keys.includes(diagnostic.key);
}

/** Every base rule of every host, by host. */
export const HOST_BASE_ENTRIES: readonly HostBaseEntry[] = [
  // The reference validator: validator.py and parser.py.
  ...([
    ["name_length", "a name over 64 characters (NFKC)"],
    ["name_case", "a name with upper-case letters"],
    [
      "name_characters",
      "a name with characters other than letters, digits and `-` (`isalnum()`)",
    ],
    ["name_hyphens", "a name that starts or ends with `-` or holds `--`"],
    ["name_mismatch", "a name other than its directory's (both NFKC)"],
    ["description_length", "a description over 1,024 characters"],
  ] as const).map(([code, what]): HostBaseEntry => ({
    code,
    host: "spec",
    severity: "error",
    rule: `The reference validator fails ${what}.`,
    source: SKILLS_REF,
  })),
  {
    code: "compatibility_length",
    host: "spec",
    severity: "error",
    rule:
      "The reference validator fails a compatibility over 500 characters (an empty one passes).",
    source: SKILLS_REF,
    applies: (_, skill) => {
      const value = compatibility(skill);
      return typeof value === "string" && [...value].length > 500;
    },
  },
  {
    code: "field_type",
    host: "spec",
    severity: "error",
    rule:
      "The reference validator fails a compatibility that is a map or a list (strictyaml reads any other value as a string).",
    source: SKILLS_REF,
    applies: (diagnostic, skill) => {
      const value = compatibility(skill);
      return about("compatibility")(diagnostic) && typeof value === "object" &&
        value !== null;
    },
  },
  {
    code: "manifest_name",
    host: "spec",
    severity: "error",
    rule:
      'The reference validator reads only SKILL.md or skill.md ("Missing required file: SKILL.md").',
    source: SKILLS_REF,
    applies: (diagnostic) => diagnostic.severity === "error",
  },
  ...REPAIRS.map((code): HostBaseEntry => ({
    code,
    host: "spec",
    severity: "error",
    rule:
      'The reference validator\'s strictyaml refuses YAML that needed this repair ("Invalid YAML in frontmatter").',
    source: SKILLS_REF,
  })),
  // claude.ai: Anthropic's quick_validate.py, which its packer runs.
  ...([
    ["name_length", "a name over 64 characters"],
    ["name_hyphens", "a name that starts or ends with `-` or holds `--`"],
    ["description_length", "a description over 1,024 characters"],
    ["compatibility_length", "a compatibility that is empty or over 500"],
  ] as const).map(([code, what]): HostBaseEntry => ({
    code,
    host: "claude-ai",
    severity: "error",
    rule: `Anthropic's packer refuses ${what}.`,
    source: QUICK_VALIDATE,
  })),
  {
    code: "field_type",
    host: "claude-ai",
    severity: "error",
    rule:
      'Anthropic\'s packer refuses a compatibility that is not a string ("Compatibility must be a string").',
    source: QUICK_VALIDATE,
    applies: about("compatibility"),
  },
  {
    code: "coerced_value",
    host: "claude-ai",
    severity: "error",
    rule:
      "Anthropic's packer refuses a name, description or compatibility that YAML types otherwise than as a string (`name: 2048`, `description: true`).",
    source: QUICK_VALIDATE,
    applies: about("name", "description", "compatibility"),
  },
  ...REPAIRS.map((code): HostBaseEntry => ({
    code,
    host: "claude-ai",
    severity: "error",
    rule:
      'Anthropic\'s packer reads the frontmatter with yaml.safe_load, which refuses YAML that needed this repair ("Invalid YAML in frontmatter").',
    source: QUICK_VALIDATE,
  })),
  // Codex: loader.rs.
  {
    code: "manifest_name",
    host: "codex",
    severity: "error",
    rule: "Codex reads only a file named exactly SKILL.md (`SKILLS_FILENAME`).",
    source: CODEX,
  },
  ...REPAIRS.map((code): HostBaseEntry => ({
    code,
    host: "codex",
    severity: "error",
    rule:
      "Codex reads the frontmatter with serde_yaml, which refuses YAML that needed this repair: it skips the skill (`InvalidYaml`).",
    source: CODEX,
  })),
  // Gemini CLI: skillLoader.ts.
  {
    code: "manifest_name",
    host: "gemini",
    severity: "error",
    rule:
      "Gemini CLI looks only at files named exactly SKILL.md (its glob `SKILL.md`, `*/SKILL.md`).",
    source: GEMINI,
  },
  // Claude Code: its docs.
  {
    code: "manifest_name",
    host: "claude-code",
    severity: "error",
    rule: "Claude Code reads only a file named exactly SKILL.md.",
    source: CLAUDE_CODE_DOCS,
  },
];
