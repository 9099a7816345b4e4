/**
 * The host rules of `checkSkills({ hosts })`, as data: each entry is one
 * thing one host does to a skill (its code, host, severity, sentence and
 * source) and the test that finds it. docs/hosts.md lists them with their
 * sources; tests/check/host_rules_test.ts runs one fixture per rule.
 *
 * @module
 */

import { frontmatterKeys } from "./_rules.ts";
import { bareName } from "../_names.ts";
import {
  bomRule,
  foreignKeys,
  type HostRuleEntry,
  openingFenceSpaced,
  segments,
} from "./_host_subject.ts";
import {
  CLAUDE_CODE_LISTING_MAX,
  claudeCodeListing,
  codePointCount,
  collapseWhitespace,
  geminiName,
  grouped,
} from "./_host_text.ts";
import {
  CLAUDE_CODE_CHANGELOG,
  CODEX,
  CODEX_MAX_DEPTH,
  CODEX_MAX_DESCRIPTION,
  CODEX_MAX_NAME,
  GEMINI,
  GEMINI_QUIET_KEYS,
  QUICK_VALIDATE,
} from "./_host_sources.ts";
import { SPEC_HOST_RULES } from "./_host_rules_spec.ts";

/** Every host rule, by host. */
export const HOST_RULE_ENTRIES: readonly HostRuleEntry[] = [
  // claude.ai, Claude Desktop, the Skills API upload.
  {
    code: "claude_ai_field",
    host: "claude-ai",
    severity: "error",
    rule:
      'The upload refuses a top-level key other than the spec\'s ("unexpected key in SKILL.md frontmatter"); put others under `metadata`.',
    source: `anthropics/claude-code#24826; ${QUICK_VALIDATE}`,
    test: (subject) =>
      foreignKeys(subject).map((key) => ({
        key,
        message:
          `frontmatter.${key}: claude.ai refuses the upload ("unexpected key in SKILL.md frontmatter"); move it under metadata`,
      })),
  },
  {
    code: "claude_ai_reserved_name",
    host: "claude-ai",
    severity: "error",
    rule:
      'The upload refuses a name holding the reserved word "claude" or "anthropic" (tracker, not in public source).',
    source:
      "tracker: alirezarezvani/claude-code-skill-factory#1029 (\"cannot contain the reserved word 'claude'\"), melodic-software/claude-code-plugins#267",
    test: ({ skill }) => {
      const word = /claude|anthropic/i.exec(bareName(skill.info))?.[0];
      return word === undefined ? [] : [{
        key: "name",
        message:
          `frontmatter.name: holds the reserved word "${word.toLowerCase()}", which claude.ai refuses on upload`,
      }];
    },
  },
  {
    code: "claude_ai_name_characters",
    host: "claude-ai",
    severity: "error",
    rule:
      "The upload takes a name of ASCII lower-case letters, digits and hyphens only (the spec allows letters of any script).",
    source: `${QUICK_VALIDATE}; anthropics/skills#241`,
    test: ({ skill }) =>
      /^[a-z0-9-]+$/.test(bareName(skill.info).trim()) ? [] : [{
        key: "name",
        message:
          "frontmatter.name: claude.ai takes only a-z, 0-9 and - in a name",
      }],
  },
  {
    code: "claude_ai_angle_brackets",
    host: "claude-ai",
    severity: "error",
    rule: "The upload refuses `<` or `>` in the description.",
    source: `${QUICK_VALIDATE}; vercel-labs/agent-skills#214`,
    test: ({ skill }) =>
      /[<>]/.test(skill.info.description)
        ? [{
          key: "description",
          message:
            "frontmatter.description: holds < or >, which claude.ai refuses on upload",
        }]
        : [],
  },
  {
    code: "claude_ai_archive_layout",
    host: "claude-ai",
    severity: "error",
    rule:
      "The upload takes a zip whose one top folder holds the SKILL.md (an archive's flat layout is refused).",
    source: "tracker: anthropics/claude-code#92902",
    test: ({ archive }) =>
      archive === undefined || archive.top !== undefined ? [] : [{
        line: 1,
        message:
          "the archive has no top folder, and claude.ai takes a zip whose one top folder holds SKILL.md; pack it with --layout folder",
      }],
  },
  {
    code: "claude_ai_fence",
    host: "claude-ai",
    severity: "error",
    rule:
      "Anthropic's packer validates with `^---\\n(.*?)\\n---`: a file that does not start with `---` and a line feed (a BOM, white space after the fence, CRLF line endings) is refused.",
    source: QUICK_VALIDATE,
    test: ({ skill, bom }) =>
      !bom && skill.source.startsWith("---\n") ? [] : [{
        line: 1,
        message: `the file starts with ${
          bom
            ? "a BOM"
            : skill.source.startsWith("---\r\n")
            ? "a CRLF line ending"
            : "white space after the opening ---"
        }, not "---" and a line feed: Anthropic's packer refuses it ("Invalid frontmatter format")`,
      }],
  },
  // Claude Code (closed source: its changelog).
  {
    code: "claude_code_listing_cut",
    host: "claude-code",
    severity: "warning",
    rule:
      `The listing (the description, a dash and \`when_to_use\`) is cut at ${
        grouped(CLAUDE_CODE_LISTING_MAX)
      } characters.`,
    source: `${CLAUDE_CODE_CHANGELOG}, 2.1.105`,
    test: ({ skill }) => {
      const length = codePointCount(claudeCodeListing(skill.info));
      return length > CLAUDE_CODE_LISTING_MAX
        ? [{
          key: "description",
          message:
            `frontmatter.description: Claude Code cuts the listing from ${length} to ${CLAUDE_CODE_LISTING_MAX} characters`,
        }]
        : [];
    },
  },
  bomRule({
    code: "claude_code_bom",
    host: "claude-code",
    severity: "info",
    source: `${CLAUDE_CODE_CHANGELOG}, 2.1.239`,
    what: "Claude Code before 2.1.239 ignored the file",
  }),
  // Codex.
  {
    code: "codex_name_length",
    host: "codex",
    severity: "error",
    rule:
      `Codex skips a skill whose name, white space collapsed, is over ${CODEX_MAX_NAME} characters.`,
    source: CODEX,
    test: ({ skill }) => {
      const length = codePointCount(collapseWhitespace(skill.info.name));
      return length > CODEX_MAX_NAME
        ? [{
          key: "name",
          message:
            `frontmatter.name: ${length} characters; Codex skips a skill whose name is over ${CODEX_MAX_NAME}`,
        }]
        : [];
    },
  },
  {
    code: "codex_description_length",
    host: "codex",
    severity: "error",
    rule:
      `Codex skips a skill whose description, white space collapsed, is over ${
        grouped(CODEX_MAX_DESCRIPTION)
      } characters.`,
    source: CODEX,
    test: ({ skill }) => {
      const length = codePointCount(
        collapseWhitespace(skill.info.description),
      );
      return length > CODEX_MAX_DESCRIPTION
        ? [{
          key: "description",
          message:
            `frontmatter.description: ${length} characters; Codex skips a skill whose description is over ${CODEX_MAX_DESCRIPTION}`,
        }]
        : [];
    },
  },
  {
    code: "codex_short_description_length",
    host: "codex",
    severity: "error",
    rule: `Codex skips a skill whose \`metadata.short-description\` is over ${
      grouped(CODEX_MAX_DESCRIPTION)
    } characters.`,
    source: CODEX,
    test: ({ skill }) => {
      const metadata = skill.info.metadata["metadata"];
      const short = typeof metadata === "object" && metadata !== null &&
          !Array.isArray(metadata)
        ? metadata["short-description"]
        : undefined;
      if (typeof short !== "string") return [];
      const length = codePointCount(collapseWhitespace(short));
      return length > CODEX_MAX_DESCRIPTION
        ? [{
          key: "metadata",
          message:
            `frontmatter.metadata.short-description: ${length} characters; Codex skips a skill whose short description is over ${CODEX_MAX_DESCRIPTION}`,
        }]
        : [];
    },
  },
  {
    code: "codex_whitespace",
    host: "codex",
    severity: "warning",
    rule:
      "Codex collapses each run of white space (line breaks included) in the name and description to one space.",
    source: CODEX,
    test: ({ skill }) =>
      (["name", "description"] as const).filter((key) =>
        collapseWhitespace(skill.info[key]) !== skill.info[key]
      ).map((key) => ({
        key,
        message:
          `frontmatter.${key}: Codex collapses its white space to single spaces on one line`,
      })),
  },
  bomRule({
    code: "codex_bom",
    host: "codex",
    severity: "error",
    source: CODEX,
    what: "Codex finds no frontmatter and skips the skill",
  }),
  {
    code: "codex_hidden",
    host: "codex",
    severity: "error",
    rule:
      "Codex skips every directory whose name starts with `.` below a root.",
    source: CODEX,
    test: ({ skill }) => {
      const hidden = segments(skill).find((name) => name.startsWith("."));
      return hidden === undefined ? [] : [{
        line: 1,
        message:
          `the skill is under ${hidden}, a dot-directory, which Codex never reads below a root`,
      }];
    },
  },
  {
    code: "codex_depth",
    host: "codex",
    severity: "error",
    rule:
      `Codex reads skill directories at most ${CODEX_MAX_DEPTH} levels below a root.`,
    source: CODEX,
    test: ({ skill }) => {
      const depth = segments(skill).length;
      return depth > CODEX_MAX_DEPTH
        ? [{
          line: 1,
          message:
            `the skill is ${depth} levels below its root; Codex reads ${CODEX_MAX_DEPTH} at most`,
        }]
        : [];
    },
  },
  // Gemini CLI.
  {
    code: "gemini_name_characters",
    host: "gemini",
    severity: "warning",
    rule: 'Gemini CLI replaces each of `:\\/<>*?"|` in a name with `-`.',
    source: GEMINI,
    test: ({ skill }) => {
      const name = bareName(skill.info);
      const shown = geminiName(name);
      return shown === name ? [] : [{
        key: "name",
        message: `frontmatter.name: Gemini CLI shows it as "${shown}"`,
      }];
    },
  },
  bomRule({
    code: "gemini_bom",
    host: "gemini",
    severity: "error",
    source: GEMINI,
    what:
      "Gemini CLI's frontmatter pattern does not match and it skips the skill",
  }),
  {
    code: "gemini_fence",
    host: "gemini",
    severity: "error",
    rule:
      "Gemini CLI wants the opening `---` alone on its line: with white space after it, its frontmatter pattern does not match and it skips the skill.",
    source: GEMINI,
    test: ({ skill, bom }) =>
      !bom && openingFenceSpaced(skill.source)
        ? [{
          line: 1,
          message:
            "the opening --- has white space after it: Gemini CLI's frontmatter pattern does not match and it skips the skill",
        }]
        : [],
  },
  {
    code: "gemini_not_found",
    host: "gemini",
    severity: "error",
    rule:
      "Gemini CLI looks only at `SKILL.md` and `*/SKILL.md` of a root (not below a dot-directory).",
    source: GEMINI,
    test: ({ skill }) => {
      const path = segments(skill);
      const found = path.length === 0 ||
        (path.length === 1 && !(path[0] ?? "").startsWith("."));
      return found ? [] : [{
        line: 1,
        message: `the skill is at ${
          path.join("/")
        }/SKILL.md below its root; Gemini CLI looks only at SKILL.md and */SKILL.md`,
      }];
    },
  },
  {
    code: "gemini_fields",
    host: "gemini",
    severity: "info",
    rule:
      "Gemini CLI reads only `name` and `description`: fields that change behaviour elsewhere do nothing there.",
    source: GEMINI,
    test: ({ skill, lines }) => {
      const keys = frontmatterKeys(Object.keys(skill.info.metadata), lines)
        .filter((key) => !GEMINI_QUIET_KEYS.has(key));
      return keys.length === 0 ? [] : [{
        key: keys[0] ?? "name",
        message: `Gemini CLI reads only name and description; it ignores ${
          keys.join(", ")
        }`,
      }];
    },
  },
  ...SPEC_HOST_RULES,
];
