// The second process of tests/discovery/process/unprivileged_test.ts: what a process
// that may not read a directory sees of it. Started without privileges (see
// runUnprivileged() in ./_spawn.ts), it first proves it has none: reading
// PROBE (a directory of mode 000) must be refused. Then it prints one line of
// JSON: `probe` (the refusal's code, or "read" when it could read it), and
// for MODE `scan` the names ROOT serves, its warnings as [code, path] and
// the code strict mode throws; for MODE `cli` the exit codes of
// `agent-skills list ROOT` and `check ROOT`, and what list printed.
//
// Usage: <runtime> tests/discovery/process/_unreadable_main.ts PROBE MODE ROOT

import { readdirSync } from "node:fs";
import process from "node:process";
import { createAgentSkills, SkillError } from "@clarvis/agent-skills";
import { main } from "@clarvis/agent-skills/cli";

const [probe = "", mode = "", root = ""] = process.argv.slice(2);

function probed(): string {
  try {
    readdirSync(probe);
    return "read";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

function scan(): object {
  const warnings: [string, string | undefined][] = [];
  const options = { home: root, cwd: root, roots: [root] };
  const skills = createAgentSkills({
    ...options,
    onWarning: (warning) => warnings.push([warning.code, warning.path]),
  });
  let strict = "ok";
  try {
    createAgentSkills({ ...options, strict: true, onWarning: () => {} });
  } catch (error) {
    if (!(error instanceof SkillError)) throw error;
    strict = error.code;
  }
  return {
    names: skills.listSkills().map((skill) => skill.name),
    warnings,
    strict,
  };
}

async function cli(): Promise<object> {
  const run = async (
    ...args: string[]
  ): Promise<{ code: number; stdout: string }> => {
    let stdout = "";
    const code = await main([...args, "--home", "/nonexistent-home"], {
      stdout: (text) => (stdout += text),
      stderr: () => {},
      color: false,
      columns: 200,
      cwd: "/nonexistent-cwd",
    });
    return { code, stdout };
  };
  const listed = await run("list", root);
  return {
    list: listed.code,
    listed: listed.stdout,
    check: (await run("check", root)).code,
  };
}

console.log(JSON.stringify({
  probe: probed(),
  ...(mode === "scan" ? scan() : await cli()),
}));
