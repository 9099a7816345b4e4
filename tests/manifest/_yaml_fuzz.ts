// Random frontmatter for the differential test of src/manifest/_simple_yaml.ts against
// js-yaml: the forms the fast path reads, and their near misses (numbers in
// every YAML spelling, nulls, booleans and words near them, flow lists of
// all of these, escapes good and bad, comments, tabs, odd indents, duplicate
// keys, Unicode YAML refuses), mixed so that each kind of line meets each
// other kind.

import { load } from "js-yaml";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";

/** A seeded xorshift generator of numbers in [0, 1). */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const KEYS = [
  "name",
  "description",
  "license",
  "allowed-tools",
  "metadata",
  "compatibility",
  "x-key",
  "a_b",
  "_k",
  "K9",
  "true",
  "True",
  "null",
  "NULL",
  "yes",
  "on",
  "y",
  "__proto__",
  "constructor",
  "1",
  "k.v",
  "<<",
  "~",
];

const PIECES = [
  "word",
  "Use when",
  "the user asks",
  "Bash(git add:*)",
  "C#",
  "a-b",
  "x_y",
  ": ",
  ":",
  " #",
  "#",
  "'",
  '"',
  "\\",
  "''",
  "-",
  "- ",
  "?",
  "[",
  "]",
  "{",
  "}",
  ",",
  "&a",
  "*a",
  "!",
  "!!str",
  "|",
  ">",
  "%",
  "@",
  "`",
  "~",
  "=",
  "<<",
  "null",
  "Null",
  "true",
  "False",
  "yes",
  "No",
  "on",
  "OFF",
  "0",
  "42",
  "0x1F",
  "0o7",
  "1_000",
  "1.5",
  ".5",
  ".inf",
  "-.Inf",
  ".NaN",
  "1e3",
  "+1",
  "-2",
  "2024-01-01",
  "2001-12-14t21:59:43.10-05:00",
  "12:30",
  " ",
  "  ",
  "\t",
  "é",
  "日本語",
  "😀",
  "\uD800",
  "\uDC00",
  "\u00A0",
  "\u0085",
  "\u2028",
  "\uFEFF",
  "\x7F",
  "\x01",
  "\r",
  "...",
  "---",
];

/** Double-quoted escapes js-yaml decodes: each one-character escape, and hex. */
const ESCAPES = [
  "\\0",
  "\\a",
  "\\b",
  "\\t",
  "\\n",
  "\\v",
  "\\f",
  "\\r",
  "\\e",
  "\\ ",
  '\\"',
  "\\/",
  "\\\\",
  "\\N",
  "\\_",
  "\\L",
  "\\P",
  "\\x41",
  "\\x00",
  "\\x1b",
  "\\xe9",
  "\\xFF",
  "\\u00e9",
  "\\u0000",
  "\\u202E",
  "\\u200b",
  "\\uFEFF",
  "\\uFFFE",
  "\\uFFFF",
  "\\u0085",
  "\\U00000041",
  "\\U0001F600",
  "\\U000E0041",
  "\\U0010FFFF",
];

/**
 * Escapes the fast path leaves to js-yaml: unknown, short or not hex,
 * surrogates (alone or paired), past Unicode, a tab or a line break escaped,
 * and a backslash that escapes the closing quote.
 */
const BAD_ESCAPES = [
  "\\q",
  "\\c",
  "\\x",
  "\\x4",
  "\\xG1",
  "\\u12",
  "\\u12G4",
  "\\U0010FFF",
  "\\uD800",
  "\\udc41",
  "\\uD83D\\uDE00",
  "\\U0000D800",
  "\\U00110000",
  "\\UFFFFFFFF",
  "\\U80000000",
  "\\\t",
  "\\",
  "\\\n",
];

/** Plain words that are or nearly are YAML 1.2's booleans. */
const BOOLEAN_WORDS = [
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "FALSE",
  "tRue",
  "TRue",
  "fALSE",
  "yes",
  "No",
  "on",
  "OFF",
  "y",
  "n",
  "true.",
  "truex",
  "true x",
  "false # c",
  "!!bool true",
  "True:",
];

/** Numbers in each spelling of YAML 1.2 and 1.1, and words near them. */
const NUMBER_WORDS = [
  "0",
  "-0",
  "+0",
  "007",
  "1.0",
  "-0.0",
  "1.",
  ".5",
  "+.5e-3",
  "1e3",
  "1E3",
  "1.5e+3",
  "1e-400",
  "1e999",
  "0x1f",
  "0X1F",
  "-0x1f",
  "0o17",
  "+0o7",
  "0o8",
  "017",
  "0b101",
  "1_000",
  "1:30",
  "190:20:30",
  ".inf",
  "-.Inf",
  "+.INF",
  ".NaN",
  "-.nan",
  "99999999999999999999999",
  "9007199254740993",
  "2024-01-01",
  "1.2.3",
  "-",
  "--",
  "---",
  "+",
  ".",
  "...",
  "-a",
  "3 apples",
];

/** Nulls in each spelling, and words near them. */
const NULL_WORDS = ["null", "Null", "NULL", "~", "nULL", "~x", "None", "nil"];

const HEADERS = ["|", "|-", ">", ">-", "|+", ">+", "|2", ">1-", "| # c", ">  "];

/** One generated frontmatter, and the forms it is made of. */
export interface FuzzDoc {
  readonly yaml: string;
  readonly forms: ReadonlySet<string>;
}

/** A generator of frontmatter documents from `seed`. */
export function frontmatters(seed: number): () => FuzzDoc {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T =>
    items[Math.floor(next() * items.length)] as T;
  const chance = (p: number): boolean => next() < p;
  const words = (): string =>
    Array.from(
      { length: 1 + Math.floor(next() * 3) },
      () => pick(["skill", "agent", "file", "read", "tool", "use", "data"]),
    ).join(" ");
  // Clean text, with a piece that YAML may read otherwise at the document's
  // rate of noise (low in half the documents, so that many are read).
  let noise = 0.3;
  const text = (): string => {
    const parts = [chance(noise) ? pick(PIECES) : words()];
    while (chance(0.4)) parts.push(chance(noise) ? pick(PIECES) : words());
    return parts.join(chance(0.8) ? " " : "");
  };
  // Text with escapes, a bad one at the document's rate of noise.
  const escaped = (): string => {
    const parts = [chance(0.5) ? words() : ""];
    do {
      parts.push(chance(noise / 3) ? pick(BAD_ESCAPES) : pick(ESCAPES));
      if (chance(0.5)) parts.push(chance(noise) ? pick(PIECES) : words());
    } while (chance(0.5));
    return parts.join("");
  };
  const blanks = (): string =>
    chance(0.1) ? " ".repeat(1 + (next() * 2 | 0)) : "";
  // A number from its parts: sign, digits or prefix, fraction, exponent.
  const number = (): string =>
    chance(0.5) ? pick(NUMBER_WORDS) : [
      pick(["", "", "-", "+"]),
      pick(["", "0", "1", "42", "007", "1_0", "0x1f", "0o17", "0b1"]),
      chance(0.4) ? `.${pick(["", "5", "05", "inf", "nan", "Inf"])}` : "",
      chance(0.3)
        ? `${pick(["e", "E"])}${pick(["", "-", "+"])}${
          pick(["", "3", "400", "x"])
        }`
        : "",
    ].join("");
  const scalar = (forms: Set<string>): string => {
    const roll = next();
    if (roll < 0.55) {
      forms.add("plain");
      return text() + blanks();
    }
    if (roll < 0.64) {
      forms.add("double");
      return `"${text()}"${blanks()}`;
    }
    if (roll < 0.69) {
      forms.add("escape");
      return `"${escaped()}"${blanks()}`;
    }
    if (roll < 0.76) {
      forms.add("number");
      return number() + blanks();
    }
    if (roll < 0.8) {
      forms.add("null");
      return pick(NULL_WORDS) + blanks();
    }
    if (roll < 0.84) {
      forms.add("boolean");
      return (chance(0.8)
        ? pick(BOOLEAN_WORDS.slice(0, 6))
        : pick(BOOLEAN_WORDS)) +
        blanks();
    }
    forms.add("single");
    return `'${text()}'${blanks()}`;
  };
  const key = (): string => chance(0.8) ? pick(KEYS.slice(0, 9)) : pick(KEYS);
  // A flow list of scalars, now and then with an entry it may not hold, an
  // empty entry, a trailing comma, text or a comment after it, or a break.
  const flowList = (forms: Set<string>): string => {
    forms.add("flow");
    const entries = Array.from(
      { length: Math.floor(next() * 5) },
      () =>
        chance(0.05)
          ? pick(["[a]", "{a: b}", "a: b", "a:", "? a", "", "&x a", "*x", "-"])
          : scalar(forms),
    );
    const separators = entries.map(() =>
      chance(0.03) ? ",\n  " : pick([", ", ", ", ",", " , ", ",  "])
    );
    const inner = entries.map((entry, i) =>
      i === 0 ? entry : separators[i] + entry
    )
      .join("");
    const tail = chance(0.1)
      ? pick([" # c", "  #c", "#c", " x", " [b]", "]"])
      : blanks();
    return `[${blanks()}${inner}${chance(0.1) ? "," : ""}${blanks()}]${tail}`;
  };

  return () => {
    const forms = new Set<string>();
    const lines: string[] = [];
    noise = chance(0.5) ? 0.02 : 0.3;
    const entries = 1 + Math.floor(next() * 7);
    for (let e = 0; e < entries; e++) {
      if (chance(0.1)) lines.push(chance(0.5) ? "# a comment" : "");
      if (chance(0.03)) lines.push(pick(["  ", " # indented", "---", "..."]));
      const head = `${key()}${chance(0.03) ? " " : ""}:`;
      const roll = next();
      if (roll < 0.42) {
        lines.push(`${head}${chance(0.05) ? "" : " "}${scalar(forms)}`);
      } else if (roll < 0.52) {
        lines.push(`${head}${chance(0.05) ? "" : " "}${flowList(forms)}`);
      } else if (roll < 0.7) {
        forms.add("block");
        const header = chance(0.8) ? pick(HEADERS.slice(0, 4)) : pick(HEADERS);
        lines.push(`${head} ${header}`);
        const indent = 1 + Math.floor(next() * 4);
        const count = 1 + Math.floor(next() * 4);
        for (let l = 0; l < count; l++) {
          if (chance(0.1)) lines.push("");
          const shift = chance(0.1) ? pick([-1, 1, 2]) : 0;
          lines.push(
            " ".repeat(Math.max(0, indent + shift)) + text() +
              (chance(0.05) ? " " : ""),
          );
        }
        if (chance(0.2)) lines.push("");
      } else if (roll < 0.85) {
        forms.add("list");
        lines.push(head);
        const indent = pick([0, 2, 2, 4]);
        const count = 1 + Math.floor(next() * 4);
        for (let l = 0; l < count; l++) {
          const shift = chance(0.05) ? 1 : 0;
          const item = chance(0.05)
            ? pick(["", "- nested", "k: v", "[a, b]"])
            : scalar(forms);
          lines.push(
            `${" ".repeat(indent + shift)}-${chance(0.03) ? "" : " "}${item}`,
          );
        }
      } else if (roll < 0.97) {
        forms.add("mapping");
        lines.push(head);
        const indent = pick([2, 2, 4, 1]);
        const count = 1 + Math.floor(next() * 4);
        for (let l = 0; l < count; l++) {
          const shift = chance(0.05) ? pick([1, 2]) : 0;
          const value = chance(0.05)
            ? pick(["", "|", "[x]", "[[x]]"])
            : chance(0.1)
            ? flowList(forms)
            : scalar(forms);
          lines.push(`${" ".repeat(indent + shift)}${key()}: ${value}`);
        }
      } else {
        forms.add("empty");
        lines.push(head);
        // Then, at times, what may stand between it and the next key.
        if (chance(0.3)) lines.push(pick(["", "# c", "  # c", "  ", "---"]));
      }
    }
    return { yaml: lines.join("\n"), forms };
  };
}

/** What js-yaml reads of `yaml`, or the error it throws. */
export function jsYaml(yaml: string): { value: unknown } | { error: unknown } {
  try {
    return { value: load(yaml) };
  } catch (error) {
    return { error };
  }
}

/**
 * Runs `count` documents from `seed` through both readers; returns how many
 * the fast path read, per form, and the first disagreement, if any.
 */
export function differential(seed: number, count: number): {
  read: number;
  readByForm: Map<string, number>;
  mismatch?: { yaml: string; fast: unknown; js: unknown };
} {
  const generate = frontmatters(seed);
  const readByForm = new Map<string, number>();
  let read = 0;
  for (let i = 0; i < count; i++) {
    const { yaml, forms } = generate();
    const fast = simpleYaml(yaml);
    if (fast === undefined) continue;
    const js = jsYaml(yaml);
    if (!("value" in js) || !same(fast, js.value)) {
      return { read, readByForm, mismatch: { yaml, fast, js } };
    }
    read++;
    for (const form of forms) {
      readByForm.set(form, (readByForm.get(form) ?? 0) + 1);
    }
  }
  return { read, readByForm };
}

/** The same data, the same key order, the same prototypes. */
export function same(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null) return Object.is(a, b);
  if (typeof b !== "object" || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Reflect.ownKeys(a);
  const keysB = Reflect.ownKeys(b);
  return keysA.length === keysB.length &&
    keysA.every((key, i) =>
      key === keysB[i] &&
      same(
        (a as Record<PropertyKey, unknown>)[key],
        (b as Record<PropertyKey, unknown>)[key],
      )
    );
}
