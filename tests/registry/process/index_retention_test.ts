// What a registry started from a kept index holds: after its start, not the
// index (an entry it did not take is collected); after refresh() keeps its
// skills as taken, none loaded, not the snapshots before: each skill is
// read again at its first load as the latest scan reads, and that way of
// reading holds nothing of the scan's previous run. Measured in a second
// process with the collector exposed (objects collected, counted; never
// timed).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { manifest, tempTrees } from "../../_helpers.ts";
import { runScript, scriptPath } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const tree = tempTrees();

describe("a registry started from a kept index, refreshed", () => {
  it("holds neither the index nor the snapshots before the current one", () => {
    const base = tree({
      "a/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
      "a/docx/SKILL.md": manifest("docx", "Edit documents."),
      "b/xlsx/SKILL.md": manifest("xlsx", "Edit sheets."),
    });
    const run = runScript(
      scriptPath("./_index_retention.ts", import.meta.url),
      [
        "4",
        base,
        join(base, "a", "docx", "SKILL.md"),
        join(base, "a"),
        join(base, "b"),
      ],
      {
        cwd: ROOT,
        deno: [
          "--v8-flags=--expose-gc",
          `--allow-read=${base},${ROOT}`,
          `--allow-write=${base}`,
          `--config=${ROOT}/deno.json`,
        ],
        node: ["--expose-gc"],
      },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const { taken, alive, unserved, served } = JSON.parse(run.stdout);
    // docx, edited after the index was made, is read: pdf beside it in its
    // root, and xlsx, taken (a start that kept its root's part of the index
    // would keep docx's entry).
    assert.deepEqual(taken, [2, 2, 2, 2, 2], "every other skill kept as taken");
    // The last is the current snapshot's: alive, the control of the check.
    assert.deepEqual(alive, [false, false, false, false, true]);
    // What the registry serves is alive, the control; the index is not.
    assert.deepEqual({ unserved, served }, { unserved: false, served: true });
  });
});
