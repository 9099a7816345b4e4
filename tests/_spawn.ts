// Starting a script of this repository in a second process, in every runtime:
// Deno runs the TypeScript file with the given permission flags; Node and Bun
// run the compiled JavaScript beside it (build:npm compiles tests/).

import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import process from "node:process";

/** The runtime running these tests. */
export const RUNTIME: "deno" | "bun" | "node" = "Deno" in globalThis
  ? "deno"
  : "Bun" in globalThis
  ? "bun"
  : "node";

interface DenoLike {
  execPath(): string;
  Command: new (command: string, options: {
    args: string[];
    cwd?: string;
    stdout: "piped" | "null";
    stderr: "piped" | "inherit";
    signal?: AbortSignal;
    env?: Record<string, string>;
  }) => {
    outputSync(): { code: number; stdout: Uint8Array; stderr: Uint8Array };
    output(): Promise<{ code: number; stdout: Uint8Array; stderr: Uint8Array }>;
    spawn(): { status: Promise<{ code: number }> };
  };
}

function deno(): DenoLike {
  return (globalThis as unknown as { Deno: DenoLike }).Deno;
}

/** The file of a script in this repository, as this runtime runs it. */
export function scriptPath(rel: string, base: string): string {
  const compiled = import.meta.url.endsWith(".js");
  return fileURLToPath(
    new URL(compiled ? rel.replace(/\.ts$/, ".js") : rel, base),
  );
}

/**
 * Runs a script to completion: Deno with `denoFlags`, Node with `nodeFlags`.
 * The script sees this process's environment, without `COLUMNS` (so that a
 * width exported in the shell running the tests cannot change what they
 * see), plus `env`. Under Deno it may read only what its flags allow.
 */
export function runScript(
  script: string,
  args: string[],
  flags: {
    deno: string[];
    node: string[];
    cwd: string;
    env?: Record<string, string>;
    /** A command the runtime is started through, and its arguments. */
    through?: readonly string[];
  },
): { code: number; stdout: string; stderr: string } {
  const [wrapper, ...wrapperArgs] = flags.through ?? [];
  if (RUNTIME === "deno") {
    const runtimeArgs = ["run", "--quiet", ...flags.deno, script, ...args];
    const result = new (deno().Command)(wrapper ?? deno().execPath(), {
      args: wrapper === undefined
        ? runtimeArgs
        : [...wrapperArgs, deno().execPath(), ...runtimeArgs],
      cwd: flags.cwd,
      stdout: "piped",
      stderr: "piped",
      ...(flags.env === undefined ? {} : { env: flags.env }),
    }).outputSync();
    const text = new TextDecoder();
    return {
      code: result.code,
      stdout: text.decode(result.stdout),
      stderr: text.decode(result.stderr),
    };
  }
  const runtimeFlags = RUNTIME === "node" ? flags.node : [];
  const runtimeArgs = [...runtimeFlags, script, ...args];
  const result = spawnSync(
    wrapper ?? process.execPath,
    wrapper === undefined
      ? runtimeArgs
      : [...wrapperArgs, process.execPath, ...runtimeArgs],
    {
      cwd: flags.cwd,
      encoding: "utf8",
      env: { ..._withoutColumns(process.env), ...flags.env },
    },
  );
  return {
    code: result.status ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

function _withoutColumns(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const { COLUMNS: _, ...rest } = env;
  return rest;
}

/** Starts a script in the background; resolves with its exit code. */
export function startScript(
  script: string,
  args: string[],
  denoFlags: string[],
): Promise<number> {
  if (RUNTIME === "deno") {
    const child = new (deno().Command)(deno().execPath(), {
      args: ["run", "--quiet", ...denoFlags, script, ...args],
      stdout: "null",
      stderr: "inherit",
    }).spawn();
    return child.status.then((status) => status.code);
  }
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve) =>
    child.on("exit", (code) => resolve(code ?? -1))
  );
}

/**
 * Runs a script, killing it after `ms` milliseconds: Deno with `flags.deno`,
 * Node with `flags.node`, Bun plain. `timedOut` says whether it was killed.
 */
export async function runScriptWithin(
  script: string,
  args: string[],
  flags: { deno: string[]; node: string[]; cwd: string },
  ms: number,
): Promise<
  { code: number; stdout: string; stderr: string; timedOut: boolean }
> {
  const signal = AbortSignal.timeout(ms);
  if (RUNTIME === "deno") {
    const command = new (deno().Command)(deno().execPath(), {
      args: ["run", "--quiet", ...flags.deno, script, ...args],
      cwd: flags.cwd,
      stdout: "piped",
      stderr: "piped",
      signal,
    });
    const result = await command.output();
    const text = new TextDecoder();
    return {
      code: result.code,
      stdout: text.decode(result.stdout),
      stderr: text.decode(result.stderr),
      timedOut: signal.aborted,
    };
  }
  const runtimeFlags = RUNTIME === "node" ? flags.node : [];
  const child = spawn(process.execPath, [...runtimeFlags, script, ...args], {
    cwd: flags.cwd,
    signal,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  const code = await new Promise<number>((resolve) => {
    child.on("error", () => {}); // the abort; "close" still follows
    child.on("close", (status) => resolve(status ?? -1));
  });
  return { code, stdout, stderr, timedOut: signal.aborted };
}

/**
 * The command that starts a process without the privileges that let root
 * read any file: `setpriv` with every capability dropped, from the bounding
 * set too, so that the runtime it starts (still uid 0, so that it can run
 * a runtime installed in root's home, as `npx` installs Deno) gets the
 * permission bits' answer, as any user does. For `runScript()`'s `through`,
 * from a process that has those privileges.
 */
export const UNPRIVILEGED: readonly string[] = [
  "/usr/bin/setpriv",
  "--bounding-set=-all",
  "--inh-caps=-all",
  "--no-new-privs",
];
