// src/_text.ts: the text helpers every feature shares.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { grouped } from "../src/check/_host_text.ts";

describe("grouped()", () => {
  it("writes a whole number as toLocaleString('en-US') does, without the locale data", () => {
    const numbers = [
      0,
      7,
      999,
      1000,
      1024,
      8192,
      65_536,
      1_000_000,
      123_456_789,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) {
      assert.equal(grouped(n), n.toLocaleString("en-US"), String(n));
    }
  });
});
