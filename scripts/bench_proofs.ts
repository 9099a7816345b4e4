// What each step of a safe manifest read costs per skill, for `deno task
// bench`'s targets (issue 32, row g): each call the library makes for one
// manifest with the default options (src/discovery/_manifest.ts and root.ts,
// src/fs/_read.ts), timed alone over every manifest of a tree in sequence,
// 500 manifests at a time (500 descriptors open at once, then the next
// step over the same 500). The proofs: the status of SKILL.md taken before
// it is opened (Deno.statSync: a special file is never opened), the lstat of
// the skill directory (its identity, for the skill's place), the status of
// the open descriptor (node:fs fstatSync: what was opened is a regular
// file). Beside them, the open (O_NONBLOCK | O_NOFOLLOW), the read, the
// close and the decode that any loader pays.

import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { type Sample, summarise } from "./bench_stats.ts";

/** The steps, in the order a read makes them; proofs first marked. */
export const PROOF_STEPS: ReadonlyArray<readonly [string, boolean]> = [
  ["stat of SKILL.md before the open", true],
  ["lstat of the skill directory", true],
  ["open", false],
  ["fstat of the descriptor", true],
  ["read", false],
  ["close", false],
  ["decode", false],
];

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) |
  (constants.O_NOFOLLOW ?? 0);
const CHUNK = 500;

/**
 * Each step's time per manifest (ms; a Sample over `runs` runs) over
 * `paths`, every SKILL.md of a tree.
 */
export function measureProofs(
  paths: readonly string[],
  runs: number,
): Map<string, Sample> {
  const times = PROOF_STEPS.map((): number[] => []);
  const decoder = new TextDecoder();
  // Untimed passes first, some 3,000 calls of each step: node:fs's fstatSync
  // under Deno costs several times more until then.
  const warm = Math.ceil(3_000 / Math.max(1, paths.length));
  for (let run = -warm; run < runs; run++) {
    const total = PROOF_STEPS.map(() => 0);
    const timeStep = (step: number, fn: () => void): void => {
      const start = performance.now();
      fn();
      total[step] = (total[step] ?? 0) + performance.now() - start;
    };
    for (let from = 0; from < paths.length; from += CHUNK) {
      const chunk = paths.slice(from, from + CHUNK);
      const dirs = chunk.map((path) => dirname(path));
      const fds: number[] = [];
      const sizes: number[] = [];
      timeStep(0, () => chunk.forEach((path) => Deno.statSync(path)));
      timeStep(1, () => dirs.forEach((dir) => Deno.lstatSync(dir)));
      timeStep(
        2,
        () => chunk.forEach((path) => fds.push(openSync(path, FLAGS))),
      );
      timeStep(3, () => fds.forEach((fd) => sizes.push(fstatSync(fd).size)));
      const buffers = sizes.map((size) => new Uint8Array(size + 1));
      const read: Uint8Array[] = [];
      timeStep(4, () =>
        fds.forEach((fd, i) => {
          const buffer = buffers[i] as Uint8Array;
          const length = readSync(fd, buffer, 0, buffer.length, null);
          read.push(buffer.subarray(0, length));
        }));
      timeStep(5, () => fds.forEach((fd) => closeSync(fd)));
      timeStep(6, () => read.forEach((bytes) => decoder.decode(bytes)));
    }
    if (run < 0) continue;
    total.forEach((ms, step) => times[step]?.push(ms / paths.length));
  }
  return new Map(
    PROOF_STEPS.map(([step], i) => [step, summarise(times[i] ?? [])]),
  );
}
