// Locks where another process takes part: the skill digest recomputed by the
// system's own tools, as docs/integrity.md says it can be (find, a C-locale
// sort and sha256sum, with no line of this library's code), and a file name
// only a shell can make.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSkillLock } from "@clarvis/agent-skills/lock";
import { makeNonUtf8, manifest, options, tempTrees } from "../../_helpers.ts";
import { VECTOR_DIGEST, VECTOR_FILES } from "../_lock_vector.ts";

const tree = tempTrees();

/** The pipeline docs/integrity.md gives, run in `dir`. */
const PIPELINE =
  `cd "$1" && find . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`;

interface DenoLike {
  Command: new (
    command: string,
    options: { args: string[]; clearEnv: boolean },
  ) => { outputSync(): { code: number; stdout: Uint8Array } };
}

function sha256sumDigest(dir: string): string {
  const args = ["-c", PIPELINE, "sh", dir];
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  let out: string;
  if (deno !== undefined) {
    const result = new deno.Command("/bin/sh", { args, clearEnv: true })
      .outputSync();
    assert.equal(result.code, 0);
    out = new TextDecoder().decode(result.stdout);
  } else {
    out = execFileSync("/bin/sh", args, { env: {} }).toString();
  }
  return `sha256:${out.slice(0, 64)}`;
}

describe("the skill digest, recomputed with sha256sum", () => {
  it("matches for the vector of docs/integrity.md and a tree of many files", () => {
    const files: Record<string, string> = {
      ...VECTOR_FILES,
      "many/SKILL.md": manifest("many"),
    };
    for (let i = 0; i < 60; i++) {
      files[`many/${["a", "B", "é", "~"][i % 4]}${i}/${i % 7}.txt`] =
        `${i}\r\n`;
    }
    const root = tree(files);
    const { lock, problems } = createSkillLock({
      roots: [root],
      home: root,
      onWarning: () => {},
    });
    assert.deepEqual(problems, []);
    assert.equal(lock.skills.length, 2);
    for (const skill of lock.skills) {
      assert.equal(skill.digest, sha256sumDigest(join(root, skill.path)));
    }
    assert.equal(
      lock.skills[0]?.digest,
      VECTOR_DIGEST,
    );
  });
});

describe("createSkillLock() and a name that is not UTF-8", () => {
  it("refuses a skill with a file whose name is not UTF-8", () => {
    const root = tree({
      "s/SKILL.md": manifest("s"),
      "t/SKILL.md": manifest("t"),
    });
    makeNonUtf8(join(root, "s"), "bad", 0xff, "x");
    const { options: opts } = options(root);
    const { lock, problems } = createSkillLock(opts);
    assert.deepEqual(lock.skills.map((skill) => skill.name), ["t"]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.skill, "s");
    assert.match(problems[0]?.message ?? "", /not valid UTF-8/);
  });
});

describe("the Python of docs/integrity.md", () => {
  it("gives the digest the library gives", (t) => {
    const text = readFileSync(
      new URL("../../../docs/integrity.md", import.meta.url),
      "utf8",
    );
    const python = text.match(/```python\n([\s\S]*?)```/)?.[1];
    assert.ok(python !== undefined, "docs/integrity.md has a Python block");
    const root = tree({
      "demo/SKILL.md": "---\nname: demo\ndescription: A demo.\n---\nBody.\n",
      "demo/Z.md": "upper\n",
      "demo/\u{1f600}.txt": "smile\n",
      "demo/\ufb01.txt": "fi\n",
      "demo/deep/er/x.txt": "x\r\n",
      "demo/.git/config": "left out",
    });
    const script = join(root, "digest.py");
    writeFileSync(script, python);
    const ran = runTool("python3", [script, join(root, "demo")]);
    if (ran === undefined) return t.skip("python3 is not installed");
    const { lock } = createSkillLock({ roots: [root], home: root });
    assert.equal(ran.trim(), lock.skills[0]?.digest);
  });
});

/** Runs a program found on PATH, or `undefined` when there is none. */
function runTool(program: string, args: string[]): string | undefined {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    const path = join(dir, program);
    if (!existsSync(path)) continue;
    const deno = (globalThis as { Deno?: DenoLike }).Deno;
    if (deno !== undefined) {
      const result = new deno.Command(path, { args, clearEnv: true })
        .outputSync();
      assert.equal(result.code, 0);
      return new TextDecoder().decode(result.stdout);
    }
    return execFileSync(path, args, { env: {} }).toString();
  }
  return undefined;
}
