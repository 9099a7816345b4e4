// What the tests of `--index FILE` share: a store, a run of the command
// whose manifests count as settled, and the index FILE holds, forged.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, runMain } from "../_helpers.ts";

/** A store of two skills, in a working directory of its own. */
export const STORE: Record<string, string> = {
  "skills/pdf/SKILL.md": manifest("pdf", "Fill PDF forms."),
  "skills/pdf/scripts/fill.py": "print('fill')\n",
  "skills/docx/SKILL.md": manifest("docx", "Edit Word documents."),
  "cache/.keep": "",
};

/**
 * Runs the command in `cwd` with the clock 10 s ahead: the manifests a test
 * has just written count as settled (older than the racy window), as they
 * would a few seconds later; the index keeps them.
 */
export async function run(
  args: string[],
  cwd: string,
): Promise<{ code: number; out: string; err: string }> {
  const now = Date.now;
  Date.now = () => now() + 10_000;
  try {
    return await runMain([...args, "--home", cwd], { columns: 100, cwd });
  } finally {
    Date.now = now;
  }
}

/** An entry of an index as the tests read it. */
export interface Entry {
  path: string;
  info: { name: string; description: string };
}

/** The index FILE holds. */
export function indexAt(path: string): { roots: string[]; skills: Entry[] } {
  return JSON.parse(readFileSync(path, "utf8"));
}

/**
 * Rewrites FILE with each entry's description forged to `FORGED name`: a
 * skill then listed with it was taken from the index, its manifest unread.
 */
export function forge(path: string): void {
  const index = indexAt(path);
  for (const entry of index.skills) {
    entry.info.description = `FORGED ${entry.info.name}`;
  }
  writeFileSync(path, `${JSON.stringify(index)}\n`);
}

/** `--index cache/index.json` and the file's path under `cwd`. */
export function indexFlag(cwd: string): { flag: string[]; file: string } {
  return {
    flag: ["--index", "cache/index.json"],
    file: join(cwd, "cache", "index.json"),
  };
}
