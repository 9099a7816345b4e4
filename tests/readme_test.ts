// Keeps the README's command-line examples honest: every ```console block
// that starts with `$ agent-skills ...` must be exactly what the command
// prints, run in-process from the repository's directory (no terminal, 80
// columns; `<repo>` in the block stands for that directory).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { main } from "../cli.ts";

const ROOT = realpathSync(fileURLToPath(new URL("..", import.meta.url)));
const README = readFileSync(`${ROOT}/README.md`, "utf8");
const BLOCKS = [
  ...README.matchAll(/```console\n\$ agent-skills (.*)\n([\s\S]*?)```/g),
];

describe("README.md", () => {
  it("has command-line examples", () => {
    assert.ok(BLOCKS.length >= 3, `found ${BLOCKS.length}`);
  });

  for (const [, command = "", expected = ""] of BLOCKS) {
    it(`shows the real output of agent-skills ${command}`, () => {
      let out = "";
      main([...command.split(" "), "--home", "/nonexistent-home"], {
        stdout: (text) => (out += text),
        stderr: (text) => (out += text),
        color: false,
        columns: 80,
        cwd: ROOT,
      });
      assert.equal(out.replaceAll(ROOT, "<repo>"), expected);
    });
  }
});
