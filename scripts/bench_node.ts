// The Node side of `deno task bench`'s whole processes: a scratch project
// under the bench's folder that installs the npm build (npm/, made by
// `deno task build:npm`) as a user would (`npm install`, the package copied,
// its dependencies beside it), with the two peers the host-start table runs
// (js-yaml and skills-ref, at the versions deno.lock pins for Deno), and the
// scripts both runtimes run (scripts/bench_host_*.mjs, bench_index_*.mjs)
// copied in, so that Node resolves their bare imports as Deno does through
// deno.json. Reinstalled when npm/ changes; without npm/ there is no Node
// side ("run build:npm").

import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

const REPO = new URL("..", import.meta.url).pathname;
/**
 * A key of this checkout (FNV-1a of its path): the bench's folder is shared
 * by every checkout on the machine, and what one writes there for its own
 * processes (this project, the import files) must not be another's.
 */
export const CHECKOUT_KEY: string = (() => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < REPO.length; i++) {
    hash = Math.imul(hash ^ REPO.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
})();

/** The npm build's package folder. */
export const NPM_DIR: string = join(REPO, "npm");

/** The scratch project Node runs the bench's processes in. */
export interface NodeProject {
  /** Its folder: the host scripts and the import files are here. */
  readonly dir: string;
  /** The installed package's `agent-skills` bin. */
  readonly bin: string;
}

/** The scripts both runtimes run, as copied into the project. */
export const HOST_SCRIPTS: readonly string[] = [
  "bench_host_naive.mjs",
  "bench_host_ours.mjs",
  "bench_host_skills_ref.mjs",
  "bench_host_indexed.mjs",
  "bench_host_index_floor.mjs",
  "bench_index_write.mjs",
  "bench_index_run.mjs",
];

/** The version deno.lock pins for the project's `npm:<name>@...` import. */
export function lockedVersion(name: string): string {
  const lock = JSON.parse(
    readFileSync(join(REPO, "deno.lock"), "utf8"),
  ) as { specifiers?: Record<string, string> };
  const pinned = Object.entries(lock.specifiers ?? {}).filter(([specifier]) =>
    specifier.startsWith(`npm:${name}@`)
  );
  if (pinned.length !== 1) {
    throw new Error(
      `bench: deno.lock pins ${pinned.length} versions of "${name}" for the project's imports, not one: run the bench once under Deno`,
    );
  }
  // "5.5.0", or "5.5.0_peer@1" for a package with resolved peers.
  return (pinned[0]?.[1] ?? "").replace(/_.*$/, "");
}

/** Sizes and times of every file of npm/: what the install copied. */
function stampOf(dir: string): string {
  const entries = readdirSync(dir, { recursive: true }).map(String).sort();
  return entries.map((rel) => {
    const info = statSync(join(dir, rel));
    return info.isFile() ? `${rel} ${info.size} ${info.mtimeMs}` : "";
  }).join("\n");
}

/**
 * The Node project under `base` with the npm build installed, made or
 * refreshed; `undefined` when npm/ is absent (build:npm has not run).
 */
export function nodeProject(base: string): NodeProject | undefined {
  if (!existsSync(join(NPM_DIR, "package.json"))) return undefined;
  const dir = join(base, `node-host-${CHECKOUT_KEY}`);
  const stamp = [
    stampOf(NPM_DIR),
    lockedVersion("js-yaml"),
    lockedVersion("skills-ref"),
  ].join("\n");
  const stampPath = join(dir, "installed.txt");
  const installed = existsSync(stampPath)
    ? readFileSync(stampPath, "utf8")
    : "";
  if (installed !== stamp) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        private: true,
        type: "module",
        dependencies: {
          "@clarvis/agent-skills": `file:${NPM_DIR}`,
          "js-yaml": lockedVersion("js-yaml"),
          "skills-ref": lockedVersion("skills-ref"),
        },
      }),
    );
    console.error("bench: installing the npm build for the Node processes...");
    // --install-links: the package copied as from its tarball, not linked to
    // npm/ (whose own dependencies are not installed).
    execFileSync("npm", [
      "install",
      "--install-links",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    writeFileSync(stampPath, stamp);
  }
  for (const name of HOST_SCRIPTS) {
    copyFileSync(new URL(name, import.meta.url), join(dir, name));
  }
  return {
    dir,
    bin: join(
      dir,
      "node_modules",
      "@clarvis",
      "agent-skills",
      "esm",
      "bin.cjs",
    ),
  };
}
