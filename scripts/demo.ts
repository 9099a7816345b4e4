// The demo behind `deno task demo`: builds a registry over fixtures/demo,
// prints the catalog, loads one skill and resolves one of its resources.
// tests/demo_test.ts runs it and checks what it prints.

import { fileURLToPath } from "node:url";
import { createAgentSkills } from "@clarvis/agent-skills";

/** The directory the demo's roots live in. */
export const DEMO_DIR: string = fileURLToPath(
  new URL("../fixtures/demo/", import.meta.url),
);

/** Runs the demo, handing each printed line to `print`. */
export function demo(print: (line: string) => void = console.log): void {
  const skills = createAgentSkills({
    home: DEMO_DIR, // explicit, so no --allow-sys is needed for os.homedir()
    cwd: DEMO_DIR,
    roots: [
      { path: "user-store", scope: "user", source: "agents" },
      { path: "workspace-store", scope: "workspace", source: "clarvis" },
    ],
  });

  print("Catalog (listSkills):");
  for (const skill of skills.listSkills()) {
    print(
      `  ${skill.name} [${skill.scope}/${skill.source}]: ${skill.description}`,
    );
  }

  const skill = skills.loadSkill("pdf-forms");
  if (skill === undefined) {
    throw new Error("the demo tree has no pdf-forms skill");
  }
  print("");
  print(`loadSkill("pdf-forms"):`);
  print(`  allowed tools: ${skill.allowedTools?.join(", ")}`);
  print(`  resources: ${skill.resources.join(", ")}`);
  print(`  body:`);
  for (const line of skill.body.split("\n")) print(line && `    ${line}`);

  print("");
  print(`resourcePath("pdf-forms", "scripts/fill.py"):`);
  print(`  ${skills.resourcePath("pdf-forms", "scripts/fill.py")}`);
}

if (import.meta.main) demo();
