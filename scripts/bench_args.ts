// The flags of `deno task bench` (scripts/bench.ts), read and bounded.

/** The most skills a `--sizes=` entry may ask for: bench trees share a disk. */
export const MAX_BENCH_SIZE = 10_000;

/** The most rounds `--rounds=` may ask for (each round runs every process). */
export const MAX_BENCH_ROUNDS = 200;

/** Where the process tables look for the public stores without `--stores=`. */
export const DEFAULT_STORES = "/tmp/agent-skills-bench/stores";

/** What `deno task bench` was asked to do. */
export interface BenchArgs {
  /** `--smoke`: 100 skills, few runs; results checked, speed not judged. */
  readonly smoke: boolean;
  /** `--write`: BENCHMARKS.md and docs/bench.svg written too. */
  readonly write: boolean;
  /** `--targets`: only what issue 32's targets table needs. */
  readonly targets: boolean;
  /**
   * `--processes`: only the whole-process tables of issues 48 and 49
   * (import, host start, `agent-skills list`); `--smoke` runs them too.
   */
  readonly processes: boolean;
  /**
   * `--index`: only issue 49's one-process table, construction from a kept
   * index against construction without one; `--smoke` runs it too.
   */
  readonly index: boolean;
  /**
   * The tree sizes, ascending; the last is the one the targets are read at.
   * With `--processes`, the sizes of the host-start table's rows of real
   * manifests and generated skills; with `--index`, of its trees.
   */
  readonly sizes: readonly number[];
  /** `--stores=DIR`: the folder holding the public stores' checkouts. */
  readonly stores: string;
  /**
   * `--rounds=N`: the rounds of the process tables, or of the index table;
   * absent: their defaults.
   */
  readonly rounds?: number;
}

const FLAGS =
  "flags: --smoke, --write, --targets, --processes, --index, --sizes=N,M, --stores=DIR, --rounds=N";

/**
 * Reads the bench's flags: `--smoke`, `--write`, `--targets`, `--processes`,
 * `--index`, `--sizes=100,1000` (each a whole number from 1 to
 * {@linkcode MAX_BENCH_SIZE}), `--stores=DIR` (read by the process tables
 * only) and `--rounds=N` (from 1 to {@linkcode MAX_BENCH_ROUNDS}; read by the
 * process tables and the index table).
 * Throws an error naming the flag and the value for anything else.
 */
export function parseBenchArgs(args: readonly string[]): BenchArgs {
  let smoke = false;
  let write = false;
  let targets = false;
  let processes = false;
  let index = false;
  let sizes: number[] | undefined;
  let stores: string | undefined;
  let rounds: number | undefined;
  for (const arg of args) {
    if (arg === "--smoke") smoke = true;
    else if (arg === "--write") write = true;
    else if (arg === "--targets") targets = true;
    else if (arg === "--processes") processes = true;
    else if (arg === "--index") index = true;
    else if (arg.startsWith("--sizes=")) sizes = parseSizes(arg.slice(8));
    else if (arg.startsWith("--stores=")) stores = parseStores(arg.slice(9));
    else if (arg.startsWith("--rounds=")) rounds = parseRounds(arg.slice(9));
    else throw new Error(`bench: unknown argument "${arg}" (${FLAGS})`);
  }
  if (smoke && sizes !== undefined) {
    throw new Error("bench: --smoke runs 100 skills; it takes no --sizes=");
  }
  if (
    write && (smoke || targets || processes || index || sizes !== undefined)
  ) {
    throw new Error(
      "bench: --write saves the whole run; it takes no --smoke, --targets, --processes, --index or --sizes=",
    );
  }
  const only = [
    targets && "--targets",
    processes && "--processes",
    index && "--index",
  ].filter((flag) => flag !== false);
  if (only.length > 1) {
    throw new Error(
      `bench: ${only.join(" and ")} each run only their own tables; give one`,
    );
  }
  if (!processes && !smoke && stores !== undefined) {
    throw new Error(
      "bench: --stores= is read by the process tables only: add --processes (or --smoke)",
    );
  }
  if (!processes && !index && !smoke && rounds !== undefined) {
    throw new Error(
      "bench: --rounds= is read by the process tables and the index table only: add --processes or --index",
    );
  }
  if (smoke && rounds !== undefined) {
    throw new Error("bench: --smoke runs 2 rounds; it takes no --rounds=");
  }
  return {
    smoke,
    write,
    targets,
    processes,
    index,
    sizes: sizes ??
      (smoke
        ? [100]
        : processes
        ? [1_000]
        : index
        ? [1_000, 10_000]
        : [100, 1_000, 10_000]),
    stores: stores ?? DEFAULT_STORES,
    ...(rounds === undefined ? {} : { rounds }),
  };
}

function parseSizes(value: string): number[] {
  const sizes = value.split(",").map((part) => {
    const size = wholeNumber(part);
    if (!(size >= 1 && size <= MAX_BENCH_SIZE)) {
      throw new Error(
        `bench: --sizes=${value}: "${part}" is not a whole number from 1 to ${MAX_BENCH_SIZE} (bench trees share a disk)`,
      );
    }
    return size;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** Control, bidirectional and zero-width characters: not for a terminal. */
const UNSHOWABLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function parseStores(value: string): string {
  if (value === "" || new RegExp(UNSHOWABLE.source).test(value)) {
    const shown = value.replace(
      UNSHOWABLE,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    throw new Error(
      `bench: --stores="${shown}": give the folder holding the store checkouts (anthropics-skills/, openai-skills/, ...), without control or bidirectional characters`,
    );
  }
  return value;
}

function parseRounds(value: string): number {
  const rounds = wholeNumber(value);
  if (!(rounds >= 1 && rounds <= MAX_BENCH_ROUNDS)) {
    throw new Error(
      `bench: --rounds=${value}: not a whole number from 1 to ${MAX_BENCH_ROUNDS}`,
    );
  }
  return rounds;
}

/** `part` as a whole number, or NaN (which every bound refuses). */
function wholeNumber(part: string): number {
  const n = /^\d{1,9}$/.test(part) ? Number(part) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}
