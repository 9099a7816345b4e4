import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MAX_BENCH_SIZE, parseBenchArgs } from "../../scripts/bench_args.ts";

describe("parseBenchArgs()", () => {
  it("runs 100, 1,000 and 10,000 skills by default, 100 with --smoke", () => {
    assert.deepEqual(parseBenchArgs([]), {
      smoke: false,
      write: false,
      targets: false,
      processes: false,
      index: false,
      sizes: [100, 1_000, 10_000],
      stores: "/tmp/agent-skills-bench/stores",
    });
    assert.deepEqual(parseBenchArgs(["--smoke"]).sizes, [100]);
    assert.equal(parseBenchArgs(["--write"]).write, true);
    assert.equal(parseBenchArgs(["--targets"]).targets, true);
  });

  it("reads --sizes= in ascending order, once each", () => {
    assert.deepEqual(parseBenchArgs(["--sizes=1000,100,1000"]).sizes, [
      100,
      1_000,
    ]);
    assert.deepEqual(parseBenchArgs([`--sizes=${MAX_BENCH_SIZE}`]).sizes, [
      10_000,
    ]);
  });

  it("refuses a size above 10,000, naming the flag and the value", () => {
    assert.equal(MAX_BENCH_SIZE, 10_000);
    for (const value of ["10001", "100000", "100,20000", "1e9"]) {
      assert.throws(
        () => parseBenchArgs([`--sizes=${value}`]),
        (error: Error) =>
          error.message.includes(`--sizes=${value}`) &&
          error.message.includes("10000"),
      );
    }
  });

  it("refuses sizes that are not whole numbers from 1, and unknown flags", () => {
    for (const value of ["", "0", "-5", "1.5", "abc", "100,"]) {
      assert.throws(
        () => parseBenchArgs([`--sizes=${value}`]),
        /--sizes=/,
      );
    }
    assert.throws(() => parseBenchArgs(["--size=100"]), /--size=100/);
    assert.throws(() => parseBenchArgs(["--smoke", "--sizes=100"]), /--smoke/);
    assert.throws(
      () => parseBenchArgs(["--write", "--sizes=100"]),
      /--write/,
    );
  });
});
