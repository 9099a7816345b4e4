import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { benchTree } from "./scripts/bench_tree.ts";
const tree = benchTree("/tmp/agent-skills-bench", 10000);
const dirs: string[] = [];
for (const root of tree.roots) {
  for (const n of readdirSync(root)) dirs.push(join(root, n));
}
const files = dirs.map((d) => join(d, "SKILL.md"));
const t = (name: string, f: () => void) => {
  f();
  const ts = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    f();
    ts.push(performance.now() - s);
  }
  ts.sort((a, b) => a - b);
  console.log(name.padEnd(40), ts[2]!.toFixed(1), "ms");
};
t("node lstatSync(file)", () => {
  for (const f of files) lstatSync(f);
});
t("node statSync(dir, bigint)", () => {
  for (const d of dirs) statSync(d, { bigint: true });
});
t("Deno.lstatSync(file)", () => {
  for (const f of files) Deno.lstatSync(f);
});
t("Deno.statSync(dir)", () => {
  for (const d of dirs) Deno.statSync(d);
});
t("readdirSync(dir, withFileTypes)", () => {
  for (const d of dirs) readdirSync(d, { withFileTypes: true });
});
t("readdirSync(dir) names", () => {
  for (const d of dirs) readdirSync(d);
});
t("open+close", () => {
  for (const f of files) closeSync(openSync(f, "r"));
});
t("open(O_NONBLOCK|NOFOLLOW)+close", () => {
  for (const f of files) {
    closeSync(
      openSync(
        f,
        constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW,
      ),
    );
  }
});
t("open+fstat+close", () => {
  for (const f of files) {
    const fd = openSync(f, "r");
    fstatSync(fd);
    closeSync(fd);
  }
});
t("open+fstat(bigint)+close", () => {
  for (const f of files) {
    const fd = openSync(f, "r");
    fstatSync(fd, { bigint: true });
    closeSync(fd);
  }
});
t("Deno.openSync+stat+close", () => {
  for (const f of files) {
    const fh = Deno.openSync(f);
    fh.statSync();
    fh.close();
  }
});
t("Deno.readFileSync", () => {
  for (const f of files) Deno.readFileSync(f);
});
t("open+fstat+read+close (floor)", () => {
  for (const f of files) {
    const fd = openSync(f, "r");
    const s = fstatSync(fd).size;
    const b = new Uint8Array(s);
    readSync(fd, b, 0, s, 0);
    closeSync(fd);
  }
});
