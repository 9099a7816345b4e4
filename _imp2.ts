const t0 = performance.now();
await import("node:fs"); const t1 = performance.now();
await import("node:path"); await import("node:os"); await import("node:process"); const t2 = performance.now();
await import("js-yaml"); const t3 = performance.now();
await import("zod"); const t4 = performance.now();
await import("./mod.ts"); const t5 = performance.now();
console.log(`node:fs ${(t1-t0).toFixed(1)} path/os/process ${(t2-t1).toFixed(1)} js-yaml ${(t3-t2).toFixed(1)} zod ${(t4-t3).toFixed(1)} ours ${(t5-t4).toFixed(1)}`);
