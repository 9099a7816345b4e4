// The process tables' flags of `deno task bench` (scripts/bench_args.ts):
// --processes, --stores=DIR, --rounds=N, and where they are refused.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_STORES,
  MAX_BENCH_ROUNDS,
  parseBenchArgs,
} from "../../scripts/bench_args.ts";

describe("parseBenchArgs(), the process tables' flags", () => {
  it("runs the process tables alone with --processes, at 1,000 skills by default", () => {
    assert.deepEqual(parseBenchArgs(["--processes"]), {
      smoke: false,
      write: false,
      targets: false,
      processes: true,
      index: false,
      sizes: [1_000],
      stores: DEFAULT_STORES,
    });
    assert.equal(DEFAULT_STORES, "/tmp/agent-skills-bench/stores");
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
