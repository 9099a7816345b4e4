import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MAX_BENCH_SIZE, parseBenchArgs } from "../../scripts/bench_args.ts";
import { DEFAULT_STORES, MAX_BENCH_ROUNDS } from "../../scripts/bench_args.ts";

describe("parseBenchArgs()", () => {
  it("runs 100, 1,000 and 10,000 skills by default, 100 with --smoke", () => {
    assert.deepEqual(parseBenchArgs([]), {
      smoke: false,
      write: false,
      targets: false,
      processes: false,
      sizes: [100, 1_000, 10_000],
      stores: DEFAULT_STORES,
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

  it("runs the process tables alone with --processes, at 1,000 skills by default", () => {
    assert.deepEqual(parseBenchArgs(["--processes"]), {
      smoke: false,
      write: false,
      targets: false,
      processes: true,
      sizes: [1_000],
      stores: DEFAULT_STORES,
    });
    assert.ok(DEFAULT_STORES.startsWith("/tmp/"));
    const args = parseBenchArgs([
      "--processes",
      "--sizes=10000,1000",
      "--stores=/srv/stores",
      "--rounds=9",
    ]);
    assert.deepEqual(args.sizes, [1_000, 10_000]);
    assert.equal(args.stores, "/srv/stores");
    assert.equal(args.rounds, 9);
    assert.equal(
      parseBenchArgs([`--processes`, `--rounds=${MAX_BENCH_ROUNDS}`])
        .rounds,
      MAX_BENCH_ROUNDS,
    );
    // The smoke run includes the process tables: it reads where the stores are.
    assert.equal(
      parseBenchArgs(["--smoke", "--stores=/srv/s"]).stores,
      "/srv/s",
    );
  });

  it("refuses rounds that are not whole numbers from 1 to the bound", () => {
    assert.equal(MAX_BENCH_ROUNDS, 200);
    for (
      const value of ["", "0", "-1", "1.5", "2e1", "201", "99999999999", " 9"]
    ) {
      assert.throws(
        () => parseBenchArgs(["--processes", `--rounds=${value}`]),
        (error: Error) =>
          error.message.includes(`--rounds=${value}`) &&
          error.message.includes("200"),
      );
    }
  });

  it("refuses an empty --stores= or one with control or bidi characters", () => {
    for (
      const value of [
        "",
        "/tmp/a\nb",
        "/tmp/\u001b[31m",
        "/x\u007f",
        "/x\u009b",
        "/tmp/\u202eevil",
        "/tmp/\u2066x",
        "/tmp/\u200bx",
      ]
    ) {
      assert.throws(
        () => parseBenchArgs(["--processes", `--stores=${value}`]),
        (error: Error) =>
          error.message.includes("--stores=") &&
          // the value is quoted, never written raw to the terminal
          // deno-lint-ignore no-control-regex
          !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/
            .test(error.message),
      );
    }
  });

  it("refuses the process flags where nothing reads them, and mixed modes", () => {
    assert.throws(() => parseBenchArgs(["--stores=/srv"]), /--processes/);
    assert.throws(() => parseBenchArgs(["--rounds=3"]), /--processes/);
    assert.throws(
      () => parseBenchArgs(["--targets", "--stores=/srv"]),
      /--processes/,
    );
    assert.throws(
      () => parseBenchArgs(["--targets", "--processes"]),
      /--targets and --processes/,
    );
    assert.throws(
      () => parseBenchArgs(["--write", "--processes"]),
      /--write/,
    );
    assert.throws(
      () => parseBenchArgs(["--smoke", "--rounds=3"]),
      /--smoke/,
    );
    assert.throws(() => parseBenchArgs(["--process"]), /--processes/);
  });
});
