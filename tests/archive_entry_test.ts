// The zip library is loaded only by the archive entry point: the module
// graph of the package's main entry (mod.ts, or esm/mod.js once built for
// npm) never reaches fflate, and that of ./archive does. The graph is
// followed through the relative imports of each file, static and dynamic,
// as the runtime would load them.

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

describe("the archive entry point", () => {
  it("is the only one whose module graph loads fflate", () => {
    const main = packagesLoadedBy(import.meta.resolve("@clarvis/agent-skills"));
    assert.ok(main.has("zod"), [...main].join(", ")); // the walk reaches packages
    assert.equal(main.has("fflate"), false, [...main].join(", "));
    const archive = packagesLoadedBy(
      import.meta.resolve("@clarvis/agent-skills/archive"),
    );
    assert.ok(archive.has("fflate"), [...archive].join(", "));
  });
});
