/**
 * `agent-skills catalog [DIR]...`: the catalog text a host would put in its
 * model's prompt, from the roots `list` reads, on stdout (nothing at all
 * when no skill is model-invocable), or with `--json` one document holding
 * the text and the report of what was shortened or left out.
 *
 * @module
 */

import { renderCatalog } from "../catalog.ts";
import type { SkillConfig } from "../config.ts";
import type { CatalogFormat, CatalogOptions } from "../prompt.ts";
import { json } from "./json.ts";
import { open } from "./options.ts";
import type { Output } from "./output.ts";
import { plural, printWarnings } from "./terminal.ts";
import { OK, type Values } from "./types.ts";

/** The catalog `--format` and `--budget` ask for, over the roots' precedence. */
export function catalogOptions(
  values: Values,
  config: SkillConfig,
): CatalogOptions {
  // main() has refused a format or a budget it does not take.
  return {
    format: (values.format ?? "xml") as CatalogFormat,
    precedence: config.roots.map((root) => root.path),
    ...(values.budget === undefined
      ? {}
      : { budget: { limit: Number(values.budget) } }),
  };
}

/** The formats `catalog --format` takes. */
export const CATALOG_FORMATS: readonly string[] = ["xml", "markdown", "json"];

export function catalog(values: Values, dirs: string[], io: Output): number {
  const { skills, warnings } = open(values, io, dirs);
  const { text, report } = renderCatalog(
    skills.listSkills(),
    catalogOptions(values, skills.config),
  );
  if (values.json) {
    json(io, { text, report, warnings });
    return OK;
  }
  printWarnings(io, warnings);
  const { shortened, leftOut } = report;
  if (shortened.length > 0 || leftOut.length > 0) {
    io.err(
      `agent-skills: to fit ${report.limit ?? ""} characters, ${
        plural(shortened.length, "description")
      } shortened and ${plural(leftOut.length, "skill")} left out (${
        leftOut.slice(0, 5).join(", ") || "none"
      }${leftOut.length > 5 ? ", ..." : ""}); --json lists them all`,
    );
  }
  // Prompt text, escaped for its format; an XML description keeps its lines.
  if (text !== "") io.outText(text);
  return OK;
}
