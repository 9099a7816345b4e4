// The command line's writer over a standard stream: it writes what it is
// given as it is given, and stops quietly once the reader has gone
// (`agent-skills list | head`): EPIPE thrown, as Deno does, or emitted as an
// error event, as Node does. Any other error is not swallowed.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writer } from "../../src/cli/terminal.ts";

/** A stream that records each write, and can fail as a closed pipe does. */
class FakeStream {
  readonly writes: (string | Uint8Array)[] = [];
  #onError: ((error: { code?: string }) => void) | undefined;
  /** What the next write throws, if anything. */
  failing: { code?: string } | undefined;

  write(chunk: string | Uint8Array): boolean {
    if (this.failing !== undefined) throw this.failing;
    this.writes.push(chunk);
    return true;
  }

  on(event: string, listener: (error: { code?: string }) => void): this {
    if (event === "error") this.#onError = listener;
    return this;
  }

  /** Emits an error event, as Node's stream does for a closed pipe. */
  emit(error: { code?: string }): void {
    this.#onError?.(error);
  }
}

/** The writer over a fake (it takes Node's stream type). */
function over(stream: FakeStream): ReturnType<typeof writer> {
  return writer(stream as unknown as NodeJS.WritableStream);
}

describe("the command line's writer", () => {
  it("writes each chunk as it is given, text and bytes", () => {
    const stream = new FakeStream();
    const write = over(stream);
    const raw = "\x1b[2J\u202e\r\n";
    write(raw);
    write(new Uint8Array([1, 2]));
    assert.deepEqual(stream.writes, [raw, new Uint8Array([1, 2])]);
  });

  it("stops quietly once a write throws EPIPE", () => {
    const stream = new FakeStream();
    const write = over(stream);
    write("before\n");
    stream.failing = { code: "EPIPE" };
    write("lost\n");
    stream.failing = undefined;
    write("after\n");
    assert.deepEqual(stream.writes, ["before\n"]);
  });

  it("stops quietly once the stream reports EPIPE as an event", () => {
    const stream = new FakeStream();
    const write = over(stream);
    write("before\n");
    stream.emit({ code: "EPIPE" });
    write("after\n");
    assert.deepEqual(stream.writes, ["before\n"]);
  });

  it("lets another error thrown by a write through, and keeps writing", () => {
    const stream = new FakeStream();
    const write = over(stream);
    stream.failing = { code: "EIO" };
    assert.throws(
      () => write("x\n"),
      (error: unknown) => (error as { code?: string }).code === "EIO",
    );
    stream.failing = undefined;
    write("y\n");
    assert.deepEqual(stream.writes, ["y\n"]);
  });

  it("rethrows an error event other than EPIPE", () => {
    const stream = new FakeStream();
    over(stream);
    assert.throws(
      () => stream.emit({ code: "EIO" }),
      (error: unknown) => (error as { code?: string }).code === "EIO",
    );
  });
});
