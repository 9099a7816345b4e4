// Runs the demo on import, in every runtime (scripts/demo.ts runs itself only
// under Deno's import.meta.main). Used by tests/process/privilege_test.ts.

import { demo } from "./demo.ts";

demo();
