// Every public options object refuses a key it does not take
// (src/_option_check.ts objectOptions), naming the function, the key and the
// closest key it takes.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  activationTool,
  claudeSkillRoots,
  codexSkillRoots,
  createAgentSkills,
  renderActivation,
  renderCatalog,
  resolveConfig,
  type SkillContent,
  StartupError,
} from "@clarvis/agent-skills";
import { checkSkills } from "@clarvis/agent-skills/check";
import { closestKey as closest } from "../src/_option_check.ts";
import { manifest, tempTrees } from "./_helpers.ts";

const tree = tempTrees();

/** Asserts `fn` throws StartupError invalid_option with exactly `message`. */
function refuses(fn: () => unknown, message: string): void {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof StartupError, `got ${error}`);
    assert.equal(error.code, "invalid_option");
    assert.equal(error.message, message);
    return true;
  });
}

/** Asserts `fn` throws StartupError invalid_option whose message includes each part. */
function refusesWith(fn: () => unknown, ...parts: string[]): void {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof StartupError, `got ${error}`);
    assert.equal(error.code, "invalid_option");
    for (const part of parts) {
      assert.ok(error.message.includes(part), `${error.message} ∌ ${part}`);
    }
    return true;
  });
}

// Options given as JavaScript would: any keys at all.
// deno-lint-ignore no-explicit-any
type Loose = any;

const content: SkillContent = {
  name: "pdf",
  description: "Fill PDF forms.",
  disableModelInvocation: false,
  scope: "user",
  source: "agents",
  root: "/skills",
  dir: "/skills/pdf",
  path: "/skills/pdf/SKILL.md",
  body: "Use it.",
  resources: [],
} as unknown as SkillContent;

describe("unknown options", () => {
  it("createAgentSkills refuses root (meant roots), naming it and the closest key", () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf") });
    refuses(
      () => createAgentSkills({ root: [root], home: root } as Loose),
      'createAgentSkills has no option "root": did you mean "roots"? Remove it or correct its name; the options are home, cwd, workspace, roots, strict, followSymlinks, maxManifestBytes, maxResourceEntries, maxResourceDepth, maxResourceBytes, lock, index, onWarning, trust',
    );
  });

  it("resolveConfig refuses a misspelt option, and one of a root", () => {
    refusesWith(
      () =>
        resolveConfig({ home: "/h", cwd: "/", folowSymlinks: false } as Loose),
      'resolveConfig has no option "folowSymlinks": did you mean "followSymlinks"?',
    );
    refuses(
      () =>
        resolveConfig({
          home: "/h",
          cwd: "/",
          roots: ["/a", { path: "/b", dept: 3 }],
        } as Loose),
      'resolveConfig has no option "dept" in "roots[1]": did you mean "depth"? Remove it or correct its name; "roots[1]" takes path, scope, source, depth, maxDirectories, hidden, manifestName, manifestLinks, ancestors, kind',
    );
  });

  it("names no closest key when none is near, and keeps letter case apart", () => {
    refusesWith(
      () => resolveConfig({ home: "/h", cwd: "/", colour: "red" } as Loose),
      'resolveConfig has no option "colour". Remove it',
    );
    refusesWith(
      () => resolveConfig({ home: "/h", cwd: "/", Strict: true } as Loose),
      'has no option "Strict": did you mean "strict"?',
    );
  });

  it("checkSkills refuses roots and points at paths", () => {
    refusesWith(
      () => checkSkills({ paths: ["/a"], roots: ["/b"] } as Loose),
      'checkSkills has no option "roots": did you mean "paths"?',
    );
    refusesWith(
      () => checkSkills({ paths: ["/a"], strict: true } as Loose),
      'checkSkills has no option "strict". Remove it',
    );
  });

  it("renderCatalog refuses budjet, and a key of its budget", () => {
    refusesWith(
      () => renderCatalog([], { budjet: { limit: 10 } } as Loose),
      'renderCatalog has no option "budjet": did you mean "budget"?',
    );
    refusesWith(
      () => renderCatalog([], { budget: { limit: 10, flor: 3 } } as Loose),
      'renderCatalog has no option "flor" in "budget": did you mean "floor"?',
      '"budget" takes limit, unit, countTokens, floor',
    );
  });

  it("renderActivation, activationTool, explain() and the presets refuse theirs", () => {
    refusesWith(
      () => renderActivation(content, { args: "a b" } as Loose),
      'renderActivation has no option "args"',
    );
    refusesWith(
      () => activationTool([], { toolName: "x" } as Loose),
      'activationTool has no option "toolName"',
    );
    refusesWith(
      () => claudeSkillRoots({ plugin: ["/p"] } as Loose),
      'claudeSkillRoots has no option "plugin": did you mean "plugins"?',
    );
    refusesWith(
      () => codexSkillRoots({ codex_home: "/c" } as Loose),
      'codexSkillRoots has no option "codex_home": did you mean "codexHome"?',
    );
    const root = tree({ "pdf/SKILL.md": manifest("pdf") });
    const skills = createAgentSkills({ roots: [root], home: root });
    refusesWith(
      () => skills.explain("pdf", { catalogue: {} } as Loose),
      'explain() has no option "catalogue": did you mean "catalog"?',
    );
    refusesWith(
      () => skills.explain("pdf", { catalog: { fromat: "json" } } as Loose),
      'explain() has no option "fromat" in "catalog": did you mean "format"?',
    );
    refusesWith(
      () =>
        skills.explain("pdf", {
          catalog: { budget: { limit: 9, limt: 9 } },
        } as Loose),
      'explain() has no option "limt" in "catalog.budget": did you mean "limit"?',
    );
  });

  it("takes every key it documents", () => {
    const root = tree({ "pdf/SKILL.md": manifest("pdf") });
    const skills = createAgentSkills({
      home: root,
      cwd: root,
      workspace: root,
      roots: [{
        path: root,
        scope: "s",
        source: "t",
        depth: 2,
        maxDirectories: 10,
        hidden: "skip",
        manifestName: "exact",
        manifestLinks: "follow",
        ancestors: false,
        kind: "skills",
      }],
      strict: false,
      followSymlinks: true,
      maxManifestBytes: 1000,
      maxResourceEntries: 10,
      maxResourceDepth: 2,
      maxResourceBytes: 100,
      onWarning: () => {},
    });
    const { text } = renderCatalog(skills.listSkills(), {
      format: "json",
      instructions: "tool",
      toolName: "t",
      include: ["*"],
      exclude: [],
      scopes: ["s"],
      sources: ["t"],
      userOnly: "include",
      descriptionCap: 100,
      budget: {
        limit: 10_000,
        unit: "tokens",
        countTokens: (t) => t.length,
        floor: 5,
      },
      rank: ["pdf"],
      precedence: [root],
      location: "absolute",
    });
    assert.ok(text.includes('"pdf"'));
    assert.equal(
      renderActivation(content, { arguments: "a", maxResources: 1 }).name,
      "pdf",
    );
    assert.equal(activationTool([content], { name: "x" })?.name, "x");
    assert.equal(claudeSkillRoots({ plugins: [] }).length, 2);
    assert.equal(
      codexSkillRoots({ codexHome: "/c", adminSkills: "/a" }).length,
      6,
    );
  });
});

describe("unknown options: hostile keys and objects", () => {
  it("refuses a symbol key, escaped", () => {
    refusesWith(
      () => renderCatalog([], { [Symbol("for\u001b[2J")]: 1 } as Loose),
      "renderCatalog has no option Symbol(for\\u001b[2J). Remove it",
    );
  });

  it("refuses an own __proto__ key, and an options object with a prototype of its own", () => {
    refusesWith(
      () => renderCatalog([], JSON.parse('{"__proto__": {"format": "json"}}')),
      'renderCatalog has no option "__proto__"',
    );
    refusesWith(
      () => renderCatalog([], { ["__proto__"]: 1 } as Loose),
      'renderCatalog has no option "__proto__"',
    );
    // The literal's __proto__ sets the prototype: its options would be inherited.
    refusesWith(
      () => resolveConfig({ __proto__: { root: ["/a"] }, home: "/h" } as Loose),
      "The options of resolveConfig must be a plain object",
    );
  });

  it("escapes a key that would act on a terminal, and cuts a huge one", () => {
    refusesWith(
      () => renderCatalog([], { "fo\u202ermat\n": "xml" } as Loose),
      'renderCatalog has no option "fo\\u202ermat\\n"',
    );
    const huge = "k".repeat(1_000_000);
    assert.throws(
      () => renderCatalog([], { [huge]: 1 } as Loose),
      (error) => {
        assert.ok(error instanceof StartupError);
        assert.equal(error.code, "invalid_option");
        assert.ok(error.message.includes(`"${"k".repeat(79)}…"`));
        assert.ok(error.message.length < 400);
        return true;
      },
    );
  });

  it("never runs the getter of a key it refuses, and reports one of a key it reads", () => {
    let ran = 0;
    const unknown = {
      get budjet(): unknown {
        ran++;
        throw new Error("boom");
      },
    };
    refusesWith(
      () => renderCatalog([], unknown as Loose),
      'renderCatalog has no option "budjet"',
    );
    assert.equal(ran, 0);
    refusesWith(
      () =>
        resolveConfig({
          home: "/h",
          get roots(): never {
            throw new Error("boom");
          },
        }),
      'Option "roots" could not be read (boom)',
    );
  });

  it("refuses non-plain objects: a class instance, a Map, an array", () => {
    class Options {
      format = "json";
    }
    for (
      const options of [
        new Options(),
        new Map([["format", "json"]]),
        new Date(0),
      ]
    ) {
      refusesWith(
        () => renderCatalog([], options as Loose),
        "The options of renderCatalog must be a plain object",
      );
    }
    refusesWith(
      () => renderCatalog([], ["format"] as Loose),
      "The options of renderCatalog must be an object, got an array",
    );
    refusesWith(
      () => resolveConfig({ home: "/h", roots: [new Map()] } as Loose),
      'Option "roots[0]" of resolveConfig must be a plain object',
    );
    // An object without a prototype is plain.
    const bare = Object.assign(Object.create(null), { format: "json" });
    assert.ok(renderCatalog([content], bare).text.includes('"name": "pdf"'));
  });

  it("reports a proxy whose traps throw, and a revoked one, as invalid_option", () => {
    const throwing = new Proxy({}, {
      ownKeys(): never {
        throw new Error("no keys");
      },
    });
    refusesWith(
      () => renderCatalog([], throwing),
      'Option "the options of renderCatalog" could not be read (no keys)',
    );
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    refusesWith(() => renderCatalog([], proxy), "could not be read");
  });

  it("does bounded work over 100,000 unknown keys: one list of keys, no value read", () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}`);
    const calls = new Map<string, number>();
    const count = (trap: string): void => {
      calls.set(trap, (calls.get(trap) ?? 0) + 1);
    };
    const proxy = new Proxy({}, {
      ownKeys: () => (count("ownKeys"), keys),
      getOwnPropertyDescriptor: () => (count("descriptor"), {
        value: 1,
        enumerable: true,
        configurable: true,
      }),
      get: () => (count("get"), undefined),
      getPrototypeOf: () => (count("getPrototypeOf"), Object.prototype),
    });
    refusesWith(
      () => renderCatalog([], proxy),
      'renderCatalog has no option "k0"',
    );
    assert.deepEqual(Object.fromEntries(calls), {
      getPrototypeOf: 1,
      ownKeys: 1,
    });
  });
});

describe("closest()", () => {
  it("finds the key one edit away, or the same but for letter case", () => {
    const known = ["roots", "home", "cwd", "workspace"];
    assert.equal(closest("root", known), "roots");
    assert.equal(closest("HOME", known), "home");
    assert.equal(closest("worksapce", known), "workspace");
    assert.equal(closest("xyz", known), undefined);
    assert.equal(closest("", known), undefined);
  });

  it("compares a huge key with no known key (bounded work)", () => {
    assert.equal(closest("r".repeat(10_000_000), ["roots"]), undefined);
  });
});
