// Keeps the command-line examples of README.md and docs/*.md honest: every
// ```console block that starts with `$ agent-skills ...` must be exactly what
// the command prints (so every error and warning shown is the library's own),
// run in-process from the repository's directory (no terminal, 80 columns;
// `<repo>` in a block stands for that directory). Their TypeScript blocks are
// run by `deno test --doc`.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { output } from "../scripts/update_docs.ts";

const ROOT = realpathSync(fileURLToPath(new URL("..", import.meta.url)));
const PAGES = [
  "README.md",
  ...readdirSync(`${ROOT}/docs`).filter((file) => file.endsWith(".md")).map((
    file,
  ) => `docs/${file}`),
];

let total = 0;
for (const page of PAGES) {
  const text = readFileSync(`${ROOT}/${page}`, "utf8");
  const blocks = [
    ...text.matchAll(/```console\n\$ agent-skills (.*)\n([\s\S]*?)```/g),
  ];
  total += blocks.length;
  describe(page, () => {
    for (const [, command = "", expected = ""] of blocks) {
      it(`shows the real output of agent-skills ${command}`, () => {
        assert.equal(
          output(command),
          expected,
          "run `deno task docs` to update the block",
        );
      });
    }
  });
}

describe("docs", () => {
  it("has the six guide pages and their command-line examples", () => {
    for (
      const page of [
        "how-it-works.md",
        "discovery.md",
        "skill-md-format.md",
        "progressive-disclosure.md",
        "configuration.md",
        "confinement.md",
      ]
    ) assert.ok(PAGES.includes(`docs/${page}`), page);
    assert.ok(total >= 7, `found ${total} command-line examples`);
  });
});
