// watch(): each kind of change a watch must see, and a refresh() with a
// watch open that returns exactly what a refresh() without one returns. Each
// case runs twins over the same roots, one watched and one not, and compares
// them after every change. Events are waited for (up to 30 s, polling); no
// duration is asserted. The work a refresh() does is counted, not timed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  type AgentSkills,
  type AgentSkillsOptions,
  createAgentSkills,
  SkillError,
  StartupError,
} from "@clarvis/agent-skills";
import { type WatchChange, watchSkills } from "@clarvis/agent-skills/watch";
import { backend } from "../../src/fs/_backend.ts";
import { manifest, tempTrees, waitUntil } from "../_helpers.ts";
import { watchedRoot, type WatchTwins, watchTwins } from "./_twins.ts";

const tree = tempTrees();
const IS_DENO = "Deno" in globalThis;

/**
 * Twins (tests/watch/_twins.ts) whose first watched refresh() read every root,
 * as a watch that just started must.
 */
function twins(options: AgentSkillsOptions): WatchTwins {
  const made = watchTwins(options);
  assert.deepEqual(made.first.fallback?.map((f) => f.code), ["watch_started"]);
  return made;
}

/** The directory listings and status calls `run` makes. */
function countWork<T>(run: () => T): { result: T; calls: number } {
  const { list, status } = backend;
  let calls = 0;
  backend.list = (path) => {
    calls++;
    return list(path);
  };
  backend.status = (path, options) => {
    calls++;
    return status(path, options);
  };
  try {
    return { result: run(), calls };
  } finally {
    backend.list = list;
    backend.status = status;
  }
}

/** A root of `count` skills. */
function store(count: number, extra: Record<string, string> = {}): string {
  const files: Record<string, string> = { ...extra };
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`;
    files[`${name}/SKILL.md`] = manifest(name);
  }
  return tree(files);
}

describe("watch(): what it sees, and a refresh() that agrees with a full one", () => {
  it("a skill directory added, edited, renamed and removed", async () => {
    const root = store(3);
    const { step, watch } = twins({ roots: [root], home: root, cwd: root });
    try {
      const added = await step(() => {
        mkdirSync(join(root, "fresh"));
        writeFileSync(join(root, "fresh", "SKILL.md"), manifest("fresh"));
      }, [join(root, "fresh")]);
      assert.deepEqual(added.added, ["fresh"]);
      assert.deepEqual(added.fallback, []);
      const edited = await step(() => {
        writeFileSync(
          join(root, "fresh", "SKILL.md"),
          manifest("fresh", "Edited."),
        );
      }, [join(root, "fresh", "SKILL.md")]);
      assert.deepEqual(edited.changed, ["fresh"]);
      assert.deepEqual(edited.fallback, []);
      const renamed = await step(() => {
        renameSync(join(root, "fresh"), join(root, "renamed"));
      }, [join(root, "fresh"), join(root, "renamed")]);
      // The name is the manifest's: the directory moved, the skill changed place.
      assert.deepEqual(renamed.changed, ["fresh"]);
      assert.deepEqual(renamed.fallback, []);
      const removed = await step(() => {
        rmSync(join(root, "renamed"), { recursive: true });
      }, [join(root, "renamed")]);
      assert.deepEqual(removed.removed, ["fresh"]);
      // A watched directory removed is released, not a failed watch.
      assert.deepEqual(removed.fallback, []);
    } finally {
      watch.close();
    }
  });

  it("a resource edited or added: reported, no skill changes, and the resource list is read again", async () => {
    const root = store(2, { "skill-000/scripts/run.sh": "echo" });
    const { step, watch, watched } = twins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      assert.deepEqual(watched.loadSkill("skill-000")?.resources, [
        "scripts/run.sh",
      ]);
      const got = await step(() => {
        writeFileSync(join(root, "skill-000", "scripts", "new.sh"), "echo");
      }, [join(root, "skill-000", "scripts", "new.sh")]);
      assert.deepEqual(got.added.length + got.removed.length, 0);
      assert.deepEqual(got.changed, []);
      assert.deepEqual(watched.loadSkill("skill-000")?.resources, [
        "scripts/new.sh",
        "scripts/run.sh",
      ]);
    } finally {
      watch.close();
    }
  });

  it("a root that is not there at the start, and appears", async () => {
    const base = tree();
    const root = join(base, "later", "skills");
    const { step, watch } = twins({ roots: [root], home: base, cwd: base });
    try {
      const got = await step(() => {
        mkdirSync(join(root, "one"), { recursive: true });
        writeFileSync(join(root, "one", "SKILL.md"), manifest("one"));
      }, [join(base, "later")]);
      assert.deepEqual(got.added, ["one"]);
      // Its tree is watched from now on: the next refresh reads it in full once.
      const next = await step(() => {
        writeFileSync(join(root, "one", "SKILL.md"), manifest("one", "Two."));
      }, [join(root, "one", "SKILL.md")]);
      assert.deepEqual(next.changed, ["one"]);
    } finally {
      watch.close();
    }
  });

  it("a symlinked skill directory: its target is watched", async () => {
    const outside = tree({ "linked/SKILL.md": manifest("linked") });
    const root = store(2);
    symlinkSync(join(outside, "linked"), join(root, "linked"));
    const { step, watch, watched } = twins({
      roots: [root],
      home: root,
      cwd: root,
    });
    try {
      // The target is watched from the start; the first refresh() read it.
      assert.deepEqual(watched.refresh().fallback, []);
      const got = await step(() => {
        writeFileSync(
          join(outside, "linked", "SKILL.md"),
          manifest("linked", "Through the link."),
        );
      }, [join(outside, "linked", "SKILL.md")]);
      assert.deepEqual(got.changed, ["linked"]);
    } finally {
      watch.close();
    }
  });

  it("a symlinked skill directory removed", async () => {
    const outside = tree({ "linked/SKILL.md": manifest("linked") });
    const root = store(1);
    symlinkSync(join(outside, "linked"), join(root, "linked"));
    const { step, watch } = twins({ roots: [root], home: root, cwd: root });
    try {
      const got = await step(
        () => unlinkSync(join(root, "linked")),
        [join(root, "linked")],
      );
      assert.deepEqual(got.removed, ["linked"]);
    } finally {
      watch.close();
    }
  });

  it("a symlinked skill directory added", {
    skip: IS_DENO &&
      "Deno.watchFs drops the event of a link whose target is outside the watched directory (denoland/deno#27560; docs/reloading.md)",
  }, async () => {
    const outside = tree({ "linked/SKILL.md": manifest("linked") });
    const root = store(1);
    const { step, watch } = twins({ roots: [root], home: root, cwd: root });
    try {
      const got = await step(
        () => symlinkSync(join(outside, "linked"), join(root, "linked")),
        [join(root, "linked")],
      );
      assert.deepEqual(got.added, ["linked"]);
    } finally {
      watch.close();
    }
  });

  it("a symlinked root, retargeted", async () => {
    // Both targets beside the link: Deno drops the event of a link whose
    // target lies outside the watched directory (denoland/deno#27560), and
    // so, when it handles the event after the new link is made, the event
    // of the old link's removal too (docs/reloading.md).
    const base = tree({
      "first/skill-000/SKILL.md": manifest("skill-000"),
      "second/other/SKILL.md": manifest("other"),
    });
    const [first, second] = [join(base, "first"), join(base, "second")];
    const root = join(base, "skills");
    symlinkSync(first, root);
    const { step, watch } = twins({ roots: [root], home: base, cwd: base });
    try {
      const got = await step(() => {
        unlinkSync(root);
        symlinkSync(second, root);
      }, [root]);
      assert.deepEqual(got.added, ["other"]);
      assert.deepEqual(got.removed, ["skill-000"]);
      assert.ok(got.fallback?.some((f) => f.code === "root_replaced"));
    } finally {
      watch.close();
    }
  });

  it("a root of plugins: a plugin.json and a marketplace.json edited", async () => {
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        plugins: [{ name: "tools", source: "./plugins/tools" }],
      }),
      "plugins/tools/skills/setup/SKILL.md": manifest("setup"),
      "plugins/docs/skills/write/SKILL.md": manifest("write"),
    });
    const { step, watch } = twins({
      roots: [{ path: root, kind: "plugins" }],
      home: root,
      cwd: root,
    });
    try {
      const market = join(root, ".claude-plugin", "marketplace.json");
      const listed = await step(() => {
        writeFileSync(
          market,
          JSON.stringify({
            name: "market",
            plugins: [
              { name: "tools", source: "./plugins/tools" },
              { name: "docs", source: "./plugins/docs" },
            ],
          }),
        );
      }, [market]);
      assert.deepEqual(listed.added, ["docs:write"]);
      const plugin = join(root, "plugins", "tools", ".claude-plugin");
      const renamed = await step(() => {
        mkdirSync(plugin);
        writeFileSync(
          join(plugin, "plugin.json"),
          JSON.stringify({ name: "kit" }),
        );
      }, [plugin]);
      assert.deepEqual(renamed.added, ["kit:setup"]);
      assert.deepEqual(renamed.removed, ["tools:setup"]);
    } finally {
      watch.close();
    }
  });

  it("a deeper root: a skill added in a category folder", async () => {
    const root = tree({ "tools/lint/SKILL.md": manifest("lint") });
    const { step, watch } = twins({
      roots: [{ path: root, depth: 2 }],
      home: root,
      cwd: root,
    });
    try {
      const got = await step(() => {
        mkdirSync(join(root, "tools", "format"));
        writeFileSync(
          join(root, "tools", "format", "SKILL.md"),
          manifest("format"),
        );
      }, [join(root, "tools", "format")]);
      assert.deepEqual(got.added, ["format"]);
    } finally {
      watch.close();
    }
  });

  it("a later root's skill overriding an earlier one's, and going away", async () => {
    const low = store(2);
    const high = tree({ "other/SKILL.md": manifest("other") });
    const { step, watch } = twins({
      roots: [low, high],
      home: low,
      cwd: low,
    });
    try {
      const over = await step(() => {
        mkdirSync(join(high, "skill-001"));
        writeFileSync(
          join(high, "skill-001", "SKILL.md"),
          manifest("skill-001", "Overrides."),
        );
      }, [join(high, "skill-001")]);
      assert.deepEqual(over.changed, ["skill-001"]);
      const back = await step(() => {
        rmSync(join(high, "skill-001"), { recursive: true });
      }, [join(high, "skill-001")]);
      assert.deepEqual(back.changed, ["skill-001"]);
    } finally {
      watch.close();
    }
  });
});

describe("refresh() with a watch open: the work it does", () => {
  /** A watched instance over `root`, settled: its first full refresh done. */
  function settled(root: string): {
    skills: AgentSkills;
    changes: WatchChange[];
    close: () => void;
  } {
    const { skills, changes, watch } = watchedRoot(root);
    skills.refresh();
    return { skills, changes, close: () => watch.close() };
  }

  it("after no change: no listing, no status call, nothing changed", () => {
    const root = store(20);
    const { skills, close } = settled(root);
    try {
      const { result, calls } = countWork(() => skills.refresh());
      assert.equal(calls, 0);
      assert.deepEqual(result, {
        added: [],
        removed: [],
        changed: [],
        fallback: [],
      });
    } finally {
      close();
    }
  });

  it("after one edited manifest: the same work at 20 skills as at 80", async () => {
    const work = async (count: number): Promise<number> => {
      const root = store(count);
      const { skills, changes, close } = settled(root);
      try {
        const path = join(root, "skill-001", "SKILL.md");
        writeFileSync(path, manifest("skill-001", "Edited."));
        await waitUntil(
          () => changes.some((change) => change.paths.includes(path)),
          `an event at ${path}`,
        );
        const { result, calls } = countWork(() => skills.refresh());
        assert.deepEqual(result.changed, ["skill-001"]);
        assert.deepEqual(result.fallback, []);
        return calls;
      } finally {
        close();
      }
    };
    const small = await work(20);
    const large = await work(80);
    assert.ok(small > 0);
    assert.equal(large, small);
  });
});

describe("watch(): its options and its handle", () => {
  const root = store(1);
  const skills = (): AgentSkills =>
    createAgentSkills({ roots: [root], home: root, cwd: root });

  it("refuses options of the wrong kind, naming them", () => {
    const instance = skills();
    for (
      const bad of [
        undefined,
        {},
        { onChange: "no" },
        { onChange: () => {}, debounce: -1 },
        { onChange: () => {}, debounce: Infinity },
        { onChange: () => {}, debounce: 60_001 },
        { onChange: () => {}, maxWatches: 0 },
        { onChange: () => {}, maxWatches: 1.5 },
        { onChange: () => {}, maxWatch: 10 },
      ]
    ) {
      assert.throws(
        // @ts-expect-error: wrong on purpose
        () => watchSkills(instance, bad),
        (error: unknown) =>
          error instanceof StartupError && error.code === "invalid_option",
      );
    }
  });

  it("one watch at a time; close() twice is harmless; after close a new one opens", () => {
    const instance = skills();
    const watch = watchSkills(instance, { onChange: () => {} });
    assert.throws(
      () => watchSkills(instance, { onChange: () => {} }),
      (error: unknown) =>
        error instanceof SkillError && error.code === "invalid_input",
    );
    assert.equal(watch.closed, false);
    watch.close();
    watch.close();
    assert.equal(watch.closed, true);
    const again = watchSkills(instance, { onChange: () => {} });
    (again as unknown as Disposable)[Symbol.dispose]();
    assert.equal(again.closed, true);
  });

  it("takes only a registry createAgentSkills made: a look-alike, a copy or another value is invalid_input", () => {
    const instance = skills();
    const fakes: unknown[] = [
      undefined,
      null,
      "skills",
      { ...instance },
      Object.create(instance),
      new Proxy(instance, {}),
      { refresh: () => ({ added: [], removed: [], changed: [] }) },
    ];
    for (const fake of fakes) {
      assert.throws(
        () => watchSkills(fake as AgentSkills, { onChange: () => {} }),
        (error: unknown) =>
          error instanceof SkillError && error.code === "invalid_input" &&
          /watchSkills\(\) takes a registry made by createAgentSkills\(\)/
            .test(error.message),
      );
    }
    // Two registries: each has its own slot, so both can be watched.
    const other = skills();
    const one = watchSkills(instance, { onChange: () => {} });
    const two = watchSkills(other, { onChange: () => {} });
    one.close();
    two.close();
  });

  it("a refresh() after close() reads every root again, as without a watch", () => {
    const instance = skills();
    const watch = watchSkills(instance, { onChange: () => {} });
    watch.close();
    const changes = instance.refresh();
    assert.equal("fallback" in changes, false);
  });

  it("reaching maxWatches: the root is read in full at each refresh, said with watch_limit", () => {
    const root = store(5);
    const instance = createAgentSkills({
      roots: [root],
      home: root,
      cwd: root,
    });
    const watch = watchSkills(instance, { onChange: () => {}, maxWatches: 3 });
    try {
      instance.refresh();
      const changes = instance.refresh();
      assert.ok(
        changes.fallback?.some((f) =>
          f.code === "watch_limit" && f.root === root
        ),
        JSON.stringify(changes.fallback),
      );
    } finally {
      watch.close();
    }
  });
});
