// agent-skills catalog: the budget's summary of removed descriptions
// (main() in process).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { main } from "@clarvis/agent-skills/cli";
import { manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();
const HOME = ["--home", "/nonexistent-home"];

function run(
  ...args: string[]
): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = main(["catalog", ...args, ...HOME], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    color: false,
    columns: 80,
    cwd: "/nonexistent-cwd",
  });
  return { code, stdout, stderr };
}

describe("agent-skills catalog --budget summary", () => {
  it("says removed for the descriptions it removed, not shortened", () => {
    const files: Record<string, string> = {};
    for (const name of ["a", "b", "c", "d"]) {
      files[`${name}/SKILL.md`] = manifest(name, "x".repeat(300));
    }
    const root = tree(files);
    const result = run("--root", root, "--budget", "400", "--json");
    const { report } = JSON.parse(result.stdout);
    const text = run("--root", root, "--budget", "400");
    assert.equal(
      text.stderr,
      `agent-skills: to fit 400 characters, ${report.shortened.length} description${
        report.shortened.length === 1 ? "" : "s"
      } shortened, ${report.withoutDescription.length} description${
        report.withoutDescription.length === 1 ? "" : "s"
      } removed, ${report.leftOut.length} skill${
        report.leftOut.length === 1 ? "" : "s"
      } left out (${
        report.leftOut.join(", ") || "none"
      }); --json lists them all\n`,
    );
    assert.ok(report.withoutDescription.length > 0);
  });
});
