// `deno run --allow-read --allow-write scripts/watch_deno_limit.ts`: where
// Deno's per-directory watching stops being reliable. For each number of
// watches W, it opens W non-recursive `Deno.watchFs` watches (a folder of
// W/2 - 1 skill directories, each with one subfolder, plus the folder and its
// parent), makes EDITS edits one after another PACE ms apart (a new file in a
// skill's subfolder each time) and counts the edits whose event never came
// (waiting 3 s after the last). The same is run with one recursive watch of
// the folder, for comparison. Nothing of the library is used: this measures
// the runtime.
//
//   deno run --allow-read --allow-write scripts/watch_deno_limit.ts
//   ... --watches=16,64,128 --paces=1,5 --runs=3 --edits=60
//
// Why events are lost (Deno 2.9, notify 8, read in Deno's
// runtime/ops/fs_events.rs): every `Deno.watchFs` call shares one inotify
// instance, and each event is matched against every watch the process
// holds, opening the event's file and each watched directory
// (`same_file::is_same_file`). Each open is itself an inotify event
// (IN_OPEN, which notify 8 asks for and Deno drops only after reading it),
// so one change queues about three events per watch held. Past the kernel's
// queue (`max_queued_events`, 16,384) the kernel drops events and queues
// IN_Q_OVERFLOW, which notify turns into a rescan event naming no path, and
// Deno hands an event to a watch only by its path: no watch is told.

import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    watches: { type: "string", default: "16,32,64,96,128,192,256" },
    paces: { type: "string", default: "1,5,10" },
    runs: { type: "string", default: "3" },
    edits: { type: "string", default: "60" },
  },
});
const numbers = (text: string): number[] => text.split(",").map(Number);
const RUNS = Number(values.runs);
const EDITS = Number(values.edits);

/** Edits whose event did not come, of EDITS, with `watches` watches. */
async function lost(
  watches: number,
  pace: number,
  mode: "per-directory" | "recursive",
): Promise<number> {
  const base = Deno.makeTempDirSync({ dir: "/tmp", prefix: "deno-limit-" });
  const root = `${base}/root`;
  const skills = Math.max(1, Math.floor(watches / 2) - 1);
  const dirs = [root];
  Deno.mkdirSync(root);
  for (let i = 0; i < skills; i++) {
    Deno.mkdirSync(`${root}/s${i}/sub`, { recursive: true });
    dirs.push(`${root}/s${i}`, `${root}/s${i}/sub`);
  }
  const seen = new Set<string>();
  const opened: Deno.FsWatcher[] = [];
  const watch = (path: string, recursive: boolean): void => {
    const watcher = Deno.watchFs(path, { recursive });
    opened.push(watcher);
    (async () => {
      for await (const event of watcher) {
        for (const path of event.paths) seen.add(path);
      }
    })().catch(() => {});
  };
  watch(base, false);
  if (mode === "recursive") watch(root, true);
  else for (const dir of dirs) watch(dir, false);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const edited: string[] = [];
  for (let i = 0; i < EDITS; i++) {
    const file = `${root}/s${(i * 7) % skills}/sub/edit-${i}`;
    Deno.writeTextFileSync(file, "x");
    edited.push(file);
    await new Promise((resolve) => setTimeout(resolve, pace));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const watcher of opened) watcher.close();
  Deno.removeSync(base, { recursive: true });
  return edited.filter((file) => !seen.has(file)).length;
}

console.log(
  `Deno ${Deno.version.deno}, ${EDITS} edits a run, ${RUNS} runs; edits lost in each run`,
);
console.log("");
console.log("| watches | pace (ms) | per-directory | one recursive watch |");
console.log("|---:|---:|---|---|");
for (const watches of numbers(values.watches)) {
  for (const pace of numbers(values.paces)) {
    const perDirectory: number[] = [];
    const recursive: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      perDirectory.push(await lost(watches, pace, "per-directory"));
      recursive.push(await lost(watches, pace, "recursive"));
    }
    console.log(
      `| ${watches} | ${pace} | ${perDirectory.join(", ")} | ${
        recursive.join(", ")
      } |`,
    );
  }
}
