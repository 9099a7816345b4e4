// The second process of tests/discovery/process/stress_test.ts: mutates a skill root (add,
// edit, rename, delete skills and resources) while the test process reads
// it, then writes <root>/../done. Every manifest write is atomic (write a
// temp file, then rename), so each read sees one whole version of a file.
//
// Usage: <runtime> tests/discovery/process/_mutator.ts ROOT OPERATIONS SEED

import {
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";

const [root = "", operations = "0", seedText = "1"] = process.argv.slice(2);
let seed = Number(seedText) >>> 0 || 1;
function random(limit: number): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % limit;
}

/** Where each skill lives now (directory name), by skill name. */
const homes = new Map<string, string>();
let version = 0;

function atomicWrite(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.tmp-${process.pid}-${version}`);
  writeFileSync(temp, text);
  renameSync(temp, path);
}

function writeSkill(name: string, dir: string): void {
  version++;
  atomicWrite(
    join(root, dir, "SKILL.md"),
    `---\nname: ${name}\ndescription: v${version}\n---\nbody ${name} v${version}\n`,
  );
}

for (let i = 0; i < Number(operations); i++) {
  const name = `m${random(8)}`;
  const dir = homes.get(name);
  const op = random(6);
  if (dir === undefined) {
    const fresh = `${name}-d${i}`;
    writeSkill(name, fresh);
    homes.set(name, fresh);
  } else if (op === 0) {
    rmSync(join(root, dir), { recursive: true, force: true });
    homes.delete(name);
  } else if (op === 1) {
    const moved = `${name}-d${i}`;
    renameSync(join(root, dir), join(root, moved));
    homes.set(name, moved);
  } else if (op === 2) {
    atomicWrite(join(root, dir, "res", `r${random(4)}.txt`), `resource ${i}`);
  } else if (op === 3) {
    const resource = join(root, dir, "res", `r${random(4)}.txt`);
    if (existsSync(resource)) rmSync(resource);
  } else {
    writeSkill(name, dir);
  }
}
writeFileSync(join(root, "..", "done"), JSON.stringify([...homes]));
