/**
 * What the prompt helpers take and give: a leaf module of types.
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
   * What `limit` counts: characters (UTF-16 code units) or tokens.
   * @default {"characters"}
   */
  unit?: "characters" | "tokens";
  /** A text's tokens, a whole number, 0 or more; without it, its UTF-8 bytes / 4, rounded up. */
  countTokens?: (text: string) => number;
  /**
   * The fewest code points descriptions are cut to before any is removed.
   * @default {60}
   */
  floor?: number;
}

/** The options of `renderCatalog`. */
export interface CatalogOptions {
  /**
   * The spec's `<available_skills>` XML, a Markdown list, or JSON.
   * @default {"xml"}
   */
  format?: CatalogFormat;
  /**
   * Instructions before the catalog: the model reads a skill's `SKILL.md`
   * (`"read"`), or calls an activation tool (`"tool"`).
   * @default {"none"}
   */
  instructions?: "none" | "read" | "tool";
  /**
   * The tool the `"tool"` instructions name: 1 to 64 letters, digits, `_`, `-`.
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
   * A skill with `disable-model-invocation: true`: left out, or listed.
   * @default {"leave_out"}
   */
  userOnly?: "leave_out" | "include";
  /** Each description is cut to at most this many code points (Claude Code cuts at 1,536). */
  descriptionCap?: number;
  /** How much the text may measure; without one, every skill is shown in full. */
  budget?: CatalogBudget;
  /** Skill names, most important first (else by `precedence`, then name): the last the budget takes from. */
  rank?: readonly string[];
  /** The root paths in ascending precedence, for the budget: a skill is in the last that holds it. */
  precedence?: readonly string[];
  /**
   * How an entry locates its `SKILL.md`: absolute, relative to its root
   * (`pdf/SKILL.md`), or not at all. `instructions: "read"` takes `"absolute"`.
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

/** What `renderCatalog` did with each skill it was given: each is in exactly one list. */
export interface CatalogReport {
  /** How much the text measures, in the budget's unit (characters without a budget). */
  readonly size: number;
  /** The budget's limit, when there is one. */
  readonly limit?: number;
  /** The skills shown in full, in the text's order. */
  readonly shown: readonly string[];
  /** The skills shown with a shorter description, in the text's order: code points before and shown. */
  readonly shortened: readonly {
    readonly name: string;
    readonly from: number;
    readonly to: number;
  }[];
  /** The skills the budget shows without their description, in the text's order, and its length. */
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
  /** The text for the prompt: with no skill, the format's empty block (`""` if that does not fit). */
  readonly text: string;
  /** What was shown in full, shortened, left out by the budget, or filtered out. */
  readonly report: CatalogReport;
}

/** The options of `renderActivation`. */
export interface ActivationOptions {
  /** Arguments to substitute as Claude Code does (`$ARGUMENTS`, `$N`, ...); a string is split at spaces. */
  arguments?: string | readonly string[];
  /**
   * The most resource files listed; past it, the list says it is incomplete.
   * @default {50}
   */
  maxResources?: number;
}

/** A shell command in an activation payload, in a form Claude Code runs: never run, only reported. */
export interface SkillCommand {
  /** The 1-based line of the payload (`text`) it starts on. */
  readonly line: number;
  /** The command as the model reads it: between the backticks, or a block's lines. */
  readonly command: string;
}

/** What a model receives when a skill is activated, and what went into it. */
export interface Activation {
  /** The payload: `<skill_content name="…">`, the body, the skill's directory, its files listed. */
  readonly text: string;
  /** The skill's name. */
  readonly name: string;
  /** The skill's directory: what relative paths in the body resolve against. */
  readonly dir: string;
  /** The resource files listed, relative to `dir`. */
  readonly resources: readonly string[];
  /** Whether there were more resource files than listed. */
  readonly truncated: boolean;
  /** Every shell command in `text`, never run: the body's, an argument's, a path's. */
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
