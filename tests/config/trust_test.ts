// The trust option: a root the host does not trust is neither listed nor
// read (nor stat'ed, watched or probed by explain()), is said once with
// untrusted_root, and explain()/why say it may hold a name. Every preset
// labels its project roots `workspace`, which `trust: false` leaves out.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import {
  type AgentSkillsOptions,
  clarvisSkillRoots,
  claudeSkillRoots,
  codexSkillRoots,
  createAgentSkills,
  resolveConfig,
  type RootToTrust,
  type SkillRootOptions,
  type SkillWarning,
  StartupError,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import {
  ACTING_SAMPLES,
  codes,
  link,
  manifest,
  recordBackend,
  runMain,
  tempTrees,
} from "../_helpers.ts";
import { watchSkills } from "@clarvis/agent-skills/watch";

const tree = tempTrees();

/**
 * Runs `run` with every path the library lists or takes the status of
 * recorded: what a root not trusted must never be among.
 */
function touched<T>(run: () => T): { result: T; paths: string[] } {
  const recording = recordBackend(["list", "status"]);
  try {
    return { result: run(), paths: recording.paths };
  } finally {
    recording.stop();
  }
}

/** The paths of `paths` at or below any of `roots`. */
function within(paths: readonly string[], roots: readonly string[]): string[] {
  return paths.filter((path) =>
    roots.some((root) => path === root || path.startsWith(`${root}/`))
  );
}

/** An instance over `options`, its warnings collected. */
function open(options: AgentSkillsOptions) {
  const warnings: SkillWarning[] = [];
  const skills = createAgentSkills({
    ...options,
    onWarning: (warning) => warnings.push(warning),
  });
  return { skills, warnings };
}

/** Each skill served as `scope:name`, sorted. */
function servedOf(skills: ReturnType<typeof open>["skills"]): string[] {
  return skills.listSkills().map((skill) => `${skill.scope}:${skill.name}`)
    .sort();
}

describe("the presets' scopes", () => {
  const presets: Record<string, () => SkillRootOptions[]> = {
    clarvisSkillRoots,
    claudeSkillRoots: () => claudeSkillRoots({ plugins: ["/opt/plugins"] }),
    codexSkillRoots,
  };
  for (const [name, preset] of Object.entries(presets)) {
    it(`${name}() labels every root with a known scope`, () => {
      for (const root of preset()) {
        assert.ok(
          ["user", "workspace", "admin", "system", "plugin"].includes(
            root.scope ?? "",
          ),
          `${root.path}: ${root.scope}`,
        );
      }
    });
    it(`${name}() labels as workspace exactly its relative (project) roots`, () => {
      for (const root of preset()) {
        const project = !root.path.startsWith("/") &&
          !root.path.startsWith("~");
        assert.equal(root.scope === "workspace", project, root.path);
      }
    });
  }
});

describe("trust option: values", () => {
  it("trusts every root by default, as before", () => {
    const config = resolveConfig({ home: "/home/ada", cwd: "/work" });
    assert.deepEqual(config.roots.map((root) => root.untrusted), [
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    assert.deepEqual(
      resolveConfig({ home: "/home/ada", cwd: "/work", trust: true }).roots,
      config.roots,
    );
  });

  it("trust: false leaves out the roots of scope workspace", () => {
    const config = resolveConfig({
      home: "/home/ada",
      cwd: "/w",
      trust: false,
    });
    assert.deepEqual(
      config.roots.map((root) => [root.path, root.untrusted === true]),
      [
        ["/home/ada/.agents/skills", false],
        ["/w/.agents/skills", true],
        ["/home/ada/.clarvis/skills", false],
        ["/w/.clarvis/skills", true],
      ],
    );
    assert.ok(Object.isFrozen(config.roots[1]));
  });

  it("asks a function once per resolved root, in order, with frozen plain data", () => {
    const asked: RootToTrust[] = [];
    const config = resolveConfig({
      home: "/home/ada",
      cwd: "/w",
      roots: ["/a", { path: "b", scope: "workspace", source: "x" }],
      trust: (root) => {
        asked.push(root);
        return root.scope !== "workspace";
      },
    });
    assert.deepEqual(asked, [
      { path: "/a", realPath: "/a", scope: "custom", source: "custom" },
      { path: "/w/b", realPath: "/w/b", scope: "workspace", source: "x" },
    ]);
    assert.ok(asked.every((root) => Object.isFrozen(root)));
    assert.deepEqual(config.roots.map((root) => root.untrusted), [
      undefined,
      true,
    ]);
  });

  it("never asks again: refresh() keeps the decision made at construction", () => {
    const base = tree({ "a/one/SKILL.md": manifest("one") });
    let calls = 0;
    const { skills } = open({
      home: base,
      cwd: base,
      roots: [join(base, "a")],
      // A fickle host: trusts the root the first time only.
      trust: () => ++calls === 1,
    });
    skills.refresh();
    skills.refresh();
    assert.equal(calls, 1);
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["one"]);
  });

  for (const junk of ["no", 0, null, {}, []]) {
    it(`refuses trust: ${JSON.stringify(junk)} with invalid_option`, () => {
      assert.throws(
        () =>
          resolveConfig({
            home: "/h",
            cwd: "/",
            trust: junk as unknown as boolean,
          }),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          /Option "trust" must be a boolean or a function/.test(error.message),
      );
    });
  }

  for (const answer of [undefined, "yes", 1, null, Promise.resolve(true)]) {
    it(`refuses a trust function that answers ${String(answer)}`, () => {
      assert.throws(
        () =>
          resolveConfig({
            home: "/h",
            cwd: "/",
            roots: ["/a"],
            trust: () => answer as unknown as boolean,
          }),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          error.message.includes('Option "trust" must return a boolean') &&
          error.message.includes("/a"),
      );
    });
  }

  it("turns a trust function that throws into a StartupError naming the root", () => {
    const thrown = new Error("trust store unreadable");
    assert.throws(
      () =>
        createAgentSkills({
          home: "/h",
          cwd: "/",
          roots: ["/a"],
          trust: () => {
            throw thrown;
          },
        }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        error.cause === thrown &&
        error.message.includes("/a") &&
        error.message.includes("trust store unreadable"),
    );
  });

  it("takes trust in checkSkills too, and notes an untrusted path", () => {
    const base = tree({ "a/one/SKILL.md": manifest("one") });
    const report = checkSkills({
      paths: [{ path: join(base, "a"), scope: "workspace" }],
      home: base,
      cwd: base,
      trust: false,
    });
    assert.deepEqual(report.skills, []);
    assert.deepEqual(
      report.diagnostics.map((d) => [d.code, d.severity, d.path]),
      [["untrusted_root", "info", join(base, "a")]],
    );
  });
});

/** A home and a workspace, each with a skill in every root of a preset. */
interface Layout {
  readonly options: AgentSkillsOptions;
  /** The roots of scope workspace. */
  readonly project: readonly string[];
  /** Every skill served when all is trusted, as scope:name. */
  readonly all: readonly string[];
  /** Every skill served under trust: false, as scope:name. */
  readonly trusted: readonly string[];
}

function clarvisLayout(): Layout {
  const base = tree({
    "home/.agents/skills/h-agents/SKILL.md": manifest("h-agents"),
    "home/.clarvis/skills/h-clarvis/SKILL.md": manifest("h-clarvis"),
    "ws/.agents/skills/w-agents/SKILL.md": manifest("w-agents"),
    "ws/.clarvis/skills/w-clarvis/SKILL.md": manifest("w-clarvis"),
  });
  const ws = join(base, "ws");
  return {
    options: { home: join(base, "home"), cwd: ws, roots: clarvisSkillRoots() },
    project: [join(ws, ".agents/skills"), join(ws, ".clarvis/skills")],
    all: [
      "user:h-agents",
      "user:h-clarvis",
      "workspace:w-agents",
      "workspace:w-clarvis",
    ],
    trusted: ["user:h-agents", "user:h-clarvis"],
  };
}

function claudeLayout(): Layout {
  const base = tree({
    "home/.claude/skills/h-claude/SKILL.md": manifest("h-claude"),
    "ws/.claude/skills/w-claude/SKILL.md": manifest("w-claude"),
    "plugins/kit/.claude-plugin/plugin.json": '{"name": "kit"}',
    "plugins/kit/skills/tool/SKILL.md": manifest("tool"),
  });
  const ws = join(base, "ws");
  return {
    options: {
      home: join(base, "home"),
      cwd: ws,
      roots: claudeSkillRoots({ plugins: [join(base, "plugins/kit")] }),
    },
    project: [join(ws, ".claude/skills")],
    all: ["plugin:kit:tool", "user:h-claude", "workspace:w-claude"],
    trusted: ["plugin:kit:tool", "user:h-claude"],
  };
}

function codexLayout(): Layout {
  const base = tree({
    "admin/a-admin/SKILL.md": manifest("a-admin"),
    "codex/skills/.system/s-system/SKILL.md": manifest("s-system"),
    "codex/skills/h-codex/SKILL.md": manifest("h-codex"),
    "home/.agents/skills/h-agents/SKILL.md": manifest("h-agents"),
    "repo/.git/HEAD": "ref: refs/heads/main\n",
    "repo/.agents/skills/top-agents/SKILL.md": manifest("top-agents"),
    "repo/app/.codex/skills/w-codex/SKILL.md": manifest("w-codex"),
  });
  const repo = join(base, "repo");
  const ws = join(repo, "app");
  return {
    options: {
      home: join(base, "home"),
      cwd: ws,
      roots: codexSkillRoots({
        codexHome: join(base, "codex"),
        adminSkills: join(base, "admin"),
      }),
    },
    project: [
      join(repo, ".agents/skills"),
      join(ws, ".agents/skills"),
      join(repo, ".codex/skills"),
      join(ws, ".codex/skills"),
    ],
    all: [
      "admin:a-admin",
      "system:s-system",
      "user:h-agents",
      "user:h-codex",
      "workspace:top-agents",
      "workspace:w-codex",
    ],
    trusted: [
      "admin:a-admin",
      "system:s-system",
      "user:h-agents",
      "user:h-codex",
    ],
  };
}

const LAYOUTS: Record<string, () => Layout> = {
  clarvisSkillRoots: clarvisLayout,
  claudeSkillRoots: claudeLayout,
  codexSkillRoots: codexLayout,
};

for (const [preset, layout] of Object.entries(LAYOUTS)) {
  describe(`trust under ${preset}()`, () => {
    it("reads every root by default", () => {
      const { options, all } = layout();
      const { skills, warnings } = open(options);
      assert.deepEqual(servedOf(skills), all);
      assert.deepEqual(warnings, []);
    });

    it("with trust: false, skips the workspace roots and reads the others", () => {
      const { options, project, trusted } = layout();
      const { result: { skills, warnings }, paths } = touched(() =>
        open({ ...options, trust: false })
      );
      assert.deepEqual(servedOf(skills), trusted);
      assert.deepEqual(
        skills.config.roots.filter((root) => root.untrusted).map((r) => r.path),
        project,
      );
      assert.deepEqual(within(paths, project), []);
      assert.deepEqual(
        warnings.map((w) => [w.code, w.path]),
        project.map((path) => ["untrusted_root", path]),
      );
    });

    it("with a function, reads what it trusts: here, the workspace only", () => {
      const { options, all, trusted } = layout();
      const { skills } = open({
        ...options,
        trust: (root) => root.scope === "workspace",
      });
      assert.deepEqual(
        servedOf(skills),
        all.filter((skill) => !trusted.includes(skill)),
      );
    });

    it("refresh(), watch() and explain() never touch a workspace root, nor say it twice", () => {
      const { options, project, trusted } = layout();
      const { skills, warnings } = open({ ...options, trust: false });
      // A skill added to a root not trusted stays unseen.
      for (const root of project) {
        mkdirSync(join(root, "late"), { recursive: true });
        writeFileSync(join(root, "late/SKILL.md"), manifest("late"));
      }
      const { paths } = touched(() => {
        const first = skills.refresh();
        const watch = watchSkills(skills, { onChange: () => {}, debounce: 10 });
        try {
          const second = skills.refresh();
          const third = skills.refresh();
          const why = skills.explain("late");
          return { first, second, third, why };
        } finally {
          watch.close();
        }
      });
      assert.deepEqual(within(paths, project), []);
      assert.deepEqual(servedOf(skills), trusted);
      assert.deepEqual(
        codes(warnings),
        project.map(() => "untrusted_root"),
      );
      const why = skills.explain("late");
      assert.deepEqual(why.candidates, []);
      assert.deepEqual(why.untrusted.map((root) => root.root), project);
      const unread = why.roots.filter((root) => root.state === "untrusted");
      assert.deepEqual(unread.map((root) => root.path), project);
      // Each keeps its warning, which refresh() did not repeat.
      assert.deepEqual(
        unread.map((root) => root.warnings.map((w) => [w.code, w.path])),
        project.map((path) => [["untrusted_root", path]]),
      );
    });
  });
}

describe("trust: what is read follows the root as configured", () => {
  it("an untrusted root that leads into a trusted one: the trusted root reads it, in its own place", () => {
    const base = tree({
      "home/.agents/skills/shared/SKILL.md": manifest("shared"),
    });
    const ws = join(base, "ws");
    link(join(base, "home/.agents/skills"), join(ws, ".agents/skills"));
    const { skills, warnings } = open({
      home: join(base, "home"),
      cwd: ws,
      roots: clarvisSkillRoots(),
      trust: false,
    });
    assert.deepEqual(
      skills.listSkills().map((skill) => [skill.name, skill.scope, skill.root]),
      [["shared", "user", join(base, "home/.agents/skills")]],
    );
    // Not folded into the untrusted root, which would have hidden it.
    assert.equal(skills.config.roots[0]?.foldedInto, undefined);
    assert.deepEqual(warnings.map((w) => [w.code, w.path]), [
      ["untrusted_root", join(ws, ".agents/skills")],
      ["untrusted_root", join(ws, ".clarvis/skills")],
    ]);
  });

  it("a trusted root that leads into an untrusted one is read, as configured", () => {
    const base = tree({ "ws/.agents/skills/proj/SKILL.md": manifest("proj") });
    const ws = join(base, "ws");
    link(join(ws, ".agents/skills"), join(base, "home/.agents/skills"));
    const { skills } = open({
      home: join(base, "home"),
      cwd: ws,
      roots: clarvisSkillRoots(),
      trust: false,
    });
    assert.deepEqual(
      skills.listSkills().map((skill) => [skill.name, skill.scope, skill.root]),
      [["proj", "user", join(base, "home/.agents/skills")]],
    );
  });

  it("an untrusted root whose skill would shadow a trusted one: the trusted one is served, explain says the root was not read", () => {
    const base = tree({
      "home/.agents/skills/deploy/SKILL.md": manifest("deploy", "Safe."),
      "ws/.clarvis/skills/deploy/SKILL.md": manifest("deploy", "Evil."),
    });
    const ws = join(base, "ws");
    const { skills } = open({
      home: join(base, "home"),
      cwd: ws,
      roots: clarvisSkillRoots(),
      trust: false,
    });
    assert.equal(skills.loadSkill("deploy")?.description, "Safe.");
    assert.deepEqual(skills.listOverridden(), []);
    const why = skills.explain("deploy");
    assert.deepEqual(why.candidates.map((c) => c.verdict), ["served"]);
    assert.deepEqual(why.untrusted.map((root) => [root.root, root.scope]), [
      [join(ws, ".agents/skills"), "workspace"],
      [join(ws, ".clarvis/skills"), "workspace"],
    ]);
    assert.match(
      why.untrusted[1]?.message ?? "",
      /^Not read: untrusted: the root .*\.clarvis\/skills \(scope "workspace"\) may hold "deploy"/,
    );
  });

  it("under strict, an untrusted root is a warning, never an error", () => {
    const base = tree({ "ws/.agents/skills/w/SKILL.md": manifest("w") });
    const { skills, warnings } = open({
      home: join(base, "home"),
      cwd: join(base, "ws"),
      roots: clarvisSkillRoots(),
      trust: false,
      strict: true,
    });
    assert.deepEqual(skills.listSkills(), []);
    assert.deepEqual(codes(warnings), ["untrusted_root", "untrusted_root"]);
    assert.match(
      warnings[0]?.message ?? "",
      /trust it \(trust: true, or a trust function that returns true for it\)$/,
    );
    // The library speaks of its option; the command line of its flag.
    assert.doesNotMatch(warnings[0]?.message ?? "", /--untrusted-workspace/);
  });
});

describe("trust: explain() and why escape the name asked about", () => {
  const base = tree({ "ws/README.md": "a project" });
  const ws = join(base, "ws");
  const opts = {
    home: join(base, "home"),
    cwd: ws,
    roots: clarvisSkillRoots(),
    trust: false,
  };
  for (const char of ["\u001b[2J", ...ACTING_SAMPLES]) {
    const name = `evil${char}name`;
    it(`explain(${JSON.stringify(name)}) says it with no raw acting character`, () => {
      const { skills } = open(opts);
      const why = skills.explain(name);
      assert.equal(why.untrusted.length, 2);
      for (const root of why.untrusted) {
        assert.ok(!root.message.includes(char), root.message);
        assert.ok(root.message.includes("evil"));
      }
    });
  }

  it("why NAME prints the untrusted roots, escaped", async () => {
    const { code, out } = await runMain(
      [
        "why",
        "evil\u001b[2Jname",
        "--untrusted-workspace",
        "--home",
        opts.home,
      ],
      { columns: 80, cwd: ws },
    );
    assert.equal(code, 1);
    assert.ok(!out.includes("\u001b"), out);
    assert.match(out, /no root read holds a skill/);
    assert.match(out, /Not read: untrusted: the root .*\.agents\/skills/);
    assert.match(out, /\.clarvis\/skills {2}not read: untrusted/);
    // The root's state says it: its warning is not printed again there.
    assert.doesNotMatch(out, /warning \[untrusted_root\]/);
  });
});

describe("trust: the command line", () => {
  function project() {
    const base = tree({
      "home/.agents/skills/mine/SKILL.md": manifest("mine"),
      "ws/.agents/skills/theirs/SKILL.md": manifest("theirs"),
    });
    return { home: join(base, "home"), ws: join(base, "ws") };
  }

  it("list --untrusted-workspace leaves the workspace's skills out, and says so", async () => {
    const { home, ws } = project();
    const trusted = await runMain(["list", "--json", "--home", home], {
      columns: 80,
      cwd: ws,
    });
    assert.deepEqual(
      JSON.parse(trusted.out).skills.map((s: { name: string }) => s.name),
      ["mine", "theirs"],
    );
    const { code, out } = await runMain(
      ["list", "--json", "--untrusted-workspace", "--home", home],
      { columns: 80, cwd: ws },
    );
    assert.equal(code, 0);
    const listing = JSON.parse(out);
    assert.deepEqual(
      listing.skills.map((s: { name: string }) => s.name),
      ["mine"],
    );
    assert.deepEqual(
      listing.warnings.map((w: SkillWarning) => w.code),
      ["untrusted_root", "untrusted_root"],
    );
  });

  it("check --untrusted-workspace --strict notes the workspace roots and passes", async () => {
    const { home, ws } = project();
    const { code, out } = await runMain(
      ["check", "--json", "--strict", "--untrusted-workspace", "--home", home],
      { columns: 80, cwd: ws },
    );
    const report = JSON.parse(out);
    assert.equal(code, 0, out);
    assert.equal(report.skills, 1);
    assert.deepEqual(
      report.diagnostics.map((d: { code: string; severity: string }) => [
        d.code,
        d.severity,
      ]),
      [["untrusted_root", "info"], ["untrusted_root", "info"]],
    );
  });

  it("why --untrusted-workspace says a served skill's name may sit in a root not read", async () => {
    const { home, ws } = project();
    const { code, out } = await runMain(
      ["why", "mine", "--untrusted-workspace", "--home", home],
      { columns: 80, cwd: ws },
    );
    assert.equal(code, 0);
    assert.match(out, /^Served: /);
    assert.match(out, /Not read: untrusted: the root .*\.clarvis\/skills/);
  });
});
