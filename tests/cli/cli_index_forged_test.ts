// agent-skills --index FILE against a FILE forged to move a skill: a path
// in an index is never trusted for confinement, so an entry that claims
// another directory (with that directory's own identity) is not taken, and
// `path` resolves inside the directory its root reaches.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { tempTrees } from "../_helpers.ts";
import { indexFlag, run, STORE } from "./_index.ts";

const tree = tempTrees();

/** An entry of an index, as a forger edits it. */
interface Forged {
  info: { name: string; description: string; dir: string | null };
  place: [string | null, number, number, number, boolean];
}

/** Writes `good` to `file` with each entry's description forged, and `more`. */
function forgeWith(
  file: string,
  good: string,
  more: (entry: Forged) => void = () => {},
): void {
  const index = JSON.parse(good) as { skills: Forged[] };
  for (const entry of index.skills) {
    entry.info.description = `FORGED ${entry.info.name}`;
    more(entry);
  }
  writeFileSync(file, JSON.stringify(index));
}

describe("a forged place in FILE", () => {
  // The store's top holds cache/.keep: `path pdf cache/.keep` resolves
  // there only if the forged directory is trusted.
  it("never widens path: the skill is read from the directory its root reaches", async () => {
    const cwd = tree(STORE);
    const { flag, file } = indexFlag(cwd);
    await run(["list", "skills", ...flag], cwd);
    const good = readFileSync(file, "utf8");
    const top = statSync(cwd);
    const place = (): Forged["place"] => [
      realpathSync(cwd),
      top.dev,
      top.ino,
      top.birthtimeMs,
      false,
    ];
    const forgeries: [string, (entry: Forged) => void][] = [
      ["its directory and place", (entry) => {
        entry.info.dir = cwd;
        entry.place = place();
      }],
      ["its place alone", (entry) => {
        entry.place = place();
      }],
      ["its directory alone", (entry) => {
        entry.info.dir = cwd;
      }],
    ];
    for (const [what, forgery] of forgeries) {
      forgeWith(file, good, forgery);
      const path = await run(
        ["path", "pdf", "cache/.keep", "skills", ...flag],
        cwd,
      );
      assert.equal(path.code, 1, `${what}: ${path.out}`);
      assert.equal(path.out, "", what);
      forgeWith(file, good, forgery);
      const list = await run(["list", "skills", ...flag], cwd);
      assert.equal(list.code, 0, `${what}: ${list.err}`);
      assert.doesNotMatch(list.out, /FORGED/, what);
    }
    // The positive control: the description forged alone is served (the
    // entry taken unread), so each run above did read FILE.
    forgeWith(file, good);
    assert.match(
      (await run(["list", "skills", ...flag], cwd)).out,
      /FORGED pdf/,
    );
  });
});
