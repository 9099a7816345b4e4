import { checkSkills, createAgentSkills } from "./mod.ts";
const warnings: unknown[] = [];
const s = createAgentSkills({
  roots: ["fixtures/sloppy"],
  home: "/h",
  onWarning: (w) => warnings.push([w.code, w.message]),
});
for (const k of s.listSkills()) {
  console.log(
    JSON.stringify([
      k.name,
      k.description,
      k.userInvocable,
      k.disableModelInvocation,
      k.metadata,
      k.allowedTools,
    ]),
  );
}
for (const w of warnings) console.log(JSON.stringify(w));
const r = checkSkills({ paths: ["fixtures/sloppy"], home: "/h" });
for (const d of r.diagnostics) {
  console.log(
    d.severity,
    d.code,
    d.path.split("/").slice(-2).join("/"),
    d.line,
    d.message,
  );
}
try {
  createAgentSkills({
    roots: ["fixtures/sloppy"],
    home: "/h",
    strict: true,
    onWarning: () => {},
  });
} catch (e) {
  console.log("strict:", (e as Error).message);
}
