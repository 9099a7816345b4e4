/**
 * The names of the hosts with a profile, apart from their rules (`host.ts`),
 * so that what only names a host (the command line's `--host`) does not load
 * the rules.
 *
 * @module
 */

import type { HostName } from "./diagnostic.ts";

/**
 * Every host with a profile, in the order a table of them shows them.
 *
 * @example
 * ```ts
 * import { HOST_NAMES } from "@clarvis/agent-skills/check";
 *
 * console.log(HOST_NAMES.includes("codex")); // true
 * ```
 */
export const HOST_NAMES: readonly HostName[] = Object.freeze([
  "claude-code",
  "codex",
  "claude-ai",
  "gemini",
  "spec",
]);
