/**
 * The `agent-skills` command line: `list`, `show`, `path` and `check` over
 * skill roots, for skill authors and CI.
 *
 * ```sh
 * deno run --allow-read --allow-sys=homedir jsr:@clarvis/agent-skills/cli check
 * deno run --allow-read jsr:@clarvis/agent-skills/cli list --root ./skills --home "$HOME"
 * npx @clarvis/agent-skills check ./skills --strict
 * ```
 *
 * `--allow-sys=homedir` is needed only when `--home` is not given. Exit codes:
 * 0 clean, 1 problems found, 2 usage or startup error.
 *
 * @example Run it in-process
 * ```ts
 * import { main } from "@clarvis/agent-skills/cli";
 * import process from "node:process";
 *
 * // Each text ends with its own newline: write it as it is.
 * const code = await main(["list", "--root", "fixtures/demo/user-store", "--home", "/home/ada"], {
 *   stdout: (text) => process.stdout.write(text),
 *   stderr: (text) => process.stderr.write(text),
 *   color: false,
 *   columns: 80,
 *   cwd: ".",
 * });
 * console.log(code); // 0
 * ```
 *
 * @module
 */

import process from "node:process";
import { runCli } from "./src/cli/main.ts";

export { main, runCli } from "./src/cli/main.ts";
export type { CliIO } from "./src/cli/main.ts";

if ((import.meta as { main?: boolean }).main) {
  process.exitCode = await runCli();
}
