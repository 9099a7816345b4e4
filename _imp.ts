const what = Deno.args[0]!;
const t = performance.now();
if (what === "mod") await import("./mod.ts");
else if (what === "zod") await import("zod");
else if (what === "zodmini") await import("zod/mini");
else if (what === "yaml") await import("js-yaml");
console.log(what, (performance.now() - t).toFixed(1));
