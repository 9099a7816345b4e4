// Each tool's cost is paid by its importer: the module graph of the
// package's main entry (mod.ts, or the npm build's module) reaches js-yaml
// and no other package, zod only ./schema's, fflate only ./archive's. The
// graph is followed through the relative imports of each file, static and
// dynamic, as the runtime would load them.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Static imports and re-exports, side-effect imports, dynamic imports. */
const IMPORTS = [
  /^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** The bare specifiers (packages) the module graph from `entry` loads. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [new URL(entry)];
  while (queue.length > 0) {
    const url = queue.pop() as URL;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const text = readFileSync(fileURLToPath(url), "utf8");
    for (const pattern of IMPORTS) {
      for (const [, specifier = ""] of text.matchAll(pattern)) {
        if (specifier.startsWith(".")) {
          const next = new URL(specifier, url);
          // A compiled module may still name its import by its .ts source.
          if (!existsSync(fileURLToPath(next))) {
            next.pathname = next.pathname.replace(/\.ts$/, ".js");
          }
          queue.push(next);
        } else if (!specifier.startsWith("node:")) {
          packages.add(specifier);
        }
      }
    }
  }
  return packages;
}

/** The packages the module graph of the package's `entry` loads. */
function packagesOf(entry: string): string[] {
  const specifier = entry === "." ? "" : entry.slice(1);
  return [...packagesLoadedBy(
    import.meta.resolve(`@clarvis/agent-skills${specifier}`),
  )].sort();
}

describe("the entries of the package", () => {
  it("the main entry, the core, loads js-yaml and no other package", () => {
    assert.deepEqual(packagesOf("."), ["js-yaml"]);
  });

  it("zod is loaded by ./schema only, fflate by ./archive only, of the library's entries", () => {
    assert.deepEqual(packagesOf("./schema"), ["zod"]);
    assert.deepEqual(packagesOf("./archive"), ["fflate", "js-yaml"]);
    assert.deepEqual(packagesOf("./check"), ["js-yaml"]);
    // The watch reads what the registry it is handed discovered.
    assert.deepEqual(packagesOf("./watch"), []);
  });
});
