// A kept index handed over as the host's own objects rather than parsed
// JSON: an accessor that throws, a proxy whose traps throw, a revoked proxy
// (refused as a whole, `index_refused`, never a raw error out of
// `createAgentSkills`). An index that is taken is the registry's: its
// metadata, tools and findings (each of them) are frozen, as those read
// from disk are.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  createAgentSkills,
  type SkillIndex,
  StartupError,
} from "@clarvis/agent-skills";
import { manifest, tempTrees } from "../_helpers.ts";
import { entries, keptIndex, over } from "./_index_forge.ts";

const tree = tempTrees();

/** Two roots, three skills; one lists tools and one needed a repair (none under `strict`). */
function base(strict = false): string {
  return tree({
    "a/one/SKILL.md": manifest("one", "One.", {
      extra: "metadata:\n  team: core\n  tags:\n    - a\n    - b\n" +
        "allowed-tools: Read Grep\n",
    }),
    "a/two/SKILL.md": strict
      ? manifest("two", "Two.")
      : "---\nname: two\ndescription: Two: a colon.\n---\nBody.\n",
    "b/three/SKILL.md": manifest("three", "Three."),
  });
}

/** Objects of `index` a host could mutate: each entry's metadata (deep), tools and findings. */
function hostObjects(index: SkillIndex): object[] {
  const found: object[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    found.push(value);
    for (const item of Object.values(value)) walk(item);
  };
  for (const entry of entries(index)) {
    walk(entry.info["metadata"]);
    walk(entry.info["allowedTools"]);
    walk(entry.repairs);
  }
  return found;
}

/** Starts over `root` from `index`: the index_refused warnings, and the names served. */
function startFrom(root: string, index: unknown): {
  refused: string[];
  names: string[];
} {
  const { options, warnings } = over(root);
  const skills = createAgentSkills({ ...options, index: index as SkillIndex });
  return {
    refused: warnings.filter((w) => w.code === "index_refused")
      .map((w) => w.message),
    names: skills.listSkills().map((info) => info.name),
  };
}

const ALL = ["one", "three", "two"];

describe("an index of the host's objects whose reading throws", () => {
  const boom = (): never => {
    throw new Error("the host's getter");
  };
  const cases: [string, (index: SkillIndex) => unknown][] = [
    [
      "an accessor on the index that throws",
      (index) =>
        Object.defineProperty({ ...index }, "skills", {
          get: boom,
          enumerable: true,
        }),
    ],
    ["an accessor on an entry that throws", (index) => {
      const first = entries(index)[0] as object;
      Object.defineProperty(first, "body", { get: boom, enumerable: true });
      return index;
    }],
    ["an accessor deep in metadata that throws", (index) => {
      const metadata = entries(index)[0]?.info["metadata"] as object;
      Object.defineProperty(metadata, "team", { get: boom, enumerable: true });
      return index;
    }],
    [
      "a proxy whose getPrototypeOf trap throws",
      (index) => new Proxy(index, { getPrototypeOf: boom }),
    ],
    ["an entry that is a proxy whose ownKeys trap throws", (index) => {
      const list = entries(index) as unknown[];
      list[1] = new Proxy(list[1] as object, { ownKeys: boom });
      return index;
    }],
    ["an entry that is a revoked proxy", (index) => {
      const list = entries(index) as unknown[];
      const { proxy, revoke } = Proxy.revocable(list[0] as object, {});
      revoke();
      list[0] = proxy;
      return index;
    }],
    ["skills that are a revoked proxy of a list", (index) => {
      const { proxy, revoke } = Proxy.revocable(entries(index), {});
      revoke();
      return { ...index, skills: proxy };
    }],
  ];
  for (const [what, make] of cases) {
    it(`${what}: index_refused, every manifest read`, () => {
      const root = base();
      const index = make(keptIndex(over(root).options));
      const { refused, names } = startFrom(root, index);
      assert.equal(refused.length, 1, what);
      assert.match(refused[0] ?? "", /reading it threw/);
      assert.doesNotMatch(refused[0] ?? "", /the host's getter/);
      assert.deepEqual(names, ALL);
    });
    it(`${what}: under strict, a StartupError invalid_index`, () => {
      const root = base(true);
      const index = make(keptIndex(over(root, { strict: true }).options));
      const { options } = over(root, { strict: true });
      assert.throws(
        () => createAgentSkills({ ...options, index: index as SkillIndex }),
        (error: unknown) =>
          error instanceof StartupError && error.code === "invalid_index",
      );
    });
  }
});

describe("what a start does to the objects of the index it is given", () => {
  it("a taken index is the registry's: its metadata, tools and findings are frozen", () => {
    const root = base();
    const index = keptIndex(over(root).options);
    const objects = hostObjects(index);
    const repaired = entries(index).find((entry) => entry.repairs?.length);
    assert.ok(repaired?.repairs?.[0], "a repaired skill's findings are kept");
    assert.ok(objects.includes(repaired.repairs[0]));
    const { options } = over(root);
    const skills = createAgentSkills({ ...options, index });
    assert.equal(skills.listSkills().length, 3);
    assert.deepEqual(objects.filter((value) => !Object.isFrozen(value)), []);
    const one = skills.listSkills().find((info) => info.name === "one");
    assert.ok(Object.isFrozen(one?.metadata));
    assert.ok(Object.isFrozen(one?.allowedTools));
  });
});
