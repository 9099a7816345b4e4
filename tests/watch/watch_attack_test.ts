// Hostile tests of a watched refresh() that reads only the skills edited
// (src/watch/_memo.ts): after each change, a watched instance and a
// polled twin (tests/watch/_twins.ts) must agree on the change set (or the error
// under strict), the catalog, the overridden skills, every loaded skill,
// every explain() and the new warnings. Among them: skills in folders a
// watch does not enter, and a SKILL.md linked to a file outside its
// directory. Events are waited for; nothing is timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { AgentSkillsOptions } from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../_helpers.ts";
import { type WatchTwins, watchTwins } from "./_twins.ts";

const tree = tempTrees();

/** Twins (tests/watch/_twins.ts) that also compare explain() for `names`. */
function twins(
  options: AgentSkillsOptions,
  names: readonly string[] = [],
): WatchTwins {
  return watchTwins(options, { explained: names });
}

const old = new Date(Date.now() - 3_600_000);

describe("attack: patched refresh() against a polled twin", () => {
  it("two roots: one patched, one falling back (rename), same refresh", async () => {
    const a = tree({
      "x/SKILL.md": manifest("x"),
      "y/SKILL.md": manifest("y"),
    });
    const b = tree({
      "z/SKILL.md": manifest("z"),
      "x/SKILL.md": manifest("x", "B."),
    });
    const t = twins({ roots: [a, b], home: a, cwd: a });
    try {
      await t.step(() => {
        writeFileSync(join(a, "x/SKILL.md"), manifest("x", "A edited."));
        writeFileSync(join(b, "z/SKILL.md"), manifest("zz"));
      }, [join(a, "x/SKILL.md"), join(b, "z/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(a, "x/SKILL.md"), manifest("x", "A again."));
        writeFileSync(join(b, "x/SKILL.md"), manifest("x", "B again."));
      }, [join(a, "x/SKILL.md"), join(b, "x/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("manifest kinds: directory SKILL.md, lower-case skill.md, symlink inside", async () => {
    const r = tree({
      "f/SKILL.md": manifest("f"),
      "d/SKILL.md": manifest("d"),
      "l/SKILL.md": manifest("l"),
      "k/SKILL.md": manifest("k"),
      "k/real.md": manifest("k", "Linked."),
    });
    const t = twins({ roots: [r], home: r, cwd: r }, ["f", "d", "l", "k"]);
    try {
      // A FIFO step is left out: under Deno 2.9.6 on Linux, a FIFO made in a
      // recursively watched tree keeps the process from exiting after close()
      // (bare Deno.watchFs does the same), so the test runner hangs.
      await t.step(() => {
        rmSync(join(r, "d/SKILL.md"));
        mkdirSync(join(r, "d/SKILL.md"));
      }, [join(r, "d/SKILL.md")]);
      await t.step(() => {
        rmSync(join(r, "l/SKILL.md"));
        writeFileSync(join(r, "l/skill.md"), manifest("l", "Lower."));
      }, [join(r, "l/SKILL.md"), join(r, "l/skill.md")]);
      await t.step(() => {
        rmSync(join(r, "k/SKILL.md"));
        symlinkSync("real.md", join(r, "k/SKILL.md"));
      }, [join(r, "k/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(r, "k/real.md"), manifest("k", "Linked, edited."));
      }, [join(r, "k/real.md")]);
      // Both SKILL.md and skill.md: ambiguous.
      await t.step(() => {
        writeFileSync(join(r, "l/SKILL.md"), manifest("l", "Upper."));
      }, [join(r, "l/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("a SKILL.md linked to a file outside its directory, the target edited: its root is read at every refresh", async () => {
    const outside = tree({ "m.md": manifest("s", "Outside.") });
    const r = tree({
      "s/keep.txt": "",
      "other/SKILL.md": manifest("other"),
    });
    // Linked before the watch opens: Deno drops the event of a link made
    // while it watches when the link leads outside (docs/reloading.md).
    symlinkSync(join(outside, "m.md"), join(r, "s/SKILL.md"));
    const t = twins({ roots: [r], home: r, cwd: r });
    try {
      const quiet = t.compare();
      assert.deepEqual(quiet.fallback?.map((f) => f.code), [
        "watch_unsupported",
      ]);
      writeFileSync(join(outside, "m.md"), manifest("s", "Outside, edited."));
      assert.deepEqual(t.compare().changed, ["s"]);
      await t.step(() => {
        writeFileSync(join(r, "other/SKILL.md"), manifest("other", "2."));
      }, [join(r, "other/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("resource directory created and removed; settled manifest (identity swap)", async () => {
    const r = tree({
      "s/SKILL.md": manifest("s"),
      "s/a.txt": "a\n",
      "u/SKILL.md": manifest("u"),
    });
    utimesSync(join(r, "s/SKILL.md"), old, old);
    utimesSync(join(r, "u/SKILL.md"), old, old);
    const t = twins({ roots: [r], home: r, cwd: r });
    try {
      await t.step(() => {
        mkdirSync(join(r, "s/scripts"));
        writeFileSync(join(r, "s/scripts/run.sh"), "echo\n");
      }, [join(r, "s/scripts")]);
      // A file added in the new directory later: its event must come.
      await t.step(() => {
        writeFileSync(join(r, "s/scripts/two.sh"), "echo\n");
      }, [join(r, "s/scripts/two.sh")]);
      await t.step(() => {
        rmSync(join(r, "s/scripts"), { recursive: true });
      }, [join(r, "s/scripts")]);
      await t.step(() => {
        writeFileSync(join(r, "s/b.txt"), "b\n");
        writeFileSync(join(r, "u/c.txt"), "c\n");
      }, [join(r, "s/b.txt"), join(r, "u/c.txt")]);
    } finally {
      t.watch.close();
    }
  });

  it("a resource that warns, in a root where another skill is edited", async () => {
    const r = tree({
      "s/SKILL.md": manifest("s"),
      "e/SKILL.md": manifest("e"),
    });
    symlinkSync(join(r, "nowhere"), join(r, "s/dangling"));
    const t = twins({ roots: [r], home: r, cwd: r });
    try {
      await t.step(() => {
        writeFileSync(join(r, "e/SKILL.md"), manifest("e", "Edited."));
      }, [join(r, "e/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("overridden and winner edited together; revert; mtime only", async () => {
    const a = tree({ "x/SKILL.md": manifest("x", "A.") });
    const b = tree({ "x/SKILL.md": manifest("x", "B.") });
    const c = tree({ "x/SKILL.md": manifest("x", "C.") });
    const t = twins({ roots: [a, b, c], home: a, cwd: a });
    try {
      await t.step(() => {
        for (const r of [a, b, c]) {
          writeFileSync(join(r, "x/SKILL.md"), manifest("x", `${r} 1.`));
        }
      }, [a, b, c].map((r) => join(r, "x/SKILL.md")));
      await t.step(() => {
        writeFileSync(join(b, "x/SKILL.md"), manifest("x", "tmp"));
        writeFileSync(join(b, "x/SKILL.md"), manifest("x", `${b} 1.`));
      }, [join(b, "x/SKILL.md")]);
      await t.step(() => {
        const now = new Date();
        utimesSync(join(c, "x/SKILL.md"), now, now);
      }, [join(c, "x/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("nested roots: a root inside a skill directory of another", async () => {
    const a = tree({
      "outer/SKILL.md": manifest("outer"),
      "outer/inner/SKILL.md": manifest("inner"),
    });
    const inner = join(a, "outer");
    const t = twins({ roots: [a, inner], home: a, cwd: a });
    try {
      await t.step(() => {
        writeFileSync(join(inner, "inner/SKILL.md"), manifest("inner", "E."));
      }, [join(inner, "inner/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(inner, "SKILL.md"), manifest("outer", "E."));
        writeFileSync(join(inner, "inner/x.txt"), "x\n");
      }, [join(inner, "SKILL.md"), join(inner, "inner/x.txt")]);
    } finally {
      t.watch.close();
    }
  });

  it("one skill directory reached by two roots (symlinked skill), and a root through a symlink, given twice", async () => {
    const a = tree({
      "s/SKILL.md": manifest("s"),
      "t/SKILL.md": manifest("t"),
    });
    const b = tree({});
    symlinkSync(join(a, "s"), join(b, "s"));
    const holder = tree({});
    symlinkSync(a, join(holder, "alias"));
    const t = twins({
      roots: [a, b, join(holder, "alias"), a],
      home: a,
      cwd: a,
    });
    try {
      await t.step(() => {
        writeFileSync(join(a, "s/SKILL.md"), manifest("s", "E."));
      }, [join(a, "s/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(a, "t/SKILL.md"), manifest("t", "E."));
      }, [join(a, "t/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("roots with manifestName exact / manifestLinks ignore, depth 2, hidden", async () => {
    const r1 = tree({
      "a/SKILL.md": manifest("a"),
      "b/SKILL.md": manifest("b"),
    });
    const r2 = tree({
      "cat/c/SKILL.md": manifest("c"),
      ".h/SKILL.md": manifest("h"),
      "d/SKILL.md": manifest("d"),
    });
    const t = twins({
      roots: [
        { path: r1, manifestName: "exact", manifestLinks: "ignore" },
        { path: r2, depth: 2, hidden: "read" },
      ],
      home: r1,
      cwd: r1,
    });
    try {
      await t.step(() => {
        writeFileSync(join(r1, "a/SKILL.md"), manifest("a", "E."));
        writeFileSync(join(r1, "b/SKILL.md"), manifest("b", "E."));
      }, [join(r1, "a/SKILL.md"), join(r1, "b/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(r1, "a/SKILL.md"), manifest("a", "E2."));
        writeFileSync(join(r2, "cat/c/SKILL.md"), manifest("c", "E."));
        writeFileSync(join(r2, ".h/SKILL.md"), manifest("h", "E."));
      }, [join(r1, "a/SKILL.md"), join(r2, "cat/c/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("duplicate names in one root: edit that makes one, edits of winner and loser", async () => {
    const r = tree({
      "a/SKILL.md": manifest("x"),
      "b/SKILL.md": manifest("x", "Loser."),
      "c/SKILL.md": manifest("c"),
    });
    const t = twins({ roots: [r], home: r, cwd: r }, ["x", "c"]);
    try {
      await t.step(() => {
        writeFileSync(join(r, "a/SKILL.md"), manifest("x", "Winner, E."));
      }, [join(r, "a/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(r, "c/SKILL.md"), manifest("x", "Now a third."));
      }, [join(r, "c/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(r, "c/SKILL.md"), manifest("c"));
      }, [join(r, "c/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("strict: a refresh that throws, then the next one", async () => {
    const a = tree({
      "x/SKILL.md": manifest("x"),
      "y/SKILL.md": manifest("y"),
    });
    const b = tree({ "z/SKILL.md": manifest("z") });
    const t = twins({ roots: [a, b], home: a, cwd: a, strict: true }, [
      "x",
      "y",
      "z",
    ]);
    try {
      // Both throw alike, and keep serving their snapshots alike.
      await assert.rejects(
        t.step(() => {
          writeFileSync(join(a, "x/SKILL.md"), manifest("x", "E."));
          writeFileSync(
            join(b, "z/SKILL.md"),
            manifest("z", "Use when: a colon"),
          );
        }, [join(a, "x/SKILL.md"), join(b, "z/SKILL.md")]),
        { name: "SkillError" },
      );
      assert.throws(() => t.compare(), { name: "SkillError" });
      await t.step(() => {
        writeFileSync(join(b, "z/SKILL.md"), manifest("z", "Fixed."));
      }, [join(b, "z/SKILL.md")]);
      await t.step(() => {
        writeFileSync(join(a, "y/SKILL.md"), manifest("y", "E."));
      }, [join(a, "y/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });

  it("rapid edits, a rename of a skill directory, and refresh after close()", async () => {
    const r = tree({
      "s/SKILL.md": manifest("s"),
      "t/SKILL.md": manifest("t"),
    });
    const t = twins({ roots: [r], home: r, cwd: r });
    await t.step(() => {
      for (let i = 0; i < 20; i++) {
        writeFileSync(join(r, "s/SKILL.md"), manifest("s", `E${i}.`));
      }
    }, [join(r, "s/SKILL.md")]);
    await t.step(() => {
      renameSync(join(r, "t"), join(r, "t2"));
    }, [join(r, "t")]);
    await t.step(() => {
      writeFileSync(join(r, "s/SKILL.md"), manifest("s", "Before close."));
    }, [join(r, "s/SKILL.md")]);
    writeFileSync(join(r, "s/SKILL.md"), manifest("s", "Closed."));
    t.watch.close();
    t.compare();
    writeFileSync(join(r, "t2/SKILL.md"), manifest("t", "Closed 2."));
    t.compare();
  });

  it("skill directories named .git and node_modules in a one-level root", async () => {
    const r = tree({
      ".git/SKILL.md": manifest("dotgit"),
      "node_modules/SKILL.md": manifest("nm"),
      "plain/SKILL.md": manifest("plain"),
    });
    const t = twins({ roots: [r], home: r, cwd: r });
    try {
      await t.step(() => {
        writeFileSync(join(r, ".git/SKILL.md"), manifest("dotgit", "E."));
        writeFileSync(join(r, "node_modules/SKILL.md"), manifest("nm", "E."));
        writeFileSync(join(r, "plain/SKILL.md"), manifest("plain", "E."));
      }, [join(r, "plain/SKILL.md")]);
    } finally {
      t.watch.close();
    }
  });
});
