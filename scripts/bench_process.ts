// The second process of `deno task bench`'s import and whole-process rows.
//
//   bench_process.ts import WHAT   prints the milliseconds `await import(WHAT)`
//                                  takes in a fresh process (WHAT: mod, zod,
//                                  js-yaml, node:fs, or deps: js-yaml and
//                                  zod, the main entry's own dependencies;
//                                  cli: cli.ts; none: nothing, the empty
//                                  process the import costs are read over)
//   bench_process.ts read ROOT...  reads every <root>/<name>/SKILL.md and
//                                  prints how many: the floor of a short-lived
//                                  process that lists skills

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [mode = "", ...rest] = Deno.args;
if (mode === "import") {
  const what = rest[0] ?? "mod";
  const specifiers = what === "mod"
    ? ["../mod.ts"]
    : what === "cli"
    ? ["../cli.ts"]
    : what === "none"
    ? []
    : what === "deps"
    ? ["js-yaml", "zod"]
    : [what];
  const start = performance.now();
  await Promise.all(specifiers.map((specifier) => import(specifier)));
  console.log((performance.now() - start).toFixed(2));
} else if (mode === "read") {
  let count = 0;
  for (const root of rest) {
    for (const name of readdirSync(root)) {
      try {
        readFileSync(join(root, name, "SKILL.md"));
        count++;
      } catch {
        // not a skill directory
      }
    }
  }
  console.log(count);
} else {
  throw new Error(`bench_process: unknown mode "${mode}"`);
}
