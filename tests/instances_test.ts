// The package's entries (deno.json "exports": ".", "./cli", "./schema", …)
// are one library: a module two entries share is one instance, not a copy
// in each. The npm build bundles each entry into one file and puts the code
// entries share in shared chunks (scripts/_npm_bundle.ts); were a module
// copied into two entries instead, an error thrown through ./archive would
// not be `instanceof` the main entry's class, and a sink set with the main
// entry's `setWarnSink` would not hear what another entry warns. Under Deno
// the entries are the sources; under Node and Bun, the installed package.
//
// Each case takes its function from whichever entry exports it, so a
// function that moves to an entry of its own stays under test there.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import * as main from "@clarvis/agent-skills";

const PACKAGE = "@clarvis/agent-skills";

/** deno.json's export keys: ".", "./cli", … */
const EXPORT_KEYS = Object.keys(
  (JSON.parse(
    readFileSync(new URL("../deno.json", import.meta.url), "utf8"),
  ) as { exports: Record<string, string> }).exports,
);

/** Each entry's module, by its export key. */
const ENTRIES: ReadonlyMap<string, Record<string, unknown>> = new Map(
  await Promise.all(
    EXPORT_KEYS.map(async (key) =>
      [
        key,
        await import(key === "." ? PACKAGE : `${PACKAGE}${key.slice(1)}`),
      ] as const
    ),
  ),
);

/** The entries that export `name`. */
function exporters(name: string): string[] {
  return [...ENTRIES].filter(([, entry]) => name in entry).map(([key]) => key);
}

/**
 * The function the entries export as `name`, and the entry it is taken
 * from: the first that exports it other than the main entry, if any.
 */
function exported(name: string): {
  fn: (...args: unknown[]) => unknown;
  entry: string;
} {
  const keys = exporters(name);
  const entry = keys.find((key) => key !== ".") ?? keys[0];
  const fn = entry === undefined ? undefined : ENTRIES.get(entry)?.[name];
  assert.equal(typeof fn, "function", `no entry exports ${name}()`);
  return { fn: fn as (...args: unknown[]) => unknown, entry: entry ?? "" };
}

const temp = mkdtempSync("/tmp/agent-skills-entries-");
after(() => rmSync(temp, { recursive: true, force: true }));

/** A root of one good skill and one whose manifest is not YAML. */
function rootWithBrokenSkill(): string {
  const root = join(temp, "root");
  for (
    const [name, text] of [
      ["good", "---\nname: good\ndescription: A good skill.\n---\nbody\n"],
      ["broken", "---\nname: [broken\ndescription: x\n---\nbody\n"],
    ]
  ) {
    mkdirSync(join(root, name as string), { recursive: true });
    writeFileSync(join(root, name as string, "SKILL.md"), text as string);
  }
  return root;
}

describe("the package's entries", () => {
  it("are each a module of the package", () => {
    assert.ok(EXPORT_KEYS.includes("."), EXPORT_KEYS.join(", "));
    assert.ok(EXPORT_KEYS.length > 1, EXPORT_KEYS.join(", "));
    for (const [key, entry] of ENTRIES) {
      assert.ok(Object.keys(entry).length > 0, `${key} exports nothing`);
    }
  });

  it("give one value for a name that two of them export", () => {
    for (const name of new Set([...ENTRIES.values()].flatMap(Object.keys))) {
      const keys = exporters(name);
      const first = ENTRIES.get(keys[0] ?? ".")?.[name];
      for (const key of keys.slice(1)) {
        // ok(===), not equal(): a copy of a schema prints for pages.
        assert.ok(
          ENTRIES.get(key)?.[name] === first,
          `${name} of ${key} is not ${name} of ${keys[0]}`,
        );
      }
    }
  });

  it("throw the main entry's error classes", () => {
    const cases: Array<[string, unknown[], string]> = [
      ["readSkillArchive", [0], "invalid_option"],
      ["packSkill", [42], "invalid_option"],
      ["parseSkillLock", ["{"], "invalid_lock"],
      ["checkSkills", [{ notAnOption: 1 }], "invalid_option"],
      ["skillsListing", [{ prefix: 1 }], "invalid_option"],
    ];
    const crossing: string[] = [];
    for (const [name, args, code] of cases) {
      const { fn, entry } = exported(name);
      if (entry !== ".") crossing.push(`${entry} ${name}`);
      assert.throws(
        () => fn(...args),
        (error: unknown) => {
          assert.ok(
            error instanceof main.StartupError,
            `${name}() of ${entry} threw ${error}, not the main entry's StartupError`,
          );
          assert.ok(error instanceof Error);
          assert.equal(error.code, code, `${name}() of ${entry}`);
          return true;
        },
      );
    }
    // At least one case crosses from another entry to the main one.
    assert.ok(crossing.length > 0, "every case is of the main entry");
  });

  it("know the registries the main entry made: ./watch and ./check take them", () => {
    const root = rootWithBrokenSkill();
    const create = main.createAgentSkills;
    const skills = create({ roots: [root], home: temp, cwd: temp });
    const { fn: watch } = exported("watchSkills");
    const handle = watch(skills, { onChange: () => {} }) as {
      close(): void;
    };
    handle.close();
    const { fn: explain } = exported("explainHosts");
    const explained = explain(skills, "good", { hosts: ["codex"] }) as {
      candidates: Array<{ verdicts?: unknown[] }>;
    };
    assert.equal(explained.candidates[0]?.verdicts?.length, 1);
  });

  it("report to the warn sink set through the main entry", () => {
    const root = rootWithBrokenSkill();
    const heard: string[] = [];
    main.setWarnSink((warning) =>
      heard.push(`${warning.code} ${warning.path}`)
    );
    try {
      const { fn: create, entry } = exported("createSkillLock");
      create({ roots: [root], home: temp, cwd: temp });
      assert.deepEqual(
        heard,
        [`invalid_skill ${join(root, "broken", "SKILL.md")}`],
        `createSkillLock() of ${entry}`,
      );
    } finally {
      main.setWarnSink(null);
    }
  });
});
