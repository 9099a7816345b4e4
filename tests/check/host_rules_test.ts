// The host profiles: checkSkills({ hosts }), hostListing(), explain({ hosts })
// and `check --host` / `why --host`. Each rule's expectation cites where the
// host does what the rule says (docs/hosts.md has the same table):
// - Codex: openai/codex codex-rs/core-skills/src/loader.rs (033d1d07):
//   MAX_NAME_LEN 64 and MAX_DESCRIPTION_LEN 1024 checked by validate_len on
//   chars().count() after sanitize_single_line (split_whitespace joined by
//   " "), for name, description and metadata.short-description, an Err that
//   skips the skill; extract_frontmatter wants a first line whose trim() is
//   "---" (a BOM is not white space in Rust); discover_skills_under_root
//   skips names starting with "." and enqueues to MAX_SCAN_DEPTH 6.
// - Gemini CLI: google-gemini/gemini-cli packages/core/src/skills/
//   skillLoader.ts (5411f113): glob ['SKILL.md', '*/SKILL.md'] (no dot
//   option); FRONTMATTER_REGEX /^---\r?\n/ on fs.readFile utf-8, which keeps
//   a BOM; parseFrontmatter returns only name and description; the name's
//   /[:\\/<>*?"|]/g become '-'.
// - Reference validator: agentskills/agentskills skills-ref validator.py
//   (69ef37e9): ALLOWED_FIELDS and "Unexpected fields in frontmatter";
//   parser.py: content.startswith("---") on read_text(), which keeps a BOM.
// - claude.ai upload: anthropics/claude-code#24826 ("unexpected key in
//   SKILL.md frontmatter: properties must be in ('name', 'description',
//   'license', 'allowed-tools', 'compatibility', 'metadata')");
//   anthropics/skills skills/skill-creator/scripts/quick_validate.py
//   (9d2f1ae1): ALLOWED_PROPERTIES, name ^[a-z0-9-]+$, no < or > in the
//   description; the reserved words from the tracker only
//   (alirezarezvani/claude-code-skill-factory#1029).
// - Claude Code: anthropics/claude-code CHANGELOG.md (5cfc0a19): 2.1.105
//   "raised the listing cap from 250 to 1,536 characters"; 2.1.239 "Fixed
//   agents, skills, and commands whose .md file starts with a UTF-8 BOM being
//   silently ignored".

import { checkSkillArchive, packSkill } from "@clarvis/agent-skills/archive";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createAgentSkills,
  SkillError,
  type SkillInfo,
  StartupError,
} from "@clarvis/agent-skills";
import {
  checkSkills,
  type CheckSkillsOptions,
  explainHosts,
  HOST_NAMES,
  HOST_RULES,
  hostListing,
  type HostName,
  type SkillDiagnostic,
} from "@clarvis/agent-skills/check";
import { manifest, runMain, tempTrees } from "../_helpers.ts";

const FIXTURES = fileURLToPath(
  new URL("../../fixtures/hosts", import.meta.url),
);
const tree = tempTrees();

/** fixtures/hosts as a root read 8 levels deep, dot-directories included. */
function fixtureCheck(
  hosts?: readonly HostName[],
): ReturnType<typeof checkSkills> {
  const options: CheckSkillsOptions = {
    paths: [{ path: FIXTURES, depth: 8, hidden: "read" }],
    home: "/nonexistent-home",
  };
  return checkSkills(hosts === undefined ? options : { ...options, hosts });
}

/** Each rule, the fixture that breaks it, and where the host does so. */
const EXPECTED: ReadonlyArray<[code: string, dir: string, cites: string]> = [
  ["claude_ai_field", "extra-field", "claude-code#24826, quick_validate.py"],
  ["claude_ai_reserved_name", "claude-helper", "tracker: skill-factory#1029"],
  ["claude_ai_name_characters", "données", "quick_validate.py ^[a-z0-9-]+$"],
  ["claude_ai_angle_brackets", "angle-brackets", "quick_validate.py"],
  ["claude_code_listing_cut", "listing-cut", "CHANGELOG 2.1.105"],
  ["claude_code_bom", "bom", "CHANGELOG 2.1.239"],
  ["codex_name_length", "a".repeat(65), "loader.rs MAX_NAME_LEN"],
  ["codex_description_length", "codex-description-length", "loader.rs"],
  ["codex_short_description_length", "codex-short-description", "loader.rs"],
  ["codex_whitespace", "codex-whitespace", "loader.rs sanitize_single_line"],
  ["codex_bom", "bom", "loader.rs extract_frontmatter"],
  ["codex_hidden", "deeper/.hidden/codex-hidden", "loader.rs starts_with('.')"],
  ["codex_depth", "deeper/1/2/3/4/5/6/codex-depth", "loader.rs MAX_SCAN_DEPTH"],
  ["gemini_name_characters", "gemini-name", "skillLoader.ts sanitizedName"],
  ["gemini_bom", "bom", "skillLoader.ts FRONTMATTER_REGEX"],
  [
    "gemini_fence",
    "gemini-fence",
    "skillLoader.ts FRONTMATTER_REGEX ^---\\r?\\n",
  ],
  ["gemini_not_found", "deeper/1/2/3/4/5/6/codex-depth", "skillLoader.ts glob"],
  ["gemini_fields", "gemini-fields", "skillLoader.ts parseFrontmatter"],
  ["spec_field", "extra-field", "validator.py ALLOWED_FIELDS"],
  ["spec_bom", "bom", "parser.py startswith('---')"],
  ["spec_yaml", "spec-yaml", "parser.py strictyaml.load"],
  [
    "spec_description_length",
    "spec-description-padded",
    "validator.py len(description), unstripped",
  ],
  ["claude_ai_fence", "gemini-fence", "quick_validate.py ^---\\n"],
  ["claude_ai_fence", "bom", "quick_validate.py startswith('---')"],
];

function hostOnly(diagnostics: readonly SkillDiagnostic[]): SkillDiagnostic[] {
  return diagnostics.filter((d) => d.host !== undefined);
}

describe("checkSkills({ hosts })", () => {
  it("finds each host rule in its fixture, naming the host and the source", () => {
    const { diagnostics } = fixtureCheck(HOST_NAMES);
    for (const [code, dir, cites] of EXPECTED) {
      const rule = HOST_RULES.find((rule) => rule.code === code);
      assert.ok(rule !== undefined, code);
      const path = join(FIXTURES, dir, "SKILL.md");
      const found = diagnostics.find((d) => d.code === code && d.path === path);
      assert.ok(found !== undefined, `${code} at ${dir} (${cites})`);
      assert.equal(found.host, rule.host);
      assert.equal(found.source, rule.source);
      assert.equal(found.severity, rule.severity);
      assert.ok(found.message.startsWith(`${rule.host}: `), found.message);
    }
    // The archive rule, on a fixture packed flat (claude.ai takes one top
    // folder: claude-code#92902).
    const flat = packSkill(join(FIXTURES, "gemini-fields"), { layout: "flat" });
    const archived = checkSkillArchive(flat, {
      name: "gemini-fields.skill",
      hosts: ["claude-ai"],
    }).diagnostics.find((d) => d.code === "claude_ai_archive_layout");
    const layoutRule = HOST_RULES.find((rule) =>
      rule.code === "claude_ai_archive_layout"
    );
    assert.equal(archived?.source, layoutRule?.source);
    assert.equal(archived?.severity, "error");
    assert.equal(archived?.path, "gemini-fields.skill!/SKILL.md");
    // Every rule has its fixture, and every rule names a source.
    assert.deepEqual(
      new Set(HOST_RULES.map((rule) => rule.code)),
      new Set([...EXPECTED.map(([code]) => code), "claude_ai_archive_layout"]),
    );
    for (const rule of HOST_RULES) assert.ok(rule.source.length > 0);
  });

  it("adds only the host diagnostics to what check says without hosts", () => {
    const without = fixtureCheck();
    const all = fixtureCheck(HOST_NAMES);
    assert.deepEqual(hostOnly(without.diagnostics), []);
    assert.deepEqual(
      all.diagnostics.filter((d) => d.host === undefined),
      without.diagnostics,
    );
    assert.deepEqual(all.skills, without.skills);
  });

  it("holds a skill to the hosts asked for only, each once", () => {
    const codex = fixtureCheck(["codex"]);
    const twice = fixtureCheck(["codex", "codex"]);
    assert.ok(hostOnly(codex.diagnostics).length > 0);
    assert.ok(hostOnly(codex.diagnostics).every((d) => d.host === "codex"));
    assert.deepEqual(twice.diagnostics, codex.diagnostics);
  });

  it("refuses what is not a list of host names with invalid_option", () => {
    for (
      const hosts of [["codx"], "codex", [undefined], ["all"], [42], {}, null]
    ) {
      assert.throws(
        () =>
          checkSkills({
            paths: [FIXTURES],
            home: "/nonexistent-home",
            hosts: hosts as unknown as HostName[],
          }),
        (error: unknown) =>
          error instanceof StartupError && error.code === "invalid_option" &&
          error.message.includes('Option "hosts" of checkSkills'),
        JSON.stringify(hosts),
      );
    }
  });
});

/** A skill's info with only the fields a listing reads. */
function info(
  name: string,
  description: string,
  metadata: Record<string, string> = {},
): SkillInfo {
  return { name, description, metadata } as unknown as SkillInfo;
}

describe("hostListing()", () => {
  it("joins when_to_use to the description for Claude Code and cuts at 1,536", () => {
    const listing = hostListing(
      info("s", "d".repeat(1000), { when_to_use: "w".repeat(600) }),
      "claude-code",
    );
    assert.equal(listing.description.length, 1536);
    assert.ok(listing.description.startsWith(`${"d".repeat(1000)} - w`));
    assert.deepEqual(listing.changes, [
      "listing cut from 1603 to 1536 characters",
    ]);
    const short = hostListing(info("s", "Short."), "claude-code");
    assert.deepEqual(short, {
      host: "claude-code",
      name: "s",
      description: "Short.",
      changes: [],
    });
  });

  it("cuts by code points, never inside a surrogate pair", () => {
    const listing = hostListing(info("s", "😀".repeat(2000)), "claude-code");
    assert.equal(Array.from(listing.description).length, 1536);
    assert.ok(!/\p{Cs}/u.test(listing.description));
  });

  it("collapses white space for Codex, as split_whitespace does", () => {
    const listing = hostListing(
      info("s", "One\n  two\tthree\u3000four\uFEFF"),
      "codex",
    );
    // U+FEFF is not White_Space in Rust: it stays.
    assert.equal(listing.description, "One two three four\uFEFF");
    assert.equal(listing.changes.length, 1);
  });

  it('replaces :\\/<>*?"| in a name with - for Gemini CLI', () => {
    const listing = hostListing(info('a:b\\c/d<e>f*g?h"i|j', "D."), "gemini");
    assert.equal(listing.name, "a-b-c-d-e-f-g-h-i-j");
    assert.equal(listing.changes.length, 1);
  });

  it("leaves the skill as it is for claude-ai and spec", () => {
    for (const host of ["claude-ai", "spec"] as const) {
      const listing = hostListing(info("s", "A\n b"), host);
      assert.equal(listing.description, "A\n b");
      assert.deepEqual(listing.changes, []);
    }
  });
});

describe("explain({ hosts })", () => {
  it("gives the served candidate each host's listing, and none without the option", () => {
    const root = tree({
      "pdf/SKILL.md": manifest("pdf", '"Fill\\n  PDF forms."'),
    });
    const skills = createAgentSkills({ roots: [root], home: root });
    const [served] = explainHosts(skills, "pdf", { hosts: ["codex", "gemini"] })
      .candidates;
    assert.equal(served?.verdict, "served");
    if (served?.verdict !== "served") return;
    assert.deepEqual(served.listings?.map((l) => [l.host, l.description]), [
      ["codex", "Fill PDF forms."],
      ["gemini", "Fill\n  PDF forms."],
    ]);
    const [plain] = skills.explain("pdf").candidates;
    assert.ok(plain !== undefined && !("listings" in plain));
    assert.throws(
      () => explainHosts(skills, "pdf", { hosts: ["nope" as HostName] }),
      (error: unknown) =>
        error instanceof StartupError && error.code === "invalid_option",
    );
  });

  it("is explainHosts() of ./check: the core's explain() takes no hosts, and explainHosts() only a registry", () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf") });
    const skills = createAgentSkills({ roots: [root], home: root });
    assert.throws(
      // @ts-expect-error: hosts are ./check's
      () => skills.explain("pdf", { hosts: ["codex"] }),
      (error: unknown) =>
        error instanceof StartupError && error.code === "invalid_option" &&
        error.message.includes('"hosts"'),
    );
    for (const fake of [undefined, { ...skills }, new Proxy(skills, {})]) {
      assert.throws(
        () => explainHosts(fake as typeof skills, "pdf", { hosts: ["codex"] }),
        (error: unknown) =>
          error instanceof SkillError && error.code === "invalid_input",
      );
    }
    // A name not served: no verdicts, the near misses as explain() gives.
    const missing = explainHosts(skills, "pfd", { hosts: ["codex"] });
    assert.deepEqual(missing, skills.explain("pfd"));
  });
});

describe("check --host and why --host", () => {
  const args = [
    "--root",
    FIXTURES,
    "--depth",
    "8",
    "--hidden",
    "--home",
    "/nonexistent-home",
  ];
  const run = async (more: string[]) =>
    await runMain(["check", ...args, ...more], { columns: 80, cwd: "/" });

  it("carries the host diagnostics in every format", async () => {
    const text = await run(["--host", "codex"]);
    assert.equal(text.code, 1);
    assert.match(text.out, /codex_depth: codex: /);
    const json = JSON.parse((await run(["--host", "codex", "--json"])).out) as {
      hosts: Record<string, { error: number }>;
      diagnostics: SkillDiagnostic[];
    };
    assert.deepEqual(Object.keys(json.hosts), ["codex"]);
    assert.equal(json.hosts["codex"]?.error, 6);
    assert.ok(json.diagnostics.some((d) => d.source?.includes("loader.rs")));
    const github = (await run(["--host", "gemini", "--format", "github"])).out;
    assert.match(github, /::error file=[^\n]*title=gemini_not_found::gemini: /);
    const sarif = JSON.parse(
      (await run(["--host", "spec", "--format", "sarif"])).out,
    );
    const rules = sarif.runs[0].tool.driver.rules as Array<
      { id: string; shortDescription: { text: string } }
    >;
    const spec = rules.find((rule) => rule.id === "spec_field");
    assert.match(spec?.shortDescription.text ?? "", /validator\.py/);
  });

  it("leaves the output as it was without --host", async () => {
    const json = JSON.parse((await run(["--json"])).out) as Record<
      string,
      unknown
    >;
    assert.ok(!("hosts" in json));
    assert.equal((await run([])).out.includes("claude-code"), false);
  });

  it("prints one table of skills by host for --host all", async () => {
    const { out } = await run(["--host", "all"]);
    assert.match(out, /^skill +claude-code +codex +claude-ai +gemini +spec$/m);
    assert.match(out, /^bom +1N +1E +1E +1E +1E$/m);
    assert.match(out, /^all skills +/m);
  });

  it("counts a host given twice once, and all with others as all", async () => {
    assert.deepEqual(
      (await run(["--host", "codex", "--host", "codex", "--json"])).out,
      (await run(["--host", "codex", "--json"])).out,
    );
    assert.deepEqual(
      (await run(["--host", "all", "--host", "codex", "--json"])).out,
      (await run(["--host", "all", "--json"])).out,
    );
  });

  it("refuses an unknown host as a usage error (exit 2)", async () => {
    const text = await run(["--host", "codx"]);
    assert.equal(text.code, 2);
    assert.match(text.err, /unknown host "codx" \(did you mean codex\?\)/);
    const json = await run(["--host", "\x1b[2Jx", "--json"]);
    assert.equal(json.code, 2);
    assert.equal(
      (JSON.parse(json.out) as { error: { code: string } }).error.code,
      "usage",
    );
    const why = await runMain(["why", "x", ...args, "--host", ""], {
      columns: 80,
      cwd: "/",
    });
    assert.equal(why.code, 2);
    assert.match(why.err, /unknown host ""/);
  });

  it("says in why --host what each host lists", async () => {
    const { code, out } = await runMain(
      ["why", "pdf*forms", ...args, "--host", "gemini", "--host", "codex"],
      { columns: 80, cwd: "/" },
    );
    assert.equal(code, 0);
    assert.match(out, /^ {2}codex lists "pdf\*forms": A name with a star\.$/m);
    assert.match(out, /^ {2}gemini lists "pdf-forms": A name with a star\.$/m);
    assert.match(out, /name "pdf\*forms" shown as "pdf-forms"/);
  });
});

describe("check --host and why --host on hostile skills", () => {
  /** Controls, bidi, zero-width, tag and separator characters. */
  const RAW = "\x1b[2J\x07\u009b\u202e\x7f\r\u200b\u{E0041}\u2028";
  const YAML = "\\e[2J\\a\\u009b\\u202e\\x7f\\r\\u200b\\U000E0041\\u2028";
  const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

  function assertSafe(text: string): void {
    for (const line of text.split("\n")) {
      assert.ok(!UNSAFE.test(line), JSON.stringify(line));
    }
  }

  it("never prints a raw control or invisible character", async () => {
    const root = tree({
      [`e${RAW}/SKILL.md`]: manifest(
        `"evil${YAML}|x"`,
        `"Desc ${YAML}<b>\\n  more"`,
        { extra: `when_to_use: "w${YAML}"\n` },
      ),
    });
    const base = ["--root", root, "--home", "/nonexistent-home"];
    for (const format of ["text", "json", "github", "sarif"]) {
      const { code, out, err } = await runMain(
        ["check", ...base, "--host", "all", "--format", format],
        { columns: 80, cwd: "/" },
      );
      assert.equal(code, 1, format);
      assertSafe(out);
      assertSafe(err);
    }
    const { out } = await runMain(["check", ...base, "--host", "all"], {
      columns: 80,
      cwd: "/",
    });
    assert.match(out, /claude_ai_angle_brackets/);
    const name = `evil${RAW}|x`;
    const why = await runMain(["why", name, ...base, "--host", "all"], {
      columns: 80,
      cwd: "/",
    });
    assert.equal(why.code, 0);
    assertSafe(why.out);
    assertSafe(why.err);
    assert.match(why.out, /gemini lists "evil/);
  });

  it("takes a 1 MB description, and why shows 200 characters of it", async () => {
    const description = "d".repeat(1_000_000);
    const root = tree({
      "big/SKILL.md": manifest("big", description),
    });
    const base = ["--root", root, "--home", "/nonexistent-home"];
    const report = checkSkills({
      paths: [root],
      home: "/nonexistent-home",
      hosts: HOST_NAMES,
    });
    assert.deepEqual(
      hostOnly(report.diagnostics).map((d) => d.code).sort(),
      ["claude_code_listing_cut", "codex_description_length"],
    );
    const why = await runMain(
      ["why", "big", ...base, "--host", "claude-code"],
      {
        columns: 80,
        cwd: "/",
      },
    );
    const line = why.out.split("\n").find((l) => l.includes("lists")) ?? "";
    assert.ok(line.length < 260, `${line.length}`);
    assert.match(why.out, /listing cut from 1000000 to 1536 characters/);
  });
});
