// The second process of tests/registry/allow_all/index_race_proc_test.ts:
// swaps a skill directory by a rename dance, ROUNDS times (a bound, not a duration),
// then leaves it as it found it and writes the file DONE with the rounds.
//
// Usage: <runtime> tests/registry/process/_index_swapper.ts ROUNDS DONE DIR ALT OUTSIDE
//
// Each round, DIR (the skill directory the index was made of) is parked
// beside ALT; ALT (a directory with another SKILL.md and resource) is renamed
// in as DIR and back; a symlink to OUTSIDE (a directory outside the root, a
// skill of the same name) is put at DIR and removed; and DIR comes back. So
// DIR is, in turn: the indexed directory, nothing, the other one, nothing,
// a symlink to outside, nothing.

import {
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import process from "node:process";

const [rounds = "0", done = "", dir = "", alt = "", outside = ""] = process
  .argv.slice(2);
// Parked beside ALT, outside the root: never seen there under another name.
const parked = `${alt}.parked`;

rmSync(parked, { recursive: true, force: true });
const total = Number(rounds);
for (let round = 0; round < total; round++) {
  renameSync(dir, parked);
  renameSync(alt, dir);
  renameSync(dir, alt);
  symlinkSync(outside, dir);
  unlinkSync(dir);
  renameSync(parked, dir);
}
writeFileSync(done, String(total));
