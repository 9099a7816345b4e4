/**
 * The `hosts` option of `checkSkills` and `explain()`, checked: absent is
 * none; else an array of host names, each counted once.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";
import type { HostName } from "./diagnostic.ts";
import { HOST_NAMES } from "./host.ts";

/**
 * The hosts of a `hosts` option, in the order given, each once; an
 * `invalid_option` StartupError naming `owner` and the first value that is
 * not a host name.
 */
export function checkedHosts(hosts: unknown, owner: string): HostName[] {
  if (hosts === undefined) return [];
  const known: readonly unknown[] = HOST_NAMES;
  const index = Array.isArray(hosts)
    ? hosts.findIndex((host) => !known.includes(host))
    : -1;
  if (!Array.isArray(hosts) || index >= 0) {
    const wrong: unknown = Array.isArray(hosts) ? hosts[index] : hosts;
    throw new StartupError(
      "invalid_option",
      `Option "hosts" of ${owner} must be an array of host names (${
        HOST_NAMES.join(", ")
      }), got ${describe(wrong)}${Array.isArray(hosts) ? " in it" : ""}`,
    );
  }
  return [...new Set(hosts as HostName[])];
}
