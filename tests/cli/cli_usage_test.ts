// The agent-skills command's help and usage errors, run in-process through
// main().

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { runMain } from "../_helpers.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const COMMANDS = ["list", "show", "path", "catalog", "why", "check"];

async function run(
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  return await runMain(args, { columns: 80, cwd: ROOT });
}

describe("agent-skills help", () => {
  it("gives each command's summary in one column, two spaces after the longest name", async () => {
    const { out } = await run("--help");
    const lines = out.split("\n");
    const commands = lines.slice(lines.indexOf("Commands:") + 1).slice(0, 6);
    assert.deepEqual(
      commands.map((line) => line.slice(0, 11)),
      COMMANDS.map((name) => `  ${name.padEnd(9)}`),
    );
    for (const line of commands) assert.match(line.slice(11), /^[a-z]/, line);
    for (const line of lines) assert.ok(line.length <= 80, line);
  });

  it("prints a command's own help for help COMMAND, as for COMMAND --help", async () => {
    for (const command of COMMANDS) {
      const help = await run("help", command);
      assert.equal(help.code, 0, command);
      assert.deepEqual(help, await run(command, "--help"), command);
      assert.match(help.out, new RegExp(`^Usage: agent-skills ${command} `));
    }
    assert.deepEqual(await run("help"), await run("--help"));
    assert.deepEqual(await run("help", "lst"), {
      code: 2,
      out: "",
      err:
        'agent-skills: unknown command "lst" (did you mean list?)\nRun agent-skills --help for usage.\n',
    });
    assert.deepEqual(await run("help", "list", "show"), {
      code: 2,
      out: "",
      err:
        "agent-skills: help takes one COMMAND, got 2 arguments\nRun agent-skills --help for usage.\n",
    });
  });

  it("lists each option once in a command's help, every line within 80 columns", async () => {
    for (const command of COMMANDS) {
      const { out } = await run(command, "--help");
      for (const line of out.split("\n")) assert.ok(line.length <= 80, line);
      const options = [...out.matchAll(/^ {2}(--[a-z-]+)/gm)].map(([, o]) => o);
      assert.deepEqual(options, [...new Set(options)], command);
      assert.equal(options.filter((o) => o === "--json").length, 1, command);
    }
    assert.match(
      (await run("catalog", "--help")).out,
      /\nOutput:\n {2}--json {12}one JSON document: the text, what was shortened or left\n {20}out, and the warnings\n/,
    );
  });
});

describe("agent-skills usage errors", () => {
  /** The first line of a usage error of `command`. */
  async function problem(...args: string[]): Promise<string> {
    const { code, out, err } = await run(
      ...args,
      "--home",
      "/nonexistent-home",
    );
    assert.equal(code, 2, err);
    assert.equal(out, "");
    const [first, second] = err.split("\n");
    assert.equal(second, `Run agent-skills ${args[0]} --help for usage.`);
    return first ?? "";
  }

  it("takes a name every object inherits for an unknown command, exit 2", async () => {
    const inherited = [
      "toString",
      "constructor",
      "__proto__",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
      "__defineGetter__",
    ];
    for (const name of inherited) {
      assert.deepEqual(await run(name), {
        code: 2,
        out: "",
        err:
          `agent-skills: unknown command "${name}"\nRun agent-skills --help for usage.\n`,
      }, name);
      assert.deepEqual(await run("help", name), await run(name), name);
      const asJson = await run(name, "--json");
      assert.equal(asJson.code, 2, name);
      assert.equal(asJson.err, "", name);
      assert.deepEqual(JSON.parse(asJson.out), {
        error: {
          code: "usage",
          message: `unknown command "${name}" (see agent-skills --help)`,
        },
        warnings: [],
      }, name);
    }
  });

  it("takes an option named as what every object inherits for an unknown option", async () => {
    for (const option of ["--toString", "--constructor", "--__proto__"]) {
      assert.equal(
        await problem("list", option),
        `agent-skills list: unknown option ${option}`,
      );
    }
  });

  it("names the flag and the value given for a value that starts with a dash", async () => {
    assert.equal(
      await problem("list", "--depth", "-1"),
      'agent-skills list: option --depth takes a whole number of levels above 0, got "-1"',
    );
    assert.equal(
      await problem("catalog", "--budget", "-5"),
      'agent-skills catalog: option --budget takes a whole number of characters, got "-5"',
    );
    assert.equal(
      await problem("catalog", "--format", "-x"),
      'agent-skills catalog: unknown format "-x" (one of xml, markdown, json)',
    );
    assert.equal(
      await problem("list", "--root", "-x"),
      'agent-skills list: option --root got "-x", which reads as an option: write --root=-x if it is the value',
    );
  });

  it("names the flag and echoes the number given when it is too large for the library", async () => {
    const huge = "99999999999999999999";
    assert.equal(
      await problem("catalog", "--budget", huge),
      `agent-skills catalog: option --budget takes a whole number of characters, at most 9007199254740991, got "${huge}"`,
    );
    assert.equal(
      await problem("why", "x", "--budget", "9007199254740992"),
      'agent-skills why: option --budget takes a whole number of characters, at most 9007199254740991, got "9007199254740992"',
    );
    assert.equal(
      await problem("list", "--depth", huge),
      `agent-skills list: option --depth takes a whole number of levels above 0, at most 9007199254740991, got "${huge}"`,
    );
    assert.equal(
      await problem("list", "--max-manifest-bytes", huge),
      `agent-skills list: option --max-manifest-bytes takes a whole number of bytes above 0, at most 9007199254740991, got "${huge}"`,
    );
    // The largest the library takes is taken.
    const fits = await run(
      "catalog",
      "--root",
      "fixtures/demo/user-store",
      "--budget",
      "9007199254740991",
      "--home",
      "/nonexistent-home",
    );
    assert.equal(fits.code, 0, fits.err);
  });
});

describe("agent-skills list --debounce", () => {
  const usage = (message: string) => ({
    code: 2,
    out: "",
    err:
      `agent-skills list: ${message}\nRun agent-skills list --help for usage.\n`,
  });
  const notWhole = (given: string) =>
    `option --debounce takes a whole number of milliseconds, at most 60000, got ${given}`;

  it("is a usage error without --watch, before anything is listed or watched", async () => {
    assert.deepEqual(
      await run("list", "--debounce", "5"),
      usage(
        "option --debounce sets how long --watch waits after a change: give --watch too",
      ),
    );
  });

  it("takes only a whole number of milliseconds up to 60000, as watch() bounds it", async () => {
    for (const given of ["1e3", "-1", "5.5", " 5", "0x10", "", "60001"]) {
      assert.deepEqual(
        await run("list", "--watch", `--debounce=${given}`),
        usage(notWhole(JSON.stringify(given))),
        given,
      );
    }
    const huge = "9".repeat(100_000);
    assert.deepEqual(
      await run("list", "--watch", "--debounce", huge),
      usage(notWhole(`"${huge}"`)),
    );
  });

  it("quotes what it was given, so terminal control text is never printed raw", async () => {
    assert.deepEqual(
      await run("list", "--watch", "--debounce", "\x1b[31mred\x07"),
      usage(notWhole('"\\u001b[31mred\\u0007"')),
    );
  });

  it("with --json, gives the usage error as the JSON document", async () => {
    const { code, out, err } = await run(
      "list",
      "--watch",
      "--debounce",
      "abc",
      "--json",
    );
    assert.equal(code, 2);
    assert.equal(err, "");
    assert.deepEqual(JSON.parse(out), {
      error: {
        code: "usage",
        message: `${notWhole('"abc"')} (see agent-skills list --help)`,
      },
      warnings: [],
    });
  });
});

describe("the reference validator's verbs", () => {
  // skills-ref validate SKILLDIR, to-prompt SKILLDIR..., read-properties SKILLDIR.
  const OURS: Record<string, RegExp> = {
    validate: /agent-skills check SKILLDIR/,
    "to-prompt": /agent-skills catalog ROOT/,
    "read-properties": /agent-skills show NAME ROOT --json/,
  };

  it("names the verb of ours that does the same, exit 2", async () => {
    for (const [verb, ours] of Object.entries(OURS)) {
      const { code, out, err } = await run(verb, "skills/pdf");
      assert.equal(code, 2, verb);
      assert.equal(out, "");
      const [first = "", ...rest] = err.split("\n");
      assert.ok(
        first.startsWith(
          `agent-skills: unknown command "${verb}": that is the reference validator's (skills-ref ${verb}); here, `,
        ),
        first,
      );
      assert.match(first, ours);
      assert.deepEqual(rest, ["Run agent-skills --help for usage.", ""]);
    }
  });

  it("says it in the JSON document under --json", async () => {
    const { code, out } = await run("validate", "skills/pdf", "--json");
    assert.equal(code, 2);
    const { error } = JSON.parse(out) as { error: { message: string } };
    assert.match(error.message, /agent-skills check SKILLDIR/);
  });

  it("says it for help VERB too", async () => {
    const { code, err } = await run("help", "to-prompt");
    assert.equal(code, 2);
    assert.match(err, /agent-skills catalog ROOT/);
  });
});
