/**
 * A timer that never keeps the process alive by itself: Node's and Bun's
 * timers are unref'd, Deno's through `Deno.unrefTimer`.
 *
 * @module
 */

/** Deno's namespace, where it has `unrefTimer`. */
const deno = (globalThis as {
  Deno?: { unrefTimer?: (id: number) => void };
}).Deno;

/** A started timer, to clear. */
export type Timer = ReturnType<typeof setTimeout>;

/** Calls `run` once after `ms` milliseconds, without holding the process open. */
export function unrefTimeout(run: () => void, ms: number): Timer {
  const timer = setTimeout(run, ms);
  if (typeof timer === "number") deno?.unrefTimer?.(timer);
  else (timer as { unref?: () => void }).unref?.();
  return timer;
}
