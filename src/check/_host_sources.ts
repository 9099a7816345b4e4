/**
 * Where the host rules come from (each host's source file at the commit
 * read, or its changelog: docs/hosts.md links them), and the bounds read
 * there.
 *
 * @module
 */

export const CODEX =
  "openai/codex codex-rs/core-skills/src/loader.rs (033d1d0741d697436d4d5527aaac8893c28b424c)";
export const GEMINI =
  "google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts (5411f113cafae26161b4969b0237b8e1e024e2c2)";
export const SKILLS_REF =
  "agentskills/agentskills skills-ref/src/skills_ref/validator.py and parser.py (69ef37e9424c0a7ea9dd2293b559e43ec8176379)";
export const QUICK_VALIDATE =
  "anthropics/skills skills/skill-creator/scripts/quick_validate.py (9d2f1ae187231d8199c64b5b762e1bdf2244733d)";
export const CLAUDE_CODE_CHANGELOG =
  "anthropics/claude-code CHANGELOG.md (5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357)";

export const CODEX_MAX_NAME = 64;
export const CODEX_MAX_DESCRIPTION = 1024;
export const CODEX_MAX_DEPTH = 6;

/** The keys Gemini CLI reads; the spec's others carry no behaviour. */
export const GEMINI_QUIET_KEYS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
]);
