// The default bound of a watch, from what Linux tells in /proc: the inotify
// watches a user may still add (inotifyWatchesFree()), and half of them as
// watch()'s default maxWatches (defaultMaxWatches()). Each case reads a
// made-up /proc, so that the answer does not depend on the machine.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inotifyWatchesFree } from "../../src/fs/_inotify.ts";
import {
  defaultMaxWatches,
  MAX_WATCHES_BOUND,
} from "../../src/watch/_options.ts";
import { FALLBACK_MAX_WATCHES } from "../../src/watch/_options.ts";
import { tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** An fdinfo file of an inotify instance holding `watches` watches. */
function fdinfo(watches: number): string {
  const lines = ["pos:\t0", "flags:\t02004000", "mnt_id:\t15", "ino:\t1057"];
  for (let wd = 1; wd <= watches; wd++) {
    lines.push(
      `inotify wd:${wd} ino:${
        wd + 100
      } sdev:800001 mask:fce ignored_mask:0 fhandle-bytes:8 fhandle-type:1 f_handle:${wd}`,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * A made-up /proc: the bound (none: no such file), and processes by pid,
 * each descriptor leading to an inotify instance holding that many
 * watches, or to the path given.
 */
function proc(
  limit: string | undefined,
  processes: Record<string, Record<string, number | string>>,
): string {
  const root = tree(
    limit === undefined ? {} : { "sys/fs/inotify/max_user_watches": limit },
  );
  for (const [pid, fds] of Object.entries(processes)) {
    mkdirSync(join(root, pid, "fd"), { recursive: true });
    mkdirSync(join(root, pid, "fdinfo"));
    for (const [fd, what] of Object.entries(fds)) {
      const inotify = typeof what === "number";
      symlinkSync(
        inotify ? "anon_inode:inotify" : what,
        join(root, pid, "fd", fd),
      );
      writeFileSync(
        join(root, pid, "fdinfo", fd),
        inotify ? fdinfo(what) : "pos:\t0\n",
      );
    }
  }
  return root;
}

describe("inotifyWatchesFree()", () => {
  it("is the bound less the watches of every inotify descriptor it can read", () => {
    const root = proc("1000\n", {
      "12": { "3": 40, "4": "/dev/null", "5": 2 },
      "345": { "7": 100 },
      self: { "3": 500 },
    });
    assert.equal(inotifyWatchesFree(root), 1000 - 40 - 2 - 100);
  });

  it("is undefined where the bound cannot be read, or is not a count", () => {
    assert.equal(inotifyWatchesFree(proc(undefined, {})), undefined);
    for (const bad of ["", "abc", "-5", "0", "99999999999999999999"]) {
      assert.equal(inotifyWatchesFree(proc(bad, {})), undefined, bad);
    }
    assert.equal(inotifyWatchesFree("/nonexistent-proc"), undefined);
  });

  it("never goes below none", () => {
    const root = proc("50\n", { "12": { "3": 80 } });
    assert.equal(inotifyWatchesFree(root), 0);
  });

  it("skips a process whose descriptors it may not read", () => {
    const root = proc("50\n", { "12": { "3": 10 }, "13": { "3": 5 } });
    chmodSync(join(root, "13", "fdinfo", "3"), 0o000);
    const free = inotifyWatchesFree(root);
    // root reads a file whatever its mode: 13's watches count or not
    assert.ok(free === 40 || free === 35, String(free));
  });

  it("a descriptor leading in a loop, or a pid folder that is a file: skipped", () => {
    const root = proc("100\n", { "12": { "3": 10 } });
    symlinkSync("3", join(root, "12", "fd", "9"));
    writeFileSync(join(root, "77"), "not a folder");
    assert.equal(inotifyWatchesFree(root), 90);
  });
});

describe("defaultMaxWatches()", () => {
  it("is half of what the user may still add", () => {
    const root = proc("192543\n", { "12": { "3": 543 } });
    assert.equal(defaultMaxWatches(root), 96_000);
  });

  it("is at most MAX_WATCHES_BOUND, and none when none is left", () => {
    assert.equal(
      defaultMaxWatches(proc(String(10 * MAX_WATCHES_BOUND), {})),
      MAX_WATCHES_BOUND,
    );
    assert.equal(defaultMaxWatches(proc("10\n", { "12": { "3": 30 } })), 0);
  });

  it("falls back to 8,192 where /proc does not say", () => {
    assert.equal(FALLBACK_MAX_WATCHES, 8192);
    assert.equal(defaultMaxWatches("/nonexistent-proc"), 8192);
  });
});
