// The repairs never change a valid file: for random frontmatter that js-yaml
// loads cleanly, parseManifest gives the same skill (or the same error) with
// the repair path and without it. The frontmatter mixes js-yaml's own dump of
// random mappings with hand-written `key: value` lines full of what the
// repairs look for (": ", " #", "@", backticks, brackets, quotes); a
// hand-written text that js-yaml refuses is not a valid file, so it is not
// a case.
//
// A failure prints the seed; set REPLAY_SEED to it to replay the same cases.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { dump, load } from "js-yaml";
import { parseManifest } from "../../src/manifest/_parse.ts";

const REPLAY_SEED: number | undefined = undefined;
const RUNS = 3000;

const KEYS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
  "tools",
  "user-invocable",
  "disable-model-invocation",
  "argument-hint",
  "x",
];

/** Text that is hard on a repair: the characters each one looks for. */
const TRICKY = fc.stringMatching(
  /^[a-z #:@`[\]{}"',\-]{0,24}$/,
);

const SCALAR = fc.oneof(
  TRICKY,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("yes", "no", "On", "off", "2048", "true", ""),
);

const VALUE = fc.oneof(
  { weight: 4, arbitrary: SCALAR },
  { weight: 1, arbitrary: fc.array(SCALAR, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom("a", "b", "c"), SCALAR, {
      maxKeys: 2,
    }),
  },
);

/** A mapping js-yaml dumps in any of its styles. */
const DUMPED = fc.record({
  data: fc.dictionary(fc.constantFrom(...KEYS), VALUE, { maxKeys: 6 }),
  flowLevel: fc.constantFrom(-1, 0, 1),
  quotingType: fc.constantFrom<"'" | '"'>("'", '"'),
  forceQuotes: fc.boolean(),
}).map(({ data, ...style }) => dump(data, style));

/** One hand-written top-level line, which YAML may read or refuse. */
const LINE = fc.tuple(fc.constantFrom(...KEYS), TRICKY).map(([key, text]) =>
  `${key}: ${text}`
);

/** Hand-written top-level lines, some of which YAML reads, some not. */
const WRITTEN = fc.array(LINE, { minLength: 1, maxLength: 6 }).map((lines) =>
  `${lines.join("\n")}\n`
);

function loadsCleanly(yaml: string): boolean {
  try {
    load(yaml);
    return true;
  } catch {
    return false;
  }
}

/** What a parse gives: the manifest, or the error's message. */
function outcome(text: string, repair: boolean): unknown {
  try {
    return parseManifest(text, { path: "/s/SKILL.md", repair });
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("the repair path", () => {
  it("leaves every frontmatter that js-yaml loads cleanly as it was", () => {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.oneof(DUMPED, WRITTEN).filter(loadsCleanly),
        (yaml) => {
          cases++;
          const text = `---\n${yaml}---\nbody\n`;
          const repaired = outcome(text, true);
          assert.deepEqual(repaired, outcome(text, false));
          const parsed = repaired as { repairs?: unknown[] };
          assert.deepEqual(parsed.repairs ?? [], []);
        },
      ),
      {
        numRuns: RUNS,
        ...(REPLAY_SEED === undefined ? {} : { seed: REPLAY_SEED }),
      },
    );
    assert.equal(cases, RUNS);
  });

  it("sees texts that need a repair among the hand-written ones", () => {
    // The property is not vacuous: the same text, on a line of its own in an
    // otherwise valid manifest, is often one js-yaml refuses and a repair fixes.
    const repairedOnes = fc.sample(TRICKY, { numRuns: 2000, seed: 1 })
      .map((text) => `name: n\ndescription: d\nargument-hint: ${text}\n`)
      .filter((yaml) => !loadsCleanly(yaml))
      .filter((yaml) => {
        const parsed = outcome(`---\n${yaml}---\n`, true) as {
          repairs?: unknown[];
        };
        return (parsed.repairs?.length ?? 0) > 0;
      });
    assert.ok(repairedOnes.length > 50, `${repairedOnes.length} repaired`);
  });
});
