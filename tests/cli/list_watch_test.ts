// What `agent-skills list --watch` says on stderr when a change read roots in
// full (fallbackText()): the command's words, never the library's (no
// `refresh()`, no reason code), the root as the listing shows it (relative
// to the working directory, control and bidi characters escaped), and a
// reason that holds at every change said once. The command run as a process
// is in tests/cli/process/list_watch_test.ts.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { WatchFallback, WatchFallbackCode } from "@clarvis/agent-skills";
import { fallbackText } from "../../src/cli/list_watch.ts";
import { ACTING_SAMPLES } from "../_helpers.ts";

const CODES: readonly WatchFallbackCode[] = [
  "watch_started",
  "watch_overflow",
  "watch_failed",
  "watch_denied",
  "watch_limit",
  "watch_unsupported",
  "root_replaced",
];

const io = { cwd: "/home/ada/work" };

function reason(code: WatchFallbackCode, root?: string): WatchFallback {
  return {
    code,
    message: `Something about ${
      root ?? "every root"
    }: the next refresh() reads it`,
    ...(root === undefined ? {} : { root }),
  };
}

describe("fallbackText()", () => {
  it("speaks in the command's words: no refresh(), no reason code", () => {
    for (const code of CODES) {
      for (const root of [undefined, "/home/ada/work/skills"]) {
        const text = fallbackText(reason(code, root), io, new Set());
        assert.ok(text !== undefined, code);
        assert.doesNotMatch(text, /refresh\(\)|watch_|root_replaced/, text);
        if (root !== undefined && code !== "watch_overflow") {
          assert.match(text, /^(watching )?skills /, text);
        }
      }
    }
  });

  it("names a root outside the working directory by its whole path", () => {
    const text = fallbackText(
      reason("watch_failed", "/srv/skills"),
      io,
      new Set(),
    );
    assert.match(text ?? "", /\/srv\/skills/);
  });

  it("says a reason that holds at every change once, the others each time", () => {
    const said = new Set<string>();
    const root = "/home/ada/work/skills";
    for (
      const code of [
        "watch_limit",
        "watch_denied",
        "watch_unsupported",
      ] as const
    ) {
      assert.ok(fallbackText(reason(code, root), io, said) !== undefined);
      assert.equal(fallbackText(reason(code, root), io, said), undefined);
      assert.ok(fallbackText(reason(code, "/other"), io, said) !== undefined);
    }
    for (
      const code of ["watch_started", "watch_failed", "root_replaced"] as const
    ) {
      assert.ok(fallbackText(reason(code, root), io, said) !== undefined);
      assert.ok(fallbackText(reason(code, root), io, said) !== undefined);
    }
  });

  it("escapes what a root's name holds that would act on the terminal", () => {
    for (const sample of ACTING_SAMPLES) {
      const root = `/home/ada/work/sk${sample}ills`;
      const text = fallbackText(reason("watch_limit", root), io, new Set()) ??
        "";
      assert.ok(!text.includes(sample), JSON.stringify({ sample, text }));
    }
  });
});
