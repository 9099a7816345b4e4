// The digests of a skill lock (src/_digest.ts, src/lock/): the test vectors
// of docs/integrity.md, recomputed by a second implementation written here
// (WebCrypto, and an order by UTF-8 bytes), and what a file, a symlink, an
// empty directory and a name count as.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import {
  createSkillLock,
  formatSkillLock,
  type LockedSkill,
  parseSkillLock,
} from "@clarvis/agent-skills/lock";
import {
  link,
  manifest,
  options,
  seededRandom,
  tempTrees,
} from "../_helpers.ts";
import { isDigest, unlockablePath } from "../../src/lock/_digest.ts";
import { comparePaths } from "../../src/_path_order.ts";
import { VECTOR_DIGEST, VECTOR_FILES } from "./_lock_vector.ts";

const tree = tempTrees();

/**
 * A second implementation of the skill digest, from the rules of
 * docs/integrity.md alone: every regular file below `dir` (no symlink in
 * the trees it is given), its path's UTF-8 bytes for the order, WebCrypto
 * for SHA-256.
 */
async function independentDigest(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel === "" ? name : `${rel}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk("");
  const encoder = new TextEncoder();
  files.sort((a, b) => {
    const x = encoder.encode(a);
    const y = encoder.encode(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    }
    return x.length - y.length;
  });
  const hex = async (bytes: Uint8Array): Promise<string> =>
    Array.from(
      new Uint8Array(
        await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)),
      ),
      (byte) => byte.toString(16).padStart(2, "0"),
    ).join("");
  let list = "";
  for (const file of files) {
    list += `${await hex(readFileSync(join(dir, file)))}  ${file}\n`;
  }
  return `sha256:${await hex(encoder.encode(list))}`;
}

function lockOf(root: string): LockedSkill[] {
  const { options: opts } = options(root);
  const { lock, problems } = createSkillLock(opts);
  assert.deepEqual(problems, []);
  return [...lock.skills];
}

describe("the skill digest", () => {
  it("is the test vector of docs/integrity.md", async () => {
    const root = tree(VECTOR_FILES);
    const [demo] = lockOf(root);
    assert.equal(demo?.digest, VECTOR_DIGEST);
    assert.equal(await independentDigest(join(root, "demo")), VECTOR_DIGEST);
  });

  it("is what the table of docs/integrity.md says, file by file", () => {
    const text = readFileSync(
      new URL("../../docs/integrity.md", import.meta.url),
      "utf8",
    );
    const rows = [
      ...text.matchAll(/^\| `([^`]+)`.*\|\s+(\d+) \| `([0-9a-f]{64})` \|$/gm),
    ].map(([, path, size, hex]) => ({
      path,
      digest: `sha256:${hex}`,
      size: Number(size),
    }));
    const [demo] = lockOf(tree(VECTOR_FILES));
    assert.deepEqual(rows, demo?.files);
    assert.ok(text.includes(`\n${VECTOR_DIGEST}\n`));
  });

  it("orders paths by code point, not by UTF-16 unit or locale", () => {
    const [demo] = lockOf(tree(VECTOR_FILES));
    assert.deepEqual(demo?.files.map((file) => file.path), [
      "SKILL.md",
      "Z.md",
      "empty.txt",
      "scripts/run.py",
      "\u00e9.txt",
      "\ufb01.txt",
      "\u{1f600}.txt",
    ]);
  });

  it("records each file's size and digest over its raw bytes", () => {
    const root = tree({
      "crlf/SKILL.md": manifest("crlf"),
      "crlf/a.txt": "one\r\ntwo\r\n",
      "crlf/bom.txt": "\ufeffbom",
    });
    const [skill] = lockOf(root);
    const file = (path: string) =>
      skill?.files.find((entry) => entry.path === path);
    assert.deepEqual(file("a.txt"), {
      path: "a.txt",
      digest:
        "sha256:6f4792b265fe72790b344fd3ef5294701d9d087bed9fce815c0f4bbad6d2ed87",
      size: 10,
    });
    assert.equal(file("bom.txt")?.size, 6);
  });

  it("agrees with the second implementation on a random tree", async () => {
    const files: Record<string, string> = { "r/SKILL.md": manifest("r") };
    const names = ["a", "B", "\u00e9", "\ufb01", "\u{1f600}", "z z", "-", "~"];
    for (let i = 0; i < 40; i++) {
      const depth = i % 3;
      const parts = Array.from(
        { length: depth + 1 },
        (_, d) => `${names[(i + d * 3) % names.length]}${d}`,
      );
      files[`r/${parts.join("/")}.${i}`] = "x".repeat(i * 7);
    }
    const root = tree(files);
    const [skill] = lockOf(root);
    assert.equal(skill?.files.length, 41);
    assert.equal(skill?.digest, await independentDigest(join(root, "r")));
  });

  it("counts neither an empty directory nor the executable bit", () => {
    const plain = tree({ "s/SKILL.md": manifest("s"), "s/run.sh": "echo\n" });
    const other = tree({ "s/SKILL.md": manifest("s"), "s/run.sh": "echo\n" });
    mkdirSync(join(other, "s", "empty", "deeper"), { recursive: true });
    chmodSync(join(other, "s", "run.sh"), 0o755);
    assert.equal(lockOf(plain)[0]?.digest, lockOf(other)[0]?.digest);
  });

  it("counts a symlink to a file inside as that file, under the link's path", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/docs/real.md": "real\n",
      "outside.md": "outside\n",
    });
    link("docs/real.md", join(root, "s", "alias.md"));
    link("../outside.md", join(root, "s", "out.md"));
    link("missing.md", join(root, "s", "dangling.md"));
    const [skill] = lockOf(root);
    const real = skill?.files.find((file) => file.path === "docs/real.md");
    const alias = skill?.files.find((file) => file.path === "alias.md");
    assert.equal(alias?.digest, real?.digest);
    // A link leading outside, or nowhere, is no file of the skill.
    assert.deepEqual(skill?.files.map((file) => file.path), [
      "SKILL.md",
      "alias.md",
      "docs/real.md",
    ]);
  });

  it("leaves out .git and node_modules, as loadSkill() does", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/.git/config": "x",
      "s/node_modules/p/index.js": "x",
      "s/.hidden": "kept",
    });
    assert.deepEqual(lockOf(root)[0]?.files.map((file) => file.path), [
      ".hidden",
      "SKILL.md",
    ]);
  });
});

describe("createSkillLock() problems", () => {
  it("refuses a file name with a line break or a backslash", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/two\nlines.md": "x",
      "s/back\\slash.md": "x",
    });
    const { options: opts } = options(root);
    const { lock, problems } = createSkillLock(opts);
    assert.deepEqual(lock.skills, []);
    assert.equal(problems.length, 2);
    assert.match(problems[0]?.message ?? "", /backslash/);
    assert.match(problems[1]?.message ?? "", /control character/);
    assert.doesNotMatch(problems[1]?.message ?? "", /\n/);
  });

  it("refuses a skill whose listing stops at maxResourceEntries", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "s/a": "a",
      "s/b": "b",
      "s/c": "c",
    });
    const { options: opts } = options(root, { maxResourceEntries: 2 });
    const { lock, problems } = createSkillLock(opts);
    assert.deepEqual(lock.skills, []);
    assert.match(problems[0]?.message ?? "", /maxResourceEntries/);
  });

  it("refuses a skill with a file over maxResourceBytes", () => {
    const root = tree({ "s/SKILL.md": manifest("s"), "s/big": "x".repeat(50) });
    const { options: opts } = options(root, { maxResourceBytes: 40 });
    const { problems } = createSkillLock(opts);
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.message ?? "", /maxResourceBytes/);
  });
});

describe("formatSkillLock() and parseSkillLock()", () => {
  it("round-trips, with the same text for the same lock", () => {
    const root = tree(VECTOR_FILES);
    const { options: opts } = options(root);
    const text = formatSkillLock(createSkillLock(opts).lock);
    assert.equal(formatSkillLock(createSkillLock(opts).lock), text);
    assert.equal(formatSkillLock(parseSkillLock(text)), text);
    assert.ok(text.endsWith("}\n"));
    assert.deepEqual(Object.keys(JSON.parse(text)), [
      "agentSkillsLock",
      "skills",
    ]);
    assert.deepEqual(Object.keys(JSON.parse(text).skills[0]), [
      "name",
      "path",
      "digest",
      "files",
    ]);
  });

  it("writes invisible characters of a name as escapes", () => {
    const root = tree({ "s/SKILL.md": manifest("s\u202eevil") });
    const { options: opts } = options(root);
    const text = formatSkillLock(createSkillLock(opts).lock);
    assert.ok(!text.includes("\u202e"));
    assert.ok(text.includes("\\u202e"));
    assert.equal(parseSkillLock(text).skills[0]?.name, "s\u202eevil");
  });

  it("is not read as another tool's skills-lock.json", () => {
    const text = formatSkillLock({ agentSkillsLock: 1, skills: [] });
    const value = JSON.parse(text);
    assert.equal(value.version, undefined);
    assert.ok(Array.isArray(value.skills));
  });
});

describe("the lock's checks of paths, digests and order", () => {
  /** Characters a random path is drawn from: each rule's edge among them. */
  const CHARS = [
    "a",
    "Z",
    "0",
    "-",
    "_",
    " ",
    ".",
    ".",
    "/",
    "/",
    "\\",
    "\u0000",
    "\u001f",
    "\u007f",
    "~",
    "é",
    "\ud800",
    "\udc00",
    "\ue000",
    "\uffff",
    "\u{1f600}",
  ];

  /** The rules of docs/integrity.md, one character at a time. */
  function referenceUnlockable(path: string): boolean {
    if (path === "" || path.startsWith("/")) return true;
    if (/\p{Cs}/u.test(path)) return true;
    // deno-lint-ignore no-control-regex
    if (/[\u0000-\u001f\u007f\\]/.test(path)) return true;
    return path.split("/").some((s) => s === "" || s === "." || s === "..");
  }

  /** Code point order, by the code points themselves. */
  function referenceOrder(a: string, b: string): number {
    const x = [...a].map((c) => c.codePointAt(0) ?? 0);
    const y = [...b].map((c) => c.codePointAt(0) ?? 0);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    }
    return x.length - y.length;
  }

  it("agree with their definitions on 20,000 random paths and pairs", () => {
    const random = seededRandom(47);
    const draw = (): string => {
      let text = "";
      const length = Math.floor(random() * 8);
      for (let i = 0; i < length; i++) {
        text += CHARS[Math.floor(random() * CHARS.length)];
      }
      return text;
    };
    for (let n = 0; n < 20_000; n++) {
      const a = draw();
      const b = draw();
      assert.equal(
        unlockablePath(a) !== undefined,
        referenceUnlockable(a),
        JSON.stringify(a),
      );
      // Code point order is UTF-8's; a lone surrogate has no UTF-8 (refused).
      if (/\p{Cs}/u.test(a) || /\p{Cs}/u.test(b)) continue;
      assert.equal(
        Math.sign(comparePaths(a, b)),
        Math.sign(referenceOrder(a, b)),
        JSON.stringify([a, b]),
      );
    }
  });

  it("take a digest only as sha256: and 64 lowercase hex digits", () => {
    const hex = "0123456789abcdef".repeat(4);
    assert.equal(isDigest(`sha256:${hex}`), true);
    for (
      const bad of [
        `sha256:${hex.toUpperCase()}`,
        `sha256:${hex}0`,
        `sha256:${hex.slice(1)}`,
        `sha256:${hex.slice(1)}g`,
        `sha256:${hex}\n`,
        `sha256:${hex.slice(0, 63)}\n`,
        `SHA256:${hex}`,
        `sha512:${hex}`,
        hex,
        `sha256:${hex.slice(1)}\u0660`,
      ]
    ) {
      assert.equal(isDigest(bad), false, JSON.stringify(bad));
    }
    assert.equal(isDigest(71), false);
  });
});
