// The second process of the race tests (tests/registry/process/race_test.ts and
// tests/registry/allow_all/race_proc_test.ts): swaps one path, as fast as it can, for SECONDS
// seconds, then leaves the path as it found it and writes the file DONE.
//
// Usage: <runtime> tests/_swapper.ts MODE SECONDS DONE PATH [TARGET]
//
// MODE:
//   link    PATH (a file or directory) and a symlink to TARGET, in turn
//           (PATH is parked two levels up meanwhile)
//   rotate  the file PATH, then PATH.zero (a symlink to /dev/zero) and then
//           PATH.fifo (a FIFO), each renamed over PATH and back (the test
//           makes both beside it)
//   flip    the directory PATH, a file, and a symlink to itself, in turn
//   content the file PATH and the file NAME.other two levels up (NAME is
//           PATH's base name; the test makes it, with other bytes), renamed
//           over PATH and back
//   rewrite the file PATH written over in place with the bytes of NAME.other,
//           then with its own again (a reader may see a part of either)

import {
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";

const [mode = "", seconds = "0", done = "", path = "", target = ""] = process
  .argv.slice(2);
// Parked outside the directory it is swapped in, so that it is never seen
// there under another name.
const parked = join(dirname(dirname(path)), `${basename(path)}.parked`);
// The other bytes of content and rewrite, outside the directory too.
const otherPath = join(dirname(dirname(path)), `${basename(path)}.other`);
const until = Date.now() + Number(seconds) * 1000;
let swaps = 0;

const steps: Record<string, () => void> = {
  link: () => {
    renameSync(path, parked);
    symlinkSync(target, path);
    unlinkSync(path);
    renameSync(parked, path);
  },
  rotate: () => {
    renameSync(path, parked);
    for (const other of [`${path}.zero`, `${path}.fifo`]) {
      renameSync(other, path);
      renameSync(path, other);
    }
    renameSync(parked, path);
  },
  content: () => {
    renameSync(path, parked);
    renameSync(otherPath, path);
    renameSync(path, otherPath);
    renameSync(parked, path);
  },
  rewrite: () => {
    writeFileSync(path, other);
    writeFileSync(path, own);
  },
  flip: () => {
    renameSync(path, parked);
    writeFileSync(path, "a file now");
    rmSync(path);
    symlinkSync(path, path);
    unlinkSync(path);
    renameSync(parked, path);
  },
};

// What rewrite writes: read once, before the first swap.
const own = mode === "rewrite" ? readFileSync(path) : new Uint8Array();
const other = mode === "rewrite" ? readFileSync(otherPath) : new Uint8Array();

const step = steps[mode];
if (step === undefined) throw new Error(`unknown mode ${mode}`);
rmSync(parked, { recursive: true, force: true });
while (Date.now() < until) {
  step();
  swaps++;
}
writeFileSync(done, String(swaps));
