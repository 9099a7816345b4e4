/**
 * The reference validator's host rules (`spec`): what skills-ref fails that
 * `check` alone notes or accepts. It reads the frontmatter with strictyaml
 * and counts the description as written, never trimmed.
 *
 * @module
 */

import { parseYaml } from "../manifest/_yaml.ts";
import {
  bomRule,
  foreignKeys,
  type HostRuleEntry,
  strictYamlRefusal,
} from "./_host_subject.ts";
import { codePointCount } from "./_host_text.ts";
import { SKILLS_REF } from "./_host_sources.ts";
import { grouped } from "./_host_text.ts";

/** The longest description the reference validator takes, as written. */
const MAX_DESCRIPTION = 1024;

/** The reference validator's rules. */
export const SPEC_HOST_RULES: readonly HostRuleEntry[] = [
  {
    code: "spec_field",
    host: "spec",
    severity: "error",
    rule:
      'The reference validator fails a top-level key other than the spec\'s ("Unexpected fields in frontmatter").',
    source: SKILLS_REF,
    test: (subject) =>
      foreignKeys(subject).map((key) => ({
        key,
        message:
          `frontmatter.${key}: the reference validator fails it ("Unexpected fields in frontmatter")`,
      })),
  },
  bomRule({
    code: "spec_bom",
    host: "spec",
    severity: "error",
    source: SKILLS_REF,
    what:
      'the reference validator fails it ("SKILL.md must start with YAML frontmatter")',
  }),
  {
    code: "spec_yaml",
    host: "spec",
    severity: "error",
    rule:
      "The reference validator reads the frontmatter with strictyaml, which refuses flow style (`[a, b]`, `{a: b}`), anchors, aliases and tags.",
    source: SKILLS_REF,
    test: ({ skill }) => {
      const refusal = strictYamlRefusal(skill.frontmatter);
      return refusal === undefined ? [] : [{
        line: refusal.line,
        message:
          `${refusal.what}: the reference validator's strictyaml refuses it ("Invalid YAML in frontmatter"); write it in block style, without anchors or tags`,
      }];
    },
  },
  {
    code: "spec_description_length",
    host: "spec",
    severity: "error",
    rule:
      `The reference validator counts the description as written, its white space kept (a \`>\` block's final line break, trailing spaces in quotes): over ${
        grouped(MAX_DESCRIPTION)
      } characters fails.`,
    source: SKILLS_REF,
    test: ({ skill }) => {
      const written = writtenDescription(skill.frontmatter);
      const length = written === undefined ? 0 : codePointCount(written);
      // Over the bound once trimmed, check itself fails it already.
      return length <= MAX_DESCRIPTION ||
          codePointCount(skill.info.description) > MAX_DESCRIPTION
        ? []
        : [{
          key: "description",
          message:
            `frontmatter.description: ${length} characters as written, white space included; the reference validator fails it over ${MAX_DESCRIPTION}`,
        }];
    },
  },
];

/** The description as the YAML gives it, before any trimming; else undefined. */
function writtenDescription(yaml: string): string | undefined {
  try {
    const { data } = parseYaml(yaml, { path: "SKILL.md", repair: false });
    const description = data["description"];
    return typeof description === "string" ? description : undefined;
  } catch {
    // YAML that needs repairs is check's own finding.
    return undefined;
  }
}
