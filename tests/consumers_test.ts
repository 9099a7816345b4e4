// The consumer program of tests/consumers/ runs as it type-checks (`deno task
// check` checks it under Deno's default and strictest compiler options,
// build:npm with tsc against the package), and the consumers' import maps are
// the one README.md and docs/install.md tell Deno users to write.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { consume } from "./consumers/main.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The Deno import map a page shows, with `<clone>/` as `prefix`. */
function importMapOf(page: string, prefix: string): unknown {
  const text = readFileSync(join(ROOT, page), "utf8");
  const blocks = [...text.matchAll(/```json\n([\s\S]*?)```/g)]
    .map(([, block = ""]) => block)
    .filter((block) => block.includes('"<clone>/mod.ts"'));
  assert.equal(blocks.length, 1, `${page} shows one Deno import map`);
  const map = JSON.parse(blocks[0]!.replaceAll("<clone>/", prefix)) as {
    imports: unknown;
  };
  return map.imports;
}

describe("consumers", () => {
  it("uses every entry point of the package on the demo store", async () => {
    const home = join(ROOT, "fixtures", "demo", "user-store");
    assert.deepEqual(await consume(home, "pdf-forms", "scripts/fill.py"), [
      "skills: commit-messages,pdf-forms,release-notes",
      "catalog: true, left out 0",
      "tool: activate_skill",
      "activation: true",
      "resources: references/fields.md,scripts/fill.py",
      "path: true",
      "bytes: true",
      "escape: path_escape",
      "startup: empty_roots",
      "explain: 1 candidate(s)",
      "check: 0 error(s)",
      "hosts: loads",
      "watch: closed true",
      "archive: 0 error(s)",
      "archive: not_a_zip",
      "lock: 3 skill(s), true, enforce",
      "schema: true",
      "cli: 0",
      "cli lists pdf-forms: true",
    ]);
  });

  for (const consumer of ["default", "strictest", "loose"]) {
    it(`${consumer}/deno.json imports the package as README.md and docs/install.md say`, () => {
      const config = JSON.parse(
        readFileSync(
          join(ROOT, "tests", "consumers", consumer, "deno.json"),
          "utf8",
        ),
      ) as { imports: unknown };
      assert.deepEqual(config.imports, importMapOf("README.md", "../../../"));
      assert.deepEqual(
        config.imports,
        importMapOf("docs/install.md", "../../../"),
      );
    });
  }
});
