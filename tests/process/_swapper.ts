// The second process of the race tests (tests/process/race_test.ts and
// tests/process/allow_all/race_proc_test.ts): swaps one path, as fast as it can, for SECONDS
// seconds, then leaves the path as it found it and writes the file DONE.
//
// Usage: <runtime> tests/process/_swapper.ts MODE SECONDS DONE PATH [TARGET]
//
// MODE:
//   link    PATH (a file or directory) and a symlink to TARGET, in turn
//           (PATH is parked two levels up meanwhile)
//   rotate  the file PATH, then PATH.zero (a symlink to /dev/zero) and then
//           PATH.fifo (a FIFO), each renamed over PATH and back (the test
//           makes both beside it)
//   flip    the directory PATH, a file, and a symlink to itself, in turn

import {
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
  flip: () => {
    renameSync(path, parked);
    writeFileSync(path, "a file now");
    rmSync(path);
    symlinkSync(path, path);
    unlinkSync(path);
    renameSync(parked, path);
  },
};

const step = steps[mode];
if (step === undefined) throw new Error(`unknown mode ${mode}`);
rmSync(parked, { recursive: true, force: true });
while (Date.now() < until) {
  step();
  swaps++;
}
writeFileSync(done, String(swaps));
