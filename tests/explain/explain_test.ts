import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  type CatalogOptions,
  createAgentSkills,
  renderCatalog,
  type SkillCandidate,
  SkillError,
  type SkillExplanation,
  type SkillNearMiss,
  type SkillRootOptions,
  StartupError,
} from "@clarvis/agent-skills";
import { link, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** An instance over `roots` (home and cwd the first), warnings collected. */
function open(
  roots: Array<string | SkillRootOptions>,
  overrides: AgentSkillsOptions = {},
) {
  const first = roots[0];
  const base = typeof first === "string" ? first : first?.path ?? "/";
  const { options: opts, warnings } = options(base, { roots, ...overrides });
  return { skills: createAgentSkills(opts), warnings };
}

/** Each candidate's verdict and path. */
function verdicts(
  explanation: SkillExplanation,
): Array<[SkillCandidate["verdict"], string]> {
  return explanation.candidates.map((c) => [c.verdict, c.path]);
}

/** Each near miss's kind and path. */
function misses(
  explanation: SkillExplanation,
): Array<[SkillNearMiss["kind"], string]> {
  return explanation.nearMisses.map((m) => [m.kind, m.path]);
}

describe("explain(): the candidates of a name", () => {
  it("gives the served skill, then those it shadows, the highest precedence first", () => {
    const [a, b, c] = [0, 1, 2].map((i) =>
      tree({ "pdf/SKILL.md": manifest("pdf", `From root ${i}.`) })
    ) as [string, string, string];
    const { skills } = open([a, b, c]);
    const explanation = skills.explain("pdf");
    assert.deepEqual(verdicts(explanation), [
      ["served", join(c, "pdf/SKILL.md")],
      ["shadowed", join(b, "pdf/SKILL.md")],
      ["shadowed", join(a, "pdf/SKILL.md")],
    ]);
    const [served, shadowed] = explanation.candidates;
    assert.equal(served?.verdict, "served");
    if (served?.verdict !== "served" || shadowed?.verdict !== "shadowed") {
      return;
    }
    assert.equal(served.skill.description, "From root 2.");
    assert.deepEqual(served.catalog, { verdict: "shown" });
    assert.equal(shadowed.by, join(c, "pdf/SKILL.md"));
    assert.equal(shadowed.root, b);
    assert.match(
      shadowed.message,
      new RegExp(
        `the last root wins\\): to serve this one, put its root ${b} after ${c} in the roots \\(the roots option's order; on the command line, give ${b} as a --root or DIR after ${c}\\)$`,
      ),
    );
    assert.match(shadowed.message, new RegExp(`${c}/pdf/SKILL\\.md`));
    assert.deepEqual(explanation.nearMisses, []);
  });

  it("gives a same-root duplicate with the manifest its root kept", () => {
    const root = tree({
      "a-pdf/SKILL.md": manifest("pdf"),
      "b-pdf/SKILL.md": manifest("pdf"),
    });
    const explanation = open([root]).skills.explain("pdf");
    assert.deepEqual(verdicts(explanation), [
      ["served", join(root, "a-pdf/SKILL.md")],
      ["duplicate", join(root, "b-pdf/SKILL.md")],
    ]);
    const duplicate = explanation.candidates[1];
    assert.equal(duplicate?.verdict, "duplicate");
    if (duplicate?.verdict !== "duplicate") return;
    assert.equal(duplicate.kept, join(root, "a-pdf/SKILL.md"));
    assert.match(duplicate.message, /came first in the same root/);
  });

  it("gives a dropped manifest with its code, line, column and every problem", () => {
    const root = tree({
      "pdf/SKILL.md": "---\nname: pdf\ndescription: [unclosed\n---\nbody\n",
    });
    const { skills, warnings } = open([root]);
    assert.equal(warnings.length, 1);
    const explanation = skills.explain("pdf");
    assert.deepEqual(verdicts(explanation), [
      ["dropped", join(root, "pdf/SKILL.md")],
    ]);
    const dropped = explanation.candidates[0];
    assert.equal(dropped?.verdict, "dropped");
    if (dropped?.verdict !== "dropped") return;
    assert.equal(dropped.problem.code, "invalid_skill");
    assert.equal(dropped.problem.path, join(root, "pdf/SKILL.md"));
    assert.equal(typeof dropped.problem.line, "number");
    assert.equal(typeof dropped.problem.column, "number");
    assert.ok((dropped.problem.problems ?? []).length >= 1);
    assert.equal(dropped.message, `Dropped: ${warnings[0]?.message}`);
  });

  it("gives a dropped manifest that is a directory, and one in a root that shadows nothing", () => {
    const low = tree({ "pdf/SKILL.md": manifest("pdf") });
    const high = tree({ "pdf/SKILL.md/x": "a directory, not a manifest" });
    const explanation = open([low, high]).skills.explain("pdf");
    assert.deepEqual(verdicts(explanation), [
      ["served", join(low, "pdf/SKILL.md")],
      ["dropped", join(high, "pdf/SKILL.md")],
    ]);
    const dropped = explanation.candidates[1];
    assert.equal(
      dropped?.verdict === "dropped" ? dropped.problem.code : undefined,
      "not_a_file",
    );
  });

  it("names a plugin's dropped skill with its namespace", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "docs" }),
      "skills/pdf/SKILL.md": "---\nname: pdf\n---\nno description\n",
    });
    const { skills } = open([{ path: root, kind: "plugins" }]);
    assert.deepEqual(verdicts(skills.explain("docs:pdf")), [
      ["dropped", join(root, "skills/pdf/SKILL.md")],
    ]);
    assert.deepEqual(skills.explain("pdf").candidates, []);
  });

  it("keeps what discovery said about a served skill, after refresh() stopped saying it", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf-tools", "Fill forms: PDF ones."),
    });
    const { skills, warnings } = open([root]);
    const said = warnings.length;
    assert.ok(said >= 1);
    skills.refresh();
    assert.equal(warnings.length, said, "refresh() does not say it again");
    const served = skills.explain("pdf-tools").candidates[0];
    assert.equal(served?.verdict, "served");
    if (served?.verdict !== "served") return;
    assert.deepEqual(
      served.warnings.map((w) => [w.code, w.path, w.line]),
      [
        ["yaml_repaired", join(root, "pdf/SKILL.md"), 3],
        ["name_mismatch", join(root, "pdf/SKILL.md"), 2],
      ],
    );
  });

  it("answers from the last scan: removing the tree changes nothing until refresh()", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf"),
      "bad/SKILL.md": "---\nname: bad\n---\n",
    });
    const { skills } = open([root]);
    const before = [skills.explain("pdf"), skills.explain("bad")];
    rmSync(root, { recursive: true });
    assert.deepEqual([skills.explain("pdf"), skills.explain("bad")], before);
    skills.refresh();
    assert.deepEqual(skills.explain("pdf").candidates, []);
    assert.equal(skills.explain("pdf").roots[0]?.state, "missing");
  });

  it("refuses a name that is not a string, and catalog options of the wrong type", () => {
    const { skills } = open([tree({ "pdf/SKILL.md": manifest("pdf") })]);
    assert.throws(
      () => skills.explain(42 as unknown as string),
      (error) => error instanceof SkillError && error.code === "invalid_input",
    );
    assert.throws(
      () =>
        skills.explain("pdf", {
          catalog: { format: "yaml" as unknown as "xml" },
        }),
      (error) =>
        error instanceof StartupError && error.code === "invalid_option",
    );
    for (const bad of [5, null, { catalog: "xml" }, { catalog: null }]) {
      assert.throws(
        () => skills.explain("pdf", bad as never),
        (error) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          /explain\(\)/.test(error.message),
        JSON.stringify(bad),
      );
    }
  });
});

describe("explain(): a served skill in the catalog", () => {
  const root = tree({
    "pdf/SKILL.md": manifest("pdf", "P".repeat(400)),
    "zip/SKILL.md": manifest("zip", "Z".repeat(400)),
    "deploy/SKILL.md": manifest("deploy", "Deploys.", {
      extra: "disable-model-invocation: true\n",
    }),
  });
  const { skills } = open([root]);

  it("says a skill only a user may invoke is hidden from the model", () => {
    const served = skills.explain("deploy").candidates[0];
    assert.deepEqual(
      served?.verdict === "served" ? served.catalog : undefined,
      { verdict: "filtered", filter: "user_only" },
    );
    assert.match(served?.message ?? "", /hidden from the model/);
    const listed = skills.explain("deploy", {
      catalog: { userOnly: "include" },
    }).candidates[0];
    assert.deepEqual(
      listed?.verdict === "served" ? listed.catalog : undefined,
      { verdict: "shown" },
    );
  });

  it("says what a budget does to it, as renderCatalog reports it", () => {
    const catalogOf = (name: string, limit: number) => {
      const served = skills.explain(name, { catalog: { budget: { limit } } })
        .candidates[0];
      return served?.verdict === "served" ? served.catalog : undefined;
    };
    assert.deepEqual(catalogOf("pdf", 100_000), { verdict: "shown" });
    const cut = catalogOf("pdf", 600);
    assert.equal(cut?.verdict, "shortened");
    if (cut?.verdict === "shortened") {
      assert.equal(cut.from, 400);
      assert.ok(cut.to >= 60 && cut.to < 400);
    }
    // The least important first: "zip" is last by name.
    assert.deepEqual(catalogOf("zip", 150), { verdict: "left_out" });
  });

  it("gives each skill the verdict renderCatalog's report gives it, with and without a budget", () => {
    const catalogs: CatalogOptions[] = [
      {},
      { descriptionCap: 100 },
      { exclude: ["z*"], descriptionCap: 10 },
      { userOnly: "include", budget: { limit: 500 } },
      { budget: { limit: 150 } },
    ];
    for (const catalog of catalogs) {
      const { report } = renderCatalog(skills.listSkills(), {
        precedence: skills.config.roots.map((r) => r.path),
        ...catalog,
      });
      for (const { name } of skills.listSkills()) {
        const served = skills.explain(name, { catalog }).candidates[0];
        const verdict = served?.verdict === "served" ? served.catalog : {};
        const shortened = report.shortened.find((e) => e.name === name);
        const bare = report.withoutDescription.find((e) => e.name === name);
        const filtered = report.filtered.find((e) => e.name === name);
        const expected = report.shown.includes(name)
          ? { verdict: "shown" }
          : shortened !== undefined
          ? { verdict: "shortened", from: shortened.from, to: shortened.to }
          : bare !== undefined
          ? { verdict: "without_description", from: bare.from }
          : filtered !== undefined
          ? { verdict: "filtered", filter: filtered.reason }
          : { verdict: "left_out" };
        assert.deepEqual(
          verdict,
          expected,
          `${name} ${JSON.stringify(catalog)}`,
        );
      }
    }
  });

  it("says how to rank a skill the budget leaves out higher, and the advice works", () => {
    const low = tree({ "pdf/SKILL.md": manifest("pdf", "P".repeat(300)) });
    const high = tree({
      "zip/SKILL.md": manifest("zip", "Z".repeat(300)),
      "tar/SKILL.md": manifest("tar", "T".repeat(300)),
    });
    const budget = { catalog: { budget: { limit: 150 } } };
    const verdictOf = (roots: string[], name: string) => {
      const served = open(roots).skills.explain(name, budget).candidates[0];
      return served?.verdict === "served"
        ? [served.catalog.verdict, served.message]
        : [];
    };
    const [verdict, message] = verdictOf([low, high], "pdf");
    assert.equal(verdict, "left_out");
    assert.match(
      message ?? "",
      new RegExp(
        `\\(put its root ${low} after ${high} in the roots, as the budget takes from the lowest root first \\(on the command line, give ${low} as a --root or DIR after ${high}\\); name it in the catalog's rank option, whose skills the budget takes from last; or raise the budget \\(--budget CHARS\\)\\)$`,
      ),
    );
    assert.notEqual(verdictOf([high, low], "pdf")[0], "left_out");
    // In the last root already: only the rank and the budget are left.
    const [zip, last] = verdictOf([low, high], "zip");
    assert.equal(zip, "left_out");
    assert.match(
      last ?? "",
      /\(name it in the catalog's rank option, whose skills the budget takes from last; or raise the budget \(--budget CHARS\)\)$/,
    );
  });

  it("says which filter leaves it out", () => {
    const filterOf = (catalog: object) => {
      const served = skills.explain("pdf", { catalog }).candidates[0];
      return served?.verdict === "served" && served.catalog.verdict ===
          "filtered"
        ? served.catalog.filter
        : undefined;
    };
    assert.equal(filterOf({ exclude: ["p*"] }), "excluded");
    assert.equal(filterOf({ include: ["zip"] }), "not_included");
    assert.equal(filterOf({ scopes: ["workspace"] }), "scope");
    assert.equal(filterOf({ sources: ["codex"] }), "source");
  });
});

describe("explain(): near misses of a name not served", () => {
  it("finds names that differ in letter case or Unicode form, served or dropped", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("PDF"),
      "cafe/SKILL.md": manifest("cafe\u0301"),
      "Zip/SKILL.md": "---\nname: Zip\n---\n",
    });
    const { skills } = open([root]);
    assert.deepEqual(misses(skills.explain("pdf")), [
      ["other_form", join(root, "pdf/SKILL.md")],
    ]);
    assert.equal(skills.explain("pdf").nearMisses[0]?.name, "PDF");
    assert.deepEqual(misses(skills.explain("café")), [
      ["other_form", join(root, "cafe/SKILL.md")],
    ]);
    assert.deepEqual(misses(skills.explain("zip")), [
      ["other_form", join(root, "Zip/SKILL.md")],
    ]);
  });

  it("finds a name that differs by an invisible character, as a copy from a web page brings", () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf\u200b") });
    const { skills } = open([root]);
    const explanation = skills.explain("pdf");
    assert.deepEqual(misses(explanation), [
      ["other_form", join(root, "pdf/SKILL.md")],
    ]);
    assert.equal(explanation.nearMisses[0]?.name, "pdf\u200b");
    assert.match(explanation.nearMisses[0]?.message ?? "", /invisible/);
  });

  it("finds a name that differs by tag characters, a variation selector or a filler", () => {
    const tags = "pdf\u{E0069}\u{E0067}";
    const root = tree({
      "a/SKILL.md": manifest(tags),
      "b/SKILL.md": manifest("pdf\uFE0F"),
      "c/SKILL.md": manifest("pdf\u3164"),
    });
    const { skills } = open([root]);
    const explanation = skills.explain("pdf");
    // In the order of their names, code unit by code unit.
    assert.deepEqual(
      explanation.nearMisses.map((miss) => [miss.kind, miss.name]),
      [
        ["other_form", "pdf\u3164"],
        ["other_form", tags],
        ["other_form", "pdf\uFE0F"],
      ],
    );
  });

  it("does not call a shadowed skill with a warning a near miss that is not served", () => {
    const low = tree({ "pdf/SKILL.md": manifest("pdf", "Fill: forms.") });
    const high = tree({ "pdf/SKILL.md": manifest("pdf") });
    const { skills, warnings } = open([low, high]);
    assert.deepEqual(warnings.map((w) => w.code), ["yaml_repaired"]);
    assert.deepEqual(misses(skills.explain("PDF")), [
      ["other_form", join(high, "pdf/SKILL.md")],
    ]);
  });

  it("finds a plugin's skill of that name, and a directory whose skill is named otherwise", () => {
    const plugin = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "docs" }),
      "skills/pdf/SKILL.md": manifest("pdf"),
    });
    const plain = tree({ "zip/SKILL.md": manifest("archive") });
    const { skills } = open([{ path: plugin, kind: "plugins" }, plain]);
    const pdf = skills.explain("pdf");
    assert.deepEqual(misses(pdf), [
      ["plugin_skill", join(plugin, "skills/pdf/SKILL.md")],
    ]);
    assert.equal(pdf.nearMisses[0]?.name, "docs:pdf");
    const zip = skills.explain("zip");
    assert.deepEqual(misses(zip), [
      ["named_otherwise", join(plain, "zip/SKILL.md")],
    ]);
    assert.equal(zip.nearMisses[0]?.name, "archive");
  });

  it("finds a directory of that name without a manifest, and one whose skills are one level down", () => {
    const root = tree({
      "pdf/README.md": "no manifest here",
      "zip/zip-tools/SKILL.md": manifest("zip-tools"),
      "zip/other/SKILL.md": manifest("other"),
    });
    const { skills } = open([root]);
    assert.deepEqual(misses(skills.explain("pdf")), [
      ["no_manifest", join(root, "pdf")],
    ]);
    const zip = skills.explain("zip");
    assert.deepEqual(misses(zip), [["nested", join(root, "zip")]]);
    assert.match(zip.nearMisses[0]?.message ?? "", /2 skills one level down/);
  });

  it("finds a skill one level below a folder the root does not read below, and says the depth", () => {
    const root = tree({ "docs/pdf/SKILL.md": manifest("pdf") });
    const { skills } = open([root]);
    const explanation = skills.explain("pdf");
    assert.deepEqual(misses(explanation), [
      ["too_deep", join(root, "docs/pdf/SKILL.md")],
    ]);
    assert.match(explanation.nearMisses[0]?.message ?? "", /depth: 2/);
    const deeper = open([{ path: root, depth: 2 }]).skills.explain("pdf");
    assert.equal(deeper.candidates[0]?.verdict, "served");
    // In another letter case too; a directory without a manifest is none.
    const cased = tree({
      "docs/Zip/SKILL.md": manifest("zip"),
      "misc/zip/README.md": "no manifest",
    });
    assert.deepEqual(misses(open([cased]).skills.explain("zip")), [
      ["too_deep", join(cased, "docs/Zip/SKILL.md")],
    ]);
  });

  it("finds a skill three levels down in category folders, and says the depth and the folder to add", () => {
    const root = tree({
      "tools/docs/pdf/SKILL.md": manifest("pdf"),
      "tools/misc/zip/SKILL.md": manifest("zip"),
      "more/a/tar/SKILL.md": manifest("tar"),
      "more/b/gz/SKILL.md": manifest("gz"),
    });
    const explanation = open([root]).skills.explain("pdf");
    assert.deepEqual(misses(explanation), [
      ["too_deep", join(root, "tools/docs/pdf/SKILL.md")],
    ]);
    assert.equal(
      explanation.nearMisses[0]?.message,
      `${
        join(root, "tools/docs/pdf/SKILL.md")
      } is 3 levels below root ${root}, which reads one level: read the root with depth: 3 (--depth 3), or add ${
        join(root, "tools/docs")
      } as a root`,
    );
    const two = open([{ path: root, depth: 2 }]).skills.explain("PDF");
    assert.match(
      two.nearMisses[0]?.message ?? "",
      /which reads 2 levels: read the root with depth: 3 \(--depth 3\)/,
    );
    const three = open([{ path: root, depth: 3 }]).skills.explain("pdf");
    assert.equal(three.candidates[0]?.verdict, "served");
  });

  it("says to read dot-directories too for a skill one level below one", () => {
    const root = tree({ ".curated/pdf/SKILL.md": manifest("pdf") });
    const message = open([root]).skills.explain("pdf").nearMisses[0]?.message;
    assert.match(
      message ?? "",
      /depth: 2 and hidden: "read" \(--depth 2 --hidden\)/,
    );
    const read = open([{ path: root, depth: 2, hidden: "read" }]).skills;
    assert.equal(read.explain("pdf").candidates[0]?.verdict, "served");
  });

  it("finds skill.md where the root reads SKILL.md exactly, and a SKILL.md symlink it does not follow", () => {
    const root = tree({
      "pdf/skill.md": manifest("pdf"),
      "real/zip.md": manifest("zip"),
    });
    link(join(root, "real/zip.md"), join(root, "zip/SKILL.md"));
    const { skills } = open([{
      path: root,
      manifestName: "exact",
      manifestLinks: "ignore",
    }]);
    assert.deepEqual(misses(skills.explain("pdf")), [
      ["manifest_name", join(root, "pdf/skill.md")],
    ]);
    const zip = skills.explain("zip");
    assert.deepEqual(misses(zip), [[
      "manifest_link",
      join(root, "zip/SKILL.md"),
    ]]);
    assert.match(zip.nearMisses[0]?.message ?? "", /manifestLinks is "ignore"/);
  });

  it("finds a skill in a dot-directory a deeper scan skips, and a dot-directory of the name", () => {
    const root = tree({
      ".curated/pdf/SKILL.md": manifest("pdf"),
      "cats/.zip/SKILL.md": manifest("zip"),
    });
    const { skills } = open([{ path: root, depth: 3 }]);
    assert.deepEqual(misses(skills.explain("pdf")), [
      ["hidden", join(root, ".curated/pdf/SKILL.md")],
    ]);
    assert.deepEqual(misses(skills.explain("zip")), [
      ["hidden", join(root, "cats/.zip")],
    ]);
    assert.match(
      skills.explain("pdf").nearMisses[0]?.message ?? "",
      /hidden: "read"/,
    );
  });

  it("finds a symlink not followed, and one that cannot be followed", () => {
    const store = tree({ "pdf/SKILL.md": manifest("pdf") });
    const root = tree();
    link(join(store, "pdf"), join(root, "pdf"));
    link(join(store, "gone"), join(root, "zip"));
    const strictLinks = open([root], { followSymlinks: false }).skills;
    assert.deepEqual(misses(strictLinks.explain("pdf")), [
      ["link", join(root, "pdf")],
    ]);
    assert.match(
      strictLinks.explain("pdf").nearMisses[0]?.message ?? "",
      /followSymlinks is false/,
    );
    const followed = open([root]).skills;
    assert.equal(followed.explain("pdf").candidates[0]?.verdict, "served");
    assert.deepEqual(misses(followed.explain("zip")), [
      ["link", join(root, "zip")],
    ]);
  });

  it("finds a skill directory its plugin does not list", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "docs",
        skills: ["./skills/pdf"],
      }),
      "skills/pdf/SKILL.md": manifest("pdf"),
      "skills/zip/SKILL.md": manifest("zip"),
    });
    const { skills } = open([{ path: root, kind: "plugins" }]);
    assert.equal(skills.explain("docs:pdf").candidates[0]?.verdict, "served");
    assert.deepEqual(misses(skills.explain("docs:zip")), [
      ["not_in_plugin", join(root, "skills/zip")],
    ]);
  });

  it("does not call a directory unlisted by one plugin a near miss when another plugin serves it", () => {
    const root = tree({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        plugins: [
          {
            name: "docs",
            source: "./",
            strict: false,
            skills: ["./skills/pdf"],
          },
          {
            name: "misc",
            source: "./",
            strict: false,
            skills: ["./skills/zip"],
          },
        ],
      }),
      "skills/pdf/SKILL.md": manifest("pdf"),
      "skills/zip/SKILL.md": manifest("zip"),
      "skills/tar/SKILL.md": manifest("tar"),
    });
    const { skills } = open([{ path: root, kind: "plugins" }]);
    assert.deepEqual(misses(skills.explain("pdf")), [
      ["plugin_skill", join(root, "skills/pdf/SKILL.md")],
    ]);
    // No plugin lists tar: each says so.
    assert.deepEqual(misses(skills.explain("tar")), [
      ["not_in_plugin", join(root, "skills/tar")],
    ]);
  });

  it("suggests the served names a typo away, closest first, at most three", () => {
    const plugin = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "docs" }),
      "skills/pdf-filler/SKILL.md": manifest("pdf-filler"),
    });
    const root = tree({
      "pdf-forms/SKILL.md": manifest("pdf-forms"),
      "pdf-form2/SKILL.md": manifest("PDF-Form2"),
      "pdf-fonts/SKILL.md": manifest("pdf-fonts"),
      "pdf-fox/SKILL.md": manifest("pdf-fox"),
      "pdf-fo/SKILL.md": manifest("pdf-fo"),
      "zip/SKILL.md": manifest("zip"),
      "zz/SKILL.md": manifest("zz"),
    });
    const { skills } = open([root, { path: plugin, kind: "plugins" }]);
    const typo = skills.explain("pdf-form");
    assert.deepEqual(typo.nearMisses.map((m) => [m.kind, m.name]), [
      ["similar", "PDF-Form2"],
      ["similar", "pdf-forms"],
      ["similar", "pdf-fo"],
    ]);
    assert.equal(
      typo.nearMisses[1]?.message,
      `${
        join(root, "pdf-forms/SKILL.md")
      } is the skill "pdf-forms", a name close to "pdf-form": did you mean "pdf-forms"?`,
    );
    // A plugin's skill by its bare name; one edit for a short name, none for two letters.
    assert.deepEqual(
      skills.explain("pdf-filer").nearMisses.map((m) => [m.kind, m.name]),
      [["similar", "docs:pdf-filler"]],
    );
    assert.deepEqual(
      skills.explain("zap").nearMisses.map((m) => m.name),
      ["zip"],
    );
    assert.deepEqual(skills.explain("zop").nearMisses.map((m) => m.name), [
      "zip",
    ]);
    assert.deepEqual(skills.explain("za").nearMisses, []);
    assert.deepEqual(skills.explain("zipper").nearMisses, []);
  });

  it("gives no near misses for a served name, and none where nothing is near", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf"),
      "PDF/SKILL.md": manifest("PDF"),
    });
    const { skills } = open([root]);
    assert.deepEqual(skills.explain("pdf").nearMisses, []);
    const none = skills.explain("zip");
    assert.deepEqual([none.candidates, none.nearMisses], [[], []]);
  });
});

describe("explain(): the roots", () => {
  it("says which roots were read, missing, not directories, or a later root's directory", () => {
    const read = tree({ "pdf/SKILL.md": manifest("pdf") });
    const file = join(tree(), "file");
    writeFileSync(file, "not a directory");
    const missing = join(read, "nothing-here");
    const alias = join(tree(), "alias");
    link(read, alias);
    const plugins = join(read, "no-plugins-here");
    const { skills } = open([
      alias,
      read,
      missing,
      file,
      { path: plugins, kind: "plugins" },
    ]);
    assert.deepEqual(
      skills.explain("zip").roots.map((root) => [root.path, root.state]),
      [
        [alias, "same_as_later"],
        [read, "read"],
        [missing, "missing"],
        [file, "not_a_directory"],
        [plugins, "missing"],
      ],
    );
  });

  it("gives each root the warnings that are not one skill's", () => {
    const root = tree({ "loop/a/SKILL.md": manifest("a") });
    link(join(root, "loop"), join(root, "loop/again"));
    const { skills } = open([{ path: root, depth: 4 }]);
    const [explained] = skills.explain("zip").roots;
    assert.deepEqual(explained?.warnings.map((w) => w.code), ["symlink_loop"]);
  });
});
