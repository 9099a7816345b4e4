// The index table's flag of `deno task bench` (scripts/bench_args.ts):
// --index, its sizes and rounds, and where it is refused.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_STORES,
  MAX_BENCH_ROUNDS,
  parseBenchArgs,
} from "../../scripts/bench_args.ts";

describe("parseBenchArgs(), the index table's flag", () => {
  it("runs the index table alone with --index, at 1,000 and 10,000 skills by default", () => {
    assert.deepEqual(parseBenchArgs(["--index"]), {
      smoke: false,
      write: false,
      targets: false,
      processes: false,
      index: true,
      sizes: [1_000, 10_000],
      stores: DEFAULT_STORES,
    });
    for (const args of [[], ["--smoke"], ["--targets"], ["--processes"]]) {
      assert.equal(parseBenchArgs(args).index, false);
    }
  });

  it("reads --sizes= and --rounds= with --index", () => {
    const args = parseBenchArgs(["--index", "--sizes=10000,20", "--rounds=5"]);
    assert.deepEqual(args.sizes, [20, 10_000]);
    assert.equal(args.rounds, 5);
    assert.equal(
      parseBenchArgs(["--rounds=1", "--index"]).rounds,
      1,
    );
    for (const value of ["0", "201", "x", ""]) {
      assert.throws(
        () => parseBenchArgs(["--index", `--rounds=${value}`]),
        (error: Error) =>
          error.message.includes(`--rounds=${value}`) &&
          error.message.includes(String(MAX_BENCH_ROUNDS)),
      );
    }
    assert.throws(
      () => parseBenchArgs(["--index", "--sizes=10001"]),
      /--sizes=10001/,
    );
  });

  it("refuses --index beside another table's flag, --write, or --stores=", () => {
    for (const other of ["--targets", "--processes"]) {
      assert.throws(
        () => parseBenchArgs(["--index", other]),
        (error: Error) =>
          error.message.includes("--index") && error.message.includes(other),
      );
    }
    assert.throws(
      () => parseBenchArgs(["--targets", "--processes", "--index"]),
      /--targets and --processes and --index/,
    );
    assert.throws(() => parseBenchArgs(["--write", "--index"]), /--write/);
    assert.throws(
      () => parseBenchArgs(["--index", "--stores=/srv"]),
      /--stores= is read by the process tables only/,
    );
    assert.throws(() => parseBenchArgs(["--indexes"]), /--index/);
    // --rounds= still needs a table that reads it.
    assert.throws(
      () => parseBenchArgs(["--targets", "--rounds=3"]),
      /--processes or --index/,
    );
  });
});
