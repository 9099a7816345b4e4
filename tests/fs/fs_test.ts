// The filesystem seam: what a read guarantees whatever stands at the path
// when it opens it. Special files are refused from the descriptor's own
// status, a manifest that must be its directory's own entry is proven so,
// and a directory is listed only while it is the one at its path.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  listDirectory,
  listOwnDirectory,
  type OwnListing,
} from "../../src/fs/_listing.ts";
import {
  type FileRead,
  openRegular,
  type OwnEntry,
  readAtMost,
  readBuffer,
  readManifest,
} from "../../src/fs/_read.ts";
import { tryStatus } from "../../src/fs/_status.ts";
import { backend } from "../../src/fs/_backend.ts";
import type { Status } from "../../src/fs/_types.ts";
import { link, makeFifo, manifest, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

function status(path: string): Status {
  const read = tryStatus(path, { follow: false });
  assert.ok(read.ok, String(!read.ok && read.error));
  return read.value;
}

/** readManifest() with a 1 MiB cap and a buffer of its own. */
function readCapped(path: string, own?: OwnEntry): FileRead {
  return readManifest(path, { maxBytes: 1 << 20, own, buffer: readBuffer() });
}

describe("readManifest()", () => {
  it("refuses a FIFO, a device and a directory from the descriptor, unread and without blocking", () => {
    const dir = tree({ "x/SKILL.md": manifest("x") });
    makeFifo(join(dir, "fifo"));
    link("/dev/zero", join(dir, "zero"));
    assert.deepEqual(
      readCapped(join(dir, "fifo")),
      {
        kind: "not_a_file",
        what: "a FIFO",
      },
    );
    assert.deepEqual(
      readCapped(join(dir, "zero")),
      {
        kind: "not_a_file",
        what: "a device",
      },
    );
    assert.deepEqual(
      readCapped(join(dir, "x")),
      {
        kind: "not_a_file",
        what: "a directory",
      },
    );
    assert.equal(
      readCapped(join(dir, "x", "SKILL.md")).kind,
      "text",
    );
  });

  it("with an own entry to prove, refuses a symlink and a swapped directory", () => {
    const dir = tree({
      "root/x/SKILL.md": manifest("x"),
      "outside/x/SKILL.md": manifest("x", "OUTSIDE"),
    });
    const skillDir = join(dir, "root", "x");
    const path = join(skillDir, "SKILL.md");
    const own = () => ({
      dir: skillDir,
      dirStatus: status(skillDir),
      realPath: path,
    });
    assert.equal(
      readCapped(path, own()).kind,
      "text",
    );
    // The manifest is a symlink (to a file outside).
    const proof = own();
    renameSync(path, `${path}.real`);
    link(join(dir, "outside", "x", "SKILL.md"), path);
    assert.deepEqual(
      readCapped(path, proof),
      { kind: "not_own" },
    );
    // The directory is a symlink to another tree since its identity was taken.
    const before = own();
    renameSync(skillDir, `${skillDir}.real`);
    link(join(dir, "outside", "x"), skillDir);
    assert.deepEqual(
      readCapped(path, before),
      {
        kind: "not_own",
      },
    );
  });
  it("reads a manifest whole, and keys it by the status of what it read", () => {
    const root = tree({ "a/SKILL.md": "0123456789".repeat(100) });
    const path = join(root, "a", "SKILL.md");
    const read = readCapped(path);
    assert.equal(read.kind, "text");
    assert.equal(read.kind === "text" && read.text, "0123456789".repeat(100));
    const status = tryStatus(path, { follow: false });
    assert.ok(status.ok && read.kind === "text");
    assert.equal(read.status.ino, status.value.ino);
    assert.equal(read.status.size, 1000);
    assert.deepEqual(
      readManifest(path, { maxBytes: 999, buffer: readBuffer() }),
      {
        kind: "too_large",
      },
    );
  });

  it("reads one manifest after another into one buffer, each whole, however their sizes go", () => {
    // Sizes around the buffer's first size (64 KiB), past it, and back down:
    // each text is the file's, nothing left over from a longer one before.
    const sizes = [100, 70_000, 10, 65_536, 65_537, 200_000, 3];
    const root = tree(Object.fromEntries(
      sizes.map((size, i) => [`m${i}/SKILL.md`, String(i % 10).repeat(size)]),
    ));
    const buffer = readBuffer();
    sizes.forEach((size, i) => {
      const got = readManifest(join(root, `m${i}`, "SKILL.md"), {
        maxBytes: 1 << 20,
        buffer,
      });
      assert.equal(
        got.kind === "text" && got.text,
        String(i % 10).repeat(size),
      );
    });
  });
});

describe("openRegular()", () => {
  it("opens a regular file and gives its descriptor's status", () => {
    const dir = tree({ "a.txt": "abc" });
    const opened = openRegular(join(dir, "a.txt"), { follow: false });
    assert.ok(opened.kind === "open", opened.kind);
    assert.equal(opened.status.size, 3);
    assert.equal(opened.status.ino, lstatSync(join(dir, "a.txt")).ino);
    closeSync(opened.fd);
  });

  it("follows a symlink, when it may, to its real path, and refuses one to a special file there", () => {
    const dir = tree({ "a.txt": "abc" });
    link(join(dir, "a.txt"), join(dir, "link"));
    const opened = openRegular(join(dir, "link"), { follow: true });
    assert.ok(opened.kind === "open", opened.kind);
    assert.equal(opened.status.ino, lstatSync(join(dir, "a.txt")).ino);
    closeSync(opened.fd);
    link("/dev/null", join(dir, "null"));
    assert.deepEqual(openRegular(join(dir, "null"), { follow: true }), {
      kind: "not_a_file",
      what: "a device",
    });
  });
});

describe("listOwnDirectory()", () => {
  // Both ways: by the kernel's path where this runtime can read it, and by
  // lstat around the listing, as where it cannot.
  for (const kernel of [undefined, false]) {
    it(`lists the directory at a real path, and no other (kernel paths: ${kernel ?? "if readable"})`, () => {
      const dir = tree({ "d/a.txt": "", "elsewhere/b.txt": "", "file": "" });
      const list = (path: string) =>
        listOwnDirectory(
          join(dir, path),
          kernel === undefined ? {} : { readable: kernel },
        );
      const listed = list("d");
      assert.equal(listed.kind, "listed");
      assert.deepEqual(
        listed.kind === "listed" && listed.listing.entries,
        [{ name: "a.txt", kind: "file" }],
      );
      link(join(dir, "elsewhere"), join(dir, "link"));
      assert.deepEqual(list("link"), { kind: "moved" });
      assert.deepEqual(list("file"), { kind: "moved" });
      assert.equal(list("gone").kind, "failed");
    });
  }
});

describe("listOwnDirectory() without kernel paths, against a swap made and undone", () => {
  /**
   * Lists `d` by lstat around its listing (as Deno with scoped permissions
   * does), with `swapped(n)` saying which listings of it (0, 1, ...) see it
   * swapped for a symlink to `outside`: the swap is made just before that
   * listing and undone just after, between the library's two checks.
   */
  function listSwapped(swapped: (n: number) => boolean) {
    const dir = tree({ "d/inside.txt": "", "outside/OUTSIDE.txt": "" });
    const d = join(dir, "d");
    const list = backend.list;
    let n = 0;
    backend.list = (path) => {
      if (path !== d || !swapped(n++)) return list(path);
      renameSync(d, join(dir, "parked"));
      symlinkSync(join(dir, "outside"), d);
      try {
        return list(path);
      } finally {
        unlinkSync(d);
        renameSync(join(dir, "parked"), d);
      }
    };
    try {
      return { listed: listOwnDirectory(d, { readable: false }), count: n };
    } finally {
      backend.list = list;
    }
  }

  /** The names of a listing, or its kind when it is not one. */
  function namesOf(listed: OwnListing): string[] | string {
    return listed.kind === "listed"
      ? listed.listing.entries.map((entry) => entry.name)
      : listed.kind;
  }

  it("lists nothing from outside when the swap is made and undone around its listing", () => {
    const { listed } = listSwapped((n) => n === 0);
    // Only what every look saw: inside.txt was not there at the first.
    assert.deepEqual(namesOf(listed), []);
  });

  it("lists nothing from outside when the swap is around any one of its looks", () => {
    for (const look of [1, 2]) {
      const { listed } = listSwapped((n) => n === look);
      assert.deepEqual(namesOf(listed), [], `look ${look}`);
    }
  });

  it("lists only the entries every look saw when they change between looks", () => {
    const dir = tree({ "d/a.txt": "", "d/gone.txt": "" });
    const d = join(dir, "d");
    const list = backend.list;
    let n = 0;
    backend.list = (path) => {
      if (n === 1) writeFileSync(join(d, "b.txt"), "");
      if (n === 2) rmSync(join(d, "gone.txt"));
      n++;
      return list(path);
    };
    try {
      assert.deepEqual(namesOf(listOwnDirectory(d, { readable: false })), [
        "a.txt",
      ]);
    } finally {
      backend.list = list;
    }
  });

  it("lists the directory's own entries when nothing is swapped", () => {
    const { listed } = listSwapped(() => false);
    assert.deepEqual(
      listed.kind === "listed" && listed.listing.entries,
      [{ name: "inside.txt", kind: "file" }],
    );
  });
});

describe("listDirectory()", () => {
  it("lists in code-unit order with each entry's kind", () => {
    const dir = tree({ "b/x": "", "a.txt": "", "C": "" });
    mkdirSync(join(dir, "e"));
    link(join(dir, "a.txt"), join(dir, "d"));
    makeFifo(join(dir, "f"));
    assert.deepEqual(listDirectory(dir), {
      entries: [
        { name: "C", kind: "file" },
        { name: "a.txt", kind: "file" },
        { name: "b", kind: "directory" },
        { name: "d", kind: "symlink" },
        { name: "e", kind: "directory" },
        { name: "f", kind: "fifo" },
      ],
      unrepresentable: [],
    });
  });
});

describe("readAtMost()", () => {
  it("reads a file whole whatever size its status guessed, up to its limit", () => {
    const root = tree({ "a/SKILL.md": "0123456789".repeat(100) });
    const path = join(root, "a", "SKILL.md");
    const read = (size: number, limit: number): Uint8Array => {
      const fd = openSync(path, "r");
      try {
        return readAtMost(fd, { size, limit });
      } finally {
        closeSync(fd);
      }
    };
    for (const size of [0, 1, 10, 999, 1000, 1001]) {
      assert.equal(
        new TextDecoder().decode(read(size, 1 << 20)),
        "0123456789".repeat(100),
      );
    }
    assert.equal(read(10, 999).length, 999);
  });
});
