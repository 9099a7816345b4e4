/**
 * How many inotify watches this user may still add, as Linux tells in
 * `/proc`: the bound the watch of a registry takes by default.
 *
 * @module
 */

import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * How many inotify watches this user may still add: the system's bound on
 * a user's watches (`sys/fs/inotify/max_user_watches` under `proc`) less
 * the watches held by each process whose descriptors can be read (one
 * `inotify wd:` line of `<pid>/fdinfo/<fd>` a watch, for each descriptor
 * that is an inotify instance). A user who is not root cannot read another
 * user's processes, which do not count against that user's bound anyway;
 * root reads them all and counts them, the more careful answer. Undefined
 * where the bound cannot be read: not Linux, or Deno, which asks for
 * `--allow-all` to read `/proc`.
 *
 * @param proc Where procfs is mounted (another directory in tests).
 */
export function inotifyWatchesFree(proc = "/proc"): number | undefined {
  let limit: number;
  try {
    const text = readFileSync(
      `${proc}/sys/fs/inotify/max_user_watches`,
      "utf8",
    );
    limit = Number.parseInt(text.trim(), 10);
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(limit) || limit <= 0) return undefined;
  let used = 0;
  for (const pid of names(proc)) {
    if (!/^[0-9]+$/.test(pid)) continue;
    for (const fd of names(`${proc}/${pid}/fd`)) {
      let target: string;
      try {
        target = readlinkSync(`${proc}/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target !== "anon_inode:inotify") continue;
      try {
        const info = readFileSync(`${proc}/${pid}/fdinfo/${fd}`, "utf8");
        used += info.split("\n").filter((line) =>
          line.startsWith("inotify wd:")
        )
          .length;
      } catch {
        // gone meanwhile, or not ours to read
      }
    }
  }
  return Math.max(0, limit - used);
}

/** The names in a directory; none where it cannot be listed. */
function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
