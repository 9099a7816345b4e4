// Samples, their summaries and their cells, for `deno task bench`
// (scripts/bench.ts): the runs of one measure, or of several in turn.

/** The median, fastest and slowest of a measure's runs (ms). */
export interface Sample {
  median: number;
  min: number;
  max: number;
}

/** The summary of `times` (sorted in place). */
export function summarise(times: number[]): Sample {
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    max: times.at(-1) ?? 0,
  };
}

/** `runs` timed calls of `fn`, each after an untimed `setup`. */
export function sample(
  runs: number,
  fn: () => void,
  setup?: () => void,
): Sample {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    setup?.();
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

/**
 * Samples of several functions whose ratio is reported, their runs taken in
 * turn (a, b, a, b, ...), so that a slower spell of a shared machine falls on
 * each of them alike rather than on whichever ran then.
 */
export function sampleInTurn(
  runs: number,
  fns: ReadonlyArray<() => unknown>,
  setup?: () => void,
): Sample[] {
  const times = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, index) => {
      setup?.();
      const start = performance.now();
      fn();
      times[index]?.push(performance.now() - start);
    });
  }
  return times.map(summarise);
}

/** {@linkcode sampleInTurn} for functions that may be asynchronous. */
export async function sampleInTurnAsync(
  runs: number,
  fns: ReadonlyArray<() => unknown>,
  setup?: () => void,
): Promise<Sample[]> {
  const times = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, fn] of fns.entries()) {
      setup?.();
      const start = performance.now();
      await fn();
      times[index]?.push(performance.now() - start);
    }
  }
  return times.map(summarise);
}

/** `runs` timed calls of the asynchronous `fn`. */
export async function sampleAsync(
  runs: number,
  fn: () => Promise<void>,
): Promise<Sample> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

/** Per-call time of `fn` over `calls` calls, as a Sample over `runs` runs. */
export function perCall(
  runs: number,
  calls: number,
  fn: (i: number) => void,
): Sample {
  const total = sample(runs, () => {
    for (let i = 0; i < calls; i++) fn(i);
  });
  return scaled(total, 1 / calls);
}

/** A sample with each time multiplied by `factor`. */
export function scaled(s: Sample, factor: number): Sample {
  return {
    median: s.median * factor,
    min: s.min * factor,
    max: s.max * factor,
  };
}

/** Runs a command to completion; its wall time in ms, and its stdout. */
export function timed(
  command: string,
  args: string[],
  cwd?: string,
): { ms: number; out: string } {
  const start = performance.now();
  const result = new Deno.Command(command, {
    args,
    ...(cwd === undefined ? {} : { cwd }),
    stdout: "piped",
    stderr: "inherit",
  }).outputSync();
  const ms = performance.now() - start;
  if (result.code !== 0) {
    throw new Error(
      `bench: ${command} ${args.join(" ")} exited ${result.code}`,
    );
  }
  return { ms, out: new TextDecoder().decode(result.stdout).trim() };
}

/** A sample in one unit: µs below 0.1 ms, else ms. */
export const cell = (s: Sample | undefined): string => {
  if (s === undefined) return "–";
  const micro = s.median < 0.1;
  const f = (v: number): string =>
    micro ? (v * 1000).toFixed(2) : v >= 100 ? v.toFixed(0) : v.toFixed(2);
  return `${f(s.median)} (${f(s.min)}–${f(s.max)})${micro ? " µs" : ""}`;
};

/** The ratio of two samples' medians, as `1.23×`; `–` without both. */
export const ratio = (a: Sample | undefined, b: Sample | undefined): string =>
  a === undefined || b === undefined || b.median === 0
    ? "–"
    : `${(a.median / b.median).toFixed(2)}×`;

/** The log-log slope of `points` (size, ms), or `–` with fewer than two. */
export function slope(
  points: ReadonlyArray<readonly [number, number]>,
): string {
  const logs = points.map(([x, y]) => [Math.log(x), Math.log(y)] as const)
    .filter(([, y]) => Number.isFinite(y));
  if (logs.length < 2) return "–";
  const n = logs.length;
  const mx = logs.reduce((a, [x]) => a + x, 0) / n;
  const my = logs.reduce((a, [, y]) => a + y, 0) / n;
  const s = logs.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) /
    logs.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return s.toFixed(2);
}
