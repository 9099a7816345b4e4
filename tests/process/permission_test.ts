// A read grant that covers a root but not what its symlink leads to (Deno's
// --allow-read, Node's permission model): the catalog loads, and every
// resource refusal says "unreadable" with what the grant must cover, never
// "not_found", whether the file exists or not. An explicit workspace outside
// the grant does not stop a granted root from loading, and check says that a
// preset root it may not look at cannot be read. Preset roots that are
// neither there nor granted take one warning line per instance, not one per
// root and per refresh. Bun has no permission model: there everything is
// readable, and the test says so.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { link, manifest, tempTrees } from "../_helpers.ts";
import { runScript, RUNTIME, scriptPath } from "../_spawn.ts";

const tree = tempTrees();
const HERE = dirname(fileURLToPath(import.meta.url));

describe("a read grant that stops at a root's symlink", () => {
  it(`says unreadable, never not_found, and warns once for ungranted roots (${RUNTIME})`, () => {
    const base = tree({
      "store/x/SKILL.md": manifest("x"),
      "store/x/scripts/run.sh": "echo run\n",
      "store/.agents/skills/x/SKILL.md": manifest("x"),
    });
    link(join(base, "store"), join(base, "roots", "linked"));
    const granted = [join(base, "roots"), join(HERE, "..", "..")];
    const run = runScript(
      scriptPath("./_permission_main.ts", import.meta.url),
      [
        join(base, "roots", "linked"),
        join(base, "no-home"),
        join(base, "store"),
      ],
      {
        cwd: HERE,
        deno: [`--allow-read=${granted.join(",")}`],
        node: [
          "--experimental-permission",
          ...granted.map((path) => `--allow-fs-read=${path}`),
          "--no-warnings",
        ],
      },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const seen = JSON.parse(run.stdout);
    if (RUNTIME === "bun") {
      assert.deepEqual(seen, {
        names: ["x"],
        resources: ["scripts/run.sh"],
        warnings: [],
        resourcePath: "ok",
        missing: "not_found",
        workspace: ["x"],
        check: "",
        preset: [],
        ungrantedRoot: ["read"],
      });
    } else {
      assert.deepEqual(seen, {
        names: ["x"],
        resources: [],
        warnings: ["unreadable"],
        resourcePath: "unreadable",
        missing: "unreadable",
        workspace: ["x"],
        check: "unreadable",
        preset: ["unreadable"],
        ungrantedRoot: ["unreadable"],
      });
    }
  });
});
