// The flags of `deno task bench` (scripts/bench.ts), read and bounded.

/** The most skills a `--sizes=` entry may ask for: bench trees share a disk. */
export const MAX_BENCH_SIZE = 10_000;

/** What `deno task bench` was asked to do. */
export interface BenchArgs {
  /** `--smoke`: 100 skills, few runs; results checked, speed not judged. */
  readonly smoke: boolean;
  /** `--write`: BENCHMARKS.md and docs/bench.svg written too. */
  readonly write: boolean;
  /** `--targets`: only what issue 32's targets table needs. */
  readonly targets: boolean;
  /** The tree sizes, ascending; the last is the one the targets are read at. */
  readonly sizes: readonly number[];
}

/**
 * Reads the bench's flags: `--smoke`, `--write`, `--targets` and
 * `--sizes=100,1000`
 * (each a whole number from 1 to {@linkcode MAX_BENCH_SIZE}). Throws an
 * error naming the flag and the value for anything else.
 */
export function parseBenchArgs(args: readonly string[]): BenchArgs {
  let smoke = false;
  let write = false;
  let targets = false;
  let sizes: number[] | undefined;
  for (const arg of args) {
    if (arg === "--smoke") smoke = true;
    else if (arg === "--write") write = true;
    else if (arg === "--targets") targets = true;
    else if (arg.startsWith("--sizes=")) sizes = parseSizes(arg.slice(8));
    else {
      throw new Error(
        `bench: unknown argument "${arg}" (flags: --smoke, --write, --targets, --sizes=N,M)`,
      );
    }
  }
  if (smoke && sizes !== undefined) {
    throw new Error("bench: --smoke runs 100 skills; it takes no --sizes=");
  }
  if (write && (smoke || targets || sizes !== undefined)) {
    throw new Error(
      "bench: --write saves the whole run; it takes no --smoke, --targets or --sizes=",
    );
  }
  return {
    smoke,
    write,
    targets,
    sizes: sizes ?? (smoke ? [100] : [100, 1_000, 10_000]),
  };
}

function parseSizes(value: string): number[] {
  const sizes = value.split(",").map((part) => {
    const size = /^\d+$/.test(part) ? Number(part) : NaN;
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_BENCH_SIZE) {
      throw new Error(
        `bench: --sizes=${value}: "${part}" is not a whole number from 1 to ${MAX_BENCH_SIZE} (bench trees share a disk)`,
      );
    }
    return size;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}
