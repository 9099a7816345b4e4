/**
 * `agent-skills list --watch`: after the listing, the command watches the
 * roots (`watchSkills()`), and on each change it calls `refresh()` and
 * prints the change set: a header and `+ name`, `- name`, `~ name` lines
 * (with `--json`, one JSON object per line), the warnings the refresh gave
 * and, on stderr, why it read roots in full. It runs until SIGINT or
 * SIGTERM, then closes the watch and exits 0.
 *
 * How the process stays up: `main()` resolves to its exit code, and both
 * bins (cli.ts under Deno, the npm bin, each awaiting `runCli()`) set
 * `process.exitCode` from it and let the event loop end. A
 * watch never keeps a process alive by itself, so {@linkcode watchList}
 * holds it: one ref'd timer and a listener for SIGINT and SIGTERM, which
 * close the watch, clear the timer, remove the listeners and set the exit
 * code to 0; the process then ends as it would have. An in-process caller
 * of `main(["list", "--watch"])` gets the same: `main()` resolves after the
 * listing, the change sets keep coming through its streams, and its process
 * runs until a signal. The other commands, and `list` without `--watch`,
 * open nothing (and do not load this module: `list.ts` imports it only for
 * `--watch` or `--debounce`).
 *
 * @module
 */

import process from "node:process";
import { SkillError, StartupError } from "../errors.ts";
import { safeJson } from "./json.ts";
import type { AgentSkills } from "../agent_skills.ts";
import type { SkillChanges } from "../registry/changes.ts";
import {
  type SkillWatch,
  type WatchChange,
  type WatchFallback,
  type WatchFallbackCode,
  watchSkills,
} from "../watch/watch.ts";
import { MAX_DEBOUNCE_MS } from "../watch/_options.ts";
import type { SkillWarning } from "../warn.ts";
import { colors, line, type Output } from "./output.ts";
import { display, fail, printWarnings } from "./terminal.ts";
import { OK, USAGE, type Values, type WorkingDirectory } from "./types.ts";

/** The flags of `list` that watching adds. */
export type WatchValues = Values & { watch?: boolean; debounce?: string };

/**
 * What is wrong with `--watch` and `--debounce` as given, in the flag's own
 * words, or `undefined`.
 */
export function watchProblem(values: WatchValues): string | undefined {
  const { debounce } = values;
  if (debounce === undefined) return undefined;
  if (values.watch !== true) {
    return "option --debounce sets how long --watch waits after a change: give --watch too";
  }
  if (/^[0-9]+$/.test(debounce) && Number(debounce) <= MAX_DEBOUNCE_MS) {
    return undefined;
  }
  return `option --debounce takes a whole number of milliseconds, at most ${MAX_DEBOUNCE_MS}, got ${
    JSON.stringify(debounce)
  }`;
}

/**
 * Watches the roots of `skills` after `list` printed them, printing each
 * change set through `io`, and holds the process until SIGINT or SIGTERM.
 *
 * @param warnings The array the instance's `onWarning` pushes to; what it
 * holds was printed with the listing.
 * @param status The listing's exit status, returned when the watch opens.
 * @returns `status`, or 2 when the watch cannot open (printed).
 */
export function watchList(
  { skills, warnings, values, status }: {
    skills: AgentSkills;
    warnings: SkillWarning[];
    values: WatchValues;
    status: number;
  },
  io: Output,
): number {
  warnings.splice(0);
  const said = new Set<string>();
  const onChange = (event: WatchChange): void =>
    printChanges(skills, { event, warnings, values, said }, io);
  let watch: SkillWatch;
  try {
    watch = watchSkills(skills, {
      onChange,
      ...(values.debounce === undefined
        ? {}
        : { debounce: Number(values.debounce) }),
    });
  } catch (error) {
    return fail(io, values, { status: USAGE, error: errorOf(error) });
  }
  holdUntilSignal(watch);
  return status;
}

/**
 * Refreshes after a change and prints what changed: a block (or one JSON
 * line) for a change set that is not empty, the warnings, and why the
 * refresh read roots in full. A refresh that throws is printed, and the
 * watch goes on.
 */
function printChanges(
  skills: AgentSkills,
  { event, warnings, values, said }: {
    event: WatchChange;
    warnings: SkillWarning[];
    values: WatchValues;
    /** The lasting reasons said already (see fallbackText()). */
    said: Set<string>;
  },
  io: Output,
): void {
  let changes: SkillChanges;
  try {
    changes = skills.refresh();
  } catch (error) {
    fail(io, values, { status: USAGE, error: errorOf(error) });
    return;
  }
  const fresh = warnings.splice(0);
  const fallback = changes.fallback ?? event.fallback;
  const { added, removed, changed } = changes;
  const count = added.length + removed.length + changed.length;
  if (values.json) {
    if (count + fresh.length + fallback.length === 0) return;
    // One object a line, so a reader takes each as it comes.
    io.outText(
      safeJson({ added, removed, changed, fallback, warnings: fresh }),
    );
    return;
  }
  const c = colors();
  for (const why of fallback) {
    const text = fallbackText(why, io, said);
    if (text !== undefined) io.err(line`agent-skills: ${c.dim(text)}`);
  }
  printWarnings(io, fresh);
  if (count === 0) return;
  const parts = [
    added.length > 0 ? `${added.length} added` : "",
    removed.length > 0 ? `${removed.length} removed` : "",
    changed.length > 0 ? `${changed.length} changed` : "",
  ].filter((part) => part !== "");
  io.out(c.dim(`changed: ${parts.join(", ")}`));
  for (const name of added) io.out(line`+ ${c.bold(name)}`);
  for (const name of removed) io.out(line`- ${c.bold(name)}`);
  for (const name of changed) io.out(line`~ ${c.bold(name)}`);
}

/** The reasons that hold at every change until the root changes (said once). */
const LASTING: ReadonlySet<WatchFallbackCode> = new Set([
  "watch_denied",
  "watch_limit",
  "watch_unsupported",
]);

/**
 * Why a change read roots in full, in the command's words (a library's
 * reason names `refresh()` and codes, which the command's user never
 * sees), or undefined when it was said already: a reason that holds at
 * every change is said once.
 */
export function fallbackText(
  why: WatchFallback,
  io: WorkingDirectory,
  said: Set<string>,
): string | undefined {
  const root = why.root === undefined ? undefined : display(why.root, io);
  if (LASTING.has(why.code)) {
    const key = `${why.code}\0${why.root ?? ""}`;
    if (said.has(key)) return undefined;
    said.add(key);
  }
  const which = root === undefined ? "every root" : root;
  switch (why.code) {
    case "watch_started":
      return root === undefined
        ? "watching began: every root is read once more, for what changed before"
        : `${which} is watched from now on (or watched another way): read once more, for what changed meanwhile`;
    case "watch_overflow":
      return "more changed at once than the watch could follow: every root is read again";
    case "watch_failed":
      return `watching ${which} failed: it is read again, and watched again`;
    case "watch_denied":
      return `${which} may not be watched (no permission): it is read again at each change`;
    case "watch_limit":
      return `${which} holds more directories than can be watched: it is read again at each change`;
    case "watch_unsupported":
      return `${which} holds what no watch here can see change (docs/reloading.md): it is read again at each change`;
    case "root_replaced":
      return `${which} now leads to another directory: it is read again`;
  }
}

/**
 * A library error as the command prints it: its code and message. Anything
 * else is a bug, thrown on.
 */
function errorOf(error: unknown): { code: string; message: string } {
  if (error instanceof SkillError || error instanceof StartupError) {
    return { code: error.code, message: error.message };
  }
  throw error;
}

/** The signals that end the watch. */
const SIGNALS: readonly NodeJS.Signals[] = process.platform === "win32"
  ? ["SIGINT"]
  : ["SIGINT", "SIGTERM"];

/**
 * Keeps the process alive while `watch` is open: one ref'd timer, released
 * with the watch on SIGINT or SIGTERM, after which the process exits 0.
 */
function holdUntilSignal(watch: SkillWatch): void {
  const timer = setInterval(() => {}, MAX_DEBOUNCE_MS);
  const stop = (): void => {
    watch.close();
    clearInterval(timer);
    for (const signal of SIGNALS) process.off(signal, stop);
    process.exitCode = OK;
  };
  for (const signal of SIGNALS) process.on(signal, stop);
}
