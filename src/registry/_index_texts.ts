/**
 * What a kept index's entry may say of a skill: no more than its manifest
 * could (no character that acts on a terminal, no more text than its size,
 * JSON metadata at most 64 deep). `skills.index()` leaves out a skill whose
 * entry is not so; an index holding one is refused as a whole.
 *
 * @module
 */

import { ACTING_CLASS } from "../_text.ts";

/** The deepest a `metadata` value may nest. */
const MAX_DEPTH = 64;
const ACTING = new RegExp(`[${ACTING_CLASS}]`, "u");
/** What is said of a text holding a character that acts on a terminal. */
export const ACTS = "holds a character that acts on a terminal";

/** The texts of an entry, as `skills.index()` writes them. */
export interface EntryTexts
  extends Partial<Record<typeof FINDINGS[number], readonly object[]>> {
  readonly info: object;
}

/** What is left of the manifest's size to spend on the texts walked. */
type Walk = { left: number; readonly size: number };

/** What a catalog entry says from its manifest, and of its place. */
const MEASURED = ["name", "description"] as const;
const PLACED = ["scope", "source", "root", "dir", "path", "plugin"] as const;
const FINDINGS = ["repairs", "truncations", "coercions"] as const;

/**
 * What is wrong with an entry's texts, said from the entry down
 * (`.info.description holds a character that acts on a terminal`), or
 * undefined; `size` is its manifest's size in bytes. Freezes its metadata.
 */
export function textsProblem(
  entry: EntryTexts,
  size: number,
): string | undefined {
  const walk: Walk = { left: size, size };
  const info = entry.info as { readonly [key: string]: unknown };
  let wrong: string | undefined;
  const spends = (text: unknown) => (wrong = spent(text, walk)) !== undefined;
  const measured = MEASURED.find((key) => spends(info[key]));
  if (measured !== undefined) return `.info.${measured} ${wrong}`;
  const tools = info["allowedTools"];
  if (Array.isArray(tools) && tools.some(spends)) {
    return `.info.allowedTools ${wrong}`;
  }
  const metadata = jsonProblem(info["metadata"], walk, 0);
  if (metadata !== undefined) return `.info.metadata ${metadata}`;
  const placed = PLACED.find((key) => acts(info[key]));
  if (placed !== undefined) return `.info.${placed} ${ACTS}`;
  const found = FINDINGS.find((list) =>
    entry[list]?.some((item) => Object.values(item).some(acts))
  );
  return found === undefined ? undefined : `.${found} ${ACTS}`;
}

/** Whether `value` is a text holding a character that acts on a terminal. */
export function acts(value: unknown): boolean {
  return typeof value === "string" && ACTING.test(value);
}

/** Spends a text (its length and one) on `walk`; what is wrong with it, or undefined. */
function spent(text: unknown, walk: Walk): string | undefined {
  if (typeof text !== "string") return undefined;
  walk.left -= text.length + 1;
  if (walk.left < 0) {
    return `holds more text than its manifest (${walk.size} bytes) may`;
  }
  return ACTING.test(text) ? ACTS : undefined;
}

/**
 * Checks a JSON value (nesting, kinds, texts) and freezes it; or says what
 * is wrong. Each value walked is spent (twice if shared), so the walk stops
 * within the manifest's size and the levels on the way down.
 */
function jsonProblem(
  value: unknown,
  walk: Walk,
  depth: number,
): string | undefined {
  if (depth > MAX_DEPTH) return `nests deeper than ${MAX_DEPTH}`;
  if (typeof value === "string") return spent(value, walk);
  const plain = value === null || typeof value === "boolean" ||
    (typeof value === "number" && isFinite(value));
  if (plain) return spent("", walk);
  const array = Array.isArray(value);
  if (!array && !isRecord(value)) return "is not JSON";
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const wrong = jsonProblem(item, walk, depth + 1) ??
      (array ? undefined : spent(key, walk));
    if (wrong !== undefined) return wrong;
  }
  Object.freeze(value);
  return spent("", walk);
}

/** Whether `value` is a plain object of JSON. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null &&
    Object.getPrototypeOf(value) === Object.prototype;
}
