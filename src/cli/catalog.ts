/**
 * `agent-skills catalog [DIR]...`: the catalog text a host would put in its
 * model's prompt, from the roots `list` reads, on stdout (the format's empty
 * block, and a note on stderr, when no skill is in it), or with `--json` one
 * document holding the text and the report of what was shortened or left out.
 *
 * @module
 */

import { renderCatalog } from "../prompt/catalog.ts";
import type { SkillConfig } from "../config/config.ts";
import type {
  CatalogFormat,
  CatalogOptions,
  CatalogReport,
} from "../prompt/prompt.ts";
import { json } from "./json.ts";
import { open } from "./args.ts";
import type { Output } from "./output.ts";
import { hintTexts, loadedBy, printHints, rootVerdict } from "./roots.ts";
import { display, plural, printWarnings } from "./terminal.ts";
import { type KeptIndex, OK, PROBLEMS, type Values } from "./types.ts";

/**
 * The catalog `--format`, `--budget` and `--location` ask for, over the
 * roots' precedence.
 */
export function catalogOptions(
  values: Values,
  config: SkillConfig,
): CatalogOptions {
  // main() has refused a format, a budget or a location it does not take.
  return {
    format: (values.format ?? "xml") as CatalogFormat,
    precedence: config.roots.map((root) => root.path),
    ...(values.budget === undefined
      ? {}
      : { budget: { limit: Number(values.budget) } }),
    ...(values.location === undefined ? {} : {
      location: values.location as NonNullable<CatalogOptions["location"]>,
    }),
  };
}

export function catalog(
  values: Values,
  dirs: string[],
  io: Output,
  index?: KeptIndex,
): number {
  const { skills, warnings } = open(values, io, dirs, index);
  const { text, report } = renderCatalog(
    skills.listSkills(),
    catalogOptions(values, skills.config),
  );
  // A root named that was not read as named fails it, as it fails `list`.
  const verdict = rootVerdict(
    { ...loadedBy(skills), values, dirs, warnings },
    io,
  );
  const status = verdict.hints.length > 0 ? PROBLEMS : OK;
  if (values.json) {
    json(io, { text, report, warnings, hints: hintTexts(verdict) });
    return status;
  }
  printWarnings(io, warnings);
  printHints(io, verdict);
  const { shortened, withoutDescription, leftOut, filtered } = report;
  if (
    shortened.length > 0 || withoutDescription.length > 0 || leftOut.length > 0
  ) {
    io.err(
      `agent-skills: to fit ${report.limit ?? ""} characters, ${
        budgetSummary(report)
      } (${leftOut.slice(0, 5).join(", ") || "none"}${
        leftOut.length > 5 ? ", ..." : ""
      }); --json lists them all`,
    );
  }
  const none =
    report.shown.length + shortened.length + withoutDescription.length === 0;
  // Where no skill was found, the roots' hints said why.
  if (none && (status === OK || filtered.length + leftOut.length > 0)) {
    const roots = skills.config.roots.map((root) => display(root.path, io));
    io.err(
      filtered.length > 0 && leftOut.length === 0
        ? `agent-skills: no skill in the catalog: ${
          plural(filtered.length, "skill")
        } found, each only for a user to invoke (disable-model-invocation: true)`
        : leftOut.length > 0
        ? `agent-skills: no skill in the catalog: the budget of ${report.limit} characters leaves every skill out; raise --budget`
        : `agent-skills: no skills found in ${
          roots.join(", ")
        }; give the roots that hold them with --root DIR or --preset NAME`,
    );
  }
  // Prompt text, escaped for its format; an XML description keeps its lines.
  if (text !== "") io.outText(text);
  return status;
}

/**
 * What the budget did, in words: descriptions shortened, descriptions
 * removed (the skill named only), skills left out.
 */
function budgetSummary(
  { shortened, withoutDescription, leftOut }: CatalogReport,
): string {
  return [
    `${plural(shortened.length, "description")} shortened`,
    ...(withoutDescription.length === 0
      ? []
      : [`${plural(withoutDescription.length, "description")} removed`]),
    `${plural(leftOut.length, "skill")} left out`,
  ].join(withoutDescription.length === 0 ? " and " : ", ");
}
