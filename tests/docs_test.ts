// Keeps the command-line examples of README.md and docs/*.md honest: every
// ```console block that starts with `$ agent-skills ...` must be exactly what
// the command prints (so every error and warning shown is the library's own),
// run in-process from the repository's directory (no terminal, 80 columns;
// `<repo>` in a block stands for that directory). Their TypeScript blocks are
// run by `deno test --doc`.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import {
  DIFFERENCES_BLOCK_REGEXP,
  differencesTable,
  HOST_RULES_BLOCK_REGEXP,
  hostRulesTable,
  output,
  PAGES,
  ROOT,
  RULES_BLOCK_REGEXP,
  rulesTable,
} from "../scripts/update_docs.ts";

let total = 0;
for (const page of PAGES) {
  const text = readFileSync(`${ROOT}/${page}`, "utf8");
  const blocks = [
    ...text.matchAll(/```console\n\$ agent-skills (.*)\n([\s\S]*?)```/g),
  ];
  total += blocks.length;
  describe(page, () => {
    for (const [, command = "", expected = ""] of blocks) {
      it(`shows the real output of agent-skills ${command}`, async () => {
        assert.equal(
          await output(command),
          expected,
          "run `deno task docs` to update the block",
        );
      });
    }
  });
}

/** What the packages ship beside the code: the pages a relative link may reach. */
const SHIPPED = /^(README\.md|LICENSE|docs\/[^/]+\.md)$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, - for blanks. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(
    / /g,
    "-",
  );
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(`${ROOT}/${page}`, "utf8").replace(
    /```[\s\S]*?```/g,
    "",
  );
  return new Set(
    [...text.matchAll(/^#+ (.+)$/gm)].map(([, heading = ""]) =>
      anchor(heading)
    ),
  );
}

describe("docs", () => {
  it("has the guide pages and their command-line examples", () => {
    for (
      const page of [
        "how-it-works.md",
        "install.md",
        "configuration.md",
        "discovery.md",
        "skill-md-format.md",
        "progressive-disclosure.md",
        "confinement.md",
        "security.md",
        "errors.md",
        "cli.md",
        "integrity.md",
        "hosts.md",
      ]
    ) assert.ok(PAGES.includes(`docs/${page}`), page);
    assert.ok(total >= 7, `found ${total} command-line examples`);
  });

  it("links, relatively, only to pages the packages ship, and to their headings", () => {
    for (const page of PAGES) {
      const text = readFileSync(`${ROOT}/${page}`, "utf8");
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file = "", hash] = target.split("#");
        const rel = file === ""
          ? page
          : relative(ROOT, join(ROOT, dirname(page), file));
        assert.match(rel, SHIPPED, `${page} links to ${target}`);
        assert.ok(existsSync(`${ROOT}/${rel}`), `${page} links to ${target}`);
        if (hash !== undefined) {
          assert.ok(anchorsOf(rel).has(hash), `${page} links to ${target}`);
        }
      }
    }
  });

  it("keeps the check rules table of docs/cli.md the one the code runs", () => {
    const text = readFileSync(`${ROOT}/docs/cli.md`, "utf8");
    assert.equal(
      RULES_BLOCK_REGEXP.exec(text)?.[0],
      `<!-- rules:start -->\n\n${rulesTable()}\n\n<!-- rules:end -->`,
      "run `deno task docs` to update the table",
    );
  });

  it("keeps the host rules table of docs/hosts.md the one the code runs", () => {
    const text = readFileSync(`${ROOT}/docs/hosts.md`, "utf8");
    assert.equal(
      HOST_RULES_BLOCK_REGEXP.exec(text)?.[0],
      `<!-- host-rules:start -->\n\n${hostRulesTable()}\n\n<!-- host-rules:end -->`,
      "run `deno task docs` to update the table",
    );
  });

  it("counts in docs/cli.md the problems that check finds in fixtures/broken", async () => {
    const text = readFileSync(`${ROOT}/docs/cli.md`, "utf8");
    const said = /`agent-skills check fixtures\/broken` finds all (\d+) of them/
      .exec(text)?.[1];
    const report = JSON.parse(await output("check fixtures/broken --json")) as {
      diagnostics: unknown[];
    };
    assert.equal(Number(said), report.diagnostics.length);
  });

  it("keeps README's table of differences from the reference the battery's", () => {
    const text = readFileSync(`${ROOT}/README.md`, "utf8");
    assert.equal(
      DIFFERENCES_BLOCK_REGEXP.exec(text)?.[0],
      `<!-- differences:start -->\n\n${differencesTable()}\n\n<!-- differences:end -->`,
      "run `deno task docs` to update the table",
    );
  });
});

describe("docs examples that read fixtures/", () => {
  // A snippet run from anywhere else lists nothing, silently: each page
  // whose TypeScript examples read the repository's fixtures/ says where
  // they run, before the first of them.
  const NOTE =
    "The examples on this page read the repository's `fixtures/`: run them from the top of a clone";

  for (const page of PAGES) {
    const text = readFileSync(`${ROOT}/${page}`, "utf8");
    const first = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].find((block) =>
      (block[1] ?? "").includes("fixtures/")
    );
    if (first === undefined) continue;
    it(`${page} says where its examples run, before the first`, () => {
      const note = text.replace(/\s+/g, " ").indexOf(NOTE);
      const block = text.slice(0, first.index).replace(/\s+/g, " ").length;
      assert.ok(note >= 0 && note < block, `${page} lacks: ${NOTE}`);
    });
  }
});
