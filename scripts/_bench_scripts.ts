// The bench's .mjs scripts as command lines in each runtime (Deno the files
// in scripts/, their bare imports through deno.json; Node their copies in the
// scratch project of scripts/bench_node.ts), and the kept index a host
// start or a one-process run reads, written by the library before anything
// is timed (scripts/bench_index_write.mjs).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CHECKOUT_KEY, type NodeProject } from "./bench_node.ts";
import { DENO_RUN } from "./bench_processes.ts";
import { timed } from "./bench_stats.ts";

const SCRIPTS = new URL(".", import.meta.url).pathname;

/** A runtime the bench runs a script in. */
export type Runtime = "deno" | "node";

/** The runtimes a table runs in: Deno, and Node with the npm build. */
export function runtimesOf(node: NodeProject | undefined): Runtime[] {
  return node === undefined ? ["deno"] : ["deno", "node"];
}

/**
 * The command line running one of the bench's .mjs scripts in `runtime`,
 * with the flags every Deno process of the process tables gets; `gc`
 * exposes the collector, `write` grants Deno writes under a folder.
 */
export function scriptCommand(
  runtime: Runtime,
  script: string,
  node: NodeProject | undefined,
  { gc = false, write }: { gc?: boolean; write?: string } = {},
): string[] {
  if (runtime === "node") {
    if (node === undefined) throw new Error("bench: no npm build for Node");
    return ["node", ...(gc ? ["--expose-gc"] : []), join(node.dir, script)];
  }
  return [
    Deno.execPath(),
    ...DENO_RUN,
    ...(gc ? ["--v8-flags=--expose-gc"] : []),
    ...(write === undefined ? [] : [`--allow-write=${write}`]),
    join(SCRIPTS, script),
  ];
}

/**
 * Has the library write the index of `roots` into `<home>/index-<checkout
 * key>/<runtime>-<name>.json`, in `runtime` (an index keeps file times as
 * its runtime reads them), untimed; the file's path, the skills served and
 * the entries the index holds.
 */
export function writeIndex(
  runtime: Runtime,
  name: string,
  { home, roots, node }: {
    home: string;
    roots: readonly string[];
    node: NodeProject | undefined;
  },
): { file: string; skills: number; entries: number } {
  const dir = join(home, `index-${CHECKOUT_KEY}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${runtime}-${name}.json`);
  const [bin = "", ...args] = scriptCommand(
    runtime,
    "bench_index_write.mjs",
    node,
    { write: dir },
  );
  const { out } = timed(bin, [...args, file, home, ...roots]);
  const [skills, entries] = out.split(" ").map(Number);
  return { file, skills: skills ?? NaN, entries: entries ?? NaN };
}
