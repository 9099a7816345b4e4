// agent-skills --index FILE across processes: a second process reads no
// manifest that did not change (on the real clock, past the racy window),
// and processes racing on one FILE never leave it half written. Each run is
// a subprocess (`deno run --allow-read --allow-write cli.ts` under Deno, the
// installed package's bin under Node and Bun).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { manifest, tempTrees } from "../../_helpers.ts";
import { runScript, runScriptWithin, RUNTIME } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const tree = tempTrees();

/** The CLI's entry: cli.ts under Deno, the installed package's bin elsewhere. */
const ENTRY = RUNTIME === "deno"
  ? join(ROOT, "cli.ts")
  : join(ROOT, "node_modules", "@clarvis", "agent-skills", "esm", "bin.cjs");

const FLAGS = {
  deno: [
    "--allow-read",
    "--allow-write",
    `--config=${join(ROOT, "deno.json")}`,
  ],
  node: [],
};

/** A store of `count` skills, and a cache folder beside it. */
function store(count: number): string {
  const files: Record<string, string> = { "cache/.keep": "" };
  for (let i = 0; i < count; i++) {
    files[`skills/skill-${i}/SKILL.md`] = manifest(
      `skill-${i}`,
      `Skill number ${i}, with a description long enough to make the index a file of some size.`,
    );
  }
  return tree(files);
}

describe("agent-skills --index FILE, run after run", () => {
  it("a second process lists what FILE says of every manifest that did not change", async () => {
    const cwd = store(3);
    // Past the racy window on the real clock, so the first run keeps them.
    await new Promise((done) => setTimeout(done, 2_100));
    const args = [
      "list",
      "skills",
      "--json",
      "--home",
      cwd,
      "--index",
      "cache/i.json",
    ];
    const first = runScript(ENTRY, args, { ...FLAGS, cwd });
    assert.equal(first.code, 0, first.stderr);
    const file = join(cwd, "cache", "i.json");
    const index = JSON.parse(readFileSync(file, "utf8"));
    assert.equal(index.skills.length, 3);
    for (const entry of index.skills) entry.info.description = "FORGED";
    writeFileSync(file, JSON.stringify(index));
    const second = runScript(ENTRY, args, { ...FLAGS, cwd });
    assert.equal(second.code, 0, second.stderr);
    const listed = JSON.parse(second.stdout).skills;
    assert.deepEqual(
      listed.map((skill: { description: string }) => skill.description),
      ["FORGED", "FORGED", "FORGED"],
    );
  });
});

describe("agent-skills --index FILE, processes racing on it", () => {
  it("never leaves FILE half written, nor a temporary file beside it", async () => {
    const cwd = store(300);
    // Past the racy window: each index holds the 300 skills (a large file).
    await new Promise((done) => setTimeout(done, 2_100));
    const file = join(cwd, "cache", "i.json");
    // Each cap makes an index the others refuse: every run writes FILE.
    const caps = ["100000", "100001", "100002"];
    const deadline = Date.now() + 120_000;
    let reads = 0;
    const seen = new Set<number>();
    for (let round = 0; round < 3; round++) {
      let running = true;
      const runs = Promise.all(caps.map((cap) =>
        runScriptWithin(
          ENTRY,
          [
            "list",
            "skills",
            "--json",
            "--home",
            cwd,
            "--max-manifest-bytes",
            cap,
            "--index",
            "cache/i.json",
          ],
          { ...FLAGS, cwd },
          60_000,
        )
      )).finally(() => (running = false));
      while (running) {
        assert.ok(
          Date.now() < deadline,
          "the racing runs did not finish in time",
        );
        if (existsSync(file)) {
          // Whole, whichever run wrote it last.
          const index = JSON.parse(readFileSync(file, "utf8"));
          assert.equal(index.skills.length, 300);
          seen.add(index.settings.maxManifestBytes);
          reads++;
        }
        await new Promise((done) => setTimeout(done, 1));
      }
      for (const result of await runs) {
        assert.equal(result.timedOut, false);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(JSON.parse(result.stdout).skills.length, 300);
      }
    }
    // The file was there to read while runs wrote it.
    assert.ok(reads > 0 && seen.size > 0, `${reads} reads`);
    assert.deepEqual(readdirSync(join(cwd, "cache")).sort(), [
      ".keep",
      "i.json",
    ]);
    const last = JSON.parse(readFileSync(file, "utf8"));
    assert.ok(caps.includes(String(last.settings.maxManifestBytes)));
  });
});
