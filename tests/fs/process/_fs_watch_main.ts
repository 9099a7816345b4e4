// The second process of tests/fs/process/fs_watch_test.ts, printing one JSON
// line.
//
// Usage: <runtime> tests/fs/process/_fs_watch_main.ts alive DIR
//   opens a watch of DIR, writes DIR/touched.md, waits for its signal, then
//   returns with the watch still open: the process must exit on its own.
// Usage: <runtime> tests/fs/process/_fs_watch_main.ts grant DIR PARENT
//   says, for each, "ok" where a watch starts, else its WatchStartError code.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import {
  watchDirectory,
  type WatchSignal,
  WatchStartError,
} from "../../../src/fs/_watch.ts";

const [mode = "", ...paths] = process.argv.slice(2);

if (mode === "alive") {
  const [dir = ""] = paths;
  const signals: WatchSignal[] = [];
  // never closed: what is left open when this script returns
  watchDirectory(dir, { recursive: false }, (signal) => signals.push(signal));
  const touched = join(dir, "touched.md");
  writeFileSync(touched, "x\n");
  const deadline = Date.now() + 20_000;
  while (
    !signals.some((signal) => signal.kind === "path" && signal.path === touched)
  ) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(JSON.stringify({ signals }));
} else if (mode === "grant") {
  const result: Record<string, string> = {};
  for (const [index, path] of paths.entries()) {
    try {
      watchDirectory(path, { recursive: false }, () => {}).close();
      result[index] = "ok";
    } catch (error) {
      if (!(error instanceof WatchStartError)) throw error;
      result[index] = error.code;
    }
  }
  console.log(JSON.stringify(result));
} else {
  throw new Error(`unknown mode ${mode}`);
}
