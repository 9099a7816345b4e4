// The watch primitive of the filesystem seam, watchDirectory(): what it
// signals for each change in a watched directory, that close() ends it, and
// the codes it starts or stops with. Signals are waited for with generous
// bounds (polling up to 20 s), never timed. The tests that need a second
// process (a watch does not keep it alive, a scoped read grant, names that
// are not UTF-8) are in tests/fs/process/fs_watch_test.ts.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  mkdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  type DirectoryWatch,
  treeWatch,
  watchDirectory,
  watchErrorCode,
  type WatchSignal,
  WatchStartError,
} from "../../src/fs/_watch.ts";
import { tempTrees, withTree } from "../_helpers.ts";

const tree = tempTrees();
const BOUND_MS = 20_000;
const IS_DENO = "Deno" in globalThis;

/** A watch whose signals are kept, and a way to wait for one. */
function watched(
  dir: string,
  recursive = false,
): {
  signals: WatchSignal[];
  watch: DirectoryWatch;
  until: (
    what: string,
    seen: (signal: WatchSignal) => boolean,
  ) => Promise<void>;
} {
  const signals: WatchSignal[] = [];
  const watch = watchDirectory(dir, { recursive }, (signal) => {
    signals.push(signal);
  });
  return {
    signals,
    watch,
    until: (what, seen) => waitFor(signals, what, seen),
  };
}

/** Resolves once a signal in `signals` is `seen`; fails after BOUND_MS. */
async function waitFor(
  signals: readonly WatchSignal[],
  what: string,
  seen: (signal: WatchSignal) => boolean,
  { again }: { again?: () => void } = {},
): Promise<void> {
  const deadline = Date.now() + BOUND_MS;
  let tries = 0;
  while (!signals.some(seen)) {
    if (Date.now() > deadline) {
      assert.fail(
        `no signal for ${what} within ${BOUND_MS} ms; saw ${
          JSON.stringify(signals)
        }`,
      );
    }
    await sleep(20);
    if (again !== undefined && ++tries % 50 === 0) again();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pathSignal(path: string): (signal: WatchSignal) => boolean {
  return (signal) => signal.kind === "path" && signal.path === path;
}

/** The WatchStartError `start` throws. */
function startError(start: () => unknown): WatchStartError {
  try {
    start();
  } catch (error) {
    assert.ok(error instanceof WatchStartError, String(error));
    return error;
  }
  assert.fail("the watch started");
}

describe("watchDirectory()", () => {
  it("signals a file created, edited and renamed, by its path", async () => {
    const dir = tree({ "old.md": "old\n" });
    const { watch, until } = watched(dir);
    try {
      writeFileSync(join(dir, "new.md"), "new\n");
      await until("a created file", pathSignal(join(dir, "new.md")));
      appendFileSync(join(dir, "old.md"), "more\n");
      await until("an edited file", pathSignal(join(dir, "old.md")));
      renameSync(join(dir, "new.md"), join(dir, "renamed.md"));
      await until("a renamed file", pathSignal(join(dir, "renamed.md")));
    } finally {
      watch.close();
    }
  });

  it("signals the old name of a renamed file and a removed file", async () => {
    const dir = tree({ "a.md": "a\n", "b.md": "b\n" });
    const { watch, until } = watched(dir);
    try {
      renameSync(join(dir, "a.md"), join(dir, "moved.md"));
      await until("a file renamed away", pathSignal(join(dir, "a.md")));
      rmSync(join(dir, "b.md"));
      await until("a removed file", pathSignal(join(dir, "b.md")));
    } finally {
      watch.close();
    }
  });

  it("signals a new subdirectory by its path (recursive: false)", async () => {
    const dir = tree({ "keep.md": "" });
    const { watch, until } = watched(dir);
    try {
      mkdirSync(join(dir, "sub"));
      await until("a new subdirectory", pathSignal(join(dir, "sub")));
    } finally {
      watch.close();
    }
  });

  it(
    "signals a file inside a new subdirectory, where recursion is native",
    { skip: treeWatch === "none" && "this runtime watches one directory" },
    async () => {
      const dir = tree({ "keep.md": "" });
      const { signals, watch, until } = watched(dir, true);
      try {
        mkdirSync(join(dir, "sub", "deeper"), { recursive: true });
        await until("a new subdirectory", pathSignal(join(dir, "sub")));
        const file = join(dir, "sub", "deeper", "SKILL.md");
        // the watch of a new directory is added after its creation is seen:
        // a write before that is not signalled, so write until one is
        writeFileSync(file, "x\n");
        await waitFor(
          signals,
          "a file in a new subdirectory",
          pathSignal(file),
          {
            again: () => appendFileSync(file, "x\n"),
          },
        );
      } finally {
        watch.close();
      }
    },
  );

  it("a watch opened at once inside one just closed sees what changes there", async () => {
    const dir = tree({ "sub/deep/keep.md": "" });
    const sub = join(dir, "sub");
    // The outer watch has a read of its events in flight when it closes:
    // Deno releases it a turn later, and a watch that started before then
    // inside it would lose its kernel watches to that release, unsaid.
    const outer = watchDirectory(
      dir,
      { recursive: treeWatch !== "none" },
      () => {},
    );
    // A turn for Deno to take up that read, then the close.
    await new Promise((resolve) => setTimeout(resolve, 50));
    outer.close();
    const { signals, watch } = watched(sub, treeWatch !== "none");
    try {
      const file = treeWatch === "none"
        ? join(sub, "after.md")
        : join(sub, "deep", "after.md");
      // Written once the late release is done (what it would remove, it has
      // removed by then), and again until seen: what is written before the
      // watch starts is not.
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(file, "x\n");
      await waitFor(signals, "a file written in it", pathSignal(file), {
        again: () => appendFileSync(file, "x\n"),
      });
    } finally {
      watch.close();
    }
  });

  it(
    "refuses recursive: true with watch_unsupported where recursion is not native",
    { skip: treeWatch !== "none" && "this runtime watches a tree natively" },
    () => {
      const dir = tree({ "keep.md": "" });
      const error = startError(() =>
        watchDirectory(dir, { recursive: true }, () => {})
      );
      assert.equal(error.code, "watch_unsupported");
      assert.match(error.message, /recursive: false/);
    },
  );

  it("gives nothing more once its receiver closes it, even on the signal that the directory went", async () => {
    const base = tree({ "keep.md": "" });
    const dir = join(base, "empty");
    mkdirSync(dir);
    const signals: WatchSignal[] = [];
    const watch: DirectoryWatch = watchDirectory(
      dir,
      { recursive: false },
      (signal) => {
        signals.push(signal);
        watch.close();
      },
    );
    // A second watch, of the folder above, shows when later events came.
    const control = watched(base);
    try {
      rmdirSync(dir);
      await waitFor(signals, "the directory going", () => true);
      const later = join(base, "later.md");
      writeFileSync(later, "x\n");
      await control.until("a write after the removal", pathSignal(later));
      assert.deepEqual(signals, [{ kind: "path", path: dir }]);
    } finally {
      control.watch.close();
    }
  });

  it("stops signalling once closed, and closes twice harmlessly", async () => {
    const dir = tree({ "keep.md": "" });
    const closedSignals: WatchSignal[] = [];
    const closed = watchDirectory(dir, { recursive: false }, (signal) => {
      closedSignals.push(signal);
    });
    closed.close();
    closed.close();
    // a second watch of the same directory shows when the writes were seen
    const { watch, until } = watched(dir);
    try {
      writeFileSync(join(dir, "after.md"), "x\n");
      // The second watch saw the write: the closed one was told nothing.
      await until(
        "a file written after close",
        pathSignal(join(dir, "after.md")),
      );
      assert.deepEqual(closedSignals, []);
    } finally {
      watch.close();
      watch.close();
    }
  });

  it("delivers no signal during the call", () => {
    const dir = tree({ "keep.md": "" });
    const signals: WatchSignal[] = [];
    const watch = watchDirectory(dir, { recursive: false }, (signal) => {
      signals.push(signal);
    });
    writeFileSync(join(dir, "now.md"), "x\n");
    assert.deepEqual(signals, []);
    watch.close();
  });

  it("throws watch_missing for a path that does not exist", () => {
    const dir = tree({});
    const error = startError(() =>
      watchDirectory(join(dir, "absent"), { recursive: false }, () => {})
    );
    assert.equal(error.code, "watch_missing");
    assert.ok(error.message.includes(join(dir, "absent")), error.message);
  });

  it("throws watch_missing for a file: only a directory is watched", () => {
    const dir = tree({ "SKILL.md": "x\n" });
    const error = startError(() =>
      watchDirectory(join(dir, "SKILL.md"), { recursive: false }, () => {})
    );
    assert.equal(error.code, "watch_missing");
    assert.match(error.message, /not a directory/);
  });

  it("signals the watched directory's removal: a path signal for it, then watch_missing", async () => {
    const base = tree({ "root/keep.md": "" });
    const root = join(base, "root");
    const { signals, watch, until } = watched(root);
    try {
      rmSync(root, { recursive: true });
      await until(
        "the watched directory removed",
        (signal) => signal.kind === "error" || pathSignal(root)(signal),
      );
      await until("the watch stopping", (signal) => signal.kind === "error");
      const error = signals.find((signal) => signal.kind === "error");
      assert.equal(error?.kind === "error" && error.code, "watch_missing");
      assert.deepEqual(signals.at(-1), error);
    } finally {
      watch.close();
    }
  });

  it("signals the watched directory's replacement, and stops", async () => {
    const base = tree({ "root/keep.md": "", "other/keep.md": "" });
    const root = join(base, "root");
    const { watch, until } = watched(root);
    try {
      renameSync(root, join(base, "gone"));
      renameSync(join(base, "other"), root);
      await until(
        "the watch stopping",
        (signal) => signal.kind === "error" && signal.code === "watch_missing",
      );
    } finally {
      watch.close();
    }
  });

  it(
    "signals overflow when more events come than Deno's queue holds",
    { skip: !IS_DENO && "node:fs never says that it lost events" },
    async () => {
      await withTree({}, async (dir) => {
        const { signals, watch } = watched(dir);
        try {
          // written in one synchronous run, so nothing reads the events
          // meanwhile: three per file, far more than the queue's 1024
          for (let i = 0; i < 3000; i++) {
            writeFileSync(join(dir, `f${i}.md`), "x\n");
          }
          await waitFor(
            signals,
            "an overflow",
            (signal) => signal.kind === "overflow",
          );
        } finally {
          watch.close();
        }
      });
    },
  );

  it("signals a name holding U+FFFD under Deno by its directory, elsewhere by its path", async () => {
    const dir = tree({ "keep.md": "" });
    const name = "bad\uFFFD.md";
    const { signals, watch, until } = watched(dir);
    try {
      writeFileSync(join(dir, name), "x\n");
      const expected = IS_DENO ? dir : join(dir, name);
      await until("a name with U+FFFD", pathSignal(expected));
      if (IS_DENO) {
        assert.ok(
          signals.every((s) => s.kind !== "path" || !s.path.includes("\uFFFD")),
          JSON.stringify(signals),
        );
      }
    } finally {
      watch.close();
    }
  });
});

describe("watchErrorCode()", () => {
  it("maps errno codes, Deno's error classes and limit messages", () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    const named = (name: string) => Object.assign(new Error(name), { name });
    assert.equal(watchErrorCode(errno("ENOSPC")), "watch_limit");
    assert.equal(watchErrorCode(errno("EMFILE")), "watch_limit");
    assert.equal(watchErrorCode(errno("EACCES")), "watch_denied");
    assert.equal(watchErrorCode(errno("EPERM")), "watch_denied");
    assert.equal(watchErrorCode(errno("ERR_ACCESS_DENIED")), "watch_denied");
    assert.equal(watchErrorCode(errno("ENOENT")), "watch_missing");
    assert.equal(watchErrorCode(errno("ENOTDIR")), "watch_missing");
    assert.equal(watchErrorCode(errno("EIO")), "watch_failed");
    assert.equal(watchErrorCode(named("NotCapable")), "watch_denied");
    assert.equal(watchErrorCode(named("PermissionDenied")), "watch_denied");
    assert.equal(watchErrorCode(named("NotFound")), "watch_missing");
    assert.equal(
      watchErrorCode(new Error("OS file watch limit reached.")),
      "watch_limit",
    );
    assert.equal(watchErrorCode(new Error("something else")), "watch_failed");
    assert.equal(watchErrorCode("a string"), "watch_failed");
    assert.equal(watchErrorCode(null), "watch_failed");
  });
});
