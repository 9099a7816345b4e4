// The second process of tests/race_test.ts: swaps a directory inside a skill
// for a symlink to a directory outside it and back, SWAPS times, then writes
// <skill>/../done.
//
// Usage: <runtime> tests/_swapper.ts SKILL_DIR OUTSIDE_DIR SWAPS

import { renameSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";

const [skill = "", outside = "", swaps = "0"] = process.argv.slice(2);
const inside = join(skill, "sub");
const parked = join(skill, "sub.real");
for (let i = 0; i < Number(swaps); i++) {
  renameSync(inside, parked);
  symlinkSync(outside, inside);
  unlinkSync(inside);
  renameSync(parked, inside);
}
writeFileSync(join(dirname(skill), "done"), "");
