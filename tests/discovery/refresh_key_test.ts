// How refresh() decides to reuse a skill without reading its manifest: by
// the manifest's status key (device, inode, size, modification and change
// times), only once those times are settled (older than the scan that read
// them, less 2 seconds), as git trusts its index.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveConfig } from "@clarvis/agent-skills";
import { readBuffer } from "../../src/fs/_read.ts";
import { tryStatus } from "../../src/fs/_status.ts";
import { refreshKey, sameKey } from "../../src/discovery/_read_skill.ts";
import { discoverRoot } from "../../src/discovery/_root.ts";
import type { DiscoveredSkill, Previous } from "../../src/discovery/_types.ts";
import { manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** One scan of `root`, as if it started at `startedMs`. */
function scan(
  root: string,
  startedMs: number,
  previous?: Previous,
): DiscoveredSkill[] {
  const config = resolveConfig({ home: root, cwd: root, roots: [root] });
  const [rootConfig] = config.roots;
  assert.ok(rootConfig !== undefined);
  return discoverRoot({
    root: rootConfig,
    config,
    report: (problem) => assert.fail(problem.message),
    buffer: readBuffer(),
    startedMs,
    previous,
  });
}

/**
 * The skills of a scan, each with its description replaced (what a reuse
 * shows) and its text too (so that a read cannot reuse it by content).
 */
function marked(
  skills: DiscoveredSkill[],
  settled: boolean,
): Previous {
  return new Map(skills.map((skill) => [skill.info.path, {
    ...skill,
    info: { ...skill.info, description: "from the previous scan" },
    source: "not the text on disk",
    key: { ...skill.key, settled },
  }]));
}

describe("refreshKey()", () => {
  const status = {
    kind: "file" as const,
    size: 10,
    dev: 1,
    ino: 2,
    nlink: 1,
    birthtimeMs: 0,
    mtimeMs: 1_000_000,
    ctimeMs: 1_000_500,
  };

  it("keys a manifest by device, inode, size and both times", () => {
    const key = refreshKey(status, 2_000_000);
    assert.ok(sameKey(key, refreshKey({ ...status }, 2_000_000)));
    // Neither the kind nor the birth time is part of the key.
    assert.ok(
      sameKey(key, refreshKey({ ...status, birthtimeMs: 9 }, 2_000_000)),
    );
    for (
      const change of [{ dev: 9 }, { ino: 9 }, { size: 9 }, { mtimeMs: 9 }, {
        ctimeMs: 9,
      }]
    ) {
      assert.equal(
        sameKey(key, refreshKey({ ...status, ...change }, 2_000_000)),
        false,
      );
    }
  });

  it("is settled only when both times are older than the scan's start, less 2 s", () => {
    assert.equal(refreshKey(status, 1_002_501).settled, true);
    assert.equal(refreshKey(status, 1_002_500).settled, false);
    // A change time in the same second as the scan, the modification time old.
    assert.equal(
      refreshKey({ ...status, mtimeMs: 0 }, 1_001_000).settled,
      false,
    );
  });
});

describe("reuse by status", () => {
  const FUTURE = Date.now() + 60_000; // every time on disk is settled then

  it("serves a settled, unchanged manifest again without reading it", () => {
    const root = tree({ "a/SKILL.md": manifest("a", "on disk") });
    const first = scan(root, FUTURE);
    const [again] = scan(root, FUTURE, marked(first, true));
    assert.equal(again?.info.description, "from the previous scan");
  });

  it("reads a manifest again whose times were not settled, whatever its key", () => {
    const root = tree({ "a/SKILL.md": manifest("a", "on disk") });
    const first = scan(root, FUTURE);
    const [again] = scan(root, FUTURE, marked(first, false));
    assert.equal(again?.info.description, "on disk");
  });

  it("reads a manifest again whose key changed: an edit that restores the mtime changes the ctime", () => {
    const root = tree({ "a/SKILL.md": manifest("a", "version one") });
    const path = join(root, "a", "SKILL.md");
    // A whole-millisecond mtime, which utimes can set back exactly.
    const mtime = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    utimesSync(path, mtime, mtime);
    const before = tryStatus(path, { follow: true });
    assert.ok(before.ok);
    const first = scan(root, FUTURE);
    writeFileSync(path, manifest("a", "version two"));
    utimesSync(path, mtime, mtime);
    const after = tryStatus(path, { follow: true });
    assert.ok(after.ok);
    assert.equal(after.value.size, before.value.size);
    assert.equal(after.value.mtimeMs, before.value.mtimeMs);
    const [again] = scan(root, FUTURE, marked(first, true));
    // Where the change time has whole seconds (Deno), the key may not have
    // changed within one second; then only the racy rule can tell.
    const firstRead = first[0]?.key;
    assert.ok(firstRead !== undefined);
    if (!sameKey(refreshKey(after.value, FUTURE), firstRead)) {
      assert.equal(again?.info.description, "version two");
    }
  });

  it("records a scan's reads as not settled when they are as new as the scan", () => {
    const root = tree({ "a/SKILL.md": manifest("a") });
    const [skill] = scan(root, Date.now());
    assert.equal(skill?.key.settled, false);
  });
});
