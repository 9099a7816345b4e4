// `agent-skills list --watch`, run as a subprocess (cli.ts under Deno with
// --allow-read alone, the installed package's bin under Node and Bun): the
// listing, then a block for each change set (`+ added`, `- removed`,
// `~ changed`; with --json one object a line) as files change, until SIGINT,
// which exits 0. The watch opens once the listing is printed, so each change
// is written again until its line comes (a change written before the watch
// opened has no event). Output is waited for (up to 30 s, polling); no
// duration is asserted, and the process is killed at 60 s whatever happens.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { manifest, tempTrees } from "../../_helpers.ts";
import { RUNTIME } from "../../_spawn.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const tree = tempTrees();
const TIMEOUT = { timeout: 120_000 };

/** The CLI's entry: cli.ts under Deno, the installed package's bin elsewhere. */
const ENTRY = RUNTIME === "deno"
  ? join(ROOT, "cli.ts")
  : join(ROOT, "node_modules", "@clarvis", "agent-skills", "esm", "bin.cjs");

/** `agent-skills list --watch` with `args`, its output as it comes. */
function watching(args: string[]) {
  const runtime = RUNTIME === "deno"
    ? [
      "run",
      "--quiet",
      "--allow-read",
      `--config=${join(ROOT, "deno.json")}`,
      ENTRY,
    ]
    : [ENTRY];
  // Piped, so without colour; the width is not looked at.
  const child = started([
    ...runtime,
    "list",
    "--watch",
    "--debounce",
    "50",
    ...args,
  ]);
  const output = child.output;
  const exited = child.exited;
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  /** Waits until stdout holds `text`, calling `again` every half second. */
  const until = async (text: string, again?: () => void): Promise<void> => {
    for (let waited = 0; !output.stdout.includes(text); waited += 20) {
      if (waited > 30_000) {
        throw new Error(
          `Waited 30 s for ${JSON.stringify(text)} in ${
            JSON.stringify(output)
          }`,
        );
      }
      if (again !== undefined && waited % 500 === 0) again();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Sends SIGINT; resolves with the exit code. */
  const interrupt = async (): Promise<number | string> => {
    child.kill("SIGINT");
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  const stop = (): void => {
    clearTimeout(killer);
    child.kill("SIGKILL");
  };
  return { output, until, interrupt, stop };
}

/** A process of this runtime, its output gathered as it comes. */
function started(args: string[]): {
  output: { stdout: string; stderr: string };
  exited: Promise<number | string>;
  kill(signal: "SIGINT" | "SIGKILL"): void;
} {
  const output = { stdout: "", stderr: "" };
  if (RUNTIME === "deno") {
    // node:child_process under Deno asks for env access; Deno.Command does not.
    const { Deno } = globalThis as unknown as { Deno: DenoSpawn };
    const child = new Deno.Command(Deno.execPath(), {
      args,
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const gather = async (
      stream: ReadableStream<Uint8Array>,
      into: "stdout" | "stderr",
    ): Promise<void> => {
      const text = new TextDecoder();
      for await (const chunk of stream) {
        output[into] += text.decode(chunk, { stream: true });
      }
    };
    const gathered = Promise.all([
      gather(child.stdout, "stdout"),
      gather(child.stderr, "stderr"),
    ]);
    return {
      output,
      exited: gathered.then(() => child.status).then((s) => s.code),
      kill: (signal) => {
        try {
          child.kill(signal);
        } catch {
          // ended already
        }
      },
    };
  }
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT });
  child.stdout?.on("data", (chunk) => (output.stdout += String(chunk)));
  child.stderr?.on("data", (chunk) => (output.stderr += String(chunk)));
  return {
    output,
    exited: new Promise((resolve) =>
      child.on("exit", (code, signal) => resolve(code ?? signal ?? -1))
    ),
    kill: (signal) => void child.kill(signal),
  };
}

/** What of `Deno.Command` starting a process takes. */
interface DenoSpawn {
  execPath(): string;
  Command: new (command: string, options: {
    args: string[];
    cwd: string;
    stdout: "piped";
    stderr: "piped";
  }) => {
    spawn(): {
      stdout: ReadableStream<Uint8Array>;
      stderr: ReadableStream<Uint8Array>;
      status: Promise<{ code: number }>;
      kill(signal: string): void;
    };
  };
}

describe("agent-skills list --watch", () => {
  it(
    `prints each change set as it happens, and exits 0 on SIGINT (${RUNTIME})`,
    TIMEOUT,
    async () => {
      const root = tree({ "one/SKILL.md": manifest("one") });
      const run = watching(["--root", root, "--home", "/nonexistent-home"]);
      try {
        await run.until("1 skill");
        await run.until("+ two", () => {
          mkdirSync(join(root, "two"), { recursive: true });
          writeFileSync(join(root, "two", "SKILL.md"), manifest("two"));
        });
        let edit = 0;
        await run.until("~ one", () => {
          writeFileSync(
            join(root, "one", "SKILL.md"),
            manifest("one", `Edit ${edit++}.`),
          );
        });
        await run.until("- two", () => {
          rmSync(join(root, "two"), { recursive: true, force: true });
        });
        assert.equal(await run.interrupt(), 0);
        const blocks = run.output.stdout.split("\n").filter((line) =>
          /^(changed: |[+~-] )/.test(line)
        );
        assert.deepEqual(blocks.slice(0, 2), ["changed: 1 added", "+ two"]);
        assert.ok(blocks.includes("- two"), run.output.stdout);
        // The first change reads every root, and says so in the command's
        // words (not the library's refresh() and codes); nothing else.
        assert.deepEqual(
          run.output.stderr.split("\n").filter((line) => line !== ""),
          [
            "agent-skills: watching began: every root is read once more, for what changed before",
          ],
        );
      } finally {
        run.stop();
      }
    },
  );

  it(`--json: one change set a line (${RUNTIME})`, TIMEOUT, async () => {
    const root = tree({ "one/SKILL.md": manifest("one") });
    const run = watching([
      "--root",
      root,
      "--home",
      "/nonexistent-home",
      "--json",
    ]);
    try {
      await run.until('"one"');
      await run.until('"added":["two"]', () => {
        mkdirSync(join(root, "two"), { recursive: true });
        writeFileSync(join(root, "two", "SKILL.md"), manifest("two"));
      });
      assert.equal(await run.interrupt(), 0);
      const lines = run.output.stdout.trim().split("\n");
      const sets = lines.slice(1).map((line) => JSON.parse(line));
      const added = sets.find((set) => set.added.length > 0);
      assert.deepEqual(added.added, ["two"]);
      assert.deepEqual(Object.keys(added), [
        "added",
        "removed",
        "changed",
        "fallback",
        "warnings",
      ]);
    } finally {
      run.stop();
    }
  });
});
