// The lock's code is loaded only by the lock entry point: the module graph
// of the package's main entry (mod.ts, or esm/mod.js once built for npm)
// reaches no module of src/lock/ and no node:crypto (the digests'), and
// that of ./lock does. The graph is followed through every import of each
// file, static, dynamic and type-only (which `deno info` lists too), as
// the runtime or the type checker would load them.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Imports and re-exports (`import type` included: only names, braces and
 * `*` between the keyword and `from`, so that prose in a comment is not
 * taken for one), side-effect imports, and dynamic imports.
 */
const IMPORTS = [
  /^\s*(?:import|export)\b[\w\s{},*$]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** The local modules (as paths) and the other specifiers `entry` loads. */
function graphOf(entry: string): { modules: string[]; specifiers: string[] } {
  const specifiers = new Set<string>();
  const seen = new Set<string>();
  const queue = [new URL(entry)];
  while (queue.length > 0) {
    const url = queue.pop() as URL;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const text = readFileSync(fileURLToPath(url), "utf8");
    for (const pattern of IMPORTS) {
      for (const [, specifier = ""] of text.matchAll(pattern)) {
        if (!specifier.startsWith(".")) {
          specifiers.add(specifier);
          continue;
        }
        const next = new URL(specifier, url);
        // A compiled module may still name its import by its .ts source.
        if (!existsSync(fileURLToPath(next))) {
          next.pathname = next.pathname.replace(/\.ts$/, ".js");
        }
        queue.push(next);
      }
    }
  }
  return {
    modules: [...seen].map((href) => fileURLToPath(href)),
    specifiers: [...specifiers],
  };
}

/** The package's root: where the main entry is (`esm/` once built). */
function packageRoot(entry: string): string {
  return fileURLToPath(new URL(".", entry));
}

/** The modules of the lock: its entry and everything under src/lock/. */
function lockModules(modules: readonly string[], root: string): string[] {
  return modules.filter((path) =>
    path.startsWith(`${root}src/lock/`) ||
    /^lock\.(?:ts|js)$/.test(path.slice(root.length))
  );
}

/**
 * Whether the package is the sources (Deno), whose modules are the files of
 * src/, rather than the npm build, which bundles each entry into one module
 * and chunks named by their content.
 */
const SOURCES = import.meta.resolve("@clarvis/agent-skills").endsWith(".ts");

describe("the lock entry point", () => {
  const main = import.meta.resolve("@clarvis/agent-skills");
  const root = packageRoot(main);

  it("is the only one whose module graph loads the lock and node:crypto", () => {
    const { modules, specifiers } = graphOf(main);
    // The walk reaches the core's built-ins.
    assert.ok(specifiers.includes("node:fs"), specifiers.join(", "));
    assert.equal(specifiers.includes("node:crypto"), false);
    if (SOURCES) {
      assert.ok(
        modules.some((path) => path.endsWith("agent_skills.ts")),
        modules.join("\n"),
      );
      assert.deepEqual(lockModules(modules, root), []);
    }
  });

  it("loads what the lock needs: its modules and node:crypto", () => {
    const lock = import.meta.resolve("@clarvis/agent-skills/lock");
    const { modules, specifiers } = graphOf(lock);
    assert.ok(specifiers.includes("node:crypto"), specifiers.join(", "));
    if (SOURCES) {
      assert.ok(lockModules(modules, root).length > 5, modules.join("\n"));
    }
  });
});
