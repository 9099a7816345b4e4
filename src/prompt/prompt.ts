/**
 * What the prompt helpers take and give: the options of `renderCatalog`
 * and the {@linkcode Catalog} it returns. A leaf module of types, so that
 * the helpers and their parts can all name them.
 *
 * @module
 */

/** The shapes of catalog text `renderCatalog` writes. */
export type CatalogFormat = "xml" | "markdown" | "json";

/** A catalog's budget: how much its text may measure, and how it is measured. */
export interface CatalogBudget {
  /** The most the text may measure, in `unit`s. */
  limit: number;
  /**
   * What `limit` counts: characters (UTF-16 code units, what
   * `String.length` counts) or tokens.
   *
   * @default {"characters"}
   */
  unit?: "characters" | "tokens";
  /**
   * How many tokens a text is, for `unit: "tokens"`. The default is an
   * estimate: its UTF-8 bytes divided by 4, rounded up (what Codex uses).
   * It must return a whole number, 0 or more: anything else, or an error it
   * throws, is an `invalid_option` `StartupError`.
   */
  countTokens?: (text: string) => number;
  /**
   * The shortest, in characters (code points: an emoji is one), that
   * descriptions are cut to (evenly, all at once) before any skill loses
   * its description.
   *
   * @default {60}
   */
  floor?: number;
}

/** The options of `renderCatalog`. */
export interface CatalogOptions {
  /**
   * The shape of the text: the spec's `<available_skills>` XML, a Markdown
   * list (`- name: description (file: path)`), or JSON.
   *
   * @default {"xml"}
   */
  format?: CatalogFormat;
  /**
   * Instructions on how to use the catalog, placed before it, in one of
   * the client guide's two activation styles: the model reads a skill's
   * `SKILL.md` itself (`"read"`), or calls an activation tool (`"tool"`).
   *
   * @default {"none"}
   */
  instructions?: "none" | "read" | "tool";
  /**
   * The activation tool the `"tool"` instructions name: letters, digits,
   * `_` and `-`.
   *
   * @default {"activate_skill"}
   */
  toolName?: string;
  /** Only these skills: names, or globs where `*` is any run of characters and `?` one. */
  include?: readonly string[];
  /** Not these skills: names or globs, as `include`. */
  exclude?: readonly string[];
  /** Only skills with one of these `scope` labels. */
  scopes?: readonly string[];
  /** Only skills with one of these `source` labels. */
  sources?: readonly string[];
  /**
   * What to do with a skill whose frontmatter says
   * `disable-model-invocation: true`: leave it out (`"leave_out"`; the
   * client guide: hide it, rather than refuse it at activation), or list it.
   *
   * @default {"leave_out"}
   */
  userOnly?: "leave_out" | "include";
  /**
   * Each description is cut to at most this many characters (code points;
   * Claude Code cuts at 1,536).
   */
  descriptionCap?: number;
  /** How much the text may measure; without one, every skill is shown in full. */
  budget?: CatalogBudget;
  /**
   * Skill names, most important first: they come first in the text, in
   * this order, and are the last the budget takes from. Without it, the text
   * is sorted by name, and the budget takes first from the skills of the
   * lowest precedence (see `precedence`), then from the end of the names.
   */
  rank?: readonly string[];
  /**
   * The root paths in ascending precedence (`skills.config.roots`' paths):
   * a skill belongs to the last one that is its `root` or holds it. Only
   * the budget uses it.
   */
  precedence?: readonly string[];
  /**
   * How each skill's `SKILL.md` is located: its absolute path
   * (`"absolute"`, what a model that reads the file itself needs), its path
   * relative to its root (`"relative"`: `pdf/SKILL.md`, for a host that
   * resolves it against `skills.config.roots`), or not at all (`"none"`:
   * what a host that activates skills by a tool needs, and the fewest
   * characters). With `instructions: "read"`, which tell the model to read
   * the file, only `"absolute"` is taken.
   *
   * @default {"absolute"}
   */
  location?: "absolute" | "relative" | "none";
}

/** Why a skill is not in a catalog, though the list given held it. */
export type CatalogFilter =
  | "user_only"
  | "not_included"
  | "excluded"
  | "scope"
  | "source";

/**
 * What `renderCatalog` did with each skill it was given: every
 * skill is in exactly one of `shown`, `shortened`, `withoutDescription`,
 * `leftOut` and `filtered`.
 */
export interface CatalogReport {
  /** How much the text measures, in the budget's unit (characters without a budget). */
  readonly size: number;
  /** The budget's limit, when there is one. */
  readonly limit?: number;
  /** The skills shown in full, in the text's order. */
  readonly shown: readonly string[];
  /**
   * The skills shown with a shorter description (by the cap or the budget),
   * in the text's order: its length in code points before (`from`) and as
   * shown (`to`, at least 1).
   */
  readonly shortened: readonly {
    readonly name: string;
    readonly from: number;
    readonly to: number;
  }[];
  /**
   * The skills the budget shows without their description (the name, and
   * the location unless `location` is `"none"`), in the text's order, with
   * the length of the description removed (`from`).
   */
  readonly withoutDescription: readonly {
    readonly name: string;
    readonly from: number;
  }[];
  /** The skills the budget left out, the least important first. */
  readonly leftOut: readonly string[];
  /** The skills a filter left out, and which filter, in the order given. */
  readonly filtered: readonly {
    readonly name: string;
    readonly reason: CatalogFilter;
  }[];
}

/** A catalog: its text, and what was left out or shortened to make it. */
export interface Catalog {
  /**
   * The text for the prompt. When no skill is in it, the format's empty
   * block, without instructions: `<available_skills>\n</available_skills>`
   * (XML), `{\n  "skills": []\n}` (JSON) or `""` (Markdown); `""` when
   * even that does not fit the budget.
   */
  readonly text: string;
  /** What was shown in full, shortened, left out by the budget, or filtered out. */
  readonly report: CatalogReport;
}

/** The options of `renderActivation`. */
export interface ActivationOptions {
  /**
   * The arguments a user gave with the skill, to substitute as Claude Code
   * does (`$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, `${CLAUDE_SKILL_DIR}` and
   * `${SKILL_DIR}`); a string is split at whitespace. Without them, the body
   * is left as written.
   */
  arguments?: string | readonly string[];
  /**
   * The most resource files listed; past it, the list says it is
   * incomplete.
   *
   * @default {50}
   */
  maxResources?: number;
}

/**
 * A shell command in an activation payload, in either form Claude Code runs:
 * `` !`command` `` or a fenced block opened with ` ```! `. Never run, only
 * reported.
 */
export interface SkillCommand {
  /** The 1-based line of the payload (`text`) it starts on. */
  readonly line: number;
  /**
   * The command as the model reads it: what is between the backticks (line
   * breaks included), or a block's lines.
   */
  readonly command: string;
}

/** What a model receives when a skill is activated, and what went into it. */
export interface Activation {
  /**
   * The payload: `<skill_content name="…">`, the body, the skill's
   * directory and the rule that relative paths resolve against it, and a
   * `<skill_resources>` list of its files (listed, not read).
   */
  readonly text: string;
  /** The skill's name. */
  readonly name: string;
  /** The skill's directory: what relative paths in the body resolve against. */
  readonly dir: string;
  /** The resource files listed, relative to `dir`. */
  readonly resources: readonly string[];
  /** Whether there were more resource files than listed. */
  readonly truncated: boolean;
  /**
   * Every shell command in `text` (`` !`command` ``, or a block opened
   * with ` ```! `), left as written and never run: the body's, and any that
   * an argument, the directory or a file name brought.
   */
  readonly commands: readonly SkillCommand[];
}

/** A tool a model calls to activate a skill: a name, a description and a JSON Schema. */
export interface ActivationTool {
  /** The tool's name, as the model calls it. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** A JSON Schema whose `name` is one of the model-invocable skills. */
  readonly parameters: {
    readonly type: "object";
    readonly properties: {
      readonly name: {
        readonly type: "string";
        readonly enum: readonly string[];
        readonly description: string;
      };
    };
    readonly required: readonly ["name"];
    readonly additionalProperties: false;
  };
}
